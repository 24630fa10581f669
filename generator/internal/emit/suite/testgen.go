// Package suite writes a service's generated conformance suite: round trips
// through every hub, adjacent storage assignments both ways, reliability,
// JSON, read-modify-write, CRD and golden tests.
//
// The suite is tables and a few test functions: a row per resource kind (with
// a row per version), per compat type and per golden test, each row holding
// only constructors and method expressions; every test function runs one
// family of the harness's checks over a table, a subtest per row
// (TestRoundTrip/Widget_v20200101). A function per type and check, or a
// generic instantiation per type, made the suites of large providers too
// costly to compile.
package suite

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
)

// File returns the generated conformance suite of a service: for every
// resource, a round trip of every spoke through the hub, property-assignment round
// trips (spoke and storage variant; each storage version and the next, in both
// directions), a reliability test across all spokes, hub round trips and
// read-modify-writes through every spoke (and storage variant), JSON round trips
// of every resource and compat type, the CRD and lifecycle tests and golden tests
// of the augmented kinds.
func File(m *gosrc.Module, pkg string, augmented []string) ([]byte, error) {
	g := gosrc.NewModuleFile(pkg, m)
	s := &gosrc.Scope{Module: m, Version: conversion.NoVersion, File: g}
	writeKinds(s)
	compat := writeCompat(s)
	writeKindTests(s, compat)
	writeCRDTest(s)
	writeGoldenTests(s, augmented)
	return g.Bytes()
}

// kindRow and versionRow are what a kind's row of the table is written from.
type kindRow struct {
	Name, Hub string
	Versions  []versionRow
}

type versionRow struct {
	Name, Spoke, Storage string // Storage is empty for the hub's version
	Next                 string // the storage type, when there is a next storage version
}

// writeKinds writes the table of the module's kinds (harness.Kind).
func writeKinds(s *gosrc.Scope) {
	graph := s.Module.Graph
	var kinds []kindRow
	for _, kind := range graph.HeldKinds() {
		row := kindRow{Name: kind, Hub: s.Qualifier(graph.Hubs[kind], layout.Storage) + kind}
		for _, v := range graph.HeldChain(kind) {
			storage := s.Qualifier(v, layout.Storage) + kind
			version := versionRow{Name: s.Module.Alias(v, layout.Spoke), Spoke: s.Qualifier(v, layout.Spoke) + kind}
			if v != graph.Hubs[kind] {
				version.Storage = storage
			}
			if _, ok := graph.Next(kind, v); ok {
				version.Next = storage
			}
			row.Versions = append(row.Versions, version)
		}
		kinds = append(kinds, row)
	}
	s.File.Write(kindsCode, kinds)
}

// kindsCode is the table of kinds: each kind's hub, and each version's spoke,
// storage variant (but the hub), the spoke's assignments to and from the storage
// variant, and the storage variant's to and from the next storage version.
var kindsCode = gosrc.Code(`
// kinds is the table of the service's resource kinds and their versions.
var kinds = []harness.Kind{
{{- range .}}
	{Name: {{quote .Name}}, Hub: func() conversion.Hub { return &{{.Hub}}{} }, Versions: []harness.Version{
{{- $kind := .Name}}
{{- range .Versions}}
		{Name: {{quote .Name}}, Spoke: func() conversion.Convertible { return &{{.Spoke}}{} },
{{- if .Storage}} Storage: func() conversion.Convertible { return &{{.Storage}}{} },{{end}}
			To: (*{{.Spoke}}).AssignProperties_To_{{$kind}}, From: (*{{.Spoke}}).AssignProperties_From_{{$kind}}
{{- if .Next}},
			NextTo: (*{{.Next}}).AssignProperties_To_{{$kind}}, NextFrom: (*{{.Next}}).AssignProperties_From_{{$kind}}
{{- end}}},
{{- end}}
	}},
{{- end}}
}
`)

// writeCompat writes the table of the module's compat types (harness.Type), if
// it has any, and says whether it did.
func writeCompat(s *gosrc.Scope) bool {
	graph := s.Module.Graph
	var types []gosrc.Args
	for v := range graph.Indexes() {
		if !graph.Holds(v, layout.Storage) {
			continue
		}
		for _, c := range graph.Compat[v] {
			types = append(types, gosrc.Args{"Name": c.Name + "_" + s.Module.Alias(v, layout.Compat),
				"Type": s.Qualifier(v, layout.Compat) + c.Name})
		}
	}
	if len(types) > 0 {
		s.File.Write(compatCode, types)
	}
	return len(types) > 0
}

