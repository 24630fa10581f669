// Package model is the generator's in-memory description of a service: its API
// versions, their resources, and the object and enum types those use. Loaders
// build it; later stages read it and return changed copies rather than editing
// it in place.
package model

import (
	"errors"
	"fmt"
	"strings"
)

// Kind says which of the variants of Type a Type is.
type Kind int

// The kinds of Type.
const (
	KindPrimitive Kind = iota // a string, integer, number or boolean
	KindEnum                  // a named enum, see Type.Name
	KindObject                // a named object, see Type.Name
	KindArray                 // a list of Type.Elem
	KindMap                   // a map from string to Type.Elem
	KindAny                   // any JSON value (an object schema with no properties)
)

// The primitive types, named after JSON schema's.
const (
	String  = "string"
	Integer = "integer"
	Number  = "number"
	Boolean = "boolean"
)

// Type is the type of a property, an array element or a map value.
type Type struct {
	Kind      Kind
	Primitive string // the primitive for KindPrimitive, the base for KindEnum
	Format    string // the JSON schema format of a primitive, such as date-time
	Name      string // the definition name of a KindEnum or KindObject
	Elem      *Type  // the element of a KindArray or the value of a KindMap
}

// Validation holds the JSON schema validations of a property.
type Validation struct {
	MinLength  *int64
	MaxLength  *int64
	Pattern    string
	Minimum    *float64
	Maximum    *float64
	MultipleOf *float64
	MinItems   *int64
	MaxItems   *int64
}

// IsZero reports whether there is no validation.
func (v Validation) IsZero() bool {
	return v == Validation{}
}

// Property is one property of an object.
type Property struct {
	Name        string // the JSON name, as in the schema
	Description string
	Type        *Type
	Required    bool
	Validation  Validation
	// Secret says the value is a credential a client writes and the service
	// never returns (Swagger's x-ms-secret or format: password).
	Secret bool
	Source string // where the property is declared: file#/json/pointer
}

// Object is a named object type.
type Object struct {
	Name        string // the definition name, unique within its API version
	Description string
	Properties  []*Property // sorted by Name
	OneOf       bool        // exactly one property is meant to be set (a schema oneOf)
	Source      string
}

// Property returns the property with the given JSON name, or nil.
func (o *Object) Property(name string) *Property {
	for _, p := range o.Properties {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// Enum is a named enum type.
type Enum struct {
	Name        string
	Description string
	Base        string   // the primitive the values have
	Values      []string // sorted; numbers and booleans as their JSON text
	// Open says the values are the known ones of an open set (Swagger's
	// x-ms-enum with modelAsString: true): other values are valid too.
	Open   bool
	Source string
}

// Scope is where an ARM resource is deployed: the section of the schema file
// that defines it.
type Scope string

// The scopes, one per resource section of a deployment schema.
const (
	ScopeResourceGroup   Scope = "resourceGroup"   // resourceDefinitions
	ScopeSubscription    Scope = "subscription"    // subscription_resourceDefinitions
	ScopeManagementGroup Scope = "managementGroup" // managementGroup_resourceDefinitions
	ScopeTenant          Scope = "tenant"          // tenant_resourceDefinitions
	ScopeExtension       Scope = "extension"       // extension_resourceDefinitions
	ScopeUnknown         Scope = "unknown"         // unknown_resourceDefinitions: the schema does not say
)

// Resource is one ARM resource type in one API version.
type Resource struct {
	Name        string // the schema's name: "storageAccounts", "vaults_secrets"
	ARMType     string // "Microsoft.Storage/storageAccounts"
	Description string
	Owner       string // the Name of the parent resource, for child resources
	// OwnerExternal says the parent resource is not defined in the version:
	// Owner names a resource this service does not generate.
	OwnerExternal bool
	Scope         Scope  // empty is read as ScopeResourceGroup
	Spec          string // the name of the Object holding the spec properties
	// Status is the name of the Object holding what the service returns (the
	// observed state, every property optional); empty when the input does not
	// describe it (ARM deployment schemas), which leaves conditions only.
	Status string
	Source string
}

// APIVersion is one API version of a provider, with everything reachable from
// its resources.
type APIVersion struct {
	Version   string      // "2021-04-01", "2021-04-01-preview"
	Provider  string      // "Microsoft.Storage"
	Resources []*Resource // sorted by Name
	Objects   map[string]*Object
	Enums     map[string]*Enum
	Source    string // the schema file
}

// IsPreview reports whether the version is a preview version.
func (v *APIVersion) IsPreview() bool {
	return strings.HasSuffix(v.Version, "-preview")
}

// Resource returns the resource with the given name, or nil.
func (v *APIVersion) Resource(name string) *Resource {
	for _, r := range v.Resources {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// Location is a place in an input file, for error messages.
type Location struct {
	File    string
	Pointer string // a JSON pointer, for JSON inputs
	Line    int    // a line number, for YAML inputs and JSON syntax errors
	Column  int    // a column on that line, when known
}

func (l Location) String() string {
	switch {
	case l.Pointer != "":
		return fmt.Sprintf("%s#%s", l.File, l.Pointer)
	case l.Line > 0 && l.Column > 0:
		return fmt.Sprintf("%s:%d:%d", l.File, l.Line, l.Column)
	case l.Line > 0:
		return fmt.Sprintf("%s:%d", l.File, l.Line)
	}
	return l.File
}

// Error is an input error at a known place.
type Error struct {
	At      Location
	Message string
	Kind    error // what errors.Is finds through it (ErrNoResources), or nil
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s", e.At, e.Message)
}

// Unwrap returns the error's Kind.
func (e *Error) Unwrap() error { return e.Kind }

// ErrNoResources is the Kind of a loader's error on an API version whose
// file describes no resource (definitions only): a run that generates every
// version it finds leaves that one out.
var ErrNoResources = errors.New("the version describes no resource")

// Errorf returns an Error at the given place.
func Errorf(at Location, format string, args ...any) error {
	return &Error{At: at, Message: fmt.Sprintf(format, args...)}
}
