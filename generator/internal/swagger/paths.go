package swagger

import (
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// resource is a path that makes a resource.
type resource struct {
	name      string   // the model's name: the type segments joined by _
	types     []string // the type segments after the provider
	provider  string
	scope     model.Scope
	path      string
	at        node // the path item
	put, get  node
	nameParam string // the parameter of the last segment, the resource's name
	singleton string // the last segment when it is a fixed name instead
}

// pathKeys are the keys of a path item besides x- extensions.
var pathKeys = map[string]bool{
	"get": true, "put": true, "post": true, "delete": true, "options": true, "head": true, "patch": true, "parameters": true,
}

// scopeOrder orders resources of one type at several scopes: the first keeps
// the type's name, the deployment-schema loader's order.
var scopeOrder = map[model.Scope]int{
	model.ScopeResourceGroup: 0, model.ScopeSubscription: 1, model.ScopeManagementGroup: 2, model.ScopeTenant: 3, model.ScopeExtension: 4,
}

// resources finds the version's resources, named, in name order.
func (x *loader) resources() ([]*resource, error) {
	items, err := x.pathItems()
	if err != nil {
		return nil, err
	}
	var rs []*resource
	for _, it := range items {
		r, err := x.classify(it)
		if err != nil {
			return nil, err
		}
		if r != nil {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return nil, schemawalk.Errf(x.docs[0], "/paths", "no resource: expected a path with put and get under /providers/<Provider>/ ending in a {name} parameter")
	}
	for _, r := range rs[1:] {
		if r.provider != rs[0].provider {
			return nil, schemawalk.Errf(r.at.File, r.at.Ptr, "provider %q differs from %q of %s: expected one provider per API version", r.provider, rs[0].provider, rs[0].at.Key())
		}
	}
	x.Out.Provider = rs[0].provider
	if err := x.nameResources(rs); err != nil {
		return nil, err
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].name < rs[j].name })
	return rs, nil
}

// pathItems returns the paths of every file of the version, sorted. A path
// two files define is an error.
func (x *loader) pathItems() ([]node, error) {
	seen := map[string]node{}
	var items []node
	for _, d := range x.docs {
		for _, p := range jsonfile.SortedKeys(d.Section("paths")) {
			ptr := "/paths/" + jsonfile.Escape(p)
			if prev, ok := seen[p]; ok {
				return nil, schemawalk.Errf(d, ptr, "path %q is also defined at %s: expected each path in one file of the version", p, prev.Key())
			}
			it, err := schemawalk.Object(d, d.Section("paths")[p], ptr, "a path item")
			if err != nil {
				return nil, err
			}
			seen[p] = it
			items = append(items, it)
		}
	}
	sort.Slice(items, func(i, j int) bool { return pathOf(items[i]) < pathOf(items[j]) })
	return items, nil
}

// pathOf returns the URL path of a path item.
func pathOf(it node) string {
	return jsonfile.Unescape(strings.TrimPrefix(it.Ptr, "/paths/"))
}

// classify returns the resource a path item makes, or nil.
func (x *loader) classify(it node) (*resource, error) {
	for _, k := range jsonfile.SortedKeys(it.N) {
		if !pathKeys[k] && !strings.HasPrefix(k, "x-") {
			return nil, schemawalk.Errf(it.File, it.Ptr+"/"+jsonfile.Escape(k), "unsupported path item key %q: expected an operation (get, put, post, delete, options, head, patch), parameters or an x- extension", k)
		}
	}
	p := pathOf(it)
	_, hasPut := it.N["put"]
	_, hasGet := it.N["get"]
	switch {
	case !hasPut:
		if _, _, rest, ok := splitPath(p); hasGet && ok && len(rest) > 0 && isParam(rest[len(rest)-1]) {
			x.Note(it.File, it.Ptr+"/get", "a GET without a PUT: not a resource")
		}
		return nil, nil
	case !hasGet:
		x.Note(it.File, it.Ptr+"/put", "a PUT without a GET: not a resource (nothing reads it back, so it has no status)")
		return nil, nil
	}
	prefix, provider, rest, ok := splitPath(p)
	switch {
	case !ok:
		return nil, schemawalk.Errf(it.File, it.Ptr, "a path without a provider: expected /providers/<Provider>/<type>/{name} in a path with put and get")
	case isParam(provider) || provider == "":
		return nil, schemawalk.Errf(it.File, it.Ptr, "expected a provider namespace after /providers/, found %q", provider)
	case len(rest) == 0 || !isParam(rest[len(rest)-1]) && len(rest)%2 == 1:
		x.Note(it.File, it.Ptr, "the path does not end in a {name} parameter or a <type>/<name> pair: not a resource")
		return nil, nil
	}
	return x.newResource(it, prefix, provider, rest)
}

