package emit

import (
	"github.com/armhub/armhub/generator/internal/conversion"
)

// ConformanceFile returns the generated conformance suite of a service: for every
// resource, a round trip of every spoke through the hub, property-assignment round
// trips (spoke and storage variant; each storage version and the next, in both
// directions), a
// reliability test across all spokes, and JSON round trips of every resource and
// compat type.
func ConformanceFile(m *Module, pkg string, augmented []string) ([]byte, error) {
	g := newModuleFile(pkg, m)
	s := &scope{module: m, version: -1, file: g}
	for _, kind := range m.Graph.Kinds() {
		writeKindTests(s, kind)
	}
	writeCompatTests(s)
	writeCRDTest(s)
	for _, kind := range augmented {
		writeGoldenTests(s, kind)
	}
	return g.bytes()
}

// writeCRDTest writes the test that validates the module's CRDs against the
// registered Go types of every spoke and storage version.
func writeCRDTest(s *scope) {
	s.file.write(crdTestCode, s.versionPackages())
}

var crdTestCode = code(`
func TestCRDs(t *testing.T) {
	harness.CRDs(t, crd.Files,
{{- range .}}
		{{.}}AddToScheme,
{{- end}}
	)
}
`)

// writeGoldenTests writes, for a kind whose conversions hand-written code
// augments, golden tests of every older spoke up-converted to the hub's spoke
// version and that version down-converted to every older one.
func writeGoldenTests(s *scope, kind string) {
	graph := s.module.Graph
	hub := graph.Hubs[kind]
	hubType := s.qualifier(hub, conversion.StorageSide) + kind
	latest := s.qualifier(hub, conversion.SpokeSide) + kind
	latestName := s.module.Alias(hub, conversion.SpokeSide)
	for _, v := range graph.Chains[kind] {
		if v == hub {
			continue
		}
		older := s.qualifier(v, conversion.SpokeSide) + kind
		olderName := s.module.Alias(v, conversion.SpokeSide)
		s.file.write(goldenTestCode, args{"Name": kind + "_" + olderName + "_to_" + latestName, "From": older, "Hub": hubType, "To": latest})
		s.file.write(goldenTestCode, args{"Name": kind + "_" + latestName + "_to_" + olderName, "From": latest, "Hub": hubType, "To": older})
	}
}

var goldenTestCode = code(`
func TestGolden_{{.Name}}(t *testing.T) {
	harness.Golden(t, {{quote .Name}}, &{{.From}}{}, &{{.Hub}}{}, &{{.To}}{})
}
`)

func writeKindTests(s *scope, kind string) {
	graph := s.module.Graph
	hub := s.qualifier(graph.Hubs[kind], conversion.StorageSide) + kind
	var spokes []string
	for _, v := range graph.Chains[kind] {
		spoke := s.qualifier(v, conversion.SpokeSide) + kind
		a := args{"Kind": kind, "Name": kind + "_" + s.module.Alias(v, conversion.SpokeSide), "Spoke": spoke,
			"Storage": s.qualifier(v, conversion.StorageSide) + kind, "Hub": hub, "IsHub": v == graph.Hubs[kind], "NextName": ""}
		if graph.Next(kind, v) >= 0 {
			a["NextName"] = kind + "_" + s.module.Alias(v, conversion.StorageSide)
		}
		s.file.write(versionTestsCode, a)
		spokes = append(spokes, spoke)
	}
	s.file.write(reliabilityTestCode, args{"Kind": kind, "Hub": hub, "Spokes": spokes})
}

// versionTestsCode is the tests of one version of a kind: a round trip of the
// spoke through the hub; its assignments with its storage variant; JSON round
// trips; the hub read through the spoke and its storage variant (unless that
// is the hub) back unchanged, and through the spoke with the client's changes
// winning and nothing else lost; and, with a next storage version, the
// assignments between the two both ways.
var versionTestsCode = code(`
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

var reliabilityTestCode = code(`
func TestReliability_{{.Kind}}(t *testing.T) {
	harness.Reliability(t, func() conversion.Hub { return &{{.Hub}}{} },
{{- range .Spokes}}
		func() conversion.Convertible { return &{{.}}{} },
{{- end}}
	)
}
`)

func writeCompatTests(s *scope) {
	graph := s.module.Graph
	for v := range graph.Versions {
		for _, c := range graph.Compat[v] {
			s.file.write(compatTestCode, args{"Name": c.Name + "_" + s.module.Alias(v, conversion.CompatSide),
				"Type": s.qualifier(v, conversion.CompatSide) + c.Name})
		}
	}
}

var compatTestCode = code(`
func TestJSON_{{.Name}}(t *testing.T) {
	harness.JSONRoundTrip[{{.Type}}](t)
}
`)

// TestBuildFile returns the BUILD.bazel of a generated conformance package: one
// go_test over every test file in it.
func TestBuildFile(name string, deps []string) []byte {
	rule := buildRule("go_test", name, "", `["*_test.go"]`, deps, `data = glob(["testdata/**"]),`)
	return append(rule, filesFilegroup...)
}
