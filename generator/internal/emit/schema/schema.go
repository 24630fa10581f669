// Package schema is the one table that turns each validation of a field into
// both its kubebuilder marker (package types) and its keyword in the field's
// CRD schema, an apiextensions/v1 JSONSchemaProps (package crds).
package schema
