package schemavalue

import (
	"encoding/json"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Sample returns a value valid for s with every property set: objects have
// all their properties, maps one entry, arrays one item (or their minimum).
// The random choices follow seed. Free-form values (preserve-unknown-fields
// without properties) are empty objects, as the values of Azure's
// userAssignedIdentities are.
func Sample(s *apix.JSONSchemaProps, seed int64, path string) (any, error) {
	return NewConformer(seed).Value(skeleton(s), s, path)
}

// skeleton fills s with placeholders of the right JSON types for the
// Conformer to make valid.
func skeleton(s *apix.JSONSchemaProps) any {
	if len(s.Properties) == 0 && s.AdditionalProperties == nil && s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields {
		return map[string]any{}
	}
	switch s.Type {
	case "object":
		return skeletonObject(s)
	case "array":
		return skeletonArray(s)
	case "string":
		if s.Format == "date-time" {
			return "2026-01-02T03:04:05Z"
		}
		return "sample"
	case "integer", "number":
		return json.Number("1")
	case "boolean":
		return true
	}
	return nil // the Conformer names the type it does not handle
}

func skeletonObject(s *apix.JSONSchemaProps) any {
	fields := map[string]any{}
	for name, sub := range s.Properties {
		if value := skeleton(&sub); value != nil {
			fields[name] = value
		}
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		fields["key"] = skeleton(s.AdditionalProperties.Schema)
	}
	return fields
}

func skeletonArray(s *apix.JSONSchemaProps) any {
	n := int64(1)
	if s.MinItems != nil && *s.MinItems > n {
		n = *s.MinItems
	}
	if s.Items == nil || s.Items.Schema == nil {
		return []any{}
	}
	items := make([]any, n)
	for i := range items {
		items[i] = skeleton(s.Items.Schema)
	}
	return items
}
