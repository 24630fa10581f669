// Package armschema loads Azure ARM deployment JSON schemas (JSON Schema
// draft-04, one file per provider and API version, laid out as
// <root>/<api-version>/<Provider>.json with <root>/common/definitions.json)
// into the generator's model.
//
// Every problem in the input is an error naming the file and the JSON pointer
// of the offending schema node. Things the model cannot express but that do
// not stop loading (a recursive type, extra keys beside declared properties, a
// child resource whose parent is missing) are returned as Notes by
// Loader.Load.
package armschema

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// commonURL is the address the schemas use for common/definitions.json.
const commonURL = "https://schema.management.azure.com/schemas/common/definitions.json"

// Note is something the loader had to approximate, at the schema node it
// concerns.
type Note struct {
	At      model.Location
	Message string
}

func (n Note) String() string {
	return fmt.Sprintf("%s: %s", n.At, n.Message)
}

// Loader loads the provider files under one root, reading the root's
// common/definitions.json once. It is safe for concurrent use.
type Loader struct {
	root      string
	mu        sync.Mutex
	used      bool // common/definitions.json was read
	once      sync.Once
	common    *doc
	commonErr error
}

// NewLoader returns a Loader for the schemas under root, the directory that
// holds common/.
func NewLoader(root string) *Loader {
	return &Loader{root: root}
}

// Load reads the provider file at path and returns the API version it
// describes, with every resource and every object/enum type reachable from
// them, and the notes. The provider is the file's base name without .json and
// the version its folder's name. Errors and notes name the file by path;
// Source fields name it relative to the root.
func (l *Loader) Load(path string) (*model.APIVersion, []Note, error) {
	if filepath.Ext(path) != ".json" {
		return nil, nil, model.Errorf(model.Location{File: path}, "expected a .json schema file")
	}
	if dir := filepath.Base(filepath.Dir(path)); dir == "." || dir == string(filepath.Separator) {
		return nil, nil, model.Errorf(model.Location{File: path}, "expected the file in a folder named after its API version")
	}
	top, err := readTop(path, append(sectionKeys(), "definitions")...)
	if err != nil {
		return nil, nil, err
	}
	d, err := newDoc(path, l.relative(path), top)
	if err != nil {
		return nil, nil, err
	}
	x := &loader{
		l:          l,
		file:       d,
		names:      newNames(),
		memo:       map[string]shape{},
		collecting: map[string]bool{},
		out: &model.APIVersion{
			Version:  filepath.Base(filepath.Dir(path)),
			Provider: strings.TrimSuffix(filepath.Base(path), ".json"),
			Objects:  map[string]*model.Object{},
			Enums:    map[string]*model.Enum{},
			Source:   d.src,
		},
	}
	if err := x.load(top); err != nil {
		return nil, nil, err
	}
	jsonfile.Prune(x.out)
	return x.out, x.notes, nil
}

// relative returns path relative to the root, with slashes, or path itself
// if it is not under the root.
func (l *Loader) relative(path string) string {
	rel, err := filepath.Rel(l.root, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// UsedCommon reports whether a schema loaded so far needed
// common/definitions.json, which is then one of the generation's inputs. A
// reference to the template expression alone is recognised without reading the
// file and does not count.
func (l *Loader) UsedCommon() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.used
}

// commonDoc returns the parsed common/definitions.json.
func (l *Loader) commonDoc() (*doc, error) {
	l.mu.Lock()
	l.used = true
	l.mu.Unlock()
	l.once.Do(func() {
		file := filepath.Join(l.root, "common", "definitions.json")
		top, err := readTop(file, "definitions")
		if err != nil {
			l.commonErr = err
			return
		}
		l.common, l.commonErr = newDoc(file, "common/definitions.json", top)
		if l.common != nil {
			l.common.isCommon = true
		}
	})
	return l.common, l.commonErr
}

// doc is one parsed schema file.
type doc struct {
	file     string         // the path, for errors and notes
	src      string         // the path relative to the root, for Source fields
	defs     map[string]any // its definitions
	isCommon bool           // whether it is common/definitions.json
}

// readTop reads and parses a schema file, checking its top-level keys: the
// ones that carry no shape and the given sections.
func readTop(file string, sections ...string) (map[string]any, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, model.Errorf(model.Location{File: file}, "cannot read schema: %v", err)
	}
	v, err := jsonfile.Parse(file, data)
	if err != nil {
		return nil, err
	}
	top, ok := v.(map[string]any)
	if !ok {
		return nil, model.Errorf(model.Location{File: file}, "expected a JSON object at the top level, found %s", jsonfile.Kind(v))
	}
	allowed := map[string]bool{"id": true, "$schema": true, "title": true, "description": true}
	for _, s := range sections {
		allowed[s] = true
	}
	for _, k := range jsonfile.SortedKeys(top) {
		if !allowed[k] {
			return nil, model.Errorf(model.Location{File: file, Pointer: "/" + jsonfile.Escape(k)}, "unsupported top-level key %q", k)
		}
	}
	return top, nil
}

