package crds

import (
	"bytes"
	"encoding/json"
	"fmt"

	"gopkg.in/yaml.v3"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armhub/armhub/generator/internal/layout"
)

// The CRD files are written from a view of the apiextensions/v1 CRD that holds
// only the keys Build sets, in the order the files have always had, marshalled
// by yaml.v3: the types' own path, sigs.k8s.io/yaml, goes through JSON, so it
// sorts every map's keys, writes lists at their parent's indentation and adds
// an empty status and "creationTimestamp: null". Tests read every file back
// into the typed CRD and compare it with Build's, so the view cannot drop
// anything Build sets.

type yamlCRD struct {
	APIVersion string       `json:"apiVersion" yaml:"apiVersion"`
	Kind       string       `json:"kind" yaml:"kind"`
	Metadata   yamlMetadata `json:"metadata" yaml:"metadata"`
	Spec       yamlSpec     `json:"spec" yaml:"spec"`
}

type yamlMetadata struct {
	Name        string            `json:"name" yaml:"name"`
	Annotations map[string]string `json:"annotations,omitempty" yaml:"annotations,omitempty"`
}

type yamlSpec struct {
	Group      string         `json:"group" yaml:"group"`
	Names      yamlNames      `json:"names" yaml:"names"`
	Scope      string         `json:"scope" yaml:"scope"`
	Conversion yamlConversion `json:"conversion" yaml:"conversion"`
	Versions   []yamlVersion  `json:"versions" yaml:"versions"`
}

type yamlNames struct {
	Kind       string   `json:"kind" yaml:"kind"`
	ListKind   string   `json:"listKind" yaml:"listKind"`
	Plural     string   `json:"plural" yaml:"plural"`
	Singular   string   `json:"singular" yaml:"singular"`
	Categories []string `json:"categories,omitempty" yaml:"categories,omitempty"`
}

type yamlConversion struct {
	Strategy string      `json:"strategy" yaml:"strategy"`
	Webhook  yamlWebhook `json:"webhook" yaml:"webhook"`
}

type yamlWebhook struct {
	ConversionReviewVersions []string `json:"conversionReviewVersions" yaml:"conversionReviewVersions"`
	ClientConfig             struct {
		Service yamlService `json:"service" yaml:"service"`
	} `json:"clientConfig" yaml:"clientConfig"`
}

type yamlService struct {
	Name      string `json:"name" yaml:"name"`
	Namespace string `json:"namespace" yaml:"namespace"`
	Path      string `json:"path" yaml:"path"`
	Port      int32  `json:"port" yaml:"port"`
}

type yamlVersion struct {
	Name               string `json:"name" yaml:"name"`
	Served             bool   `json:"served" yaml:"served"`
	Storage            bool   `json:"storage" yaml:"storage"`
	Deprecated         bool   `json:"deprecated,omitempty" yaml:"deprecated,omitempty"`
	DeprecationWarning string `json:"deprecationWarning,omitempty" yaml:"deprecationWarning,omitempty"`
	Schema             struct {
		OpenAPIV3Schema *yamlSchema `json:"openAPIV3Schema" yaml:"openAPIV3Schema"`
	} `json:"schema" yaml:"schema"`
	Subresources             map[string]struct{} `json:"subresources" yaml:"subresources"`
	AdditionalPrinterColumns []yamlColumn        `json:"additionalPrinterColumns,omitempty" yaml:"additionalPrinterColumns,omitempty"`
}

type yamlColumn struct {
	Name     string `json:"name" yaml:"name"`
	Type     string `json:"type" yaml:"type"`
	JSONPath string `json:"jsonPath" yaml:"jsonPath"`
}

// yamlSchema is the part of JSONSchemaProps that Build sets, in the order
// the keys are written.
type yamlSchema struct {
	Description           string                 `json:"description,omitempty" yaml:"description,omitempty"`
	Type                  string                 `json:"type,omitempty" yaml:"type,omitempty"`
	Format                string                 `json:"format,omitempty" yaml:"format,omitempty"`
	Enum                  []any                  `json:"enum,omitempty" yaml:"enum,omitempty"`
	MinLength             *int64                 `json:"minLength,omitempty" yaml:"minLength,omitempty"`
	MaxLength             *int64                 `json:"maxLength,omitempty" yaml:"maxLength,omitempty"`
	Pattern               string                 `json:"pattern,omitempty" yaml:"pattern,omitempty"`
	Minimum               *float64               `json:"minimum,omitempty" yaml:"minimum,omitempty"`
	Maximum               *float64               `json:"maximum,omitempty" yaml:"maximum,omitempty"`
	MultipleOf            *float64               `json:"multipleOf,omitempty" yaml:"multipleOf,omitempty"`
	MinItems              *int64                 `json:"minItems,omitempty" yaml:"minItems,omitempty"`
	MaxItems              *int64                 `json:"maxItems,omitempty" yaml:"maxItems,omitempty"`
	Items                 *yamlSchema            `json:"items,omitempty" yaml:"items,omitempty"`
	Properties            map[string]*yamlSchema `json:"properties,omitempty" yaml:"properties,omitempty"`
	AdditionalProperties  *yamlSchema            `json:"additionalProperties,omitempty" yaml:"additionalProperties,omitempty"`
	Required              []string               `json:"required,omitempty" yaml:"required,omitempty"`
	PreserveUnknownFields bool                   `json:"x-kubernetes-preserve-unknown-fields,omitempty" yaml:"x-kubernetes-preserve-unknown-fields,omitempty"`
}

