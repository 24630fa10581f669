package emit

import (
	"fmt"

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
	s.file.printf("\nfunc TestCRDs(t *testing.T) {\n\tharness.CRDs(t, crd.Files")
	for i := range s.module.Graph.Versions {
		for _, side := range []conversion.Side{conversion.SpokeSide, conversion.StorageSide} {
			s.file.printf(",\n\t\t%sAddToScheme", s.qualifier(i, side))
		}
	}
	s.file.printf(",\n\t)\n}\n")
}

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
		for _, pair := range [][4]string{{olderName, latestName, older, latest}, {latestName, olderName, latest, older}} {
			name := fmt.Sprintf("%s_%s_to_%s", kind, pair[0], pair[1])
			s.file.printf("\nfunc TestGolden_%[1]s(t *testing.T) {\n\tharness.Golden(t, %[1]q, &%[2]s{}, &%[3]s{}, &%[4]s{})\n}\n",
				name, pair[2], hubType, pair[3])
		}
	}
}

func writeKindTests(s *scope, kind string) {
	graph := s.module.Graph
	hub := s.qualifier(graph.Hubs[kind], conversion.StorageSide) + kind
	var spokes []string
	for _, v := range graph.Chains[kind] {
		spoke := s.qualifier(v, conversion.SpokeSide) + kind
		storage := s.qualifier(v, conversion.StorageSide) + kind
		name := kind + "_" + s.module.Alias(v, conversion.SpokeSide)
		spokes = append(spokes, fmt.Sprintf("func() conversion.Convertible { return &%s{} }", spoke))
		s.file.printf(`
func TestRoundTrip_%[1]s(t *testing.T) {
	harness.RoundTrip(t, func() conversion.Convertible { return &%[2]s{} }, func() conversion.Hub { return &%[3]s{} })
}

func TestAssignStorage_%[1]s(t *testing.T) {
	harness.AssignRoundTrip(t, (*%[2]s).AssignProperties_To_%[5]s, (*%[2]s).AssignProperties_From_%[5]s)
}

func TestJSON_%[1]s(t *testing.T) {
	harness.JSONRoundTrip[%[2]s](t)
	harness.JSONRoundTrip[%[4]s](t)
}
`, name, spoke, hub, storage, kind)
		writeHubTests(s, name, spoke, hub, storage, v == graph.Hubs[kind])
		if next := graph.Next(kind, v); next >= 0 {
			s.file.printf(`
func TestAssignNext_%[1]s(t *testing.T) {
	harness.AssignRoundTrip(t, (*%[2]s).AssignProperties_To_%[3]s, (*%[2]s).AssignProperties_From_%[3]s)
}

func TestAssignNextBack_%[1]s(t *testing.T) {
	harness.AssignRoundTripBack(t, (*%[2]s).AssignProperties_To_%[3]s, (*%[2]s).AssignProperties_From_%[3]s)
}
`, kind+"_"+s.module.Alias(v, conversion.StorageSide), storage, kind)
		}
	}
	s.file.printf("\nfunc TestReliability_%s(t *testing.T) {\n\tharness.Reliability(t, func() conversion.Hub { return &%s{} },\n", kind, hub)
	for _, spoke := range spokes {
		s.file.printf("\t\t%s,\n", spoke)
	}
	s.file.printf("\t)\n}\n")
}

// writeHubTests writes the tests that fill a hub (property bags included) and
// read it through a version: through the spoke and its storage variant (unless
// that is the hub) back unchanged, and through the spoke with the client's
// changes winning and nothing else lost.
func writeHubTests(s *scope, name, spoke, hub, storage string, isHub bool) {
	s.file.printf(`
func TestHubRoundTrip_%[1]s(t *testing.T) {
	harness.HubRoundTrip(t, func() conversion.Hub { return &%[3]s{} }, func() conversion.Convertible { return &%[2]s{} })
}

func TestReadModifyWrite_%[1]s(t *testing.T) {
	harness.ReadModifyWrite(t, func() conversion.Hub { return &%[3]s{} }, func() conversion.Convertible { return &%[2]s{} })
}
`, name, spoke, hub)
	if !isHub {
		s.file.printf(`
func TestHubRoundTrip_%[1]ss(t *testing.T) {
	harness.HubRoundTrip(t, func() conversion.Hub { return &%[3]s{} }, func() conversion.Convertible { return &%[2]s{} })
}
`, name, storage, hub)
	}
}

func writeCompatTests(s *scope) {
	graph := s.module.Graph
	for v := range graph.Versions {
		for _, c := range graph.Compat[v] {
			s.file.printf("\nfunc TestJSON_%s_%s(t *testing.T) {\n\tharness.JSONRoundTrip[%s%s](t)\n}\n",
				c.Name, s.module.Alias(v, conversion.CompatSide), s.qualifier(v, conversion.CompatSide), c.Name)
		}
	}
}

// TestBuildFile returns the BUILD.bazel of a generated conformance package: one
// go_test over every test file in it.
func TestBuildFile(name string, deps []string) []byte {
	rule := buildRule("go_test", name, "", `["*_test.go"]`, deps, `data = glob(["testdata/**"]),`)
	return append(rule, filesFilegroup...)
}