func newDoc(file, src string, top map[string]any) (*doc, error) {
	d := &doc{file: file, src: src, defs: map[string]any{}}
	if v, ok := top["definitions"]; ok {
		defs, ok := v.(map[string]any)
		if !ok {
			return nil, model.Errorf(model.Location{File: file, Pointer: "/definitions"}, "expected an object of definitions, found %s", jsonfile.Kind(v))
		}
		d.defs = defs
	}
	return d, nil
}

// loader holds the state of loading one provider file.
type loader struct {
	l          *Loader
	file       *doc
	out        *model.APIVersion
	names      *names
	memo       map[string]shape // converted schema nodes by key
	stack      []frame          // nodes being converted, innermost last
	collecting map[string]bool  // object schemas whose members are being collected
	notes      []Note
}

func (x *loader) load(top map[string]any) error {
	if err := x.reserveDefinitions(); err != nil {
		return err
	}
	all, err := x.entries(top)
	if err != nil {
		return err
	}
	keys := jsonfile.SortedKeys(all)
	for _, k := range keys {
		x.names.alloc(naming.SpecObject(k), at(x.file, all[k].ptr))
	}
	for _, k := range keys {
		r, err := x.resource(all[k], all)
		if err != nil {
			return err
		}
		x.out.Resources = append(x.out.Resources, r)
	}
	return nil
}

// reserveDefinitions gives the file's definitions their own names, so that
// synthesized names never take them. Of definitions whose names differ only in
// case, the first in byte order keeps its name and the others get the first
// free suffix _1, _2, ...; each such renaming is noted.
func (x *loader) reserveDefinitions() error {
	for _, k := range jsonfile.SortedKeys(x.file.defs) {
		name := x.names.definition(k, at(x.file, "/definitions/"+jsonfile.Escape(k)))
		if name != k {
			x.note(model.Location{File: x.file.file, Pointer: "/definitions/" + jsonfile.Escape(k)},
				"definition %q differs only in case from definition %q: its type is named %q", k, x.names.holder(k), name)
		}
	}
	return nil
}

// checkCase fails if two of the sorted keys differ only in case, naming both.
func (x *loader) checkCase(keys []string, prefix, what string) error {
	seen := map[string]string{}
	for _, k := range keys {
		if other, ok := seen[strings.ToLower(k)]; ok {
			return x.errf(x.file, prefix+jsonfile.Escape(k), "%s %q and %q (at #%s) differ only in case", what, k, other, prefix+jsonfile.Escape(other))
		}
		seen[strings.ToLower(k)] = k
	}
	return nil
}

// resource converts one resource entry.
func (x *loader) resource(e *entry, all map[string]*entry) (*model.Resource, error) {
	ptr := e.ptr
	n, err := x.asSchema(x.file, e.node, ptr)
	if err != nil {
		return nil, err
	}
	spec := x.names.alloc(naming.SpecObject(e.name), at(x.file, ptr))
	m, err := x.collect(x.file, n, ptr, spec)
	if err != nil {
		return nil, err
	}
	if m.union != nil {
		return nil, x.errf(m.union.d, m.union.ptr, "a resource whose properties are a oneOf is not supported")
	}
	armType, err := x.armType(m, ptr)
	if err != nil {
		return nil, err
	}
	if err := x.specMembers(m); err != nil {
		return nil, err
	}
	if _, err := x.buildObject(x.file, ptr, spec, describe(n), m); err != nil {
		return nil, err
	}
	owner, external := x.owner(e, all)
	return &model.Resource{
		Name:          e.name,
		ARMType:       armType,
		Description:   describe(n),
		Owner:         owner,
		OwnerExternal: external,
		Scope:         e.scope,
		Spec:          spec,
		Source:        at(x.file, ptr),
	}, nil
}