// Write returns the YAML of crd, a CRD Build returned, and its size as compact
// JSON (what the YAML read back would marshal to, computed without reading it
// back).
func Write(crd *apiextensionsv1.CustomResourceDefinition) ([]byte, int, error) {
	name := crd.Name
	doc, err := viewOf(crd) // crd is not used after this, so it can be collected
	if err != nil {
		return nil, 0, fmt.Errorf("CRD %s: %w", name, err)
	}
	var out bytes.Buffer
	out.WriteString(layout.GeneratedText + "\n")
	encoder := yaml.NewEncoder(&out)
	encoder.SetIndent(2)
	if err := encoder.Encode(doc); err != nil {
		return nil, 0, fmt.Errorf("CRD %s: %w", name, err)
	}
	compact, err := json.Marshal(doc)
	if err != nil {
		return nil, 0, fmt.Errorf("CRD %s: %w", name, err)
	}
	return out.Bytes(), len(compact), nil
}

func viewOf(crd *apiextensionsv1.CustomResourceDefinition) (*yamlCRD, error) {
	spec := &crd.Spec
	doc := &yamlCRD{
		APIVersion: crd.APIVersion, Kind: crd.Kind,
		Metadata: yamlMetadata{Name: crd.Name, Annotations: crd.Annotations},
		Spec: yamlSpec{
			Group: spec.Group, Scope: string(spec.Scope),
			Names: yamlNames{Kind: spec.Names.Kind, ListKind: spec.Names.ListKind, Plural: spec.Names.Plural,
				Singular: spec.Names.Singular, Categories: spec.Names.Categories},
		},
	}
	conversion := spec.Conversion
	if conversion == nil || conversion.Webhook == nil || conversion.Webhook.ClientConfig == nil || conversion.Webhook.ClientConfig.Service == nil {
		return nil, fmt.Errorf("no conversion webhook service")
	}
	doc.Spec.Conversion.Strategy = string(conversion.Strategy)
	doc.Spec.Conversion.Webhook.ConversionReviewVersions = conversion.Webhook.ConversionReviewVersions
	service := conversion.Webhook.ClientConfig.Service
	doc.Spec.Conversion.Webhook.ClientConfig.Service = yamlService{Name: service.Name, Namespace: service.Namespace,
		Path: deref(service.Path), Port: deref(service.Port)}
	for i := range spec.Versions {
		v, err := versionView(&spec.Versions[i])
		if err != nil {
			return nil, fmt.Errorf("version %s: %w", spec.Versions[i].Name, err)
		}
		doc.Spec.Versions = append(doc.Spec.Versions, v)
	}
	return doc, nil
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func versionView(v *apiextensionsv1.CustomResourceDefinitionVersion) (yamlVersion, error) {
	out := yamlVersion{Name: v.Name, Served: v.Served, Storage: v.Storage, Deprecated: v.Deprecated,
		DeprecationWarning: deref(v.DeprecationWarning)}
	if v.Schema != nil && v.Schema.OpenAPIV3Schema != nil {
		s, err := schemaView(v.Schema.OpenAPIV3Schema)
		if err != nil {
			return out, err
		}
		out.Schema.OpenAPIV3Schema = s
	}
	if v.Subresources != nil && v.Subresources.Status != nil {
		out.Subresources = map[string]struct{}{"status": {}}
	}
	for _, c := range v.AdditionalPrinterColumns {
		out.AdditionalPrinterColumns = append(out.AdditionalPrinterColumns, yamlColumn{Name: c.Name, Type: c.Type, JSONPath: c.JSONPath})
	}
	return out, nil
}

func schemaView(p *apiextensionsv1.JSONSchemaProps) (*yamlSchema, error) {
	s := &yamlSchema{
		Description: p.Description, Type: p.Type, Format: p.Format,
		MinLength: p.MinLength, MaxLength: p.MaxLength, Pattern: p.Pattern,
		Minimum: p.Minimum, Maximum: p.Maximum, MultipleOf: p.MultipleOf, MinItems: p.MinItems, MaxItems: p.MaxItems,
		Required: p.Required, PreserveUnknownFields: deref(p.XPreserveUnknownFields),
	}
	var err error
	if p.Enum != nil {
		if s.Enum, err = enumView(p.Enum); err != nil {
			return nil, err
		}
	}
	if p.Items != nil && p.Items.Schema != nil {
		if s.Items, err = schemaView(p.Items.Schema); err != nil {
			return nil, err
		}
	}
	if p.AdditionalProperties != nil && p.AdditionalProperties.Schema != nil {
		if s.AdditionalProperties, err = schemaView(p.AdditionalProperties.Schema); err != nil {
			return nil, err
		}
	}
	if p.Properties != nil {
		s.Properties = make(map[string]*yamlSchema, len(p.Properties))
		for name, property := range p.Properties {
			if s.Properties[name], err = schemaView(&property); err != nil {
				return nil, err
			}
		}
	}
	return s, nil
}

// enumView returns enum values (JSON) as the values they are: a JSON string
// as a string, anything else as the YAML it also is.
func enumView(values []apiextensionsv1.JSON) ([]any, error) {
	out := make([]any, len(values))
	for i, v := range values {
		var err error
		if len(v.Raw) > 0 && v.Raw[0] == '"' {
			var text string
			err = json.Unmarshal(v.Raw, &text)
			out[i] = text
		} else {
			err = yaml.Unmarshal(v.Raw, &out[i])
		}
		if err != nil {
			return nil, fmt.Errorf("enum value %s: %w", v.Raw, err)
		}
	}
	return out, nil
}
