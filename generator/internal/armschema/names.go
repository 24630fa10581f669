package armschema

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/armhub/armhub/generator/internal/model"
)

// names hands out type names, unique within an API version ignoring case
// (Go type names derived from them must not clash). Each schema node, known
// by its key (source#pointer), gets one name however often it is reached.
type names struct {
	owner map[string]string // lower-case name -> key of the node owning it
	byKey map[string]string // key -> name
}

func newNames() *names {
	return &names{owner: map[string]string{}, byKey: map[string]string{}}
}

// reserve claims name for key. It reports false if the name is taken, ignoring
// case, by another key.
func (n *names) reserve(name, key string) bool {
	if k, ok := n.owner[strings.ToLower(name)]; ok && k != key {
		return false
	}
	n.owner[strings.ToLower(name)] = key
	n.byKey[key] = name
	return true
}

// holder returns the name that holds name, ignoring case, or "".
func (n *names) holder(name string) string {
	return n.byKey[n.owner[strings.ToLower(name)]]
}

// alloc returns the name of key, giving it want, or want2, want3... if want
// is taken.
func (n *names) alloc(want, key string) string {
	if name, ok := n.byKey[key]; ok {
		return name
	}
	name := want
	for i := 2; !n.reserve(name, key); i++ {
		name = want + strconv.Itoa(i)
	}
	return name
}

// lowerCamel lowers the leading capital of name, or the leading run of
// capitals of an acronym: "NamedScheme" -> "namedScheme", "VMSSExtension" ->
// "vmssExtension", "ABC" -> "abc".
func lowerCamel(name string) string {
	runes := []rune(name)
	n := 0
	for n < len(runes) && unicode.IsUpper(runes[n]) {
		n++
	}
	if n > 1 && n < len(runes) && unicode.IsLower(runes[n]) {
		n-- // keep the capital that starts the next word
	}
	for i := 0; i < n; i++ {
		runes[i] = unicode.ToLower(runes[i])
	}
	return string(runes)
}

// typeString describes a type for comparisons and messages.
func typeString(t *model.Type) string {
	switch t.Kind {
	case model.KindPrimitive:
		if t.Format != "" {
			return t.Primitive + "(" + t.Format + ")"
		}
		return t.Primitive
	case model.KindEnum:
		return "enum " + t.Name
	case model.KindObject:
		return "object " + t.Name
	case model.KindArray:
		return "[]" + typeString(t.Elem)
	case model.KindMap:
		return "map[string]" + typeString(t.Elem)
	}
	return "any"
}
