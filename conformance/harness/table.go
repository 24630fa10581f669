package harness

import (
	"testing"

	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// The generated suites are tables: a row per resource kind (with a row per
// version), per compat type and per golden test. The functions below each run
// one family of checks over a table, a subtest per row, named after the type:
// TestRoundTrip/Person_v20200101. Rows hold only constructors and method
// expressions, so a suite of thousands of types compiles without a function,
// or a generic instantiation, per type and check.

// Kind is a resource kind of a service: its hub and its versions, oldest first.
type Kind struct {
	Name     string                // the Go type's name: Person
	Hub      func() conversion.Hub // a new hub (the hub version's storage variant)
	Versions []Version
}

// Version is one version of a kind: its spoke and its storage variant, the
// generated methods assigning between the two (To and From, method expressions
// of the spoke: (*v20200101.Person).AssignProperties_To_Person), and those
// assigning the storage variant to the next storage version (NextTo and
// NextFrom, of the storage variant; nil for the newest version).
type Version struct {
	Name             string                        // the spoke package's name: v20200101; its storage variant's adds "s"
	Spoke            func() conversion.Convertible // a new spoke
	Storage          func() conversion.Convertible // a new storage variant; nil when that is the hub
	To, From         any                           // func(*Spoke, *Storage) error
	NextTo, NextFrom any                           // func(*Storage, *NextStorage) error, or nil
}

// Type is a type checked on its own (a compat type): its name and a
// constructor of pointers to new values.
type Type struct {
	Name string
	New  func() any
}

// GoldenCase is a golden test: an exemplar of From converted through Hub to
// To, compared with testdata/golden/<Name>.json (see Golden).
type GoldenCase struct {
	Name string
	From func() conversion.Convertible
	Hub  func() conversion.Hub
	To   func() conversion.Convertible
}

// subtest is one row's check.
type subtest struct {
	name string
	run  func(t *testing.T)
}

// runAll runs every case as a subtest; a table without cases fails, as a
// test that checks nothing must not pass.
func runAll(t *testing.T, cases []subtest) {
	t.Helper()
	if len(cases) == 0 {
		t.Fatal("the table has no cases for this test")
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

// eachVersion returns a case per version of every kind, named Kind_version,
// made by check; check returns nil to skip a version.
func eachVersion(kinds []Kind, check func(k Kind, v Version) func(t *testing.T)) []subtest {
	var cases []subtest
	for _, k := range kinds {
		for _, v := range k.Versions {
			if run := check(k, v); run != nil {
				cases = append(cases, subtest{k.Name + "_" + v.Name, run})
			}
		}
	}
	return cases
}

// RoundTrips runs RoundTrip for every spoke of every kind.
func RoundTrips(t *testing.T, kinds []Kind) {
	t.Helper()
	runAll(t, eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		return func(t *testing.T) { RoundTrip(t, v.Spoke, k.Hub) }
	}))
}

// StorageAssignments runs AssignRoundTrip for every spoke of every kind and its
// storage variant.
func StorageAssignments(t *testing.T, kinds []Kind) {
	t.Helper()
	runAll(t, eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		return func(t *testing.T) { AssignRoundTrip(t, v.To, v.From) }
	}))
}

// NextAssignments runs AssignRoundTrip for every storage version of every kind
// and the next, in subtests named after the older: Person_v20200101s.
func NextAssignments(t *testing.T, kinds []Kind) {
	t.Helper()
	runAll(t, storageCases(eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		if v.NextTo == nil {
			return nil
		}
		return func(t *testing.T) { AssignRoundTrip(t, v.NextTo, v.NextFrom) }
	})))
}

// NextAssignmentsBack runs AssignRoundTripBack for every storage version of
// every kind and the next, in subtests named after the older.
func NextAssignmentsBack(t *testing.T, kinds []Kind) {
	t.Helper()
	runAll(t, storageCases(eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		if v.NextTo == nil {
			return nil
		}
		return func(t *testing.T) { AssignRoundTripBack(t, v.NextTo, v.NextFrom) }
	})))
}

// storageCases renames cases of versions after their storage variants.
func storageCases(cases []subtest) []subtest {
	for i := range cases {
		cases[i].name += "s"
	}
	return cases
}

// HubRoundTrips runs HubRoundTrip through every spoke of every kind and every
// storage variant but the hub.
func HubRoundTrips(t *testing.T, kinds []Kind) {
	t.Helper()
	cases := eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		return func(t *testing.T) { HubRoundTrip(t, k.Hub, v.Spoke) }
	})
	cases = append(cases, storageCases(eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		if v.Storage == nil {
			return nil
		}
		return func(t *testing.T) { HubRoundTrip(t, k.Hub, v.Storage) }
	}))...)
	runAll(t, cases)
}

// ReadModifyWrites runs ReadModifyWrite through every spoke of every kind.
func ReadModifyWrites(t *testing.T, kinds []Kind) {
	t.Helper()
	runAll(t, eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		return func(t *testing.T) { ReadModifyWrite(t, k.Hub, v.Spoke) }
	}))
}

// Reliabilities runs Reliability for every kind, across all its spokes.
func Reliabilities(t *testing.T, kinds []Kind) {
	t.Helper()
	var cases []subtest
	for _, k := range kinds {
		spokes := make([]func() conversion.Convertible, len(k.Versions))
		for i, v := range k.Versions {
			spokes[i] = v.Spoke
		}
		cases = append(cases, subtest{k.Name, func(t *testing.T) { Reliability(t, k.Hub, spokes...) }})
	}
	runAll(t, cases)
}

// JSONRoundTrips runs JSONRoundTrip for every spoke and storage variant of
// every kind (the hub's included) and every one of types.
func JSONRoundTrips(t *testing.T, kinds []Kind, types []Type) {
	t.Helper()
	cases := eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		return func(t *testing.T) { JSONRoundTrip(t, func() any { return v.Spoke() }) }
	})
	cases = append(cases, storageCases(eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		if v.Storage == nil {
			return func(t *testing.T) { JSONRoundTrip(t, func() any { return k.Hub() }) }
		}
		return func(t *testing.T) { JSONRoundTrip(t, func() any { return v.Storage() }) }
	}))...)
	for _, typ := range types {
		cases = append(cases, subtest{typ.Name, func(t *testing.T) { JSONRoundTrip(t, typ.New) }})
	}
	runAll(t, cases)
}

// Goldens runs Golden for every case, on new values.
func Goldens(t *testing.T, cases []GoldenCase) {
	t.Helper()
	var subtests []subtest
	for _, c := range cases {
		subtests = append(subtests, subtest{c.Name, func(t *testing.T) { Golden(t, c.Name, c.From(), c.Hub(), c.To()) }})
	}
	runAll(t, subtests)
}
