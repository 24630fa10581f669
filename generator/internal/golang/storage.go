package golang

import (
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// The names of the fields storage variants add (naming's members).
const (
	BagField             = naming.PropertyBagField
	BagJSON              = naming.PropertyBagJSON
	OriginalVersionField = naming.OriginalVersionField
	OriginalVersionJSON  = naming.OriginalVersionJSON
)

// StoragePackage returns the storage variant of a spoke package: the same structs
// with every field optional and no validation, enums replaced by their base type,
// a PropertyBag on every struct, and OriginalVersion on every spec.
func StoragePackage(spoke *Package) *Package {
	pkg := &Package{
		APIVersion: spoke.APIVersion, Name: "storage", Version: naming.StorageVersion(spoke.APIVersion),
		Preview: spoke.Preview, Storage: true,
	}
	enums := map[string]*Enum{}
	for _, e := range spoke.Enums {
		enums[e.Name] = e
	}
	specs := map[string]bool{}
	for _, r := range spoke.Resources {
		specs[r.Spec.Name] = true
	}
	structs := map[string]*Struct{}
	for _, s := range spoke.Structs {
		converted := storageStruct(s, enums, specs[s.Name])
		structs[s.Name] = converted
		pkg.Structs = append(pkg.Structs, converted)
	}
	for _, r := range spoke.Resources {
		copied := *r
		copied.Spec, copied.Status = structs[r.Spec.Name], structs[r.Status.Name]
		pkg.Resources = append(pkg.Resources, &copied)
	}
	return pkg
}

func storageStruct(s *Struct, enums map[string]*Enum, spec bool) *Struct {
	copied := *s
	copied.Fields = nil
	copied.OneOf = false
	for _, f := range s.Fields {
		copied.Fields = append(copied.Fields, &Field{
			Name: f.Name, JSONName: f.JSONName, Doc: f.Doc, Type: storageType(f.Type, enums, true), Generated: f.Generated,
		})
	}
	copied.Fields = append(copied.Fields, &Field{
		Name: BagField, JSONName: BagJSON, Generated: true, Doc: "PropertyBag keeps the properties this version has no field for.",
		Type: &Type{Kind: model.KindMap, Named: BagType, Elem: &Type{Kind: model.KindPrimitive, Builtin: "string"}},
	})
	if spec {
		copied.Fields = append(copied.Fields, &Field{
			Name: OriginalVersionField, JSONName: OriginalVersionJSON, Generated: true,
			Doc:  "OriginalVersion is the API version the resource was created with.",
			Type: &Type{Kind: model.KindPrimitive, Builtin: "string"},
		})
	}
	sortFields(&copied)
	return &copied
}

// storageType returns the storage form of t: enums become their base type, and at
// the top level (a field's own type) every scalar and struct is a pointer.
func storageType(t *Type, enums map[string]*Enum, top bool) *Type {
	copied := *t
	if t.Kind == model.KindEnum {
		copied = Type{Kind: model.KindPrimitive, Builtin: enums[t.Named].Base}
	}
	if t.Elem != nil {
		copied.Elem = storageType(t.Elem, enums, false)
	}
	copied.Pointer = top && copied.Kind != model.KindArray && copied.Kind != model.KindMap
	if !top {
		copied.Pointer = t.Pointer
	}
	return &copied
}
