// Package schema is the part of OpenAPI v3 that CRDs use, and the one table
// that turns each validation of a field into both its kubebuilder marker
// (package types) and its CRD schema keyword (package crds).
package schema

// Schema is the subset of a JSON schema (OpenAPI v3) that CRDs use here. Fields
// are in the order they are written.
type Schema struct {
	Description           string             `json:"description,omitempty" yaml:"description,omitempty"`
	Type                  string             `json:"type,omitempty" yaml:"type,omitempty"`
	Format                string             `json:"format,omitempty" yaml:"format,omitempty"`
	Enum                  []any              `json:"enum,omitempty" yaml:"enum,omitempty"`
	MinLength             *int64             `json:"minLength,omitempty" yaml:"minLength,omitempty"`
	MaxLength             *int64             `json:"maxLength,omitempty" yaml:"maxLength,omitempty"`
	Pattern               string             `json:"pattern,omitempty" yaml:"pattern,omitempty"`
	Minimum               *float64           `json:"minimum,omitempty" yaml:"minimum,omitempty"`
	Maximum               *float64           `json:"maximum,omitempty" yaml:"maximum,omitempty"`
	MultipleOf            *float64           `json:"multipleOf,omitempty" yaml:"multipleOf,omitempty"`
	MinItems              *int64             `json:"minItems,omitempty" yaml:"minItems,omitempty"`
	MaxItems              *int64             `json:"maxItems,omitempty" yaml:"maxItems,omitempty"`
	Items                 *Schema            `json:"items,omitempty" yaml:"items,omitempty"`
	Properties            map[string]*Schema `json:"properties,omitempty" yaml:"properties,omitempty"`
	AdditionalProperties  *Schema            `json:"additionalProperties,omitempty" yaml:"additionalProperties,omitempty"`
	Required              []string           `json:"required,omitempty" yaml:"required,omitempty"`
	PreserveUnknownFields bool               `json:"x-kubernetes-preserve-unknown-fields,omitempty" yaml:"x-kubernetes-preserve-unknown-fields,omitempty"`
}
