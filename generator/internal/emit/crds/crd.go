// Package crds writes a service's CustomResourceDefinitions, one YAML file per
// resource kind with every version, its lifecycle and the conversion webhook,
// and the Go file of the crd package that embeds them.
package crds

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/emit/schema"
	"github.com/armhub/armhub/generator/internal/naming"

	"gopkg.in/yaml.v3"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// Version is one version of a resource for its CRD.
type Version struct {
	Name               string // the Kubernetes version name
	Package            *golang.Package
	Served             bool
	Storage            bool
	Deprecated         bool
	DeprecationWarning string
	// Lifecycle is a spoke's lifecycle, for the CRD's lifecycle annotation
	// (lifecycle.Annotation); nil for a storage variant.
	Lifecycle lifecycle.Lifecycle
	// Descriptions keeps the descriptions in the version's schema (see
	// KeepDescriptions).
	Descriptions bool
}

type crd struct {
	APIVersion string      `json:"apiVersion" yaml:"apiVersion"`
	Kind       string      `json:"kind" yaml:"kind"`
	Metadata   crdMetadata `json:"metadata" yaml:"metadata"`
	Spec       crdSpec     `json:"spec" yaml:"spec"`
}

type crdMetadata struct {
	Name        string            `json:"name" yaml:"name"`
	Annotations map[string]string `json:"annotations,omitempty" yaml:"annotations,omitempty"`
}

type crdSpec struct {
	Group      string        `json:"group" yaml:"group"`
	Names      crdNames      `json:"names" yaml:"names"`
	Scope      string        `json:"scope" yaml:"scope"`
	Conversion crdConversion `json:"conversion" yaml:"conversion"`
	Versions   []crdVersion  `json:"versions" yaml:"versions"`
}

// Webhook names the conversion webhook of a CRD: a Kubernetes service and the
// cert-manager Certificate ("namespace/name") whose CA cert-manager injects.
type Webhook struct {
	Service, Namespace, Path string
	Port                     int32
	Certificate              string
}

// CAInjectionAnnotation is cert-manager's annotation: its CA injector copies the
// CA of the named Certificate into the CRD's conversion webhook caBundle.
const CAInjectionAnnotation = "cert-manager.io/inject-ca-from"

type crdConversion struct {
	Strategy string           `json:"strategy" yaml:"strategy"`
	Webhook  crdWebhookConfig `json:"webhook" yaml:"webhook"`
}

type crdWebhookConfig struct {
	ConversionReviewVersions []string        `json:"conversionReviewVersions" yaml:"conversionReviewVersions"`
	ClientConfig             crdClientConfig `json:"clientConfig" yaml:"clientConfig"`
}

type crdClientConfig struct {
	Service crdService `json:"service" yaml:"service"`
}

type crdService struct {
	Name      string `json:"name" yaml:"name"`
	Namespace string `json:"namespace" yaml:"namespace"`
	Path      string `json:"path" yaml:"path"`
	Port      int32  `json:"port" yaml:"port"`
}

func conversionFor(w Webhook) crdConversion {
	return crdConversion{Strategy: "Webhook", Webhook: crdWebhookConfig{
		ConversionReviewVersions: []string{"v1"},
		ClientConfig:             crdClientConfig{Service: crdService{Name: w.Service, Namespace: w.Namespace, Path: w.Path, Port: w.Port}},
	}}
}

type crdNames struct {
	Kind       string   `json:"kind" yaml:"kind"`
	ListKind   string   `json:"listKind" yaml:"listKind"`
	Plural     string   `json:"plural" yaml:"plural"`
	Singular   string   `json:"singular" yaml:"singular"`
	Categories []string `json:"categories,omitempty" yaml:"categories,omitempty"`
}

type crdVersion struct {
	Name                     string          `json:"name" yaml:"name"`
	Served                   bool            `json:"served" yaml:"served"`
	Storage                  bool            `json:"storage" yaml:"storage"`
	Deprecated               bool            `json:"deprecated,omitempty" yaml:"deprecated,omitempty"`
	DeprecationWarning       string          `json:"deprecationWarning,omitempty" yaml:"deprecationWarning,omitempty"`
	Schema                   crdValidation   `json:"schema" yaml:"schema"`
	Subresources             map[string]any  `json:"subresources" yaml:"subresources"`
	AdditionalPrinterColumns []printerColumn `json:"additionalPrinterColumns,omitempty" yaml:"additionalPrinterColumns,omitempty"`
}

type crdValidation struct {
	OpenAPIV3Schema *schema.Schema `json:"openAPIV3Schema" yaml:"openAPIV3Schema"`
}

type printerColumn struct {
	Name     string `json:"name" yaml:"name"`
	Type     string `json:"type" yaml:"type"`
	JSONPath string `json:"jsonPath" yaml:"jsonPath"`
}

