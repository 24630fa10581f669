package schema

import (
	"strconv"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// validation is one JSON schema keyword a field can carry. The one definition
// both writes the field's kubebuilder marker (spoke.go) and sets the keyword in
// the field's CRD schema (crd.go), so the two cannot drift apart.
type validation struct {
	name  string                                                    // the marker's name: kubebuilder:validation:<name>
	items bool                                                      // on an array field it validates the items (items:<name>)
	value func(f *golang.Field) string                              // the marker's value; "" when the field has none
	apply func(f *golang.Field, s *apiextensionsv1.JSONSchemaProps) // sets the keyword in s when the field has it
}

// Where a keyword goes on an array field: on the array or on its items.
const (
	ofField = false
	ofItems = true
)

// validations are the keywords in the order their markers are written.
var validations = []validation{
	keyword("MinLength", ofItems, formatCount,
		func(f *golang.Field) *int64 { return f.Validation.MinLength },
		func(s *apiextensionsv1.JSONSchemaProps, v *int64) { s.MinLength = v }),
	keyword("MaxLength", ofItems, formatCount,
		func(f *golang.Field) *int64 { return f.Validation.MaxLength },
		func(s *apiextensionsv1.JSONSchemaProps, v *int64) { s.MaxLength = v }),
	keyword("Pattern", ofItems, strconv.Quote,
		func(f *golang.Field) string { return f.Validation.Pattern },
		func(s *apiextensionsv1.JSONSchemaProps, v string) { s.Pattern = v }),
	keyword("Minimum", ofField, formatNumber,
		func(f *golang.Field) *float64 { return f.Validation.Minimum },
		func(s *apiextensionsv1.JSONSchemaProps, v *float64) { s.Minimum = v }),
	keyword("Maximum", ofField, formatNumber,
		func(f *golang.Field) *float64 { return f.Validation.Maximum },
		func(s *apiextensionsv1.JSONSchemaProps, v *float64) { s.Maximum = v }),
	keyword("MultipleOf", ofField, formatNumber,
		func(f *golang.Field) *float64 { return f.Validation.MultipleOf },
		func(s *apiextensionsv1.JSONSchemaProps, v *float64) { s.MultipleOf = v }),
	keyword("MinItems", ofField, formatCount,
		func(f *golang.Field) *int64 { return f.Validation.MinItems },
		func(s *apiextensionsv1.JSONSchemaProps, v *int64) { s.MinItems = v }),
	keyword("MaxItems", ofField, formatCount,
		func(f *golang.Field) *int64 { return f.Validation.MaxItems },
		func(s *apiextensionsv1.JSONSchemaProps, v *int64) { s.MaxItems = v }),
	keyword("Format", ofField, func(v string) string { return v },
		func(f *golang.Field) string { return f.Format },
		func(s *apiextensionsv1.JSONSchemaProps, v string) { s.Format = v }),
}

// keyword returns the validation whose value get reads from a field, set writes
// into a schema and text writes in the marker. The zero T means none.
func keyword[T comparable](name string, items bool, text func(T) string, get func(*golang.Field) T, set func(*apiextensionsv1.JSONSchemaProps, T)) validation {
	var none T
	return validation{
		name:  name,
		items: items,
		value: func(f *golang.Field) string {
			if v := get(f); v != none {
				return text(v)
			}
			return ""
		},
		apply: func(f *golang.Field, s *apiextensionsv1.JSONSchemaProps) {
			if v := get(f); v != none {
				set(s, v)
			}
		},
	}
}

func formatCount(v *int64) string {
	return strconv.FormatInt(*v, 10)
}

func formatNumber(v *float64) string {
	return strconv.FormatFloat(*v, 'g', -1, 64)
}

// onItems reports whether v validates the items of f rather than f itself.
func (v validation) onItems(f *golang.Field) bool {
	return v.items && f.Type.Kind == model.KindArray
}

// Markers returns the kubebuilder markers of f's validations.
func Markers(f *golang.Field) []string {
	var markers []string
	for _, v := range validations {
		value := v.value(f)
		if value == "" {
			continue
		}
		prefix := "kubebuilder:validation:"
		if v.onItems(f) {
			prefix += "items:"
		}
		markers = append(markers, prefix+v.name+"="+value)
	}
	return markers
}

// Apply sets the keywords of f's validations in s, the schema of f.
func Apply(s *apiextensionsv1.JSONSchemaProps, f *golang.Field) {
	for _, v := range validations {
		target := s
		if v.onItems(f) {
			target = s.Items.Schema // the CRD emitter gives every array its items
		}
		v.apply(f, target)
	}
}
