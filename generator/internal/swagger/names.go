package swagger

import (
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/naming"
)

// names hands out type names, unique within an API version ignoring case (Go
// type names derived from them must not clash), from a namespace of the naming
// authority, as armschema's do. Each key (what a name is for: a definition, an
// enum, a node) gets one name however often it asks.
type names struct {
	ns *naming.Namespace
}

func newNames() *names {
	return &names{ns: naming.NewNamespace()}
}

// reserve claims name for key. It reports false if another key holds the name,
// ignoring case.
func (n *names) reserve(name, key string) bool {
	return n.ns.ClaimType(name, key, key)
}

// alloc returns the name of key: the one it has, or want, or the first free
// of want_1, want_2, ...
func (n *names) alloc(want, key string) string {
	return n.ns.TakeType(want, key, key, naming.Underscore)
}

// holder returns the name that holds name, ignoring case.
func (n *names) holder(name string) string {
	key, _, _ := n.ns.Holder(name)
	held, _ := n.ns.Name(key)
	return held
}

// mode says which shape of a schema is being converted.
type mode int

const (
	specMode   mode = iota // what a client writes: read-only properties left out
	statusMode             // what the service returns: every property optional, no secrets
)

// label is what a type is named if a schema node makes an object or enum of its
// own: want is the name sought in spec mode, key what the name is held for.
// Status mode's name is the spec name followed by _Status. def marks a
// definition, whose renaming is noted.
type label struct {
	want string
	key  string
	def  *node
}

// nameOf returns the name of l's type in mode m, noting a definition that
// cannot have its own name.
func (x *loader) nameOf(l label, m mode) string {
	name := x.names.alloc(l.want, l.key)
	if name != l.want && l.def != nil && !x.renamed[l.key] {
		x.renamed[l.key] = true
		x.note(l.def.d, l.def.ptr, "definition %q has the name of %s (names are compared ignoring case): its type is named %q",
			l.want, x.describeHolder(l.want), name)
	}
	if m == specMode {
		return name
	}
	return x.names.alloc(name+"_Status", l.key+"|status")
}

// describeHolder says what holds a name, for notes.
func (x *loader) describeHolder(name string) string {
	key, _, _ := x.names.ns.Holder(name)
	if at, ok := strings.CutPrefix(key, "def "); ok {
		return "the definition at " + at
	}
	if e := x.out.Enums[x.names.holder(name)]; e != nil && strings.HasPrefix(key, "enum ") {
		return "the enum declared at " + e.Source
	}
	return strconv.Quote(x.names.holder(name))
}

// defLabel is the label of a definition: its name, held for the definition.
func defLabel(nd node) label {
	return label{want: defName(nd.ptr), key: "def " + nd.key(), def: &nd}
}

// defName returns the name of the definition at ptr (/definitions/<name>).
func defName(ptr string) string {
	return jsonfile.Unescape(strings.TrimPrefix(ptr, "/definitions/"))
}
