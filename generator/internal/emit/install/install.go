// Package install writes what a platform team applies to serve a service: a
// kustomize base in the module's deploy/ folder (the Namespace, a
// ServiceAccount, the Deployment of the module's cmd/armhub-webhook, its
// Service, a cert-manager Issuer and Certificate named as the CRDs'
// annotations expect, and the CRDs through crd/kustomization.yaml). kustomize
// renders it (kubectl kustomize deploy/); the tests render it with kustomize
// and have a kube-apiserver validate the result.
//
// The webhook reads nothing from the API server, so its ServiceAccount has no
// role and no token mounted: least privilege is none.
package install

import (
	"bytes"
	"path"
	"strings"
	"text/template"

	"github.com/armhub/armhub/generator/internal/emit/crds"
	"github.com/armhub/armhub/generator/internal/layout"
)

// Dir is the module folder of the kustomize base.
const Dir = "deploy"

// Header starts every file the package writes.
const Header = layout.GeneratedText + "\n"

// Image is the container image name the Deployment runs; kustomize's images
// field (kustomize edit set image armhub-webhook=...) points it at a build of
// the module's cmd/armhub-webhook.
const Image = "armhub-webhook"

// Service is what the base is made of.
type Service struct {
	Name    string       // the service, such as storage
	Version string       // the module's version, such as v0.1.0
	Webhook crds.Webhook // where the CRDs send conversions, served by the base's Deployment
	CRDs    []string     // the CRD files, relative to the module
}

// Files returns the base's files by path in the module: deploy/*.yaml and
// crd/kustomization.yaml.
func Files(s Service) map[string][]byte {
	ns, cert, _ := strings.Cut(s.Webhook.Certificate, "/")
	v := values{Service: s, CertNamespace: ns, CertName: cert, Issuer: cert + "-selfsigned", Secret: cert + "-tls"}
	out := map[string][]byte{}
	for name, t := range templates {
		out[path.Join(Dir, name)] = render(t, v)
	}
	var crds []string
	for _, f := range s.CRDs {
		crds = append(crds, path.Base(f))
	}
	out[path.Join(path.Dir(s.CRDs[0]), "kustomization.yaml")] = render(crdKustomization, crds)
	return out
}

// values are what the templates read.
type values struct {
	Service
	CertNamespace, CertName, Issuer, Secret string
}

func render(t *template.Template, data any) []byte {
	var b bytes.Buffer
	b.WriteString(Header)
	if err := t.Execute(&b, data); err != nil {
		panic(err) // the templates are ours and their data always fits
	}
	return b.Bytes()
}

var crdKustomization = template.Must(template.New("crd").Parse(`# The service's CRDs, for deploy/kustomization.yaml.
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
{{- range .}}
  - {{.}}
{{- end}}
`))

var templates = map[string]*template.Template{
	"kustomization.yaml": template.Must(template.New("k").Parse(`# Serves the {{.Name}} service: its CRDs and the conversion webhook they name.
# Needs cert-manager. Point the image at a build of the module's
# cmd/armhub-webhook: kustomize edit set image {{.Image}}=<registry>/<image>:<tag>
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
labels:
  - pairs:
      app.kubernetes.io/part-of: armhub
      armhub.io/service: {{.Name}}
resources:
  - namespace.yaml
  - serviceaccount.yaml
  - issuer.yaml
  - certificate.yaml
  - service.yaml
  - deployment.yaml
  - ../crd
images:
  - name: {{.Image}}
    newTag: {{.Version}}
`)),
	"namespace.yaml": template.Must(template.New("n").Parse(`apiVersion: v1
kind: Namespace
metadata:
  name: {{.Webhook.Namespace}}
`)),
	"serviceaccount.yaml": template.Must(template.New("sa").Parse(`# The webhook reads nothing from the API server: no role, no token.
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{.Webhook.Service}}
  namespace: {{.Webhook.Namespace}}
automountServiceAccountToken: false
`)),
	"issuer.yaml": template.Must(template.New("i").Parse(`# A self-signed issuer for the webhook's serving certificate; the CRDs take
# its CA through cert-manager's CA injector.
apiVersion: cert-manager.io/v1
kind: Issuer
metadata:
  name: {{.Issuer}}
  namespace: {{.CertNamespace}}
spec:
  selfSigned: {}
`)),
	"certificate.yaml": template.Must(template.New("c").Parse(`# The CRDs name this Certificate: cert-manager.io/inject-ca-from: {{.Webhook.Certificate}}
apiVersion: cert-manager.io/v1
kind: Certificate
metadata:
  name: {{.CertName}}
  namespace: {{.CertNamespace}}
spec:
  secretName: {{.Secret}}
  dnsNames:
    - {{.Webhook.Service}}.{{.Webhook.Namespace}}.svc
    - {{.Webhook.Service}}.{{.Webhook.Namespace}}.svc.cluster.local
  issuerRef:
    kind: Issuer
    name: {{.Issuer}}
`)),
	"service.yaml": template.Must(template.New("s").Parse(`# The CRDs send conversions to this Service, port {{.Webhook.Port}}, path {{.Webhook.Path}}.
apiVersion: v1
kind: Service
metadata:
  name: {{.Webhook.Service}}
  namespace: {{.Webhook.Namespace}}
spec:
  selector:
    app.kubernetes.io/name: {{.Webhook.Service}}
  ports:
    - name: https
      port: {{.Webhook.Port}}
      targetPort: https
`)),
	"deployment.yaml": template.Must(template.New("d").Parse(`# The module's cmd/armhub-webhook, serving HTTPS with the Certificate's key.
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{.Webhook.Service}}
  namespace: {{.Webhook.Namespace}}
spec:
  replicas: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: {{.Webhook.Service}}
  template:
    metadata:
      labels:
        app.kubernetes.io/name: {{.Webhook.Service}}
    spec:
      serviceAccountName: {{.Webhook.Service}}
      automountServiceAccountToken: false
      securityContext:
        runAsNonRoot: true
        seccompProfile:
          type: RuntimeDefault
      containers:
        - name: webhook
          image: {{.Image}}
          args: ["-addr", ":9443", "-cert-dir", "/certs", "-path", "{{.Webhook.Path}}"]
          ports:
            - name: https
              containerPort: 9443
          readinessProbe:
            httpGet:
              path: /healthz
              port: https
              scheme: HTTPS
          livenessProbe:
            httpGet:
              path: /healthz
              port: https
              scheme: HTTPS
          resources:
            requests:
              cpu: 50m
              memory: 64Mi
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            capabilities:
              drop: ["ALL"]
          volumeMounts:
            - name: certs
              mountPath: /certs
              readOnly: true
      volumes:
        - name: certs
          secret:
            secretName: {{.Secret}}
`)),
}

// Image is read by the templates through values.
func (values) Image() string { return Image }
