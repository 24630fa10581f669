// Package schemawalk is the schema walker the input formats share: it turns
// the JSON schemas of one API version (deployment schemas, Swagger 2.0) into
// the generator's model. It owns what the formats have in common: the walk
// with its memo, stack and cycle rule, object members and allOf, properties
// declared more than once, leaf types (arrays, primitives, validations,
// enums), maps, unions, type names and their one clash rule, resource names
// by scope, notes and located errors.
//
// A format (package armschema, package swagger) provides only its own parts,
// through Format: which keywords it reads, how a $ref is followed, what a
// schema node that is not a $ref is (its dispatch), the description of a
// declaration, which properties a mode leaves out, and the unions it knows
// (a deployment schema's oneOf, Swagger's discriminator). A third format adds
// a package of those parts and nothing here.
//
// Names: a name the schema gives (a definition, an x-ms-enum name) that is
// taken, ignoring case, becomes the first free name_1, name_2, ...
// (naming.Underscore); a name the walker composes (an inline type
// Owner_property, a union's alternative, a _Status variant) becomes name2,
// name3, ... (naming.Counted). Either way the result is noted where it
// matters and never depends on map order.
package schemawalk

import (
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// File is one parsed input file.
type File struct {
	Path string         // the path, for errors and notes
	Rel  string         // the path relative to the root, slash-separated: keys and Source fields
	Top  map[string]any // its top-level object
}

// Section returns the top-level object under key, nil if there is none. The
// format checks its sections' form when it reads the file.
func (f *File) Section(key string) map[string]any {
	m, _ := f.Top[key].(map[string]any)
	return m
}

// Definitions returns the file's definitions as schema nodes, in name order.
func (f *File) Definitions() ([]Node, error) {
	defs := f.Section("definitions")
	var out []Node
	for _, k := range jsonfile.SortedKeys(defs) {
		n, err := Schema(f, defs[k], "/definitions/"+jsonfile.Escape(k))
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// Target returns what the $ref ref of the node at f#ptr points at in file
// t (f itself for a local $ref): #/<section>/<name>, a what (such as
// definition) of that section, and its name.
func Target(f *File, ptr, ref string, t *File, section, what string) (Node, string, error) {
	name, ok := RefName(ref, section)
	if !ok {
		return Node{}, "", Errf(f, ptr, "$ref %q must point at #/%s/<name>", ref, section)
	}
	v, ok := t.Section(section)[name]
	if !ok {
		return Node{}, "", Errf(f, ptr, "dangling $ref %q: %s has no %s %q", ref, t.Rel, what, name)
	}
	n, err := Object(t, v, "/"+section+"/"+jsonfile.Escape(name), "a "+what)
	return n, name, err
}

// RefName returns the name the $ref ref points at in section
// (#/<section>/<name>, of whichever file), and whether it has that form.
func RefName(ref, section string) (string, bool) {
	_, frag, _ := strings.Cut(ref, "#")
	name, ok := strings.CutPrefix(frag, "/"+section+"/")
	if !ok || name == "" || strings.Contains(name, "/") {
		return "", false
	}
	return jsonfile.Unescape(name), true
}

// Node is a JSON object of a file: a schema, a parameter, an operation.
type Node struct {
	File *File
	Ptr  string
	N    map[string]any
}

// Key names the node: the file relative to the root, # and the pointer. It is
// also the Source of what is made from the node.
func (n Node) Key() string { return n.File.Rel + "#" + n.Ptr }

// Object returns v, at f#ptr, as a node, or an error saying it is not what was
// expected (what, such as "a schema").
func Object(f *File, v any, ptr, what string) (Node, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return Node{}, Errf(f, ptr, "expected %s object, found %s", what, jsonfile.Kind(v))
	}
	return Node{File: f, Ptr: ptr, N: m}, nil
}

// Child returns n's member key as a node (what, such as "a schema", names it
// in errors), or the error missing at n when n has none.
func Child(n Node, key, what, missing string) (Node, error) {
	v, ok := n.N[key]
	if !ok {
		return Node{}, Errf(n.File, n.Ptr, "%s", missing)
	}
	return Object(n.File, v, n.Ptr+"/"+jsonfile.Escape(key), what)
}

// Schema returns v, at f#ptr, as a schema node.
func Schema(f *File, v any, ptr string) (Node, error) {
	return Object(f, v, ptr, "a schema")
}

// Errf returns an error at f#ptr.
func Errf(f *File, ptr, format string, args ...any) error {
	return model.Errorf(model.Location{File: f.Path, Pointer: ptr}, format, args...)
}

// Note is something a loader approximated or left out, at the node it
// concerns.
type Note struct {
	At      model.Location
	Message string
}

func (n Note) String() string {
	return fmt.Sprintf("%s: %s", n.At, n.Message)
}

// Mode says which shape of a schema is being converted.
type Mode int

// The modes. A deployment schema has only the spec.
const (
	Spec   Mode = iota // what a client writes: read-only properties left out
	Status             // what the service returns: every property optional, no secrets
)

// Shape is what a schema node converts to in one mode: a type, the
// validations a property of that type carries, and, in spec mode, whether it
// is an object none of whose properties a client writes.
type Shape struct {
	T     *model.Type
	V     model.Validation
	Empty bool
}

// anyShape is the shape of any JSON value.
func anyShape() Shape { return Shape{T: &model.Type{Kind: model.KindAny}} }

// Format is what an input format provides the walker.
type Format interface {
	// Keywords checks the form of the keywords of the schema n that are the
	// format's own (extensions, say); the walker has checked that every
	// keyword is one the rules read.
	Keywords(n Node) error
	// Follow returns the schema the $ref schema n points at, and the label
	// its type is named by.
	Follow(n Node) (Node, Label, error)
	// Compute converts a schema node that is not a $ref, calling the
	// walker's Object, Array, Primitive, Enum... as its keywords say.
	Compute(n Node, m Mode, l Label) (Shape, error)
	// Describe returns the description of a property declared at n.
	Describe(n Node) string
	// Omit reports whether mode m leaves out the property declared first at
	// d, before its type is converted (read-only in a spec).
	Omit(d Decl, m Mode) (bool, error)
	// Secret reports whether the property declared first at d, of type t,
	// holds a secret (left out of a status).
	Secret(d Decl, t *model.Type) bool
	// Property finishes a property p of the object at n made of mem (a
	// derived definition's discriminator, say).
	Property(n Node, mem *Members, owner string, p *model.Property, m Mode) error
}

// Walker converts the schema nodes of one API version.
type Walker struct {
	Out        *model.APIVersion
	rules      Rules
	known      map[string]bool // the keywords the rules read
	format     Format
	names      names
	memo       map[string]Shape    // converted nodes by key and mode
	stack      []frame             // nodes being converted, innermost last
	collecting []string            // keys of the object schemas whose members are being collected
	members    map[string]*Members // collected members by key and owner
	notes      []Note
	noted      map[string]bool
	resources  map[string]held // resources by lower-case name
}

// frame is an entry of the conversion stack: a node being converted, or an
// edge (a property, array item, map value or union alternative) between
// nodes.
type frame struct {
	n    Node
	key  string
	edge bool
}

// New returns a walker that fills out, reading schemas by the rules and parts
// of a format.
func New(f Format, rules Rules, out *model.APIVersion) *Walker {
	return &Walker{
		Out: out, rules: rules, known: knownKeys(rules), format: f, names: newNames(),
		memo: map[string]Shape{}, members: map[string]*Members{}, noted: map[string]bool{}, resources: map[string]held{},
	}
}

// Notes returns the notes so far, in the order they were made.
func (w *Walker) Notes() []Note { return w.notes }

// Note records a note at f#ptr, once.
func (w *Walker) Note(f *File, ptr, format string, args ...any) {
	n := Note{At: model.Location{File: f.Path, Pointer: ptr}, Message: fmt.Sprintf(format, args...)}
	if s := n.String(); !w.noted[s] {
		w.noted[s] = true
		w.notes = append(w.notes, n)
	}
}

// TypeOf converts a schema node in mode m; l names its type if it makes an
// object or enum. Results are kept by node and mode, so a node converts once
// however often it is reached.
func (w *Walker) TypeOf(n Node, m Mode, l Label) (Shape, error) {
	key := n.Key()
	if m == Status {
		key += "|status"
	}
	if s, ok := w.memo[key]; ok {
		return s, nil
	}
	for i, f := range w.stack {
		if f.key == key {
			return w.cycle(n, i)
		}
	}
	w.stack = append(w.stack, frame{n: n, key: key})
	s, err := w.compute(n, m, l)
	w.stack = w.stack[:len(w.stack)-1]
	if err != nil {
		return Shape{}, err
	}
	w.memo[key] = s
	return s, nil
}

func (w *Walker) compute(n Node, m Mode, l Label) (Shape, error) {
	if err := w.CheckKeywords(n); err != nil {
		return Shape{}, err
	}
	if _, ok := n.N["$ref"]; ok {
		t, tl, err := w.format.Follow(n)
		if err != nil {
			return Shape{}, err
		}
		return w.TypeOf(t, m, tl)
	}
	return w.format.Compute(n, m, l)
}

// EdgeType converts a node reached through a property, array item, map value
// or union alternative: the edges a recursive type goes through.
func (w *Walker) EdgeType(n Node, m Mode, l Label) (Shape, error) {
	return w.Edge(func() (Shape, error) { return w.TypeOf(n, m, l) })
}

// cycle handles reaching a node being converted, w.stack[i]. Through an edge
// the type contains itself, which a structural CRD schema cannot say: the
// reference becomes any, noted. Without one it is a cycle of $refs.
func (w *Walker) cycle(n Node, i int) (Shape, error) {
	var path []string
	for _, f := range w.stack[i:] {
		if f.edge {
			from := w.stack[len(w.stack)-1].n
			w.Note(from.File, from.Ptr, "recursive reference to %s: typed as any, as a structural schema cannot contain itself", n.Key())
			return anyShape(), nil
		}
		path = append(path, f.n.Ptr)
	}
	return Shape{}, Errf(n.File, n.Ptr, "$ref cycle with no type in between: %s", strings.Join(append(path, n.Ptr), " -> "))
}

// Edge runs convert as if through an edge: a node it reaches that is being
// converted is a recursive type, not a cycle of $refs.
func (w *Walker) Edge(convert func() (Shape, error)) (Shape, error) {
	w.stack = append(w.stack, frame{edge: true})
	defer func() { w.stack = w.stack[:len(w.stack)-1] }()
	return convert()
}
