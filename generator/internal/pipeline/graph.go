package pipeline

import (
	"fmt"
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/runtime"
)

// plan derives each version's storage variant and plans the conversions between
// all of them.
func plan(svc *metadata.Service, versions []*Version) (*conversion.Graph, error) {
	var graphVersions []*conversion.Version
	for i, v := range versions {
		v.Storage = golang.StoragePackage(v.Package)
		graphVersions = append(graphVersions, &conversion.Version{
			Index: i, Spoke: v.Package, Storage: v.Storage, Expired: v.Class == string(runtime.Expired),
		})
	}
	g, err := conversion.Build(graphVersions, renamesOf(svc))
	if err != nil {
		return nil, fmt.Errorf("%s: planning conversions: %w", svc.File, err)
	}
	return g, nil
}

func renamesOf(svc *metadata.Service) conversion.Renames {
	var r conversion.Renames
	for _, p := range svc.Renames.Properties {
		r.Properties = append(r.Properties, conversion.PropertyRename{Type: p.Type, From: p.From, To: p.To, Since: p.Since})
	}
	for _, t := range svc.Renames.Types {
		r.Types = append(r.Types, conversion.TypeRename{From: t.From, To: t.To, Since: t.Since})
	}
	return r
}

// RemovalReport lists the properties that disappear between adjacent versions,
// marking those the metadata has assessed; it returns the lines and how many are
// not assessed.
func RemovalReport(svc *metadata.Service, g *conversion.Graph) ([]string, int) {
	assessed := map[string]bool{}
	for _, r := range svc.Removals {
		assessed[strings.ToLower(r.Type+"."+r.Property+"@"+r.Since)] = true
	}
	var lines []string
	open := 0
	for _, r := range g.Removals {
		mark := "NOT ASSESSED"
		if assessed[strings.ToLower(r.Struct+"."+r.Property+"@"+r.To)] {
			mark = "assessed"
		} else {
			open++
		}
		lines = append(lines, fmt.Sprintf("%s: %s.%s removed in %s (present in %s): %s", svc.Name, r.Struct, r.Property, r.To, r.From, mark))
	}
	sort.Strings(lines)
	return dedupe(lines), open
}

func dedupe(lines []string) []string {
	var out []string
	for i, l := range lines {
		if i == 0 || l != lines[i-1] {
			out = append(out, l)
		}
	}
	return out
}
