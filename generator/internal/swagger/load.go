package swagger

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// loader holds the state of loading one API version.
type loader struct {
	l          *Loader
	docs       []*doc          // the version's files, in order
	version    map[*doc]bool   // the version's files
	local      map[string]node // the version's definitions by name, as the first file declaring one has it
	out        *model.APIVersion
	names      *names
	renamed    map[string]bool     // label keys whose renaming was noted
	memo       map[string]shape    // converted nodes by key and mode
	stack      []frame             // nodes being converted, innermost last
	collecting []string            // keys of the object schemas whose members are being collected
	members    map[string]*members // collected members by key and owner
	derivedOf  map[string][]node
	notes      []Note
	noted      map[string]bool
}

func newLoader(l *Loader, docs []*doc, version string) *loader {
	x := &loader{
		l: l, docs: docs, version: map[*doc]bool{}, local: map[string]node{},
		names: newNames(), renamed: map[string]bool{}, memo: map[string]shape{}, members: map[string]*members{},
		derivedOf: map[string][]node{}, noted: map[string]bool{},
		out: &model.APIVersion{
			Version: version,
			Objects: map[string]*model.Object{},
			Enums:   map[string]*model.Enum{},
			Source:  docs[0].rel,
		},
	}
	for _, d := range docs {
		x.version[d] = true
	}
	return x
}

func (x *loader) load() error {
	if err := x.mergeDefinitions(); err != nil {
		return err
	}
	x.reserveDefinitions()
	rs, err := x.resources()
	if err != nil {
		return err
	}
	for _, r := range rs {
		x.names.alloc(r.name+"_Spec", "resource "+r.name)
		x.names.alloc(r.name+"_Status", "resource "+r.name+"|status")
	}
	for _, r := range rs {
		res, err := x.resource(r, rs)
		if err != nil {
			return err
		}
		x.out.Resources = append(x.out.Resources, res)
	}
	sort.Slice(x.out.Resources, func(i, j int) bool { return x.out.Resources[i].Name < x.out.Resources[j].Name })
	jsonfile.Prune(x.out)
	return nil
}

// mergeDefinitions gathers the definitions of the version's files. A name
// two files define must have the same content in both; the first file's is
// the version's.
func (x *loader) mergeDefinitions() error {
	first := map[string]*doc{}
	for _, d := range x.docs {
		if d.xmsPaths {
			x.note(d, "/x-ms-paths", "x-ms-paths is not read: its operations make no resources")
		}
		for _, k := range jsonfile.SortedKeys(d.defs) {
			ptr := "/definitions/" + jsonfile.Escape(k)
			if prev, ok := first[k]; ok {
				if !reflect.DeepEqual(prev.defs[k], d.defs[k]) {
					return x.errf(d, ptr, "definition %q differs from the one at %s#%s: the files of a version must agree on a name they both define", k, prev.file, ptr)
				}
				continue
			}
			nd, err := x.asSchema(d, d.defs[k], ptr)
			if err != nil {
				return err
			}
			first[k], x.local[k] = d, nd
		}
	}
	return nil
}

// reserveDefinitions gives the version's definitions their own names, so that
// no other type takes them. Of names differing only in case, the first in byte
// order keeps its name and the others get the first free suffix _1, _2, ...,
// noted. Enums named by x-ms-enum take that name when they are reached.
func (x *loader) reserveDefinitions() {
	for _, k := range jsonfile.SortedKeys(x.local) {
		nd := x.local[k]
		if enumName(nd.n) != "" {
			continue
		}
		l := defLabel(nd)
		name := k
		for i := 1; !x.names.reserve(name, l.key); i++ {
			name = k + "_" + strconv.Itoa(i)
		}
		if name != k {
			x.renamed[l.key] = true
			x.note(nd.d, nd.ptr, "definition %q differs only in case from %s: its type is named %q", k, x.describeHolder(k), name)
		}
	}
}

// node is a JSON object of a file: a schema, a parameter, an operation.
type node struct {
	d   *doc
	ptr string
	n   map[string]any
}

// key names the node: the file relative to the root, # and the pointer. It is
// also the Source of what is made from the node.
func (nd node) key() string {
	return nd.d.rel + "#" + nd.ptr
}

// object returns v, at d#ptr, as a node, or an error saying it is not what
// was expected.
func (x *loader) object(d *doc, v any, ptr, what string) (node, error) {
	n, ok := v.(map[string]any)
	if !ok {
		return node{}, x.errf(d, ptr, "expected %s object, found %s", what, jsonfile.Kind(v))
	}
	return node{d: d, ptr: ptr, n: n}, nil
}

func (x *loader) asSchema(d *doc, v any, ptr string) (node, error) {
	return x.object(d, v, ptr, "a schema")
}

// note records a note once.
func (x *loader) note(d *doc, ptr, format string, args ...any) {
	n := Note{At: model.Location{File: d.file, Pointer: ptr}, Message: fmt.Sprintf(format, args...)}
	if s := n.String(); !x.noted[s] {
		x.noted[s] = true
		x.notes = append(x.notes, n)
	}
}

func (x *loader) errf(d *doc, ptr, format string, args ...any) error {
	return model.Errorf(model.Location{File: d.file, Pointer: ptr}, format, args...)
}
