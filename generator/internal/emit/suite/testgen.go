// Package suite writes a service's generated conformance suite: round trips
// through every hub, adjacent storage assignments both ways, reliability,
// JSON, read-modify-write, CRD and golden tests.
package suite

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
)

// File returns the generated conformance suite of a service: for every
// resource, a round trip of every spoke through the hub, property-assignment round
// trips (spoke and storage variant; each storage version and the next, in both
// directions), a
// reliability test across all spokes, and JSON round trips of every resource and
// compat type.
func File(m *gosrc.Module, pkg string, augmented []string) ([]byte, error) {
	g := gosrc.NewModuleFile(pkg, m)
	s := &gosrc.Scope{Module: m, Version: -1, File: g}
	for _, kind := range m.Graph.Kinds() {
		writeKindTests(s, kind)
	}
	writeCompatTests(s)
	writeCRDTest(s)
	for _, kind := range augmented {
		writeGoldenTests(s, kind)
	}
	return g.Bytes()
}

// writeCRDTest writes the test that validates the module's CRDs against the
// registered Go types of every spoke and storage version, and that every
// registered resource kind has its CRD (harness.CRDs), and the test that each
// CRD's lifecycle annotation agrees with the module's lifecycle table
// (harness.Lifecycles).
func writeCRDTest(s *gosrc.Scope) {
	s.File.Write(crdTestCode, s.VersionPackages())
}

var crdTestCode = gosrc.Code(`
func TestCRDs(t *testing.T) {
	harness.CRDs(t, crd.Files,
{{- range .}}
		{{.}}AddToScheme,
{{- end}}
	)
}

func TestLifecycles(t *testing.T) {
	harness.Lifecycles(t, crd.Files, register.Lifecycles())
}
`)

// writeGoldenTests writes, for a kind whose conversions hand-written code
// augments, golden tests of every older spoke up-converted to the hub's spoke
// version and that version down-converted to every older one.
func writeGoldenTests(s *gosrc.Scope, kind string) {
	graph := s.Module.Graph
	hub := graph.Hubs[kind]
	hubType := s.Qualifier(hub, conversion.StorageSide) + kind
	latest := s.Qualifier(hub, conversion.SpokeSide) + kind
	latestName := s.Module.Alias(hub, conversion.SpokeSide)
	for _, v := range graph.Chains[kind] {
		if v == hub {
			continue
		}
		older := s.Qualifier(v, conversion.SpokeSide) + kind
		olderName := s.Module.Alias(v, conversion.SpokeSide)
		s.File.Write(goldenTestCode, gosrc.Args{"Name": kind + "_" + olderName + "_to_" + latestName, "From": older, "Hub": hubType, "To": latest})
		s.File.Write(goldenTestCode, gosrc.Args{"Name": kind + "_" + latestName + "_to_" + olderName, "From": latest, "Hub": hubType, "To": older})
	}
}

var goldenTestCode = gosrc.Code(`
func TestGolden_{{.Name}}(t *testing.T) {
	harness.Golden(t, {{quote .Name}}, &{{.From}}{}, &{{.Hub}}{}, &{{.To}}{})
}
`)

func writeKindTests(s *gosrc.Scope, kind string) {
	graph := s.Module.Graph
	hub := s.Qualifier(graph.Hubs[kind], conversion.StorageSide) + kind
	var spokes []string
	for _, v := range graph.Chains[kind] {
		spoke := s.Qualifier(v, conversion.SpokeSide) + kind
		a := gosrc.Args{"Kind": kind, "Name": kind + "_" + s.Module.Alias(v, conversion.SpokeSide), "Spoke": spoke,
			"Storage": s.Qualifier(v, conversion.StorageSide) + kind, "Hub": hub, "IsHub": v == graph.Hubs[kind], "NextName": ""}
		if graph.Next(kind, v) >= 0 {
			a["NextName"] = kind + "_" + s.Module.Alias(v, conversion.StorageSide)
		}
		s.File.Write(versionTestsCode, a)
		spokes = append(spokes, spoke)
	}
	s.File.Write(reliabilityTestCode, gosrc.Args{"Kind": kind, "Hub": hub, "Spokes": spokes})
}

// versionTestsCode is the tests of one version of a kind: a round trip of the
// spoke through the hub; its assignments with its storage variant; JSON round
// trips; the hub read through the spoke and its storage variant (unless that
// is the hub) back unchanged, and through the spoke with the client's changes
// winning and nothing else lost; and, with a next storage version, the
// assignments between the two both ways.
var versionTestsCode = gosrc.Code(`
func TestRoundTrip_{{.Name}}(t *testing.T) {
	harness.RoundTrip(t, func() conversion.Convertible { return &{{.Spoke}}{} }, func() conversion.Hub { return &{{.Hub}}{} })
}

func TestAssignStorage_{{.Name}}(t *testing.T) {
	harness.AssignRoundTrip(t, (*{{.Spoke}}).AssignProperties_To_{{.Kind}}, (*{{.Spoke}}).AssignProperties_From_{{.Kind}})
}

func TestJSON_{{.Name}}(t *testing.T) {
	harness.JSONRoundTrip[{{.Spoke}}](t)
	harness.JSONRoundTrip[{{.Storage}}](t)
}

func TestHubRoundTrip_{{.Name}}(t *testing.T) {
	harness.HubRoundTrip(t, func() conversion.Hub { return &{{.Hub}}{} }, func() conversion.Convertible { return &{{.Spoke}}{} })
}

func TestReadModifyWrite_{{.Name}}(t *testing.T) {
	harness.ReadModifyWrite(t, func() conversion.Hub { return &{{.Hub}}{} }, func() conversion.Convertible { return &{{.Spoke}}{} })
}
{{- if not .IsHub}}

func TestHubRoundTrip_{{.Name}}s(t *testing.T) {
	harness.HubRoundTrip(t, func() conversion.Hub { return &{{.Hub}}{} }, func() conversion.Convertible { return &{{.Storage}}{} })
}
{{- end}}
{{- if .NextName}}

func TestAssignNext_{{.NextName}}(t *testing.T) {
	harness.AssignRoundTrip(t, (*{{.Storage}}).AssignProperties_To_{{.Kind}}, (*{{.Storage}}).AssignProperties_From_{{.Kind}})
}

func TestAssignNextBack_{{.NextName}}(t *testing.T) {
	harness.AssignRoundTripBack(t, (*{{.Storage}}).AssignProperties_To_{{.Kind}}, (*{{.Storage}}).AssignProperties_From_{{.Kind}})
}
{{- end}}
`)

var reliabilityTestCode = gosrc.Code(`
func TestReliability_{{.Kind}}(t *testing.T) {
	harness.Reliability(t, func() conversion.Hub { return &{{.Hub}}{} },
{{- range .Spokes}}
		func() conversion.Convertible { return &{{.}}{} },
{{- end}}
	)
}
`)

func writeCompatTests(s *gosrc.Scope) {
	graph := s.Module.Graph
	for v := range graph.Versions {
		for _, c := range graph.Compat[v] {
			s.File.Write(compatTestCode, gosrc.Args{"Name": c.Name + "_" + s.Module.Alias(v, conversion.CompatSide),
				"Type": s.Qualifier(v, conversion.CompatSide) + c.Name})
		}
	}
}

var compatTestCode = gosrc.Code(`
func TestJSON_{{.Name}}(t *testing.T) {
	harness.JSONRoundTrip[{{.Type}}](t)
}
`)
