package naming

import (
	"strconv"
	"strings"
)

// Namespace is one scope of names: the identifiers a Go package declares, or
// the type names a schema file's loader hands out. Each name has one holder,
// known by a key (a schema name, file#pointer, or what generated code declares
// it). Type names are unique ignoring case (conversions match types across
// versions by their lower-cased names); other identifiers, such as enum
// constants, are as Go compares them, exactly.
type Namespace struct {
	folded map[string]holder // lower-cased type name -> holder
	exact  map[string]holder // every identifier -> holder
	byKey  map[string]string // key -> the name it holds
}

type holder struct{ key, source string }

// NewNamespace returns an empty namespace.
func NewNamespace() *Namespace {
	return &Namespace{folded: map[string]holder{}, exact: map[string]holder{}, byKey: map[string]string{}}
}

// Suffix is how a name that is taken is changed, the n-th time, for n from
// First on: Sep and n are appended ("_1", or "2").
type Suffix struct {
	Sep   string
	First int
}

// The suffixes in use: types (a compat package's clones included) and fields
// take the first free _1, _2, ...; enum constants _2, _3, ... (the second
// constant of a name is the _2); the names the loader synthesizes 2, 3, ...
var (
	Underscore = Suffix{"_", 1}
	Second     = Suffix{"_", 2}
	Counted    = Suffix{"", 2}
)

func (s Suffix) apply(name string, n int) string {
	return name + s.Sep + strconv.Itoa(n)
}

// ClaimType gives the type name to key (declared at source), unless another
// key holds it or a name equal to it ignoring case; it reports whether it did.
func (n *Namespace) ClaimType(name, key, source string) bool {
	if h, ok := n.folded[strings.ToLower(name)]; ok && h.key != key {
		return false
	}
	if h, ok := n.exact[name]; ok && h.key != key {
		return false
	}
	n.folded[strings.ToLower(name)] = holder{key, source}
	n.record(name, key, source)
	return true
}

// Claim gives the identifier name (not a type) to key, unless another key
// holds exactly that name; it reports whether it did.
func (n *Namespace) Claim(name, key, source string) bool {
	if h, ok := n.exact[name]; ok && h.key != key {
		return false
	}
	n.record(name, key, source)
	return true
}

func (n *Namespace) record(name, key, source string) {
	n.exact[name] = holder{key, source}
	n.byKey[key] = name
}

// TakeType returns the type name of key: the one it holds, else want, else the
// first free suffixed want.
func (n *Namespace) TakeType(want, key, source string, suffix Suffix) string {
	return n.take(want, key, source, suffix, n.ClaimType)
}

// Take is TakeType for identifiers that are not types.
func (n *Namespace) Take(want, key, source string, suffix Suffix) string {
	return n.take(want, key, source, suffix, n.Claim)
}

func (n *Namespace) take(want, key, source string, suffix Suffix, claim func(name, key, source string) bool) string {
	if name, ok := n.byKey[key]; ok {
		return name
	}
	name := want
	for i := suffix.First; !claim(name, key, source); i++ {
		name = suffix.apply(want, i)
	}
	return name
}

// Name returns the name key holds.
func (n *Namespace) Name(key string) (string, bool) {
	name, ok := n.byKey[key]
	return name, ok
}

// Holder returns the key holding name (ignoring case for a type name) and
// where it was declared, or ok false.
func (n *Namespace) Holder(name string) (key, source string, ok bool) {
	h, ok := n.exact[name]
	if !ok {
		h, ok = n.folded[strings.ToLower(name)]
	}
	return h.key, h.source, ok
}
