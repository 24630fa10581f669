// Package reference writes a service module's REFERENCE.md: the API
// reference a reader opens instead of generated Go or a CRD of thousands of
// lines. It shows the versions the module holds and their lifecycles as a
// chart, and for every kind which version is the hub, its conversion chain as
// a graph, and which spec and status fields each version has. The pictures
// are Mermaid diagrams, which GitHub and most Markdown viewers draw.
package reference

import (
	"fmt"
	"strings"
	"time"

	"github.com/armhub/armhub/generator/internal/emit/schema"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// File is the reference's name in the module.
const File = "REFERENCE.md"

// Header starts the file.
const Header = layout.GeneratedMarkdown + "\n"

// Version is one API version the module holds a spoke of.
type Version struct {
	API     string          // 2024-01-01
	Spoke   *golang.Package // its spoke package; Version is the Kubernetes name
	Stages  lifecycle.Lifecycle
	Class   lifecycle.Classification // at Service.Now
	Storage string                   // its storage variant's Kubernetes version, if the module holds it
	Compat  string                   // its compat package's folder, if it has one
}

// Service is what the reference describes.
type Service struct {
	Name, Provider, Group, Module string
	Now                           *time.Time
	Versions                      []Version         // oldest first
	Hubs                          map[string]string // kind -> the hub's Kubernetes version
	Chains                        map[string][]string
}

// Write returns REFERENCE.md.
func Write(s Service) []byte {
	var b strings.Builder
	b.WriteString(Header)
	fmt.Fprintf(&b, "# %s: API reference\n\n", s.Name)
	fmt.Fprintf(&b, "Module `%s`, API group `%s`, ARM provider `%s`: %d kinds in %d API versions a cluster serves or stores.\n", s.Module, s.Group, s.Provider, len(s.Hubs), len(s.Versions))
	writeLifecycles(&b, s)
	for _, kind := range jsonfile.SortedKeys(s.Hubs) {
		writeKind(&b, s, kind)
	}
	return []byte(b.String())
}

func writeLifecycles(b *strings.Builder, s Service) {
	b.WriteString("\n## Versions and lifecycles\n\n")
	if s.Now != nil {
		fmt.Fprintf(b, "As of %s (the metadata's `now`):\n\n", s.Now.UTC().Format("2006-01-02"))
	}
	b.WriteString("| API version | Kubernetes version | now | stages |\n|---|---|---|---|\n")
	for _, v := range s.Versions {
		fmt.Fprintf(b, "| %s | `%s` | %s | %s |\n", v.API, v.Spoke.Version, v.Class, stages(v.Stages))
	}
	var chart strings.Builder
	for _, v := range s.Versions {
		if bars := bars(v.Stages, s.Now); bars != "" {
			fmt.Fprintf(&chart, "  section %s\n%s", v.Spoke.Version, bars)
		}
	}
	if chart.Len() > 0 { // stages without start times draw nothing
		b.WriteString("\n```mermaid\ngantt\n  title Lifecycles\n  dateFormat YYYY-MM-DD\n  axisFormat %Y\n" + chart.String() + "```\n")
	}
}

// bars returns the gantt chart's bars of one version's dated stages.
func bars(stages lifecycle.Lifecycle, now *time.Time) string {
	var b strings.Builder
	for i, st := range stages {
		start, end := span(stages, i, now)
		if start == "" {
			continue
		}
		state := ""
		switch st.Classification {
		case lifecycle.Deprecated:
			state = "active, "
		case lifecycle.Expired:
			state = "crit, "
		}
		fmt.Fprintf(&b, "  %s :%s%s, %s\n", st.Classification, state, start, end)
	}
	return b.String()
}

// span returns the start and end dates of stage i: it ends where the next
// begins; the last ends a year after now or after its start, whichever is
// later. A stage without a start time is not drawn.
func span(stages lifecycle.Lifecycle, i int, now *time.Time) (string, string) {
	st := stages[i]
	if st.StartTime == nil {
		return "", ""
	}
	start := *st.StartTime
	end := start.AddDate(1, 0, 0)
	if i+1 < len(stages) && stages[i+1].StartTime != nil {
		end = *stages[i+1].StartTime
	} else if now != nil && now.After(start) {
		end = now.AddDate(1, 0, 0)
	}
	return start.UTC().Format("2006-01-02"), end.UTC().Format("2006-01-02")
}

func stages(l lifecycle.Lifecycle) string {
	var parts []string
	for _, st := range l {
		if st.StartTime == nil {
			parts = append(parts, string(st.Classification))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s from %s", st.Classification, st.StartTime.UTC().Format("2006-01-02")))
	}
	if len(parts) == 0 {
		return "supported"
	}
	return strings.Join(parts, ", ")
}

func writeKind(b *strings.Builder, s Service, kind string) {
	var versions []Version
	for _, v := range s.Versions {
		if v.Spoke.Resource(kind) != nil {
			versions = append(versions, v)
		}
	}
	fmt.Fprintf(b, "\n## %s\n\n", kind)
	if len(versions) == 0 {
		fmt.Fprintf(b, "No version the module serves has this kind; its storage variants (%s) are kept for objects stored at them.\n", strings.Join(s.Chains[kind], ", "))
		return
	}
	r := versions[len(versions)-1].Spoke.Resource(kind)
	fmt.Fprintf(b, "ARM type `%s`. The hub (the version the API server stores) is `%s`.\n", r.ARMType, s.Hubs[kind])
	if chain := s.Chains[kind]; len(chain) > 1 {
		b.WriteString("\n```mermaid\nflowchart LR\n")
		for _, v := range versions {
			if v.Storage != "" {
				fmt.Fprintf(b, "  %s --> %s\n", v.Spoke.Version, v.Storage)
			}
			if v.Compat != "" && v.Storage != "" {
				fmt.Fprintf(b, "  %s -.- %s[%q]\n", v.Storage, compatNode(v.Compat), v.Compat)
			}
		}
		for i := 0; i+1 < len(chain); i++ {
			fmt.Fprintf(b, "  %s --- %s\n", chain[i], chain[i+1])
		}
		fmt.Fprintf(b, "  style %s stroke-width:4px\n```\n", s.Hubs[kind])
	}
	writeFields(b, "Spec", versions, kind, func(r *golang.Resource) *golang.Struct { return r.Spec })
	writeFields(b, "Status", versions, kind, func(r *golang.Resource) *golang.Struct { return r.Status })
}

// writeFields writes which fields each version has (the top level and, one
// level down, the fields of properties), with the Go type and whether it is
// required in the newest version that has it.
func writeFields(b *strings.Builder, title string, versions []Version, kind string, of func(*golang.Resource) *golang.Struct) {
	has := map[string]map[string]bool{}
	newest := map[string]*golang.Field{}
	for _, v := range versions {
		for _, f := range fieldPaths(v.Spoke, of(v.Spoke.Resource(kind))) {
			if has[f.path] == nil {
				has[f.path] = map[string]bool{}
			}
			has[f.path][v.Spoke.Version] = true
			newest[f.path] = f.field
		}
	}
	fmt.Fprintf(b, "\n%s fields by version (type, required, checks and description as of the newest version that has the field):\n\n| field | type | required | checks | description |", title)
	for _, v := range versions {
		fmt.Fprintf(b, " `%s` |", v.Spoke.Version)
	}
	b.WriteString("\n|---|---|---|---|---|" + strings.Repeat("---|", len(versions)) + "\n")
	for _, path := range jsonfile.SortedKeys(has) {
		f := newest[path]
		required := ""
		if f.Required {
			required = "yes"
		}
		fmt.Fprintf(b, "| `%s` | `%s` | %s | %s | %s |", path, f.Type, required, checks(f), summary(f.Doc))
		for _, v := range versions {
			mark := " "
			if has[path][v.Spoke.Version] {
				mark = "✓"
			}
			fmt.Fprintf(b, " %s |", mark)
		}
		b.WriteString("\n")
	}
}

// compatNode is the graph node of a compat package folder.
func compatNode(dir string) string {
	return strings.ReplaceAll(dir, "/", "_")
}

// checks returns what the CRD checks of a field's value, as its kubebuilder
// markers say it.
func checks(f *golang.Field) string {
	var out []string
	for _, m := range schema.Markers(f) {
		out = append(out, "`"+strings.TrimPrefix(m, "kubebuilder:validation:")+"`")
	}
	return cell(strings.Join(out, " "))
}

// summary returns the first sentence of a field's documentation, at most
// 120 characters, fit for a table cell.
func summary(doc string) string {
	doc = strings.Join(strings.Fields(doc), " ")
	if i := strings.Index(doc, ". "); i >= 0 {
		doc = doc[:i+1]
	}
	if r := []rune(doc); len(r) > 120 {
		doc = string(r[:119]) + "…"
	}
	return cell(doc)
}

// cell escapes what would end a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(s, "|", `\|`)
}

// fieldPath is a field and its JSON path from the spec or status.
type fieldPath struct {
	path  string
	field *golang.Field
}

// fieldPaths returns s's fields and, under properties, its fields as
// properties.<name>.
func fieldPaths(pkg *golang.Package, s *golang.Struct) []fieldPath {
	var out []fieldPath
	for _, f := range s.Fields {
		out = append(out, fieldPath{f.JSONName, f})
		if f.JSONName != "properties" || f.Type.Named == "" {
			continue
		}
		if inner := pkg.Struct(f.Type.Named); inner != nil {
			for _, g := range inner.Fields {
				out = append(out, fieldPath{"properties." + g.JSONName, g})
			}
		}
	}
	return out
}
