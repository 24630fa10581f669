package conversion

import (
	"fmt"
	"slices"
	"sort"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// Direction says which way a composed conversion goes.
type Direction int

// The directions. A composed conversion is hosted by its earlier struct, Near.
const (
	ToFar   Direction = iota // from Near (earlier) to Far (later, the hub at the top)
	FromFar                  // from Far to Near
)

// Composed is the conversion between a storage struct Near and a storage struct
// Far of a later version in one step: the result the chain of adjacent links
// between them (Steps, oldest first) gives, without the objects in between.
// Each property's course along the chain is simulated once, here: Ops say what
// to do, in an order that gives the chain's result (each property's operations
// in the order the steps do them; those of different properties touch
// different bag keys).
//
// Hooked is set when hand-written code augments a step of the chain: then the
// conversion goes through the steps, Ops is empty.
type Composed struct {
	Near, Far End
	Direction Direction
	Steps     []*Link
	Ops       []*Op
	Hooked    bool
	Name      string // what tells it apart from the other composed conversions Near hosts
}

// OpKind says what one operation of a composed conversion does.
type OpKind int

// The operations.
const (
	Set  OpKind = iota // the destination's field Target gets Value
	Keep               // Value, as its field At has it, goes into the bag under Key (or the entry goes, when unset)
	Pull               // the bag's entry Key is taken out, decoded as Into (a new local, Value.Local)
	Move               // a Keep and the Pull of its entry in one: Value.Local gets From itself, Key leaves the bag
)

// Op is one operation of a composed conversion.
type Op struct {
	Kind   OpKind
	Key    string
	Value  Value
	Target *golang.Field // Set: the destination's field
	At     Value         // Keep: the field (and version) whose shape the bag gets
	Plan   *FieldPlan    // Keep, Pull: the step's plan, for its compat shape
	Step   *Link         // Keep, Pull: the step it happens at
	From   Value         // Move: the value the Keep had
}

// Value is where a property's value is during a composed conversion: a field of
// the source (Local 0) or a local that a Pull filled, and the field of each
// version it went through by assignment since (Trail: the last is where it
// is now).
type Value struct {
	Local int
	first *trail
	at    *trail
}

// trail is one field a value went through, linked to the one before: values
// moving along a chain of n versions share their past instead of copying it n
// times. Composed conversions keep millions of them in the largest providers,
// hence the narrow integers.
type trail struct {
	field   *golang.Field
	prev    *trail
	version int32
	len     int32
}

// valueAt returns the value of local that starts in field f of version i.
func valueAt(local int, f *golang.Field, i VersionIndex) Value {
	t := &trail{field: f, version: int32(i), len: 1}
	return Value{Local: local, first: t, at: t}
}

// Field returns the field the value is in now.
func (v Value) Field() *golang.Field { return v.at.field }

// Version returns the version the value is in now.
func (v Value) Version() VersionIndex { return VersionIndex(v.at.version) }

// First returns the field the value started in.
func (v Value) First() *golang.Field { return v.first.field }

// FirstVersion returns the version the value started in.
func (v Value) FirstVersion() VersionIndex { return VersionIndex(v.first.version) }

// Len returns how many fields the value went through, counting its first.
func (v Value) Len() int { return int(v.at.len) }

// Trail returns the fields the value went through, the first first, and
// the version of each.
func (v Value) Trail() ([]*golang.Field, []VersionIndex) {
	fields, versions := make([]*golang.Field, v.at.len), make([]VersionIndex, v.at.len)
	for t := v.at; t != nil; t = t.prev {
		fields[t.len-1], versions[t.len-1] = t.field, VersionIndex(t.version)
	}
	return fields, versions
}

func (v Value) then(f *golang.Field, i VersionIndex) Value {
	return Value{Local: v.Local, first: v.first, at: &trail{field: f, version: int32(i), prev: v.at, len: v.at.len + 1}}
}

// ComposedGraph is a Graph with the conversions composed over it, which Compose
// makes. The Graph is shared, not changed: what composing finds is here.
type ComposedGraph struct {
	*Graph
	Composed     []*Composed                                // the conversions straight to the hub and back
	Augmented    Augmented                                  // the structs whose conversions hand-written code augments
	direct       map[directKey]*Composed                    // the composed conversions of more than one step
	composedBy   map[VersionIndex][]*Composed               // storage version -> the composed conversions it hosts
	twins        map[twinKey]*Composed                      // every composed conversion a spoke twins (twin.go)
	spokeStructs map[VersionIndex]map[string]*golang.Struct // twinned version -> its spoke's structs by name
}

// Compose plans the composed conversions of every resource of g: for each
// storage version before its kind's hub, its spec and status to the hub and
// back, and every nested conversion those need. A conversion with a step whose
// host struct is augmented goes through its steps (Composed.Hooked).
func Compose(g *Graph, augmented Augmented) (*ComposedGraph, error) {
	c := &composer{g: g, augmented: augmented, seen: map[string]*Composed{}, names: map[string]int{}}
	for _, kind := range g.Kinds() {
		if err := c.kind(kind); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(c.all, func(i, j int) bool { return c.all[i].less(c.all[j]) })
	cg := &ComposedGraph{Graph: g, Composed: c.all, Augmented: augmented}
	cg.index()
	cg.findTwins()
	return cg, nil
}

// kind plans the composed conversions of kind's spec and status from each
// storage version before its hub.
func (c *composer) kind(kind string) error {
	chain, hub := c.g.Chains[kind], c.g.Hubs[kind]
	for n, i := range chain {
		if i >= hub {
			break
		}
		versions := chainBetween(chain[n:], hub)
		for _, part := range []func(*golang.Resource) *golang.Struct{
			func(r *golang.Resource) *golang.Struct { return r.Spec },
			func(r *golang.Resource) *golang.Struct { return r.Status },
		} {
			var names []string
			for _, v := range versions {
				names = append(names, part(c.g.Resource(kind, v, layout.Storage)).Name)
			}
			for _, d := range []Direction{ToFar, FromFar} {
				if _, err := c.plan(names, versions, d); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// index finds each composed conversion by its host and by its ends.
func (cg *ComposedGraph) index() {
	cg.direct, cg.composedBy = map[directKey]*Composed{}, map[VersionIndex][]*Composed{}
	for _, comp := range cg.Composed {
		cg.composedBy[comp.Near.Version] = append(cg.composedBy[comp.Near.Version], comp)
		key := directKey{comp.Near.Version, comp.Far.Version, comp.Near.Struct.Name, comp.Far.Struct.Name, comp.Direction}
		if _, taken := cg.direct[key]; !taken && len(comp.Steps) > 1 {
			cg.direct[key] = comp
		}
	}
}

// directKey finds a composed conversion by its ends.
type directKey struct {
	near, far         VersionIndex
	nearName, farName string
	direction         Direction
}

// Direct returns the composed conversion of more than one step between the
// storage struct nearName of version near and farName of version far, in
// direction d.
func (cg *ComposedGraph) Direct(near, far VersionIndex, nearName, farName string, d Direction) (*Composed, bool) {
	comp, ok := cg.direct[directKey{near, far, nearName, farName, d}]
	return comp, ok
}

// ComposedBy returns the composed conversions the storage package of version
// i hosts, in order.
func (cg *ComposedGraph) ComposedBy(i VersionIndex) []*Composed { return cg.composedBy[i] }

// chainBetween returns the versions of chain up to and including hub.
func chainBetween(chain []VersionIndex, hub VersionIndex) []VersionIndex {
	for n, i := range chain {
		if i == hub {
			return chain[:n+1]
		}
	}
	return chain
}

type composer struct {
	g         *Graph
	augmented Augmented
	seen      map[string]*Composed
	all       []*Composed
	names     map[string]int
}

// plan returns the composed conversion of the storage structs named names in
// versions (oldest first, at least two) in direction d, planning it first.
func (c *composer) plan(names []string, versions []VersionIndex, d Direction) (*Composed, error) {
	key := fmt.Sprint(names, versions, d)
	if done, ok := c.seen[key]; ok {
		return done, nil
	}
	steps, err := c.steps(names, versions)
	if err != nil {
		return nil, err
	}
	comp := &Composed{Near: steps[0].Host, Far: steps[len(steps)-1].Other, Direction: d, Steps: steps}
	comp.Name = c.name(comp)
	c.seen[key] = comp
	c.all = append(c.all, comp)
	for _, s := range steps {
		if c.augmented.Has(s.Host.Version, layout.Storage, s.Host.Struct.Name) {
			comp.Hooked = true
			return comp, nil
		}
	}
	if d == ToFar {
		comp.Ops = simulateTo(steps)
	} else {
		comp.Ops = simulateFrom(steps)
	}
	comp.Ops = moves(comp.Ops)
	return comp, c.nested(comp)
}

// name returns the name of the composed conversion among those its near
// struct hosts: the far struct's and its version's, numbered when another
// route between the same two already has it.
func (c *composer) name(comp *Composed) string {
	name := comp.Far.Struct.Name + "_" + c.g.Versions[comp.Far.Version].Spoke.Name
	host := fmt.Sprint(comp.Near.Version, comp.Near.Struct.Name, name, comp.Direction)
	c.names[host]++
	if n := c.names[host]; n > 1 {
		name += fmt.Sprint("_", n)
	}
	return name
}

// steps returns the adjacent links between the storage structs named names in
// versions.
func (c *composer) steps(names []string, versions []VersionIndex) ([]*Link, error) {
	var steps []*Link
	for n := 0; n+1 < len(versions); n++ {
		key := linkKey{versions[n], versions[n+1], layout.Storage, layout.Storage, names[n], names[n+1]}
		link := c.g.linkSet[key]
		if link == nil {
			return nil, fmt.Errorf("internal error: no link of %s in %s with %s in %s", names[n], c.g.apiVersion(versions[n]), names[n+1], c.g.apiVersion(versions[n+1]))
		}
		steps = append(steps, link)
	}
	return steps, nil
}

// simulateTo follows every property of the near struct through steps, oldest
// first, as the To methods of the links move it.
func simulateTo(steps []*Link) []*Op {
	var ops []*Op
	locals := 0
	held := map[*golang.Field]Value{}
	for _, f := range dataFields(steps[0].Host.Struct) {
		held[f] = valueAt(0, f, steps[0].Host.Version)
	}
	for _, step := range steps {
		next := map[*golang.Field]Value{}
		for _, plan := range step.Fields {
			switch {
			case plan.Mode == Assign:
				next[plan.Other] = held[plan.Host].then(plan.Other, step.Other.Version)
			case plan.Host != nil: // the host's field goes into the other's bag
				ops = append(ops, &Op{Kind: Keep, Key: plan.Key, Value: held[plan.Host], At: at(plan.Host, step.Host.Version), Plan: plan, Step: step})
			default: // the other's field comes from the bag
				locals++
				v := valueAt(locals, plan.Other, step.Other.Version)
				ops = append(ops, &Op{Kind: Pull, Key: plan.Key, Value: v, Plan: plan, Step: step})
				next[plan.Other] = v
			}
		}
		held = next
	}
	return append(ops, sets(steps[len(steps)-1].Other.Struct, held)...)
}

// simulateFrom follows every property of the far struct through steps, newest
// first, as the From methods of the links move it.
func simulateFrom(steps []*Link) []*Op {
	var ops []*Op
	locals := 0
	last := steps[len(steps)-1]
	held := map[*golang.Field]Value{}
	for _, f := range dataFields(last.Other.Struct) {
		held[f] = valueAt(0, f, last.Other.Version)
	}
	for n := len(steps) - 1; n >= 0; n-- {
		step := steps[n]
		next := map[*golang.Field]Value{}
		for _, plan := range step.Fields {
			switch {
			case plan.Mode == Assign:
				next[plan.Host] = held[plan.Other].then(plan.Host, step.Host.Version)
			case plan.Host != nil: // the host's field comes from the other's bag
				locals++
				v := valueAt(locals, plan.Host, step.Host.Version)
				ops = append(ops, &Op{Kind: Pull, Key: plan.Key, Value: v, Plan: plan, Step: step})
				next[plan.Host] = v
			default: // the other's field goes into the host's bag
				ops = append(ops, &Op{Kind: Keep, Key: plan.Key, Value: held[plan.Other], At: at(plan.Other, step.Other.Version), Plan: plan, Step: step})
			}
		}
		held = next
	}
	return append(ops, sets(steps[0].Host.Struct, held)...)
}

// moves replaces each Pull of an entry that an earlier Keep of the same
// composed conversion put into the bag by a Move, when the JSON between them
// gives back exactly what went in: the Keep's value and the Pull's field are
// both pointers to strings, booleans or integers, or both maps or slices of the
// same unnamed builtin (for every value JSON can carry; floats are left to
// JSON, which refuses NaN). The Keep goes; the Move removes the entry, as the
// Pull did.
func moves(ops []*Op) []*Op {
	last := map[string]int{} // key -> index of the last operation on it
	drop := map[int]bool{}
	for n, op := range ops {
		if op.Kind != Keep && op.Kind != Pull {
			continue
		}
		if k, ok := last[op.Key]; ok && op.Kind == Pull && movable(ops[k], op) {
			ops[n] = &Op{Kind: Move, Key: op.Key, Value: op.Value, From: ops[k].Value, Plan: op.Plan, Step: op.Step}
			drop[k] = true
		}
		last[op.Key] = n
	}
	kept := ops[:0:0]
	for n, op := range ops {
		if !drop[n] {
			kept = append(kept, op)
		}
	}
	return kept
}

// movable reports whether keep's value, through JSON, comes out of pull
// unchanged.
func movable(keep, pull *Op) bool {
	if keep.Kind != Keep || keep.Plan.Compat != nil || pull.Plan.Compat != nil {
		return false
	}
	return sameJSON(keep.Value.First().Type, pull.Value.Field().Type)
}

// sameJSON reports whether a value of a decodes from its JSON into b exactly.
func sameJSON(a, b *golang.Type) bool {
	scalar := func(t *golang.Type) bool { return t.Kind == model.KindPrimitive || t.Kind == model.KindEnum }
	exact := func(t *golang.Type) bool {
		return scalar(t) && (t.Builtin == "string" || t.Builtin == "bool" || t.Builtin == "int")
	}
	switch {
	case a.Pointer != b.Pointer:
		return false
	case scalar(a) && scalar(b):
		return a.Pointer && exact(a) && a.Builtin == b.Builtin
	case a.Kind != b.Kind || (a.Kind != model.KindArray && a.Kind != model.KindMap):
		return false
	}
	return !a.Pointer && a.Elem != nil && b.Elem != nil && !a.Elem.Pointer && !b.Elem.Pointer &&
		a.Elem.Named == "" && b.Elem.Named == "" && exact(a.Elem) && a.Elem.Builtin == b.Elem.Builtin
}

func at(f *golang.Field, i VersionIndex) Value {
	return valueAt(0, f, i)
}

// sets returns the operations setting each data field of dest from what holds it.
func sets(dest *golang.Struct, held map[*golang.Field]Value) []*Op {
	var ops []*Op
	for _, f := range dataFields(dest) {
		ops = append(ops, &Op{Kind: Set, Value: held[f], Target: f})
	}
	return ops
}

// nested plans the composed conversions that comp's operations need: a
// value moved between two versions that are not adjacent, of a type holding
// structs.
func (c *composer) nested(comp *Composed) error {
	for _, op := range comp.Ops {
		if op.Kind == Pull || op.Kind == Move {
			continue
		}
		if err := c.convertValue(op.Value, comp.Direction); err != nil {
			return err
		}
	}
	return nil
}

// convertValue plans the conversion of the structs inside value, from the
// version it entered its current field at to the version it is at now, when
// the two differ and its type holds structs.
func (c *composer) convertValue(value Value, d Direction) error {
	if value.Len() < 2 || !ContainsObject(value.Field().Type) {
		return nil
	}
	fields, versions := value.Trail()
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = structOf(f.Type)
	}
	if d == FromFar {
		slices.Reverse(names)
		slices.Reverse(versions)
	}
	_, err := c.plan(names, versions, d)
	return err
}

// structOf returns the name of the struct at the root of t.
func structOf(t *golang.Type) string {
	for t.Kind == model.KindArray || t.Kind == model.KindMap {
		t = t.Elem
	}
	return t.Named
}

func (c *Composed) less(o *Composed) bool {
	if c.Near.Version != o.Near.Version {
		return c.Near.Version < o.Near.Version
	}
	if c.Near.Struct.Name != o.Near.Struct.Name {
		return c.Near.Struct.Name < o.Near.Struct.Name
	}
	if c.Name != o.Name {
		return c.Name < o.Name
	}
	return c.Direction < o.Direction
}
