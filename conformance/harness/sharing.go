package harness

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	armruntime "github.com/armhub/armhub/runtime"
)

// SharingContracts runs SharingContract for every spoke and every storage
// variant but the hub of every kind.
func SharingContracts(t *testing.T, kinds []Kind) {
	t.Helper()
	cases := eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		return func(t *testing.T) { SharingContract(t, k.Hub, v.Spoke) }
	})
	cases = append(cases, storageCases(eachVersion(kinds, func(k Kind, v Version) func(t *testing.T) {
		if v.Storage == nil {
			return nil
		}
		return func(t *testing.T) { SharingContract(t, k.Hub, v.Storage) }
	}))...)
	runAll(t, cases)
}

// SharingContract checks the runtime's sharing contract (armruntime, "Sharing")
// for fuzzed objects of newObject's type converted to the hub and fuzzed hubs
// (property bags filled) converted to that type: the conversion leaves its
// source as it was, and so does changing the result afterwards the way the
// contract allows: assigning every field, at every depth, and writing through
// everything the contract says is never shared (generated structs, slices of
// structs and conditions, property bags).
func SharingContract(t *testing.T, newHub func() conversion.Hub, newObject func() conversion.Convertible) {
	t.Helper()
	fuzzed(t, newObject, func(i int, source conversion.Convertible) error {
		hub := newHub()
		return keepsSource("to the hub", source, hub, func() error { return source.ConvertTo(hub) })
	})
	fuzzedWith(t, NewHubFiller(Seed()), newHub, func(i int, hub conversion.Hub) error {
		target := newObject()
		return keepsSource("from the hub", hub, target, func() error { return target.ConvertFrom(hub) })
	})
}

// keepsSource runs convert (source into result) and checks that source is as
// it was, after the conversion and after every field of result is changed.
func keepsSource(what string, source, result runtime.Object, convert func() error) error {
	before := source.DeepCopyObject()
	err := convert()
	if changed := unchanged(what, before, source); changed != nil || err != nil {
		return changed // a failed conversion has no result to change
	}
	reassign(reflect.ValueOf(result).Elem())
	if diff := cmp.Diff(before, source); diff != "" {
		return fmt.Errorf("%T %s: changing the result as the sharing contract allows changed the source, which shares memory it must not (-before +after):\n%s", source, what, diff)
	}
	return nil
}

var (
	objectMetaType = reflect.TypeOf(metav1.ObjectMeta{})
	runtimePackage = reflect.TypeOf(armruntime.JSON{}).PkgPath()
)

// reassign changes every exported field of the struct v: it writes through
// what the sharing contract says a result never shares (a property bag gets
// an entry; a pointer to a generated struct, a value struct and each element
// of a slice of generated structs or conditions are changed field by field)
// and replaces everything else (the object metadata, pointers to scalars, maps
// and other slices, free-form JSON and slices of it, owner references) with a
// new value.
func reassign(v reflect.Value) {
	for i := 0; i < v.NumField(); i++ {
		if v.Type().Field(i).IsExported() {
			change(v.Field(i))
		}
	}
}

func change(f reflect.Value) {
	t := f.Type()
	switch {
	case t == bagType:
		if !f.IsNil() {
			f.SetMapIndex(reflect.ValueOf("sharing-probe"), reflect.ValueOf("written"))
		}
	case t.Kind() == reflect.Pointer && writable(t.Elem()):
		if !f.IsNil() {
			reassign(f.Elem())
		}
	case t.Kind() == reflect.Struct && writable(t):
		reassign(f)
	case t.Kind() == reflect.Slice && writable(t.Elem()):
		for i := 0; i < f.Len(); i++ {
			reassign(f.Index(i))
		}
	default:
		f.Set(reflect.Zero(t))
	}
}

// writable reports whether t is a struct the contract never shares and whose
// fields can all be reached: not the object metadata (shared), not a type of
// the runtime package (free-form JSON, owner references: shared), not one with
// unexported fields (metav1.Time), which is replaced whole.
func writable(t reflect.Type) bool {
	if t.Kind() != reflect.Struct || t == objectMetaType || t.PkgPath() == runtimePackage {
		return false
	}
	for i := 0; i < t.NumField(); i++ {
		if !t.Field(i).IsExported() {
			return false
		}
	}
	return true
}
