// Package armschema loads Azure ARM deployment JSON schemas (JSON Schema
// draft-04, one file per provider and API version, laid out as
// <root>/<api-version>/<Provider>.json with <root>/common/definitions.json)
// into the generator's model. The walk itself is package schemawalk's; this
// package holds what is the format's own: the file layout, the resource
// sections and their scopes, $refs into the file, common/definitions.json or
// another provider file of the root, the template-expression alternative of a
// oneOf, unions from oneOf and anyOf, and resources made of variants.
//
// Every problem in the input is an error naming the file and the JSON pointer
// of the offending schema node. Things the model cannot express but that do
// not stop loading (a recursive type, extra keys beside declared properties, a
// child resource whose parent is missing) are returned as notes.
package armschema

import (
	"path/filepath"
	"regexp"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// schemaURL is the address of the schema root the schemas use in $refs.
const schemaURL = "https://schema.management.azure.com/schemas/"

// commonURL is the address the schemas use for common/definitions.json.
const commonURL = schemaURL + "common/definitions.json"

// providerRel matches the path of a provider file relative to the root:
// <api-version>/<Provider>.json.
var providerRel = regexp.MustCompile(`^[0-9A-Za-z-]+/[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*\.json$`)

// commonRel is where common/definitions.json is, relative to the root.
const commonRel = "common/definitions.json"

// Note is something the loader had to approximate, at the schema node it
// concerns.
type Note = schemawalk.Note

// Loader loads the provider files under one root, reading the root's
// common/definitions.json once. It is safe for concurrent use.
type Loader struct {
	files *schemawalk.Files
}

// NewLoader returns a Loader for the schemas under root, the directory that
// holds common/.
func NewLoader(root string) *Loader {
	return &Loader{files: schemawalk.NewFiles(root)}
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
	f, err := l.files.Load(path, parser(append(sectionKeys(), "definitions")...))
	if err != nil {
		return nil, nil, err
	}
	x := &loader{l: l, file: f}
	x.Walker = schemawalk.New(x, rules(x), &model.APIVersion{
		Version:  filepath.Base(filepath.Dir(path)),
		Provider: strings.TrimSuffix(filepath.Base(path), ".json"),
		Objects:  map[string]*model.Object{},
		Enums:    map[string]*model.Enum{},
		Source:   f.Rel,
	})
	if err := x.load(); err != nil {
		return nil, nil, err
	}
	jsonfile.Prune(x.Out)
	return x.Out, x.Notes(), nil
}

// Files returns every file read so far, relative to the root, sorted: the
// provider files and common/definitions.json if a schema needed it (a
// reference to the template expression alone is recognised without reading
// the file).
func (l *Loader) Files() []string { return l.files.Read() }

// schemaFile returns the parsed file at rel, relative to the root, which a
// $ref of another file points at: common/definitions.json, or a provider
// file (which may hold resource sections too).
func (l *Loader) schemaFile(rel string) (*schemawalk.File, error) {
	keys := []string{"definitions"}
	if rel != commonRel {
		keys = append(keys, sectionKeys()...)
	}
	f, _, err := l.files.Get(rel, parser(keys...))
	return f, err
}

// parser parses a schema file whose top-level keys are those that carry no
// shape and the given sections, and whose definitions are an object.
func parser(sections ...string) schemawalk.Parse {
	known := map[string]bool{"id": true, "$schema": true, "title": true, "description": true}
	for _, s := range sections {
		known[s] = true
	}
	return func(path, rel string, data []byte) (*schemawalk.File, error) {
		return schemawalk.ParseObject(path, rel, data, func(k string) bool { return known[k] }, "", "definitions")
	}
}

// loader holds the state of loading one provider file: the walker, and the
// format's parts it calls (schema.go).
type loader struct {
	*schemawalk.Walker
	l      *Loader
	file   *schemawalk.File
	common *schemawalk.File // common/definitions.json, once a $ref needed it
}

func (x *loader) load() error {
	defs, err := x.file.Definitions()
	if err != nil {
		return err
	}
	x.Reserve(defs, nil) // synthesized names never take a definition's
	all, err := x.entries(x.file.Top)
	if err != nil {
		return err
	}
	keys := jsonfile.SortedKeys(all)
	for _, k := range keys {
		x.Name(specLabel(all[k]), schemawalk.Spec)
	}
	for _, k := range keys {
		r, err := x.resource(all[k], all)
		if err != nil {
			return err
		}
		x.Out.Resources = append(x.Out.Resources, r)
	}
	return nil
}

// specLabel names a resource's spec.
func specLabel(e *entry) schemawalk.Label {
	return schemawalk.Label{Want: naming.SpecObject(e.name), Key: "resource " + e.name}
}

// resource converts one resource entry.
func (x *loader) resource(e *entry, all map[string]*entry) (*model.Resource, error) {
	n, err := schemawalk.Schema(x.file, e.node, e.ptr)
	if err != nil {
		return nil, err
	}
	m, err := x.Collect(n, "")
	if err != nil {
		return nil, err
	}
	armType, err := x.armType(m, e.ptr)
	if err != nil {
		return nil, err
	}
	s, err := x.spec(n, specLabel(e), m)
	if err != nil {
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
		Spec:          s.T.Name,
		Source:        n.Key(),
	}, nil
}

// armType returns the first value of the enum of the resource's type property.
func (x *loader) armType(m *schemawalk.Members, ptr string) (string, error) {
	decls := m.Decls["type"]
	if len(decls) == 0 {
		return "", schemawalk.Errf(x.file, ptr, "resource has no type property")
	}
	dc := decls[0].Node
	values, _ := dc.N["enum"].([]any)
	if len(values) == 0 {
		return "", schemawalk.Errf(dc.File, dc.Ptr, "expected the type property to be an enum holding the ARM resource type")
	}
	s, ok := values[0].(string)
	if !ok || s == "" {
		return "", schemawalk.Errf(dc.File, dc.Ptr+"/enum/0", "expected the ARM resource type as a string")
	}
	return s, nil
}

// specMembers turns a resource's members into its spec's: apiVersion, type
// and resources (child resources are resources of their own) go, name becomes
// the optional azureName. Required properties the resource does not declare
// (old files require location without declaring it) are noted and ignored.
func (x *loader) specMembers(m *schemawalk.Members) error {
	for _, p := range []string{"apiVersion", "type", "resources", "name"} {
		delete(m.Required, p)
	}
	for _, r := range jsonfile.SortedKeys(m.Required) {
		if _, ok := m.Decls[r]; !ok {
			rq := m.Required[r]
			x.Note(rq.File, rq.Ptr+"/required", "required property %q is not declared: ignored", r)
			delete(m.Required, r)
		}
	}
	for _, p := range []string{"apiVersion", "type", "resources"} {
		delete(m.Decls, p)
	}
	decls, ok := m.Decls["name"]
	if !ok {
		return nil
	}
	if clash, ok := m.Decls[naming.AzureNameJSON]; ok {
		return schemawalk.Errf(clash[0].Node.File, clash[0].Node.Ptr, "property %q is reserved in a resource: the resource's name property becomes the spec's %s",
			naming.AzureNameJSON, naming.AzureNameJSON)
	}
	m.Decls[naming.AzureNameJSON] = decls
	delete(m.Decls, "name")
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
	if p, ok := all[schemawalk.ScopedName(e.scope, parent)]; ok && p.scope == e.scope {
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
	if len(matches) == 1 {
		x.Note(x.file, e.ptr, "parent resource %q is not defined; using %q, which differs only in case", parent, matches[0])
		return matches[0], false
	}
	x.Note(x.file, e.ptr, "parent resource %q is not defined in this file: Owner names it as an external owner, a resource this service does not generate (created by other means)", parent)
	return parent, true
}
