package golang

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// The keys of what holds a Go name in a package's namespace besides types
// (which are held by their schema names): a resource's Kind and list type,
// and the identifiers every version package declares.
const (
	kindKey    = "/kind"
	listKey    = "/list"
	statusKey  = "/status"
	packageKey = "package/"
)

// newPackageNames returns the namespace of a version package, holding the
// identifiers generated code declares in every one (naming.PackageMembers).
func newPackageNames() *naming.Namespace {
	names := naming.NewNamespace()
	for _, m := range naming.PackageMembers {
		names.Claim(m.Name, packageKey+m.Name, "")
	}
	return names
}

// typeName is an object or enum of the version, by its schema name.
type typeName struct {
	name   string
	source string
}

// nameTypes gives every object and enum of the version (resource specs aside,
// which claimResource names) its Go name before any is converted, so that names
// depend neither on the order types are reached nor on which resources are
// selected. Definitions choose first, then the types the loader synthesized,
// each group in name order. A name already taken, ignoring case (by a Kind,
// a spec, a status or another type), or exactly (by a list type or an
// identifier every package declares), gets the first free suffix _1, _2, ...;
// each such resolution is noted. Enum constants are named last.
func (b *builder) nameTypes() {
	specs := map[string]bool{}
	for _, r := range b.version.Resources {
		specs[r.Spec] = true
		if r.Status != "" {
			specs[r.Status] = true
		}
	}
	var definitions, synthesized []typeName
	add := func(name, source string) {
		if specs[name] {
			return
		}
		if isDefinition(source) {
			definitions = append(definitions, typeName{name, source})
		} else {
			synthesized = append(synthesized, typeName{name, source})
		}
	}
	for name, o := range b.version.Objects {
		add(name, o.Source)
	}
	for name, e := range b.version.Enums {
		add(name, e.Source)
	}
	for _, group := range [][]typeName{definitions, synthesized} {
		sort.Slice(group, func(i, j int) bool { return group[i].name < group[j].name })
		for _, t := range group {
			b.nameType(t)
		}
	}
	b.nameConstants()
}

// isDefinition reports whether source (file#pointer) is a definition itself,
// not a node inside one.
func isDefinition(source string) bool {
	_, ptr, _ := strings.Cut(source, "#")
	return strings.HasPrefix(ptr, "/definitions/") && strings.Count(ptr, "/") == 2
}

// nameType gives t its Go name, or the first free suffixed one.
func (b *builder) nameType(t typeName) {
	want := naming.GoName(t.name)
	goName := b.names.TakeType(want, t.name, t.source, naming.Underscore)
	switch key, _, _ := b.names.Holder(want); {
	case goName == want:
	case strings.HasPrefix(key, packageKey):
		b.notes = append(b.notes, fmt.Sprintf("%s: %q would be the Go type %s, which every version package declares (%s): it is %s instead",
			t.source, t.name, want, packageMemberWhat(strings.TrimPrefix(key, packageKey)), goName))
	default:
		b.notes = append(b.notes, fmt.Sprintf("%s: %q would be the Go type %s, which %s has (ignoring case): it is %s instead",
			t.source, t.name, want, b.describeOwner(want), goName))
	}
}

// nameConstants names the constants of every enum of the version, enums in
// Go name order and values in order: <Enum>_<Value>, or, when an identifier
// of the package has that name (another value's constant, a type), the first
// free suffix _2, _3, ..., noted.
func (b *builder) nameConstants() {
	enums := make([]*model.Enum, 0, len(b.version.Enums))
	for _, e := range b.version.Enums {
		enums = append(enums, e)
	}
	goName := func(e *model.Enum) string { name, _ := b.names.Name(e.Name); return name }
	sort.Slice(enums, func(i, j int) bool { return goName(enums[i]) < goName(enums[j]) })
	for _, e := range enums {
		for i, value := range e.Values {
			want := naming.EnumValueName(goName(e), value)
			got := b.names.Take(want, e.Name+"\x00"+strconv.Itoa(i), e.Source, naming.Second)
			if got != want {
				b.notes = append(b.notes, fmt.Sprintf("%s: the constant of value %q would be %s, which %s has: it is %s instead",
					e.Source, value, want, b.describeOwner(want), got))
			}
			b.consts[e.Name] = append(b.consts[e.Name], got)
		}
	}
}

// describeOwner says what holds the Go name, for notes and errors.
func (b *builder) describeOwner(goName string) string {
	key, _, _ := b.names.Holder(goName)
	return describeKey(key)
}

// describeKey says what holds a name under key.
func describeKey(key string) string {
	switch {
	case strings.HasSuffix(key, kindKey):
		return "the kind of resource " + strconv.Quote(strings.TrimSuffix(key, kindKey))
	case strings.HasSuffix(key, statusKey):
		return "the status of resource " + strconv.Quote(strings.TrimSuffix(key, statusKey))
	case strings.HasSuffix(key, listKey):
		return "the list type of resource " + strconv.Quote(strings.TrimSuffix(key, listKey))
	case strings.HasPrefix(key, packageKey):
		return "every version package's " + strings.TrimPrefix(key, packageKey)
	case strings.Contains(key, "\x00"):
		enum, _, _ := strings.Cut(key, "\x00")
		return "a constant of enum " + strconv.Quote(enum)
	}
	return strconv.Quote(key)
}

func packageMemberWhat(name string) string {
	for _, m := range naming.PackageMembers {
		if m.Name == name {
			return m.What
		}
	}
	return name
}
