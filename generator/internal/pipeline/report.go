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
	// Unreviewed marks an assessment the onboarding recorded (its note
	// starts with metadata.Unreviewed) that nobody has reviewed yet.
	Unreviewed bool
}

// String describes r in one line.
func (r Removal) String() string {
	mark := "NOT ASSESSED"
	switch {
	case r.Assessed && r.Unreviewed:
		mark = "recorded by the onboarding, not reviewed"
	case r.Assessed:
		mark = "assessed"
	}
	return fmt.Sprintf("%s: %s.%s removed in %s (present in %s): %s", r.Service, r.Struct, r.Property, r.To, r.From, mark)
}

// removals lists the properties that disappear between adjacent versions,
// sorted and without repeats, marking those the metadata has assessed.
func removals(svc *metadata.Service, g *conversion.Graph) []Removal {
	notes := map[string]*string{}
	for _, r := range svc.Removals {
		notes[strings.ToLower(r.Type+"."+r.Property+"@"+r.Since)] = &r.Note
	}
	var out []Removal
	for _, r := range g.Removals {
		note := notes[strings.ToLower(r.Struct+"."+r.Property+"@"+r.To)]
		out = append(out, Removal{Service: svc.Name, Removal: r, Assessed: note != nil,
			Unreviewed: note != nil && strings.HasPrefix(*note, metadata.Unreviewed)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return slices.Compact(out)
}
