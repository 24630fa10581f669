package armschema

import (
	"github.com/armhub/armhub/generator/internal/naming"
)

// names hands out type names, unique within an API version ignoring case
// (Go type names derived from them must not clash), from a namespace of the
// naming authority. Each schema node, known by its key (source#pointer), gets
// one name however often it is reached.
type names struct {
	ns *naming.Namespace
}

func newNames() *names {
	return &names{ns: naming.NewNamespace()}
}

// holder returns the name that holds name, ignoring case, or "".
func (n *names) holder(name string) string {
	key, _, _ := n.ns.Holder(name)
	held, _ := n.ns.Name(key)
	return held
}

// alloc returns the name of key, giving it want, or want2, want3... if want
// is taken.
func (n *names) alloc(want, key string) string {
	return n.ns.TakeType(want, key, key, naming.Counted)
}

// definition returns the name of the definition k (at key): k, or the first
// free k_1, k_2, ... when a definition earlier in byte order has k in
// another case.
func (n *names) definition(k, key string) string {
	return n.ns.TakeType(k, key, key, naming.Underscore)
}
