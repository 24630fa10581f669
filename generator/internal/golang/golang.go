// Package golang is the Go view of one API version: the resources, structs and
// enums a version package declares, with their Go names and types resolved.
package golang

import (
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// Package is the Go package of one API version, a spoke or its storage variant.
type Package struct {
	APIVersion string // "2021-04-01"
	Name       string // the Go package name: "v20210401", or "storage"
	Version    string // the Kubernetes version name: "v20210401", "v20210401storage"
	Preview    bool
	Storage    bool        // a storage variant: every field optional, a property bag on each struct
	Resources  []*Resource // sorted by Kind
	Structs    []*Struct   // sorted by Name, resources' specs and statuses included
	Enums      []*Enum     // sorted by Name
	// Notes are the Go names given other than the schema's (a type name
	// taken by another type or a Kind, a field name generated code declares,
	// an enum constant taken), as file#pointer: what.
	Notes []string
}

// Resource is one Kubernetes resource type.
type Resource struct {
	Kind       string // "StorageAccount"
	SchemaName string // "storageAccounts"
	ARMType    string
	Doc        string
	OwnerKind  string // the Kind of the parent, for child resources
	// OwnerExternal says the parent is not a resource of this package: an
	// owner created by other means, named only in the Owner field's doc.
	OwnerExternal bool
	Scope         model.Scope // where the ARM resource is deployed; empty is resource group
	Spec          *Struct
	Status        *Struct
}

// List returns the Go name of the resource's list type.
func (r *Resource) List() string {
	return naming.ListType(r.Kind)
}

// Struct is a Go struct type.
type Struct struct {
	Name       string
	SchemaName string // the object's name in the schema; empty for synthesized ones
	Doc        string
	Fields     []*Field // sorted by JSONName
	OneOf      bool
	Source     string
	// Undescribed marks the status of a resource whose input describes none
	// (a deployment schema without a Swagger status): conditions only, which
	// says nothing of what the service returns.
	Undescribed bool
}

// Field is one field of a struct.
type Field struct {
	Name       string // the Go name
	JSONName   string
	Doc        string
	Type       *Type
	Required   bool
	Validation model.Validation
	Format     string
	Secret     bool // a credential the client writes and the service never returns
	// Generated says the field is one generated code adds (a naming.Member:
	// PropertyBag, OriginalVersion, Owner, Conditions), not a schema property.
	Generated bool
}

// Type is the Go type of a field, a slice element or a map value.
type Type struct {
	Kind    model.Kind
	Builtin string // string, int, float64 or bool, for primitives and enum bases
	Named   string // the Go name of an enum, struct or runtime type
	Elem    *Type
	Pointer bool
}

// Enum is a named string (or other primitive) type with constants.
type Enum struct {
	Name       string
	SchemaName string
	Doc        string
	Base       string // the Go builtin it is based on
	Values     []EnumValue
	Open       bool // the values are known ones of an open set: others are valid too
}

// EnumValue is one constant of an enum.
type EnumValue struct {
	Const string // the Go constant name
	Value string // the value as Go source: a quoted string or a literal
	JSON  string // the value as in the schema
}

// String returns the Go source of t.
func (t *Type) String() string {
	prefix := ""
	if t.Pointer {
		prefix = "*"
	}
	switch t.Kind {
	case model.KindArray:
		return prefix + "[]" + t.Elem.String()
	case model.KindMap:
		if t.Named != "" {
			return prefix + t.Named
		}
		return prefix + "map[string]" + t.Elem.String()
	case model.KindPrimitive:
		return prefix + t.Builtin
	}
	return prefix + t.Named
}

// Resource returns the resource of the given kind, or nil.
func (p *Package) Resource(kind string) *Resource {
	for _, r := range p.Resources {
		if r.Kind == kind {
			return r
		}
	}
	return nil
}

// Struct returns the struct with the given Go name, or nil.
func (p *Package) Struct(name string) *Struct {
	for _, s := range p.Structs {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Enum returns the enum with the given Go name, or nil.
func (p *Package) Enum(name string) *Enum {
	for _, e := range p.Enums {
		if e.Name == name {
			return e
		}
	}
	return nil
}
