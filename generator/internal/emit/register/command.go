package register

import (
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
)

// Command returns the main package of the service's conversion webhook
// command (layout.CommandDir): the shared command of the runtime
// (conversionwebhook.Main) over the service's register.Webhook().
func Command(m *gosrc.Module, service string) ([]byte, error) {
	g := gosrc.NewModuleFile("main", m)
	a := gosrc.Args{"Service": service, "Name": layout.CommandName}
	g.Doc = gosrc.Fill(commandDocCode, a)
	g.Write(commandCode, a)
	return g.Bytes()
}

var commandDocCode = gosrc.Code(`Command {{.Name}} serves the conversion webhook of the {{.Service}} service
over HTTPS, for the CRDs of its crd package, which name it:

	{{.Name}} -addr :9443 -cert-dir /tmp/k8s-webhook-server/serving-certs

The certificate directory holds tls.crt and tls.key (cert-manager's
Certificate, mounted as a secret), reloaded when they change; it answers
/healthz too. The flags are those of conversionwebhook.Run.`)

var commandCode = gosrc.Code(`
func main() {
	conversionwebhook.Main(register.Webhook())
}
`)
