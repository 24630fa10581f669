package swagger

import (
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
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
		Source:        r.at.key(),
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
	if decls, ok := mem.decls["azureName"]; ok {
		return "", "", x.errf(decls[0].nd.d, decls[0].nd.ptr, "the resource body declares azureName, the name the resource's name is given")
	}
	for _, p := range envelope {
		delete(mem.decls, p)
		delete(mem.required, p)
	}
	props, err := x.properties(root, mem, specMode, r.name)
	if err != nil {
		return "", "", err
	}
	props = append(props, azureName)
	sortProperties(props)
	name := x.names.alloc(r.name+"_Spec", "resource "+r.name)
	x.out.Objects[name] = &model.Object{Name: name, Description: describe(root.n), Properties: props, Source: root.key()}
	return name, describe(root.n), nil
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
	props, err := x.properties(root, mem, statusMode, r.name)
	if err != nil {
		return "", err
	}
	name := x.names.alloc(r.name+"_Status", "resource "+r.name+"|status")
	x.out.Objects[name] = &model.Object{Name: name, Description: describe(root.n), Properties: props, Source: root.key()}
	return name, nil
}

// rootMembers collects the members of a resource's body or response schema,
// which must be an object schema without a discriminator. It returns the
// schema its $refs end at.
func (x *loader) rootMembers(schema node, owner string) (node, *members, error) {
	root, err := x.deref(schema)
	if err != nil {
		return node{}, nil, err
	}
	if _, ok := root.n["discriminator"]; ok {
		return node{}, nil, x.errf(root.d, root.ptr+"/discriminator", "a resource schema with a discriminator is not supported: expected the schema of one resource type")
	}
	if _, ok := root.n["enum"]; ok || root.n["type"] != nil && root.n["type"] != "object" {
		return node{}, nil, x.errf(root.d, root.ptr, "expected the resource's schema to be an object schema")
	}
	mem, err := x.collect(schema, owner)
	return root, mem, err
}

// parameters returns the parameters of an operation, its own first, then
// those of its path, $refs resolved.
func (x *loader) parameters(r *resource, op node) ([]node, error) {
	var out []node
	for _, holder := range []node{op, r.at} {
		v, ok := holder.n["parameters"]
		if !ok {
			continue
		}
		list, ok := v.([]any)
		if !ok {
			return nil, x.errf(holder.d, holder.ptr+"/parameters", "expected parameters to be an array, found %s", jsonfile.Kind(v))
		}
		for i, item := range list {
			p, err := x.parameter(holder.d, item, holder.ptr+"/parameters/"+strconv.Itoa(i))
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// parameter returns one parameter, following a $ref, with its in checked.
func (x *loader) parameter(d *doc, v any, ptr string) (node, error) {
	p, err := x.object(d, v, ptr, "a parameter")
	if err != nil {
		return node{}, err
	}
	if ref, ok := p.n["$ref"]; ok {
		if p, err = x.resolve(d, ref, ptr, "parameters"); err != nil {
			return node{}, err
		}
	}
	in, _ := p.n["in"].(string)
	if !parameterIn[in] {
		return node{}, x.errf(p.d, p.ptr+"/in", "expected in to be body, path, query, header or formData, found %s", describeValue(p.n["in"]))
	}
	if name, _ := p.n["name"].(string); name == "" {
		return node{}, x.errf(p.d, p.ptr+"/name", "expected the parameter's name, found %s", describeValue(p.n["name"]))
	}
	return p, nil
}

// bodySchema returns the schema of the PUT's one body parameter.
func (x *loader) bodySchema(op node, params []node) (node, error) {
	var body *node
	for i, p := range params {
		if p.n["in"] != "body" {
			continue
		}
		if body != nil {
			return node{}, x.errf(p.d, p.ptr, "a second body parameter: expected one, the resource the PUT writes (the first is at %s)", body.key())
		}
		body = &params[i]
	}
	if body == nil {
		return node{}, x.errf(op.d, op.ptr, "the PUT has no body parameter: expected a parameter with in: body holding the resource it writes")
	}
	s, ok := body.n["schema"]
	if !ok {
		return node{}, x.errf(body.d, body.ptr, "expected the body parameter to have a schema")
	}
	return x.asSchema(body.d, s, body.ptr+"/schema")
}

// azureName returns the spec's azureName property, the resource's name, with
// the description and validations of the path's name parameter.
func (x *loader) azureName(r *resource, params []node) (*model.Property, error) {
	for _, p := range params {
		if p.n["in"] != "path" || p.n["name"] != r.nameParam {
			continue
		}
		if t, ok := p.n["type"]; ok && t != model.String {
			return nil, x.errf(p.d, p.ptr+"/type", "expected the resource's name parameter %q to be a string, found type %s", r.nameParam, describeValue(t))
		}
		v, err := x.validation(p)
		if err != nil {
			return nil, err
		}
		return &model.Property{
			Name: "azureName", Description: describe(p.n), Type: &model.Type{Kind: model.KindPrimitive, Primitive: model.String},
			Validation: v, Source: p.key(),
		}, nil
	}
	return nil, x.errf(r.put.d, r.put.ptr, "expected a path parameter %q, the resource's name, among the parameters of the PUT or its path", r.nameParam)
}

// response200 returns the schema of the 200 response of a GET.
func (x *loader) response200(op node) (node, error) {
	v, ok := op.n["responses"]
	if !ok {
		return node{}, x.errf(op.d, op.ptr, "expected responses, with a 200 response holding the resource")
	}
	responses, err := x.object(op.d, v, op.ptr+"/responses", "a responses")
	if err != nil {
		return node{}, err
	}
	v, ok = responses.n["200"]
	if !ok {
		return node{}, x.errf(op.d, responses.ptr, "expected a 200 response holding the resource")
	}
	resp, err := x.object(op.d, v, responses.ptr+"/200", "a response")
	if err != nil {
		return node{}, err
	}
	if _, ok := resp.n["$ref"]; ok {
		return node{}, x.errf(op.d, resp.ptr+"/$ref", "a $ref to a response is not supported: expected the response's schema here")
	}
	s, ok := resp.n["schema"]
	if !ok {
		return node{}, x.errf(op.d, resp.ptr, "expected the 200 response to have a schema, the resource as the service returns it")
	}
	return x.asSchema(op.d, s, resp.ptr+"/schema")
}
