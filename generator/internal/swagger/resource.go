package swagger

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// parameterIn are the places a parameter can be.
var parameterIn = map[string]bool{"body": true, "path": true, "query": true, "header": true, "formData": true}

// envelope are the properties of a resource ARM sets from the request's path:
// they are not part of the spec even when the body does not mark them
// read-only. name becomes azureName.
var envelope = []string{"id", "name", "type"}

// resource converts one resource: its spec from the PUT body, its status from
// the GET 200 response.
func (x *loader) resource(r *resource, rs []*resource) (*model.Resource, error) {
	owner, external := x.owner(r, rs)
	spec, desc, err := x.spec(r)
	if err != nil {
		return nil, err
	}
	status, err := x.status(r)
	if err != nil {
		return nil, err
	}
	return &model.Resource{
		Name:          r.name,
		ARMType:       r.provider + "/" + strings.Join(r.types, "/"),
		Description:   desc,
		Owner:         owner,
		OwnerExternal: external,
		Scope:         r.scope,
		Spec:          spec,
		Status:        status,
		Source:        r.at.Key(),
	}, nil
}

// spec converts the PUT body into <name>_Spec: its writable properties, the
// envelope left out, and azureName, the resource's name, from the name
// parameter of the path.
func (x *loader) spec(r *resource) (string, string, error) {
	params, err := x.parameters(r, r.put)
	if err != nil {
		return "", "", err
	}
	body, err := x.bodySchema(r.put, params)
	if err != nil {
		return "", "", err
	}
	azureName, err := x.azureName(r, params)
	if err != nil {
		return "", "", err
	}
	root, mem, err := x.rootMembers(body, r.name)
	if err != nil {
		return "", "", err
	}
	if decls, ok := mem.Decls["azureName"]; ok {
		return "", "", schemawalk.Errf(decls[0].Node.File, decls[0].Node.Ptr, "the resource body declares azureName, the name the resource's name is given")
	}
	for _, p := range envelope {
		delete(mem.Decls, p)
		delete(mem.Required, p)
	}
	props, err := x.Properties(root, mem, schemawalk.Spec, r.name)
	if err != nil {
		return "", "", err
	}
	props = append(props, azureName)
	sort.Slice(props, func(i, j int) bool { return props[i].Name < props[j].Name })
	name := x.Composed(r.name+"_Spec", "resource "+r.name)
	x.Out.Objects[name] = &model.Object{Name: name, Description: schemawalk.Describe(root.N), Properties: props, Source: root.Key()}
	return name, schemawalk.Describe(root.N), nil
}

// status converts the GET 200 response into <name>_Status.
func (x *loader) status(r *resource) (string, error) {
	schema, err := x.response200(r.get)
	if err != nil {
		return "", err
	}
	root, mem, err := x.rootMembers(schema, r.name)
	if err != nil {
		return "", err
	}
	props, err := x.Properties(root, mem, schemawalk.Status, r.name)
	if err != nil {
		return "", err
	}
	name := x.Composed(r.name+"_Status", "resource "+r.name+"|status")
	x.Out.Objects[name] = &model.Object{Name: name, Description: schemawalk.Describe(root.N), Properties: props, Source: root.Key()}
	return name, nil
}

// rootMembers collects the members of a resource's body or response schema,
// which must be an object schema without a discriminator. It returns the
// schema its $refs end at.
func (x *loader) rootMembers(schema node, owner string) (node, *schemawalk.Members, error) {
	root, err := x.deref(schema)
	if err != nil {
		return node{}, nil, err
	}
	if _, ok := root.N["discriminator"]; ok {
		return node{}, nil, schemawalk.Errf(root.File, root.Ptr+"/discriminator", "a resource schema with a discriminator is not supported: expected the schema of one resource type")
	}
	if _, ok := root.N["enum"]; ok || root.N["type"] != nil && root.N["type"] != "object" {
		return node{}, nil, schemawalk.Errf(root.File, root.Ptr, "expected the resource's schema to be an object schema")
	}
	mem, err := x.Collect(schema, owner)
	return root, mem, err
}

