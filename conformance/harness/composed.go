package harness

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// stepper is a storage version before its kind's hub: ConvertTo and
// ConvertFrom convert to and from the hub straight (composed at generation
// time), StepConvertTo and StepConvertFrom through every version between.
type stepper interface {
	conversion.Convertible
	StepConvertTo(conversion.Hub) error
	StepConvertFrom(conversion.Hub) error
}

// sameResult is how composed and stepped results are compared: exactly, but
// for empty and missing collections (the steps make a bag that a pull emptied
// nil again at the next step; JSON does not tell them apart either).
var sameResult = []cmp.Option{cmpopts.EquateEmpty()}

// spokeStepper is a spoke whose storage variant comes before its kind's hub
// and which converts to and from the hub straight (its twins of the storage
// variant's composed conversions): StatelessConvertTo and ConvertFrom,
// which StepConvertTo and StepConvertFrom do by way of the storage variant.
type spokeStepper interface {
	conversion.Convertible
	StatelessConvertTo(conversion.Hub) error
	StepConvertTo(conversion.Hub) error
	StepConvertFrom(conversion.Hub) error
}

// ComposedConversions runs ComposedMatchesSteps for every storage version of
// every kind that comes before its hub, and TwinsMatchSteps for every spoke
// that converts to its hub straight.
func ComposedConversions(t *testing.T, kinds []Kind) {
	t.Helper()
	cases := storageCases(eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		if v.Storage == nil {
			return nil
		}
		if _, ok := v.Storage().(stepper); !ok {
			return nil
		}
		return func(t *testing.T) { ComposedMatchesSteps(t, k.Hub, v.Storage) }
	}))
	cases = append(cases, eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		if _, ok := v.Spoke().(spokeStepper); !ok {
			return nil
		}
		return func(t *testing.T) { TwinsMatchSteps(t, k.Hub, v.Spoke) }
	})...)
	runAll(t, cases)
}

// TwinsMatchSteps checks that a spoke converting straight to and from the hub
// gives what it gives by way of its storage variant, carried annotation
// included, and leaves its source as it was: fuzzed hubs (property bags
// filled, which the spoke cannot represent) converted to the spoke; fuzzed
// spokes converted to the hub, and that hub (which the spoke represents)
// back to the spoke; for the first, also that hub changed in each place a
// spoke may stop representing it (eachChange, as TestFitsSpoke does), so that
// each of the straight conversion's checks decides alone.
func TwinsMatchSteps(t *testing.T, newHub func() conversion.Hub, newSpoke func() conversion.Convertible) {
	t.Helper()
	fuzzedWith(t, NewHubFiller(Seed()), newHub, func(i int, hub conversion.Hub) error {
		direct, stepped := newSpoke().(spokeStepper), newSpoke().(spokeStepper)
		return compare("from the hub", hub, direct, stepped,
			func() error { return direct.ConvertFrom(hub) }, func() error { return stepped.StepConvertFrom(hub) })
	})
	fuzzedWith(t, NewFiller(Seed()+2), newSpoke, func(i int, value conversion.Convertible) error {
		spoke := value.(spokeStepper)
		direct, stepped := newHub(), newHub()
		err := compare("to the hub", spoke, direct, stepped,
			func() error { return spoke.StatelessConvertTo(direct) }, func() error { return spoke.StepConvertTo(stepped) })
		if err != nil {
			return err
		}
		if err := backFromHub("back from the hub", stepped, newSpoke); err != nil || i > 0 {
			return err
		}
		return eachChange(stepped, func(changed runtime.Object) error { // each check of the twin decides alone
			return backFromHub("back from the hub, changed in one place", changed, newSpoke)
		})
	})
}

// backFromHub compares hub converted to new spokes straight and by the steps.
func backFromHub(what string, hub runtime.Object, newSpoke func() conversion.Convertible) error {
	back, again := newSpoke().(spokeStepper), newSpoke().(spokeStepper)
	return compare(what, hub, back, again,
		func() error { return back.ConvertFrom(hub.(conversion.Hub)) }, func() error { return again.StepConvertFrom(hub.(conversion.Hub)) })
}

// ComposedMatchesSteps checks that the composed conversions of a storage
// version give what the chain of steps gives, both ways, and leave their
// source as it was: fuzzed hubs (property bags filled) converted to the
// version; each result converted back to the hub (its bags hold what the
// version lacks, under the keys the steps pull); and fuzzed objects of the
// version converted to the hub.
func ComposedMatchesSteps(t *testing.T, newHub func() conversion.Hub, newStorage func() conversion.Convertible) {
	t.Helper()
	fuzzedWith(t, NewHubFiller(Seed()), newHub, func(i int, hub conversion.Hub) error {
		direct, stepped := newStorage().(stepper), newStorage().(stepper)
		err := compare("from the hub", hub, direct, stepped,
			func() error { return direct.ConvertFrom(hub) }, func() error { return stepped.StepConvertFrom(hub) })
		if err != nil {
			return err
		}
		return toHub(direct, newHub)
	})
	fuzzedWith(t, NewHubFiller(Seed()+1), newStorage, func(i int, value conversion.Convertible) error {
		return toHub(value.(stepper), newHub)
	})
}

// toHub compares the composed and the stepped conversion of source to new hubs.
func toHub(source stepper, newHub func() conversion.Hub) error {
	direct, stepped := newHub(), newHub()
	return compare("to the hub", source, direct, stepped,
		func() error { return source.ConvertTo(direct) }, func() error { return source.StepConvertTo(stepped) })
}

// compare runs the composed conversion and the stepped one of source into
// direct and stepped: both must fail or give the same result, and source must
// be as it was.
func compare(what string, source, direct, stepped runtime.Object, composed, steps func() error) error {
	before := source.DeepCopyObject()
	errComposed, errSteps := composed(), steps()
	if (errComposed == nil) != (errSteps == nil) {
		return fmt.Errorf("%T %s: the composed conversion gave error %v, the steps %v", source, what, errComposed, errSteps)
	}
	if errComposed != nil {
		return nil
	}
	if diff := cmp.Diff(stepped, direct, sameResult...); diff != "" {
		return fmt.Errorf("%T %s: the composed conversion differs from the steps (-steps +composed):\n%s", source, what, diff)
	}
	return unchanged(what, before, source)
}

// unchanged fails when source, converted (what), differs from before, its copy
// taken beforehand.
func unchanged(what string, before, source runtime.Object) error {
	if diff := cmp.Diff(before, source); diff != "" {
		return fmt.Errorf("%T %s: converting changed the source (-before +after):\n%s", source, what, diff)
	}
	return nil
}
