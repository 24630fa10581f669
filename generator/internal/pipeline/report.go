package pipeline

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/metadata"
)

// Removal is a property that disappears between two adjacent versions, and
// whether the metadata has assessed it.
type Removal struct {
	Service string
	conversion.Removal
	Assessed bool
}

// String describes r in one line.
func (r Removal) String() string {
	mark := "NOT ASSESSED"
	if r.Assessed {
		mark = "assessed"
	}
	return fmt.Sprintf("%s: %s.%s removed in %s (present in %s): %s", r.Service, r.Struct, r.Property, r.To, r.From, mark)
}

// removals lists the properties that disappear between adjacent versions,
// sorted and without repeats, marking those the metadata has assessed.
func removals(svc *metadata.Service, g *conversion.Graph) []Removal {
	assessed := map[string]bool{}
	for _, r := range svc.Removals {
		assessed[strings.ToLower(r.Type+"."+r.Property+"@"+r.Since)] = true
	}
	var out []Removal
	for _, r := range g.Removals {
		key := strings.ToLower(r.Struct + "." + r.Property + "@" + r.To)
		out = append(out, Removal{Service: svc.Name, Removal: r, Assessed: assessed[key]})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return slices.Compact(out)
}
