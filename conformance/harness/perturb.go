package harness

import (
	"reflect"

	armruntime "github.com/armhub/armhub/runtime"
)

// The places of a hub where a spoke can stop representing it, each changed on
// its own: so that a test converting the hub to the spoke sees every check of
// "does the spoke represent all of it" decide alone.

// perturbSites returns, for the value v points to, one function per place a
// spoke may fail to represent: every property bag (given an entry no version
// has), every original version (set to one that is not a version), and every
// pointer set (cleared), depth first in field order.
func perturbSites(v reflect.Value) []func() {
	var sites []func()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() {
				return
			}
			if v.CanSet() {
				sites = append(sites, func() { v.Set(reflect.Zero(v.Type())) })
			}
			walk(v.Elem())
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				walkField(v, i, &sites, walk)
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i))
			}
		}
	}
	walk(v)
	return sites
}

// walkField adds the sites of field i of the struct v.
func walkField(v reflect.Value, i int, sites *[]func(), walk func(reflect.Value)) {
	field, f := v.Type().Field(i), v.Field(i)
	switch {
	case !field.IsExported() || field.Name == "ObjectMeta" || field.Name == "TypeMeta":
	case f.Type() == bagType:
		*sites = append(*sites, func() {
			bag := armruntime.NewPropertyBag(f.Interface().(armruntime.PropertyBag))
			if err := bag.Add("Unknown@v19990101", 1); err != nil {
				panic(err)
			}
			f.Set(reflect.ValueOf(bag))
		})
	case field.Name == "OriginalVersion" && f.Kind() == reflect.String:
		*sites = append(*sites, func() { f.SetString("v19990101") })
	default:
		walk(f)
	}
}