// Render returns the YAML of the CRD of the resource kind over versions, which
// must be in the order to list them, converted by webhook, and its size as
// compact JSON (what the YAML read back would marshal to, computed without
// reading it back). Its annotation lifecycle.Annotation holds the lifecycle of
// every spoke it lists ("{}" when it lists none).
func Render(group, kind string, versions []Version, webhook Webhook) ([]byte, int, error) {
	plural := naming.Lower(naming.Plural(kind))
	annotations := map[string]string{CAInjectionAnnotation: webhook.Certificate}
	lifecycles := lifecycle.Versions{}
	for _, v := range versions {
		if v.Lifecycle != nil {
			lifecycles[v.Name] = v.Lifecycle
		}
	}
	// Always present, so a reader can tell a CRD that lists no spoke (every
	// one expired and dropped) from one generated before the annotation: "{}".
	encoded, err := lifecycles.Encode()
	if err != nil {
		return nil, 0, fmt.Errorf("CRD %s.%s: %w", plural, group, err)
	}
	annotations[lifecycle.Annotation] = encoded
	doc := crd{
		APIVersion: "apiextensions.k8s.io/v1",
		Kind:       "CustomResourceDefinition",
		Metadata:   crdMetadata{Name: plural + "." + group, Annotations: annotations},
		Spec: crdSpec{
			Group: group, Scope: "Namespaced", Conversion: conversionFor(webhook),
			Names: crdNames{Kind: kind, ListKind: naming.ListType(kind), Plural: plural, Singular: strings.ToLower(kind), Categories: []string{"armhub"}},
		},
	}
	for _, v := range versions {
		resource := findResource(v.Package, kind)
		if resource == nil {
			return nil, 0, fmt.Errorf("CRD %s: version %s has no resource %s", doc.Metadata.Name, v.Name, kind)
		}
		openAPI := resourceSchema(v.Package, resource)
		if !v.Descriptions {
			dropDescriptions(openAPI)
		}
		doc.Spec.Versions = append(doc.Spec.Versions, crdVersion{
			Name: v.Name, Served: v.Served, Storage: v.Storage,
			Deprecated: v.Deprecated, DeprecationWarning: v.DeprecationWarning,
			Schema:       crdValidation{OpenAPIV3Schema: openAPI},
			Subresources: map[string]any{"status": map[string]any{}},
			AdditionalPrinterColumns: []printerColumn{{Name: "Ready", Type: "string",
				JSONPath: ".status.conditions[?(@.type=='Ready')].status"}},
		})
	}
	var out bytes.Buffer
	out.WriteString(layout.GeneratedText + "\n")
	encoder := yaml.NewEncoder(&out)
	encoder.SetIndent(2)
	if err := encoder.Encode(doc); err != nil {
		return nil, 0, err
	}
	compact, err := json.Marshal(doc)
	if err != nil {
		return nil, 0, fmt.Errorf("CRD %s: %w", doc.Metadata.Name, err)
	}
	return out.Bytes(), len(compact), nil
}

func findResource(pkg *golang.Package, kind string) *golang.Resource {
	for _, r := range pkg.Resources {
		if r.Kind == kind {
			return r
		}
	}
	return nil
}

func resourceSchema(pkg *golang.Package, r *golang.Resource) *schema.Schema {
	return &schema.Schema{
		Type:        "object",
		Description: strings.TrimSpace(r.Kind + " is the Kubernetes resource for the ARM resource type " + r.ARMType + "."),
		Properties: map[string]*schema.Schema{
			"apiVersion": {Type: "string"},
			"kind":       {Type: "string"},
			"metadata":   {Type: "object"},
			"spec":       structSchema(pkg, r.Spec),
			"status":     structSchema(pkg, r.Status),
		},
	}
}

// dropDescriptions removes every description from s and the schemas in it.
func dropDescriptions(s *schema.Schema) {
	if s == nil {
		return
	}
	s.Description = ""
	for _, p := range s.Properties {
		dropDescriptions(p)
	}
	dropDescriptions(s.Items)
	dropDescriptions(s.AdditionalProperties)
}

func structSchema(pkg *golang.Package, s *golang.Struct) *schema.Schema {
	schema := &schema.Schema{Type: "object", Description: s.Doc, Properties: map[string]*schema.Schema{}}
	for _, f := range s.Fields {
		schema.Properties[f.JSONName] = fieldSchema(pkg, f)
		if f.Required {
			schema.Required = append(schema.Required, f.JSONName)
		}
	}
	return schema
}

func fieldSchema(pkg *golang.Package, f *golang.Field) *schema.Schema {
	s := typeSchema(pkg, f.Type)
	s.Description = f.Doc
	schema.Apply(s, f)
	return s
}

func typeSchema(pkg *golang.Package, t *golang.Type) *schema.Schema {
	switch t.Kind {
	case model.KindPrimitive:
		return &schema.Schema{Type: openAPIType(t.Builtin)}
	case model.KindArray:
		return &schema.Schema{Type: "array", Items: typeSchema(pkg, t.Elem)}
	case model.KindMap:
		return &schema.Schema{Type: "object", AdditionalProperties: typeSchema(pkg, t.Elem)}
	case model.KindAny:
		return &schema.Schema{PreserveUnknownFields: true}
	case model.KindEnum:
		return enumSchema(pkg.Enum(t.Named))
	}
	return namedSchema(pkg, t.Named)
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

func enumSchema(e *golang.Enum) *schema.Schema {
	s := &schema.Schema{Type: openAPIType(e.Base), Description: e.Doc}
	if e.Open {
		return s
	}
	for _, v := range e.Values {
		var value any
		if err := yaml.Unmarshal([]byte(v.JSON), &value); err != nil || e.Base == "string" {
			value = v.JSON
		}
		s.Enum = append(s.Enum, value)
	}
	return s
}

func namedSchema(pkg *golang.Package, name string) *schema.Schema {
	switch name {
	case golang.OwnerType:
		return &schema.Schema{Type: "object", Properties: map[string]*schema.Schema{"name": {Type: "string"}}, Required: []string{"name"}}
	case golang.Condition:
		return conditionSchema()
	}
	return structSchema(pkg, pkg.Struct(name))
}

func conditionSchema() *schema.Schema {
	return &schema.Schema{
		Type: "object",
		Properties: map[string]*schema.Schema{
			"lastTransitionTime": {Type: "string", Format: "date-time"},
			"message":            {Type: "string"},
			"observedGeneration": {Type: "integer", Format: "int64"},
			"reason":             {Type: "string"},
			"status":             {Type: "string"},
			"type":               {Type: "string"},
		},
		Required: []string{"lastTransitionTime", "message", "reason", "status", "type"},
	}
}
