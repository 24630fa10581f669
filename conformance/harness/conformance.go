package harness

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/randfill"
)

// Equal are the comparison rules of the conformance suites: strings, integers and
// booleans exactly, floats within a relative tolerance, empty and nil slices and
// maps alike (JSON cannot tell them apart), free-form JSON and property bag
// entries by the JSON value they hold, recursively through every struct.
var Equal = []cmp.Option{cmpopts.EquateEmpty(), cmpopts.EquateApprox(1e-9, 0), jsonValue, bagValues}

// replay says how to reproduce a failure of object i in the tests matching run
// (a go test -run pattern).
func replay(run string, i int) string {
	return fmt.Sprintf("object %d of seed %d (replay: go test -run %s -args -armhub.seed=%d)", i, Seed(), run, Seed())
}

// runPattern is the go test -run pattern matching t alone (a subtest of a
// table: '^TestRoundTrip$/^Person_v20200101$').
func runPattern(t *testing.T) string {
	return "'^" + strings.ReplaceAll(t.Name(), "/", "$/^") + "$'"
}

// fuzzed calls check with Count() fuzzed values made by fill into new ones from
// make, recovering panics as failures.
func fuzzed[T any](t *testing.T, make func() T, check func(i int, value T) error) {
	t.Helper()
	fuzzedWith(t, NewFiller(Seed()), make, check)
}

// fuzzedWith calls check with Count() values made by newValue and filled by filler,
// recovering panics as failures.
func fuzzedWith[T any](t *testing.T, filler *randfill.Filler, newValue func() T, check func(i int, value T) error) {
	t.Helper()
	for i := 0; i < Count(); i++ {
		value := newValue()
		filler.Fill(value)
		if err := protect(func() error { return check(i, value) }); err != nil {
			t.Fatalf("%s: %v", replay(runPattern(t), i), err)
		}
	}
}

func protect(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// RoundTrip converts fuzzed spokes to the hub and back, and fails on any
// difference.
func RoundTrip(t *testing.T, newSpoke func() conversion.Convertible, newHub func() conversion.Hub) {
	t.Helper()
	fuzzed(t, newSpoke, func(i int, original conversion.Convertible) error {
		hub := newHub()
		if err := original.ConvertTo(hub); err != nil {
			return fmt.Errorf("converting to the hub: %w", err)
		}
		back := newSpoke()
		if err := back.ConvertFrom(hub); err != nil {
			return fmt.Errorf("converting back from the hub: %w", err)
		}
		if diff := cmp.Diff(original, back, Equal...); diff != "" {
			return fmt.Errorf("spoke -> hub -> spoke lost data (-before +after):\n%s", diff)
		}
		return nil
	})
}

// AssignRoundTrip copies fuzzed values of A into B with to and back with from, and
// fails on any difference: a spoke and its storage variant, or a storage version
// and the next. to and from are the generated methods of A as method
// expressions, func(*A, *B) error: (*v20200101.Person).AssignProperties_To_Person.
func AssignRoundTrip(t *testing.T, to, from any) {
	t.Helper()
	a := newAssigner(t, to, from)
	fuzzed(t, a.newA, func(i int, original any) error {
		other := a.newB()
		if err := a.call(a.to, original, other); err != nil {
			return fmt.Errorf("assigning %T to %T: %w", original, other, err)
		}
		back := a.newA()
		if err := a.call(a.from, back, other); err != nil {
			return fmt.Errorf("assigning %T back from %T: %w", back, other, err)
		}
		if diff := cmp.Diff(original, back, Equal...); diff != "" {
			return fmt.Errorf("%T -> %T -> back lost data (-before +after):\n%s", original, other, diff)
		}
		return nil
	})
}

// AssignRoundTripBack is AssignRoundTrip the other way round, with the same
// methods of the older host A: it copies fuzzed values of the newer B into A with
// from and back with to, and fails on any difference.
//
// B's property bags stay empty, as NewFiller leaves them. Entries under names no
// version has (NewHubFiller's) would be valid, but every generated conversion
// copies them verbatim: filling them found nothing in the bundled or the real
// providers. Entries under names A reads are valid only in the shape A's
// conversion writes, and such bags are what AssignRoundTrip's first step makes.
func AssignRoundTripBack(t *testing.T, to, from any) {
	t.Helper()
	a := newAssigner(t, to, from)
	fuzzed(t, a.newB, func(i int, original any) error {
		other := a.newA()
		if err := a.call(a.from, other, original); err != nil {
			return fmt.Errorf("assigning %T to %T: %w", original, other, err)
		}
		back := a.newB()
		if err := a.call(a.to, other, back); err != nil {
			return fmt.Errorf("assigning %T back to %T: %w", other, back, err)
		}
		if diff := cmp.Diff(original, back, Equal...); diff != "" {
			return fmt.Errorf("%T -> %T -> back lost data (-before +after):\n%s", original, other, diff)
		}
		return nil
	})
}

// Reliability converts fuzzed objects of every spoke to the hub and from there to
// every spoke, failing on any error or panic.
func Reliability(t *testing.T, newHub func() conversion.Hub, spokes ...func() conversion.Convertible) {
	t.Helper()
	for _, newSource := range spokes {
		fuzzed(t, newSource, func(i int, source conversion.Convertible) error {
			hub := newHub()
			if err := source.ConvertTo(hub); err != nil {
				return fmt.Errorf("%T to the hub: %w", source, err)
			}
			for _, newTarget := range spokes {
				target := newTarget()
				if err := target.ConvertFrom(hub.DeepCopyObject().(conversion.Hub)); err != nil {
					return fmt.Errorf("%T -> hub -> %T: %w", source, target, err)
				}
			}
			return nil
		})
	}
}

// JSONRoundTrip marshals fuzzed values made by newValue (pointers) to JSON and
// back into another new value, and fails on any difference.
func JSONRoundTrip(t *testing.T, newValue func() any) {
	t.Helper()
	fuzzed(t, newValue, func(i int, original any) error {
		data, err := json.Marshal(original)
		if err != nil {
			return fmt.Errorf("marshalling %T: %w", original, err)
		}
		back := newValue()
		if err := json.Unmarshal(data, back); err != nil {
			return fmt.Errorf("unmarshalling %T: %w", back, err)
		}
		if diff := cmp.Diff(original, back, Equal...); diff != "" {
			return fmt.Errorf("%T -> JSON -> back lost data (-before +after):\n%s", original, diff)
		}
		return nil
	})
}
