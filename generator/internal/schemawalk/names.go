package schemawalk

import (
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// names hands out type names, unique within an API version ignoring case (Go
// type names derived from them must not clash), from a namespace of the
// naming authority. Each key (what a name is for: a definition, an enum, a
// node) gets one name however often it asks.
type names struct {
	ns      *naming.Namespace
	renamed map[string]bool // keys whose renaming was noted
}

func newNames() names {
	return names{ns: naming.NewNamespace(), renamed: map[string]bool{}}
}

// Label is what a type is named if a schema node makes an object or enum of
// its own: Want is the name sought in spec mode, Key what the name is held
// for (a definition's key starts "def ", an inline node's "node "). Status
// mode's name is the spec name followed by _Status. Def marks a definition:
// a name the schema gives, whose renaming is noted.
type Label struct {
	Want string
	Key  string
	Def  *Node
}

// DefLabel is the label of a definition: its name, held for it.
func DefLabel(n Node) Label {
	return Label{Want: DefName(n.Ptr), Key: "def " + n.Key(), Def: &n}
}

// NodeLabel is the label of an inline node named want.
func NodeLabel(want string, n Node) Label {
	return Label{Want: want, Key: "node " + n.Key()}
}

// DefName returns the name of the definition at ptr (/definitions/<name>).
func DefName(ptr string) string {
	return jsonfile.Unescape(strings.TrimPrefix(ptr, "/definitions/"))
}

// Given returns the name of key, a name the schema gives: want, or the first
// free want_1, want_2, ...
func (w *Walker) Given(want, key string) string {
	return w.names.ns.TakeType(want, key, key, naming.Underscore)
}

// Composed returns the name of key, a name the walker composes: want, or the
// first free want2, want3, ...
func (w *Walker) Composed(want, key string) string {
	return w.names.ns.TakeType(want, key, key, naming.Counted)
}

// Reserve gives the definitions at nodes (sorted by name) their own names
// first, so that no other type takes them; skip leaves one out (it is named
// when reached). Of names differing only in case the first keeps its name and
// the others get the first free _1, _2, ..., noted.
func (w *Walker) Reserve(defs []Node, skip func(Node) bool) {
	for _, n := range defs {
		if skip != nil && skip(n) {
			continue
		}
		l := DefLabel(n)
		if name := w.Given(l.Want, l.Key); name != l.Want {
			w.NoteRenamed(l.Key, n, "definition %q differs only in case from %s: its type is named %q", l.Want, w.Holder(l.Want), name)
		}
	}
}

// Name returns the name of l's type in mode m: a definition's or a schema
// given name by Given (its renaming noted), else by Composed.
func (w *Walker) Name(l Label, m Mode) string {
	var name string
	if l.Def == nil {
		name = w.Composed(l.Want, l.Key)
	} else if name = w.Given(l.Want, l.Key); name != l.Want {
		w.NoteRenamed(l.Key, *l.Def, "definition %q has the name of %s (names are compared ignoring case): its type is named %q",
			l.Want, w.Holder(l.Want), name)
	}
	if m == Spec {
		return name
	}
	return w.Composed(name+"_Status", l.Key+"|status")
}

// NoteRenamed notes, once per key, that a name the schema gives (what) is
// held by another type.
func (w *Walker) NoteRenamed(key string, n Node, format string, args ...any) {
	if !w.names.renamed[key] {
		w.names.renamed[key] = true
		w.Note(n.File, n.Ptr, format, args...)
	}
}

// Holder says what holds a name, for notes: the definition at its place, the
// enum declared at its place, or the name quoted.
func (w *Walker) Holder(name string) string {
	key, _, _ := w.names.ns.Holder(name)
	held, _ := w.names.ns.Name(key)
	if at, ok := strings.CutPrefix(key, "def "); ok {
		return "the definition at " + at
	}
	if e := w.Out.Enums[held]; e != nil && strings.HasPrefix(key, "enum ") {
		return "the enum declared at " + e.Source
	}
	return strconv.Quote(held)
}

// ResourceName returns the name of a resource of scope declared at n: name,
// or, when a resource named before it has that name (ignoring case), the
// scoped name, noted. A name a resource of the same scope has, or one still
// taken when scoped, is an error. Formats name resources in their order of
// scopes (resource group, subscription, management group, tenant, extension),
// so the first keeps the name.
func (w *Walker) ResourceName(name string, scope model.Scope, n Node) (string, error) {
	if other, ok := w.resources[strings.ToLower(name)]; ok {
		if other.scope == scope {
			return "", Errf(n.File, n.Ptr, "resource %q is also the resource of %s (names are compared ignoring case): expected one resource per type and scope", name, other.n.Key())
		}
		scoped := ScopedName(scope, name)
		w.Note(n.File, n.Ptr, "resource %q is also at %s: this %s-scoped one is named %q", name, other.n.Key(), scope, scoped)
		name = scoped
	}
	if other, ok := w.resources[strings.ToLower(name)]; ok {
		return "", Errf(n.File, n.Ptr, "resource named %q clashes with the resource of %s (names are compared ignoring case)", name, other.n.Key())
	}
	w.resources[strings.ToLower(name)] = held{n, scope}
	return name, nil
}

// held is a resource that holds a name.
type held struct {
	n     Node
	scope model.Scope
}

// ScopedName is the name a resource of scope gets when a resource of an
// earlier section or scope has its name (ignoring case): deployments at the
// subscription scope is subscriptionDeployments.
func ScopedName(scope model.Scope, name string) string {
	if name == "" {
		return string(scope)
	}
	return string(scope) + strings.ToUpper(name[:1]) + name[1:]
}