var compatCode = gosrc.Code(`
// compatTypes is the table of the service's compat types, checked through JSON.
var compatTypes = []harness.Type{
{{- range .}}
	{Name: {{quote .Name}}, New: func() any { return &{{.Type}}{} }},
{{- end}}
}
`)

// writeKindTests writes the tests running the harness's checks over the table
// of kinds (and, through JSON, compat types): the next-storage tests only where
// a kind has two storage versions, the composed-conversion test only where a
// storage version comes before its kind's hub.
func writeKindTests(s *gosrc.Scope, compat bool) {
	graph := s.Module.Graph
	next, composed := false, false
	for _, kind := range graph.HeldKinds() {
		for _, v := range graph.HeldChain(kind) {
			_, ok := graph.Next(kind, v)
			next = next || ok
			composed = composed || v < graph.Hubs[kind]
		}
	}
	if len(graph.HeldKinds()) > 0 {
		fits := false
		for i := range graph.Indexes() {
			fits = fits || (graph.Holds(i, layout.Spoke) && !graph.Augmented.SpokeAugmented(i))
		}
		s.File.Write(kindTestsCode, gosrc.Args{"Next": next, "Compat": compat, "Composed": composed, "Fits": fits})
	} else if compat {
		s.File.Write(compatTestCode, nil)
	}
}

var kindTestsCode = gosrc.Code(`
func TestRoundTrip(t *testing.T) { harness.RoundTrips(t, kinds) }

func TestAssignStorage(t *testing.T) { harness.StorageAssignments(t, kinds) }
{{- if .Next}}

func TestAssignNext(t *testing.T) { harness.NextAssignments(t, kinds) }

func TestAssignNextBack(t *testing.T) { harness.NextAssignmentsBack(t, kinds) }
{{- end}}

func TestJSON(t *testing.T) { harness.JSONRoundTrips(t, kinds, {{if .Compat}}compatTypes{{else}}nil{{end}}) }

func TestHubRoundTrip(t *testing.T) { harness.HubRoundTrips(t, kinds) }
{{if .Composed}}
func TestComposed(t *testing.T) { harness.ComposedConversions(t, kinds) }
{{end}}{{if .Fits}}
func TestFitsSpoke(t *testing.T) { harness.SpokeFits(t, kinds) }
{{end}}

func TestReadModifyWrite(t *testing.T) { harness.ReadModifyWrites(t, kinds) }

func TestSharing(t *testing.T) { harness.SharingContracts(t, kinds) }

func TestReliability(t *testing.T) { harness.Reliabilities(t, kinds) }
`)

var compatTestCode = gosrc.Code(`
func TestJSON(t *testing.T) { harness.JSONRoundTrips(t, nil, compatTypes) }
`)

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

// writeGoldenTests writes, for the kinds whose conversions hand-written code
// augments, the table of golden tests (harness.GoldenCase) of every older spoke
// the module holds up-converted to the hub's spoke version and that version
// down-converted to every such one, and the test running them.
func writeGoldenTests(s *gosrc.Scope, augmented []string) {
	graph := s.Module.Graph
	var cases []gosrc.Args
	for _, kind := range augmented {
		hub := graph.Hubs[kind]
		if !graph.Holds(hub, layout.Spoke) {
			continue
		}
		hubType := s.Qualifier(hub, layout.Storage) + kind
		latest := s.Qualifier(hub, layout.Spoke) + kind
		latestName := s.Module.Alias(hub, layout.Spoke)
		for _, v := range graph.HeldChain(kind) {
			if v == hub {
				continue
			}
			older := s.Qualifier(v, layout.Spoke) + kind
			olderName := s.Module.Alias(v, layout.Spoke)
			cases = append(cases,
				gosrc.Args{"Name": kind + "_" + olderName + "_to_" + latestName, "From": older, "Hub": hubType, "To": latest},
				gosrc.Args{"Name": kind + "_" + latestName + "_to_" + olderName, "From": latest, "Hub": hubType, "To": older})
		}
	}
	if len(cases) > 0 {
		s.File.Write(goldenTestCode, cases)
	}
}

var goldenTestCode = gosrc.Code(`
// goldens is the table of golden tests: exemplars converted through the hub.
var goldens = []harness.GoldenCase{
{{- range .}}
	{Name: {{quote .Name}}, From: func() conversion.Convertible { return &{{.From}}{} }, Hub: func() conversion.Hub { return &{{.Hub}}{} }, To: func() conversion.Convertible { return &{{.To}}{} }},
{{- end}}
}

func TestGolden(t *testing.T) { harness.Goldens(t, goldens) }
`)
