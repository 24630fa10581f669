// Package crds builds a service's CustomResourceDefinitions as apiextensions/v1
// types, one per resource kind with every version, its lifecycle and the
// conversion webhook, writes each as a YAML file (yaml.go), and writes the Go
// file of the crd package that embeds them.
package crds

import (
	"fmt"
	"strings"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/naming"
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

func conversionFor(w Webhook) *apiextensionsv1.CustomResourceConversion {
	path, port := w.Path, w.Port
	return &apiextensionsv1.CustomResourceConversion{
		Strategy: apiextensionsv1.WebhookConverter,
		Webhook: &apiextensionsv1.WebhookConversion{
			ConversionReviewVersions: []string{"v1"},
			ClientConfig: &apiextensionsv1.WebhookClientConfig{Service: &apiextensionsv1.ServiceReference{
				Name: w.Service, Namespace: w.Namespace, Path: &path, Port: &port,
			}},
		},
	}
}

// Build returns the CRD of the resource kind over versions, which must be in
// the order to list them, converted by webhook. Its annotation
// lifecycle.Annotation holds the lifecycle of every spoke it lists ("{}" when
// it lists none). It sets only what Render writes (see yaml.go).
func Build(group, kind string, versions []Version, webhook Webhook) (*apiextensionsv1.CustomResourceDefinition, error) {
	plural := naming.Lower(naming.Plural(kind))
	name := plural + "." + group
	annotations, err := annotationsFor(versions, webhook)
	if err != nil {
		return nil, fmt.Errorf("CRD %s: %w", name, err)
	}
	crd := &apiextensionsv1.CustomResourceDefinition{
		TypeMeta:   metav1.TypeMeta{APIVersion: apiextensionsv1.SchemeGroupVersion.String(), Kind: "CustomResourceDefinition"},
		ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: annotations},
		Spec: apiextensionsv1.CustomResourceDefinitionSpec{
			Group: group, Scope: apiextensionsv1.NamespaceScoped, Conversion: conversionFor(webhook),
			Names: apiextensionsv1.CustomResourceDefinitionNames{Kind: kind, ListKind: naming.ListType(kind),
				Plural: plural, Singular: strings.ToLower(kind), Categories: []string{"armhub"}},
		},
	}
	for _, v := range versions {
		resource := v.Package.Resource(kind)
		if resource == nil {
			return nil, fmt.Errorf("CRD %s: version %s has no resource %s", name, v.Name, kind)
		}
		crd.Spec.Versions = append(crd.Spec.Versions, crdVersion(v, resource))
	}
	return crd, nil
}

// annotationsFor returns the CRD's annotations: cert-manager's CA injection
// and the lifecycles of the spokes listed, always present, so a reader can
// tell a CRD that lists no spoke (every one expired and dropped) from one
// generated before the annotation: "{}".
func annotationsFor(versions []Version, webhook Webhook) (map[string]string, error) {
	lifecycles := lifecycle.Versions{}
	for _, v := range versions {
		if v.Lifecycle != nil {
			lifecycles[v.Name] = v.Lifecycle
		}
	}
	encoded, err := lifecycles.Encode()
	if err != nil {
		return nil, err
	}
	return map[string]string{CAInjectionAnnotation: webhook.Certificate, lifecycle.Annotation: encoded}, nil
}

func crdVersion(v Version, resource *golang.Resource) apiextensionsv1.CustomResourceDefinitionVersion {
	out := apiextensionsv1.CustomResourceDefinitionVersion{
		Name: v.Name, Served: v.Served, Storage: v.Storage, Deprecated: v.Deprecated,
		Schema:       &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: openAPI{v.Package, v.Descriptions}.resource(resource)},
		Subresources: &apiextensionsv1.CustomResourceSubresources{Status: &apiextensionsv1.CustomResourceSubresourceStatus{}},
		AdditionalPrinterColumns: []apiextensionsv1.CustomResourceColumnDefinition{{Name: "Ready", Type: "string",
			JSONPath: ".status.conditions[?(@.type=='Ready')].status"}},
	}
	if v.DeprecationWarning != "" {
		warning := v.DeprecationWarning
		out.DeprecationWarning = &warning
	}
	return out
}

// Render returns the YAML of the CRD Build returns, in the key order of
// yaml.go, and its size as compact JSON (what the YAML read back would marshal
// to, computed without reading it back).
func Render(group, kind string, versions []Version, webhook Webhook) ([]byte, int, error) {
	crd, err := Build(group, kind, versions, webhook)
	if err != nil {
		return nil, 0, err
	}
	return Write(crd)
}
