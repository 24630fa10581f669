package golang

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/naming"
)

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
// a spec, a status or another type), gets the first free suffix _1, _2, ...;
// each such resolution is noted.
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
	goName := want
	for i := 1; b.claimed[strings.ToLower(goName)] != ""; i++ {
		goName = want + "_" + strconv.Itoa(i)
	}
	if goName != want {
		b.notes = append(b.notes, fmt.Sprintf("%s: %q would be the Go type %s, which %s has (ignoring case): it is %s instead",
			t.source, t.name, want, b.describeOwner(want), goName))
	}
	b.claimed[strings.ToLower(goName)] = t.name
	b.goNames[t.name] = goName
}

// describeOwner says what holds the Go name, for notes.
func (b *builder) describeOwner(goName string) string {
	key := b.claimed[strings.ToLower(goName)]
	switch {
	case strings.HasSuffix(key, "/kind"):
		return "the kind of resource " + strconv.Quote(strings.TrimSuffix(key, "/kind"))
	case strings.HasSuffix(key, "/status"):
		return "the status of resource " + strconv.Quote(strings.TrimSuffix(key, "/status"))
	}
	return strconv.Quote(key)
}