func (x *loader) newResource(it node, prefix []string, provider string, rest []string) (*resource, error) {
	r := &resource{provider: provider, path: pathOf(it), at: it}
	for i, s := range rest {
		if i%2 == 1 {
			continue
		}
		if isParam(s) || s == "" || i+1 == len(rest) {
			return nil, schemawalk.Errf(it.File, it.Ptr, "expected <type>/<name> pairs after /providers/%s, found %q", provider, strings.Join(rest, "/"))
		}
		r.types = append(r.types, s)
	}
	if last := rest[len(rest)-1]; isParam(last) {
		r.nameParam = strings.Trim(last, "{}")
	} else {
		r.singleton = last // a resource of one instance, such as blobServices/default
	}
	var err error
	if r.scope, err = x.scope(it, prefix); err != nil {
		return nil, err
	}
	if r.put, err = schemawalk.Object(it.File, it.N["put"], it.Ptr+"/put", "an operation"); err != nil {
		return nil, err
	}
	r.get, err = schemawalk.Object(it.File, it.N["get"], it.Ptr+"/get", "an operation")
	return r, err
}

// splitPath splits a URL path at its last /providers/ segment: the segments
// before, the provider, and the segments after. ok is false without one.
func splitPath(p string) (prefix []string, provider string, rest []string, ok bool) {
	segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i := len(segs) - 2; i >= 0; i-- {
		if strings.EqualFold(segs[i], "providers") {
			return segs[:i], segs[i+1], segs[i+2:], true
		}
	}
	return nil, "", nil, false
}

func isParam(seg string) bool {
	return len(seg) > 2 && strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}")
}

// scope returns the scope the path before /providers/<Provider> gives.
func (x *loader) scope(it node, prefix []string) (model.Scope, error) {
	is := func(i int, s string) bool { return strings.EqualFold(prefix[i], s) }
	switch n := len(prefix); {
	case n == 0:
		return model.ScopeTenant, nil
	case n == 1 && isParam(prefix[0]):
		return model.ScopeExtension, nil
	case n == 2 && is(0, "subscriptions") && isParam(prefix[1]):
		return model.ScopeSubscription, nil
	case n == 4 && is(0, "subscriptions") && isParam(prefix[1]) && is(2, "resourceGroups") && isParam(prefix[3]):
		return model.ScopeResourceGroup, nil
	case n == 4 && is(0, "providers") && is(1, "Microsoft.Management") && is(2, "managementGroups") && isParam(prefix[3]):
		return model.ScopeManagementGroup, nil
	}
	for _, s := range prefix {
		if strings.EqualFold(s, "providers") {
			return model.ScopeExtension, nil // under another resource
		}
	}
	return "", schemawalk.Errf(it.File, it.Ptr, "unexpected scope /%s before /providers/: expected /subscriptions/{id}, "+
		"/subscriptions/{id}/resourceGroups/{name}, /providers/Microsoft.Management/managementGroups/{id}, "+
		"a {scope} parameter, another resource's path or nothing", strings.Join(prefix, "/"))
}

// nameResources names each resource after its types, in scopeOrder
// (schemawalk's ResourceName).
func (x *loader) nameResources(rs []*resource) error {
	sort.SliceStable(rs, func(i, j int) bool { return scopeOrder[rs[i].scope] < scopeOrder[rs[j].scope] })
	for _, r := range rs {
		var err error
		if r.name, err = x.ResourceName(strings.Join(r.types, "_"), r.scope, r.at); err != nil {
			return err
		}
	}
	return nil
}

// owner returns the parent resource of a child resource, and whether it is
// missing from the version (then named after its types, as an external
// owner, noted).
func (x *loader) owner(r *resource, rs []*resource) (string, bool) {
	if len(r.types) < 2 {
		return "", false
	}
	parent := strings.Join(r.types[:len(r.types)-1], "_")
	for _, same := range []bool{true, false} {
		for _, p := range rs {
			if (p.scope == r.scope) == same && strings.EqualFold(strings.Join(p.types, "_"), parent) {
				return p.name, false
			}
		}
	}
	x.Note(r.at.File, r.at.Ptr, "parent resource %q is not a resource of this version: Owner names it as an external owner, a resource this service does not generate (created by other means)", parent)
	return parent, true
}
