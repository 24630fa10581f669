package harness

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/runtime"

	armruntime "github.com/armhub/armhub/runtime"
)

// SpokeFits runs FitsSpokeIsExact for every version of every kind whose
// storage variant answers FitsSpoke (all but those whose spoke hand-written
// code augments).
func SpokeFits(t *testing.T, kinds []Kind) {
	t.Helper()
	runAll(t, eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		a := newAssigner(t, v.To, v.From)
		if _, ok := a.newB().(armruntime.SpokeFitter); !ok {
			return nil
		}
		return func(t *testing.T) { FitsSpokeIsExact(t, v.To, v.From) }
	}))
}

// FitsSpokeIsExact checks that a storage variant's FitsSpoke says what the
// spoke's ConvertFrom would otherwise find by converting (to and from: the
// spoke's assignments with it): whether the value converted to the spoke and
// back has the same spec and status. It checks fuzzed values (property bags
// filled, fields missing) and each of them converted to the spoke and back,
// which fits.
func FitsSpokeIsExact(t *testing.T, to, from any) {
	t.Helper()
	a := newAssigner(t, to, from)
	fuzzedWith(t, NewHubFiller(Seed()), a.newB, func(i int, value any) error {
		back, err := a.throughSpoke(value)
		if err != nil {
			return err
		}
		if err := a.fitsExactly(value, back); err != nil {
			return err
		}
		again, err := a.throughSpoke(back)
		if err != nil {
			return err
		}
		if err := a.fitsExactly(back, again); err != nil || i > 0 {
			return err
		}
		return eachChange(back.(runtime.Object), func(changed runtime.Object) error {
			through, err := a.throughSpoke(changed)
			if err != nil {
				return err
			}
			return a.fitsExactly(changed, through)
		})
	})
}

// eachChange calls check with copies of root (which fits its spoke) changed
// in one place each: every pointer, slice or map of its spec and status that
// is set, set to nil; every property bag given an entry; every original
// version set to one that is no version.
func eachChange(root runtime.Object, check func(runtime.Object) error) error {
	var paths [][]int
	for _, part := range []string{"Spec", "Status"} {
		field, ok := reflect.TypeOf(root).Elem().FieldByName(part)
		if ok {
			collectChanges(reflect.ValueOf(root).Elem().FieldByIndex(field.Index), field.Index, &paths)
		}
	}
	for _, path := range paths {
		changed := root.DeepCopyObject()
		target := follow(reflect.ValueOf(changed).Elem(), path)
		switch {
		case target.Type() == bagType:
			target.Set(reflect.ValueOf(armruntime.PropertyBag{"Unknown@v20991231": "1"}))
		case target.Kind() == reflect.String: // an original version
			target.SetString("v19990101")
		default:
			target.Set(reflect.Zero(target.Type()))
		}
		if err := check(changed); err != nil {
			return fmt.Errorf("changed at %v: %w", path, err)
		}
	}
	return nil
}

var bagType = reflect.TypeOf(armruntime.PropertyBag{})

// collectChanges appends the paths (struct field indexes, slice indexes) of
// what eachChange changes in v, reached by path.
func collectChanges(v reflect.Value, path []int, paths *[][]int) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		*paths = append(*paths, path)
		collectChanges(v.Elem(), path, paths)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			field := v.Type().Field(i)
			switch {
			case field.Name == "OriginalVersion" && field.Type.Kind() == reflect.String:
				*paths = append(*paths, append(slices.Clone(path), i))
			case field.IsExported():
				collectChanges(v.Field(i), append(slices.Clone(path), i), paths)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		*paths = append(*paths, path)
		for i := 0; i < v.Len(); i++ {
			collectChanges(v.Index(i), append(slices.Clone(path), i), paths)
		}
	case reflect.Map:
		if v.Type() == bagType || !v.IsNil() {
			*paths = append(*paths, path)
		}
	}
}

// follow returns what path reaches from v, through pointers.
func follow(v reflect.Value, path []int) reflect.Value {
	for _, i := range path {
		for v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
		if v.Kind() == reflect.Slice {
			v = v.Index(i)
		} else {
			v = v.Field(i)
		}
	}
	return v
}

// throughSpoke converts value (a B, the storage variant) to the spoke A and
// back to a new B.
func (a *assigner) throughSpoke(value any) (any, error) {
	spoke, back := a.newA(), a.newB()
	if err := a.call(a.from, spoke, value); err != nil {
		return nil, fmt.Errorf("assigning %T to %T: %w", value, spoke, err)
	}
	if err := a.call(a.to, spoke, back); err != nil {
		return nil, fmt.Errorf("assigning %T back to %T: %w", spoke, back, err)
	}
	return back, nil
}

// fitsExactly fails when value's FitsSpoke differs from the comparison of
// value with back (value through the spoke), as the runtime makes it.
func (a *assigner) fitsExactly(value, back any) error {
	got := value.(armruntime.SpokeFitter).FitsSpoke()
	first, second := value.(armruntime.KubernetesResource), back.(armruntime.KubernetesResource)
	want := equality.Semantic.DeepEqual(first.GetSpec(), second.GetSpec()) &&
		equality.Semantic.DeepEqual(first.GetStatus(), second.GetStatus())
	if got != want {
		return fmt.Errorf("%T: FitsSpoke says %t, converting to the spoke and back says %t", value, got, want)
	}
	return nil
}