// armType returns the first value of the enum of the resource's type property.
func (x *loader) armType(m *members, ptr string) (string, error) {
	decls := m.decls["type"]
	if len(decls) == 0 {
		return "", x.errf(x.file, ptr, "resource has no type property")
	}
	dc := decls[0]
	values, _ := dc.node["enum"].([]any)
	if len(values) == 0 {
		return "", x.errf(dc.d, dc.ptr, "expected the type property to be an enum holding the ARM resource type")
	}
	s, ok := values[0].(string)
	if !ok || s == "" {
		return "", x.errf(dc.d, dc.ptr+"/enum/0", "expected the ARM resource type as a string")
	}
	return s, nil
}

// specMembers turns a resource's members into its spec's: apiVersion, type
// and resources (child resources are resources of their own) go, name becomes
// the optional azureName. Required properties the resource does not declare
// (old files require location without declaring it) are noted and ignored.
func (x *loader) specMembers(m *members) error {
	for _, p := range []string{"apiVersion", "type", "resources", "name"} {
		delete(m.required, p)
	}
	for _, r := range jsonfile.SortedKeys(m.required) {
		if _, ok := m.decls[r]; !ok {
			rq := m.required[r]
			x.note(model.Location{File: rq.d.file, Pointer: rq.ptr}, "required property %q is not declared: ignored", r)
			delete(m.required, r)
		}
	}
	for _, p := range []string{"apiVersion", "type", "resources"} {
		delete(m.decls, p)
	}
	decls, ok := m.decls["name"]
	if !ok {
		return nil
	}
	if clash, ok := m.decls[naming.AzureNameJSON]; ok {
		return x.errf(clash[0].d, clash[0].ptr, "property %q is reserved in a resource: the resource's name property becomes the spec's %s",
			naming.AzureNameJSON, naming.AzureNameJSON)
	}
	m.decls[naming.AzureNameJSON] = decls
	delete(m.decls, "name")
	return nil
}

// owner returns the parent resource of a child resource named
// <parent>_<child>, and whether that parent is missing from the file. A
// parent that exists only in another case is used, and noted. A missing
// parent is still the Owner (its kind is named in the generated Owner field's
// documentation), marked external, and noted.
func (x *loader) owner(e *entry, all map[string]*entry) (string, bool) {
	i := strings.LastIndex(e.name, "_")
	if i <= 0 {
		return "", false
	}
	parent := e.name[:i]
	if p, ok := all[scopedName(e.scope, parent)]; ok && p.scope == e.scope {
		return p.name, false // the parent of the child's own scope, renamed
	}
	if _, ok := all[parent]; ok {
		return parent, false
	}
	var matches []string
	for _, k := range jsonfile.SortedKeys(all) {
		if strings.EqualFold(k, parent) {
			matches = append(matches, k)
		}
	}
	loc := model.Location{File: x.file.file, Pointer: e.ptr}
	if len(matches) == 1 {
		x.note(loc, "parent resource %q is not defined; using %q, which differs only in case", parent, matches[0])
		return matches[0], false
	}
	x.note(loc, "parent resource %q is not defined in this file: Owner names it as an external owner, a resource this service does not generate (created by other means)", parent)
	return parent, true
}

func (x *loader) note(loc model.Location, format string, args ...any) {
	x.notes = append(x.notes, Note{At: loc, Message: fmt.Sprintf(format, args...)})
}

func (x *loader) errf(d *doc, ptr, format string, args ...any) error {
	return model.Errorf(model.Location{File: d.file, Pointer: ptr}, format, args...)
}

// at names a schema node: the file relative to the root, # and the pointer.
// It is both the node's key and the Source of what is made from it.
func at(d *doc, ptr string) string {
	return d.src + "#" + ptr
}

// describe returns a schema's description, or that of its only described
// oneOf branch.
func describe(n map[string]any) string {
	if s, ok := n["description"].(string); ok && s != "" {
		return s
	}
	branches, _ := n["oneOf"].([]any)
	for _, b := range branches {
		if bn, ok := b.(map[string]any); ok {
			if s, ok := bn["description"].(string); ok && s != "" {
				return s
			}
		}
	}
	return ""
}
