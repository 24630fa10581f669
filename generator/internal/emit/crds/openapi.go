package crds

import (
	"encoding/json"
	"strings"

	"gopkg.in/yaml.v3"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armhub/armhub/generator/internal/emit/schema"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// props is a schema of a CRD version (OpenAPI v3).
type props = apiextensionsv1.JSONSchemaProps

// openAPI builds the schemas of one version's package; descriptions says
// whether they keep their descriptions (see KeepDescriptions).
type openAPI struct {
	pkg          *golang.Package
	descriptions bool
}

// doc returns text if the schemas keep their descriptions, else "".
func (o openAPI) doc(text string) string {
	if !o.descriptions {
		return ""
	}
	return text
}

func (o openAPI) resource(r *golang.Resource) *props {
	return &props{
		Type:        "object",
		Description: o.doc(strings.TrimSpace(r.Kind + " is the Kubernetes resource for the ARM resource type " + r.ARMType + ".")),
		Properties: map[string]props{
			"apiVersion": {Type: "string"},
			"kind":       {Type: "string"},
			"metadata":   {Type: "object"},
			"spec":       o.structSchema(r.Spec),
			"status":     o.structSchema(r.Status),
		},
	}
}

func (o openAPI) structSchema(s *golang.Struct) props {
	out := props{Type: "object", Description: o.doc(s.Doc), Properties: make(map[string]props, len(s.Fields))}
	for _, f := range s.Fields {
		out.Properties[f.JSONName] = o.fieldSchema(f)
		if f.Required {
			out.Required = append(out.Required, f.JSONName)
		}
	}
	return out
}

func (o openAPI) fieldSchema(f *golang.Field) props {
	s := o.typeSchema(f.Type)
	s.Description = o.doc(f.Doc)
	schema.Apply(&s, f)
	return s
}

func (o openAPI) typeSchema(t *golang.Type) props {
	switch t.Kind {
	case model.KindPrimitive:
		return props{Type: openAPIType(t.Builtin)}
	case model.KindArray:
		items := o.typeSchema(t.Elem)
		return props{Type: "array", Items: &apiextensionsv1.JSONSchemaPropsOrArray{Schema: &items}}
	case model.KindMap:
		values := o.typeSchema(t.Elem)
		return props{Type: "object", AdditionalProperties: &apiextensionsv1.JSONSchemaPropsOrBool{Allows: true, Schema: &values}}
	case model.KindAny:
		preserve := true
		return props{XPreserveUnknownFields: &preserve}
	case model.KindEnum:
		return o.enumSchema(o.pkg.Enum(t.Named))
	}
	return o.namedSchema(t.Named)
}

func openAPIType(builtin string) string {
	switch builtin {
	case "int":
		return "integer"
	case "float64":
		return "number"
	case "bool":
		return "boolean"
	}
	return "string"
}

func (o openAPI) enumSchema(e *golang.Enum) props {
	s := props{Type: openAPIType(e.Base), Description: o.doc(e.Doc)}
	if e.Open {
		return s
	}
	s.Enum = make([]apiextensionsv1.JSON, len(e.Values))
	for i, v := range e.Values {
		s.Enum[i] = enumValue(v.JSON, e.Base == "string")
	}
	return s
}

// enumValue returns an enum value, the text of it in the schema: a string
// for a string enum, else what the text reads as in YAML (a number, a
// boolean), or the string if that is not JSON.
func enumValue(text string, isString bool) apiextensionsv1.JSON {
	var value any
	if isString || yaml.Unmarshal([]byte(text), &value) != nil {
		value = text
	}
	raw, err := json.Marshal(value)
	if err != nil {
		raw, _ = json.Marshal(text) // a string always marshals
	}
	return apiextensionsv1.JSON{Raw: raw}
}

func (o openAPI) namedSchema(name string) props {
	switch name {
	case golang.OwnerType:
		return props{Type: "object", Properties: map[string]props{"name": {Type: "string"}}, Required: []string{"name"}}
	case golang.Condition:
		return conditionSchema()
	}
	return o.structSchema(o.pkg.Struct(name))
}

// conditionSchema is the schema of a status condition: types only, like
// every schema under status (what the loaders read of a status has no
// validations; see schemawalk's typesOnly), so a status write is never
// refused for its shape.
func conditionSchema() props {
	return props{
		Type: "object",
		Properties: map[string]props{
			"lastTransitionTime": {Type: "string"},
			"message":            {Type: "string"},
			"observedGeneration": {Type: "integer"},
			"reason":             {Type: "string"},
			"status":             {Type: "string"},
			"type":               {Type: "string"},
		},
	}
}
