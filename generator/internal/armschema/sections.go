package armschema

import (
	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// section is one of a deployment schema's resource sections, with the scope of
// the resources it defines.
type section struct {
	key   string
	scope model.Scope
}

// sections are read in this order: a resource name defined in more than one
// keeps its name in the first. unknown_resourceDefinitions holds resources
// whose scope the schema's generator could not tell (eventSubscriptions,
// which deploy at any scope): they are resources like the others, of scope
// unknown, noted.
var sections = []section{
	{"resourceDefinitions", model.ScopeResourceGroup},
	{"subscription_resourceDefinitions", model.ScopeSubscription},
	{"managementGroup_resourceDefinitions", model.ScopeManagementGroup},
	{"tenant_resourceDefinitions", model.ScopeTenant},
	{"extension_resourceDefinitions", model.ScopeExtension},
	{"unknown_resourceDefinitions", model.ScopeUnknown},
}

func sectionKeys() []string {
	keys := make([]string, len(sections))
	for i, s := range sections {
		keys[i] = s.key
	}
	return keys
}

// entry is one resource of a section, under the name the model gives it.
type entry struct {
	name  string // the schema's name, or the scoped name when an earlier section has it
	ptr   string // where it is: /<section>/<schema name>
	scope model.Scope
	node  any
}

// entries returns the resources of every section by the model's name
// (schemawalk's ResourceName: deployments in subscription_resourceDefinitions,
// also in resourceDefinitions, becomes subscriptionDeployments).
func (x *loader) entries(top map[string]any) (map[string]*entry, error) {
	all := map[string]*entry{}
	found := false
	for _, s := range sections {
		v, ok := top[s.key]
		if !ok {
			continue
		}
		found = true
		if err := x.sectionEntries(s, v, all); err != nil {
			return nil, err
		}
	}
	if !found {
		return nil, &model.Error{At: model.Location{File: x.file.Path}, Kind: model.ErrNoResources,
			Message: "no resourceDefinitions (nor a scoped resource section): the file describes no resource, only definitions if any"}
	}
	return all, nil
}

// sectionEntries adds the resources of section s, whose value is v, to all.
func (x *loader) sectionEntries(s section, v any, all map[string]*entry) error {
	defs, ok := v.(map[string]any)
	if !ok {
		return schemawalk.Errf(x.file, "/"+s.key, "expected an object of resources, found %s", jsonfile.Kind(v))
	}
	if s.scope == model.ScopeUnknown && len(defs) > 0 {
		x.Note(x.file, "/"+s.key, "the schema does not say at which scope these resources deploy: they are generated like those of resourceDefinitions, of scope %s", s.scope)
	}
	for _, k := range jsonfile.SortedKeys(defs) {
		e := &entry{ptr: "/" + s.key + "/" + jsonfile.Escape(k), scope: s.scope, node: defs[k]}
		var err error
		if e.name, err = x.ResourceName(k, s.scope, schemawalk.Node{File: x.file, Ptr: e.ptr}); err != nil {
			return err
		}
		all[e.name] = e
	}
	return nil
}
