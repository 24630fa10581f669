// Package register writes a service's entry point package (register): every
// version's scheme registration, the hubs, the conversion webhook's setup and
// the service's CRDs.
package register

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
)

// File returns the service's entry point (package register): the
// registration of every version's types with a scheme, the conversion
// webhook's setup with a controller-runtime manager, and the service's CRDs with
// the webhook's address applied.
func File(m *gosrc.Module, service, path string) ([]byte, error) {
	g := gosrc.NewModuleFile("register", m)
	s := &gosrc.Scope{Module: m, Version: conversion.NoVersion, File: g}
	var hubs []string
	for _, kind := range m.Graph.HeldKinds() {
		hubs = append(hubs, s.Qualifier(m.Graph.Hubs[kind], layout.Storage)+kind)
	}
	a := gosrc.Args{"Service": service, "Path": path, "Packages": s.VersionPackages(), "Hubs": hubs}
	g.Doc = gosrc.Fill(registerDocCode, a)
	g.Write(registerCode, a)
	return g.Bytes()
}

var registerDocCode = gosrc.Code(`Package register is the entry point of the {{.Service}} service: it registers the
types of every API version (spokes and storage variants) with a scheme, sets up
their conversion webhook with a controller-runtime manager or for a command
(the module's cmd/armhub-webhook), and gives the CRDs to install:

	scheme := runtime.NewScheme()
	_ = register.AddToScheme(scheme)
	_ = register.SetupWebhookWithManager(mgr) // serves {{.Path}}`)

var registerCode = gosrc.Code(`
// Service is the name of the service.
const Service = {{quote .Service}}

// WebhookPath is the path the CRDs expect the conversion webhook at.
const WebhookPath = {{quote .Path}}

var (
	// SchemeBuilder registers every version's types.
	SchemeBuilder = runtime.NewSchemeBuilder(
{{- range .Packages}}
		{{.}}AddToScheme,
{{- end}}
	)

	// AddToScheme registers every version's types with a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

// Hubs returns a new object of every kind's hub version, the version objects
// are stored in.
func Hubs() []client.Object {
	return []client.Object{
{{- range .Hubs}}
		&{{.}}{},
{{- end}}
	}
}

// SetupWebhookWithManager registers the service's types with mgr's scheme and
// serves the conversion webhook of mgr's scheme at WebhookPath on mgr's webhook
// server (once, however many services share the manager).
func SetupWebhookWithManager(mgr manager.Manager) error {
	if err := AddToScheme(mgr.GetScheme()); err != nil {
		return err
	}
	return conversionwebhook.Register(mgr, WebhookPath)
}

// Webhook returns the service as a conversion webhook command serves it: the
// module's cmd/armhub-webhook runs conversionwebhook.Main(register.Webhook()),
// and a command serving several services passes each one's Webhook().
func Webhook() conversionwebhook.Service {
	return conversionwebhook.Service{Name: Service, AddToScheme: AddToScheme, Path: WebhookPath}
}

// CRDs returns the service's CustomResourceDefinitions with options applied to
// their conversion webhook; the zero Options keep the generated service
// reference and cert-manager's CA injection.
func CRDs(options conversionwebhook.Options) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	return conversionwebhook.LoadCRDs(crd.Files, options)
}
`)
