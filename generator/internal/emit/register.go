package emit

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/conversion"
)


// RegisterFile returns the service's entry point (package register): the
// registration of every version's types with a scheme, the conversion
// webhook's setup with a controller-runtime manager, and the service's CRDs with
// the webhook's address applied.
func RegisterFile(m *Module, service, path string) ([]byte, error) {
	g := newModuleFile("register", m)
	s := &scope{module: m, version: -1, file: g}
	g.doc = fmt.Sprintf(`Package register is the entry point of the %[1]s service: it registers the
types of every API version (spokes and storage variants) with a scheme, sets up
their conversion webhook with a controller-runtime manager, and gives the CRDs
to install:

	scheme := runtime.NewScheme()
	_ = register.AddToScheme(scheme)
	_ = register.SetupWebhookWithManager(mgr) // serves %[2]s`, service, path)
	g.printf("\n// Service is the name of the service.\nconst Service = %q\n", service)
	g.printf("\n// WebhookPath is the path the CRDs expect the conversion webhook at.\nconst WebhookPath = %q\n", path)
	writeSchemeBuilder(s)
	writeHubs(s)
	g.printf(`
// SetupWebhookWithManager registers the service's types with mgr's scheme and
// serves the conversion webhook of mgr's scheme at WebhookPath on mgr's webhook
// server (once, however many services share the manager).
func SetupWebhookWithManager(mgr manager.Manager) error {
	if err := AddToScheme(mgr.GetScheme()); err != nil {
		return err
	}
	return armwebhook.Register(mgr, WebhookPath)
}

// CRDs returns the service's CustomResourceDefinitions with options applied to
// their conversion webhook; the zero Options keep the generated service
// reference and cert-manager's CA injection.
func CRDs(options armwebhook.Options) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	return armwebhook.LoadCRDs(crd.Files, options)
}
`)
	return g.bytes()
}

func writeSchemeBuilder(s *scope) {
	s.file.printf("\nvar (\n\t// SchemeBuilder registers every version's types.\n\tSchemeBuilder = runtime.NewSchemeBuilder(")
	for i := range s.module.Graph.Versions {
		for _, side := range []conversion.Side{conversion.SpokeSide, conversion.StorageSide} {
			s.file.printf("\n\t\t%sAddToScheme,", s.qualifier(i, side))
		}
	}
	s.file.printf("\n\t)\n\n\t// AddToScheme registers every version's types with a scheme.\n\tAddToScheme = SchemeBuilder.AddToScheme\n)\n")
}

func writeHubs(s *scope) {
	s.file.printf("\n// Hubs returns a new object of every kind's hub version, the version objects\n// are stored in.\nfunc Hubs() []client.Object {\n\treturn []client.Object{")
	for _, kind := range s.module.Graph.Kinds() {
		s.file.printf("\n\t\t&%s%s{},", s.qualifier(s.module.Graph.Hubs[kind], conversion.StorageSide), kind)
	}
	s.file.printf("\n\t}\n}\n")
}