// parameters returns the parameters of an operation, its own first, then
// those of its path, $refs resolved.
func (x *loader) parameters(r *resource, op node) ([]node, error) {
	var out []node
	for _, holder := range []node{op, r.at} {
		v, ok := holder.N["parameters"]
		if !ok {
			continue
		}
		list, ok := v.([]any)
		if !ok {
			return nil, schemawalk.Errf(holder.File, holder.Ptr+"/parameters", "expected parameters to be an array, found %s", jsonfile.Kind(v))
		}
		for i, item := range list {
			p, err := x.parameter(holder.File, item, holder.Ptr+"/parameters/"+strconv.Itoa(i))
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// parameter returns one parameter, following a $ref, with its in checked.
func (x *loader) parameter(d *schemawalk.File, v any, ptr string) (node, error) {
	p, err := schemawalk.Object(d, v, ptr, "a parameter")
	if err != nil {
		return node{}, err
	}
	if ref, ok := p.N["$ref"]; ok {
		if p, err = x.resolve(d, ref, ptr, "parameters"); err != nil {
			return node{}, err
		}
	}
	in, _ := p.N["in"].(string)
	if !parameterIn[in] {
		return node{}, schemawalk.Errf(p.File, p.Ptr+"/in", "expected in to be body, path, query, header or formData, found %s", schemawalk.DescribeValue(p.N["in"]))
	}
	if name, _ := p.N["name"].(string); name == "" {
		return node{}, schemawalk.Errf(p.File, p.Ptr+"/name", "expected the parameter's name, found %s", schemawalk.DescribeValue(p.N["name"]))
	}
	return p, nil
}

// bodySchema returns the schema of the PUT's one body parameter.
func (x *loader) bodySchema(op node, params []node) (node, error) {
	var body *node
	for i, p := range params {
		if p.N["in"] != "body" {
			continue
		}
		if body != nil {
			return node{}, schemawalk.Errf(p.File, p.Ptr, "a second body parameter: expected one, the resource the PUT writes (the first is at %s)", body.Key())
		}
		body = &params[i]
	}
	if body == nil {
		return node{}, schemawalk.Errf(op.File, op.Ptr, "the PUT has no body parameter: expected a parameter with in: body holding the resource it writes")
	}
	return schemawalk.Child(*body, "schema", "a schema", "expected the body parameter to have a schema")
}

// azureName returns the spec's azureName property, the resource's name, with
// the description and validations of the path's name parameter.
func (x *loader) azureName(r *resource, params []node) (*model.Property, error) {
	if r.singleton != "" {
		return &model.Property{
			Name: "azureName", Description: "The resource's name, which is always " + r.singleton + ".",
			Type:       &model.Type{Kind: model.KindPrimitive, Primitive: model.String},
			Validation: model.Validation{Pattern: namesOnly(r.singleton)}, Source: r.at.Key(),
		}, nil
	}
	for _, p := range params {
		if p.N["in"] != "path" || p.N["name"] != r.nameParam {
			continue
		}
		if t, ok := p.N["type"]; ok && t != model.String {
			return nil, schemawalk.Errf(p.File, p.Ptr+"/type", "expected the resource's name parameter %q to be a string, found type %s", r.nameParam, schemawalk.DescribeValue(t))
		}
		v, err := x.Validation(p)
		if err != nil {
			return nil, err
		}
		if v.Pattern, err = namePattern(p, v.Pattern); err != nil {
			return nil, err
		}
		return &model.Property{
			Name: "azureName", Description: schemawalk.Describe(p.N), Type: &model.Type{Kind: model.KindPrimitive, Primitive: model.String},
			Validation: v, Source: p.Key(),
		}, nil
	}
	return nil, schemawalk.Errf(r.put.File, r.put.Ptr, "expected a path parameter %q, the resource's name, among the parameters of the PUT or its path", r.nameParam)
}

// namePattern returns the pattern of a name parameter: an enum of names (a
// resource of one instance has one, such as default) becomes a pattern
// matching those alone; pattern is the parameter's own, which an enum may not
// have beside it.
func namePattern(p node, pattern string) (string, error) {
	v, ok := p.N["enum"]
	if !ok {
		return pattern, nil
	}
	values, _ := v.([]any)
	var names []string
	for i, value := range values {
		s, ok := value.(string)
		if !ok || s == "" {
			return "", schemawalk.Errf(p.File, p.Ptr+"/enum/"+strconv.Itoa(i), "expected the names a resource may have, non-empty strings, found %s", schemawalk.DescribeValue(value))
		}
		names = append(names, s)
	}
	switch {
	case len(names) == 0:
		return "", schemawalk.Errf(p.File, p.Ptr+"/enum", "expected the names a resource may have, a non-empty array")
	case pattern != "":
		return "", schemawalk.Errf(p.File, p.Ptr+"/pattern", "a name parameter with both enum and pattern: expected one of them")
	}
	return namesOnly(names...), nil
}

// namesOnly is the pattern of a name that can only be one of names.
func namesOnly(names ...string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	return "^(" + strings.Join(quoted, "|") + ")$"
}

// response200 returns the schema of the 200 response of a GET.
func (x *loader) response200(op node) (node, error) {
	responses, err := schemawalk.Child(op, "responses", "a responses", "expected responses, with a 200 response holding the resource")
	if err != nil {
		return node{}, err
	}
	resp, err := schemawalk.Child(responses, "200", "a response", "expected a 200 response holding the resource")
	if err != nil {
		return node{}, err
	}
	if _, ok := resp.N["$ref"]; ok {
		return node{}, schemawalk.Errf(op.File, resp.Ptr+"/$ref", "a $ref to a response is not supported: expected the response's schema here")
	}
	return schemawalk.Child(resp, "schema", "a schema", "expected the 200 response to have a schema, the resource as the service returns it")
}
