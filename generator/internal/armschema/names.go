package armschema

import (
	"strconv"
	"strings"
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
