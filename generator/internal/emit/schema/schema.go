// Package schema is the part of OpenAPI v3 that CRDs use, and the one table
// that turns each validation of a field into both its kubebuilder marker
// (package types) and its CRD schema keyword (package crds).
package schema

// Schema is the subset of a JSON schema (OpenAPI v3) that CRDs use here. Fields
// are in the order they are written.
type Schema struct {
	Description           string             `yaml:"description,omitempty"`
	Type                  string             `yaml:"type,omitempty"`
	Format                string             `yaml:"format,omitempty"`
	Enum                  []any              `yaml:"enum,omitempty"`
	MinLength             *int64             `yaml:"minLength,omitempty"`
	MaxLength             *int64             `yaml:"maxLength,omitempty"`
	Pattern               string             `yaml:"pattern,omitempty"`
	Minimum               *float64           `yaml:"minimum,omitempty"`
	Maximum               *float64           `yaml:"maximum,omitempty"`
	MultipleOf            *float64           `yaml:"multipleOf,omitempty"`
	MinItems              *int64             `yaml:"minItems,omitempty"`
	MaxItems              *int64             `yaml:"maxItems,omitempty"`
	Items                 *Schema            `yaml:"items,omitempty"`
	Properties            map[string]*Schema `yaml:"properties,omitempty"`
	AdditionalProperties  *Schema            `yaml:"additionalProperties,omitempty"`
	Required              []string           `yaml:"required,omitempty"`
	PreserveUnknownFields bool               `yaml:"x-kubernetes-preserve-unknown-fields,omitempty"`
}
