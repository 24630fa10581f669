package conversionwebhook

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

// Options say where the API server reaches the conversion webhook. The zero
// value keeps what the CRDs were generated with (the service reference of the
// service's metadata, with cert-manager injecting the CA).
type Options struct {
	// Service, Namespace, Path and Port replace the generated service reference
	// where set.
	Service, Namespace, Path string
	Port                     int32
	// URL, where set, replaces the service reference with a URL (a webhook
	// outside the cluster, as envtest runs it).
	URL string
	// CABundle, where set, is the PEM bundle the API server trusts the webhook's
	// certificate with (otherwise cert-manager injects it).
	CABundle []byte
}

// LoadCRDs reads every CRD YAML file of files (a service's crd.Files), in name
// order, and applies options to its conversion webhook.
func LoadCRDs(files fs.FS, options Options) ([]*apix.CustomResourceDefinition, error) {
	names, err := fs.Glob(files, "*.yaml")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var crds []*apix.CustomResourceDefinition
	for _, name := range names {
		crd, err := ReadCRD(files, name)
		if err != nil {
			return nil, err
		}
		if err := options.apply(crd); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		crds = append(crds, crd)
	}
	return crds, nil
}

// ReadCRD reads the CRD file name of files strictly: unknown fields are errors,
// and the document must be an apiextensions.k8s.io/v1 CustomResourceDefinition.
func ReadCRD(files fs.FS, name string) (*apix.CustomResourceDefinition, error) {
	data, err := fs.ReadFile(files, name)
	if err != nil {
		return nil, err
	}
	crd := &apix.CustomResourceDefinition{}
	if err := yaml.UnmarshalStrict(data, crd); err != nil {
		return nil, fmt.Errorf("%s: not a valid apiextensions.k8s.io/v1 CRD: %w", name, err)
	}
	if crd.APIVersion != "apiextensions.k8s.io/v1" || crd.Kind != "CustomResourceDefinition" {
		return nil, fmt.Errorf("%s: apiVersion %q, kind %q; want apiextensions.k8s.io/v1 CustomResourceDefinition", name, crd.APIVersion, crd.Kind)
	}
	return crd, nil
}

func (o Options) apply(crd *apix.CustomResourceDefinition) error {
	c := crd.Spec.Conversion
	if c == nil || c.Strategy != apix.WebhookConverter || c.Webhook == nil || c.Webhook.ClientConfig == nil {
		return fmt.Errorf("CRD %s does not convert by webhook", crd.Name)
	}
	config := c.Webhook.ClientConfig
	if o.URL != "" {
		if !strings.HasPrefix(o.URL, "https://") {
			return fmt.Errorf("webhook URL %q must start with https://", o.URL)
		}
		config.URL, config.Service = &o.URL, nil
	} else if config.Service != nil {
		o.applyService(config.Service)
	}
	if len(o.CABundle) > 0 {
		config.CABundle = append([]byte(nil), o.CABundle...)
	}
	return nil
}

func (o Options) applyService(s *apix.ServiceReference) {
	if o.Service != "" {
		s.Name = o.Service
	}
	if o.Namespace != "" {
		s.Namespace = o.Namespace
	}
	if o.Path != "" {
		path := o.Path
		s.Path = &path
	}
	if o.Port != 0 {
		port := o.Port
		s.Port = &port
	}
}
