package swagger

import (
	"reflect"
	"sort"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// node is a JSON object of a file: a schema, a parameter, an operation.
type node = schemawalk.Node

// loader holds the state of loading one API version: the walker, and the
// format's parts it calls (schema.go, union.go).
type loader struct {
	*schemawalk.Walker
	l         *Loader
	docs      []*schemawalk.File        // the version's files, in order
	version   map[*schemawalk.File]bool // the version's files
	local     map[string]node           // the version's definitions by name, as the first file declaring one has it
	derivedOf map[string][]node
}

func newLoader(l *Loader, docs []*schemawalk.File, version string) *loader {
	x := &loader{l: l, docs: docs, version: map[*schemawalk.File]bool{}, local: map[string]node{}, derivedOf: map[string][]node{}}
	x.Walker = schemawalk.New(x, rules, &model.APIVersion{
		Version: version,
		Objects: map[string]*model.Object{},
		Enums:   map[string]*model.Enum{},
		Source:  docs[0].Rel,
	})
	for _, d := range docs {
		x.version[d] = true
	}
	return x
}

func (x *loader) load() error {
	if err := x.mergeDefinitions(); err != nil {
		return err
	}
	var defs []node
	for _, k := range jsonfile.SortedKeys(x.local) {
		defs = append(defs, x.local[k])
	}
	x.Reserve(defs, func(n node) bool { return enumName(n.N) != "" })
	rs, err := x.resources()
	if err != nil {
		return err
	}
	for _, r := range rs {
		x.Composed(r.name+"_Spec", "resource "+r.name)
		x.Composed(r.name+"_Status", "resource "+r.name+"|status")
	}
	for _, r := range rs {
		res, err := x.resource(r, rs)
		if err != nil {
			return err
		}
		x.Out.Resources = append(x.Out.Resources, res)
	}
	sort.Slice(x.Out.Resources, func(i, j int) bool { return x.Out.Resources[i].Name < x.Out.Resources[j].Name })
	jsonfile.Prune(x.Out)
	return nil
}

// mergeDefinitions gathers the definitions of the version's files. A name
// two files define must have the same content in both but for documentation
// (descriptions, titles, examples: upstream files drift in those, and the
// first file's is kept, noted); the first file's is the version's.
func (x *loader) mergeDefinitions() error {
	first := map[string]*schemawalk.File{}
	for _, d := range x.docs {
		if _, ok := d.Top["x-ms-paths"]; ok {
			x.Note(d, "/x-ms-paths", "x-ms-paths is not read: its operations make no resources")
		}
		defs := d.Section("definitions")
		for _, k := range jsonfile.SortedKeys(defs) {
			ptr := "/definitions/" + jsonfile.Escape(k)
			if prev, ok := first[k]; ok {
				if err := x.sameDefinition(prev, d, k, ptr); err != nil {
					return err
				}
				continue
			}
			nd, err := schemawalk.Schema(d, defs[k], ptr)
			if err != nil {
				return err
			}
			first[k], x.local[k] = d, nd
		}
	}
	return nil
}

// sameDefinition checks that definition k of d, at ptr, is the one prev
// defines: equal, or equal but for documentation (noted).
func (x *loader) sameDefinition(prev, d *schemawalk.File, k, ptr string) error {
	a, b := prev.Section("definitions")[k], d.Section("definitions")[k]
	switch {
	case reflect.DeepEqual(a, b):
		return nil
	case reflect.DeepEqual(undocumented(a, false), undocumented(b, false)):
		x.Note(d, ptr, "definition %q differs from the one at %s#%s only in documentation (descriptions, titles, examples): that one is used", k, prev.Path, ptr)
		return nil
	}
	return schemawalk.Errf(d, ptr, "definition %q differs from the one at %s#%s: the files of a version must agree on a name they both define (documentation may differ, nothing else)", k, prev.Path, ptr)
}

// documentation are the keywords that only document a schema.
var documentation = map[string]bool{"description": true, "title": true, "example": true, "examples": true, "x-ms-examples": true}

// undocumented returns a copy of the JSON value v without its documentation
// keywords. names says v is a map of names (properties, definitions), whose
// keys are not keywords.
func undocumented(v any, names bool) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			if !names && documentation[k] {
				continue
			}
			out[k] = undocumented(e, !names && (k == "properties" || k == "definitions"))
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = undocumented(e, false)
		}
		return out
	}
	return v
}
