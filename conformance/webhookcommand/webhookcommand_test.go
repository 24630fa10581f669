package webhookcommand

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"flag"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"

	"github.com/armhub/armhub/runtime/conversionwebhook"
)

var binaryFlag = flag.String("armhub.webhook", "", "the webhook command to test (default: build the examplestorage module's cmd/armhub-webhook); the other arguments are its CRD files")

// The example the test builds with plain Go when given no binary.
const (
	examplePackage = "github.com/armhub/armhub/apis/examplestorage/cmd/armhub-webhook"
	exampleCRDs    = "../../apis/examplestorage/crd"
)

func TestServesEveryVersion(t *testing.T) {
	binary, crds := underTest(t)
	w := start(t, binary)
	for _, crd := range crds {
		storage := storageVersion(t, crd)
		for _, version := range crd.Spec.Versions {
			t.Run(crd.Spec.Names.Kind+"/"+version.Name, func(t *testing.T) {
				object := fmt.Sprintf(`{"apiVersion":%q,"kind":%q,"metadata":{"name":"a","namespace":"n","labels":{"team":"platform"}},"spec":{}}`,
					crd.Spec.Group+"/"+storage, crd.Spec.Names.Kind)
				there := w.convert(t, crd.Spec.Group+"/"+version.Name, object)
				w.convert(t, crd.Spec.Group+"/"+storage, there)
			})
		}
	}
	response := w.review(t, reviewOf(crds[0].Spec.Group+"/v0", `{"apiVersion":"`+crds[0].Spec.Group+`/`+storageVersion(t, crds[0])+`","kind":"`+crds[0].Spec.Names.Kind+`","metadata":{"name":"a"}}`))
	if response.Result.Status != "Failure" || !strings.Contains(response.Result.Message, "is not a kind and version this webhook converts") {
		t.Errorf("an unknown version gave %+v", response.Result)
	}
	if body := w.get(t, "/healthz"); body != "ok" {
		t.Errorf("/healthz answered %q", body)
	}
	w.stop(t)
}

// underTest returns the binary and CRDs given on the command line, or builds
// the example's command.
func underTest(t *testing.T) (string, []*apix.CustomResourceDefinition) {
	t.Helper()
	binary, files := *binaryFlag, flag.Args()
	if binary == "" {
		binary = build(t)
		names, err := filepath.Glob(filepath.Join(exampleCRDs, "*_*.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		files = names
	}
	var crds []*apix.CustomResourceDefinition
	for _, file := range files {
		if ok, _ := filepath.Match("*_*.yaml", filepath.Base(file)); !ok {
			continue // Bazel passes every file of the crd package; a CRD is <group>_<plural>.yaml
		}
		file = runfile(file)
		crd, err := conversionwebhook.ReadCRD(os.DirFS(filepath.Dir(file)), filepath.Base(file))
		if err != nil {
			t.Fatal(err)
		}
		crds = append(crds, crd)
	}
	if len(crds) == 0 {
		t.Fatalf("no CRD files among %q", files)
	}
	return runfile(binary), crds
}

// runfile returns path as given, or under Bazel relative to the runfiles of
// the workspace (where $(rootpath) labels point).
func runfile(path string) string {
	if root := os.Getenv("TEST_SRCDIR"); root != "" && !filepath.IsAbs(path) {
		return filepath.Join(root, os.Getenv("TEST_WORKSPACE"), path)
	}
	return path
}

// build builds the example's webhook command with the go command.
func build(t *testing.T) string {
	t.Helper()
	goCommand, err := exec.LookPath("go")
	if err != nil {
		// Bazel's sandbox has no go command on PATH: the toolchain that built this test.
		//lint:ignore SA1019 the build machine's GOROOT is meant: the test runs where it was built
		goCommand = filepath.Join(goruntime.GOROOT(), "bin", "go")
	}
	binary := filepath.Join(t.TempDir(), "armhub-webhook")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, goCommand, "build", "-o", binary, examplePackage).CombinedOutput()
	if err != nil {
		t.Fatalf("go build %s: %v\n%s", examplePackage, err, out)
	}
	return binary
}

func storageVersion(t *testing.T, crd *apix.CustomResourceDefinition) string {
	t.Helper()
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	t.Fatalf("CRD %s has no storage version", crd.Name)
	return ""
}

// webhook is the command under test, running.
type webhook struct {
	addr    string
	command *exec.Cmd
	log     bytes.Buffer
	exited  chan error
	client  *http.Client
	ca      []byte // the self-signed serving certificate (PEM): a caBundle for it
}

// start runs binary on a free loopback port with a new self-signed
// certificate and waits until it answers /healthz (20 s at most).
func start(t *testing.T, binary string) *webhook {
	t.Helper()
	certDir := t.TempDir()
	writeCert(t, certDir)
	ca, err := os.ReadFile(filepath.Join(certDir, "tls.crt"))
	if err != nil {
		t.Fatal(err)
	}
	w := &webhook{addr: freeAddr(t), exited: make(chan error, 1), ca: ca,
		client: &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}, Timeout: 10 * time.Second}}
	w.command = exec.Command(binary, "-addr", w.addr, "-cert-dir", certDir)
	w.command.Stdout, w.command.Stderr = &w.log, &w.log
	if err := w.command.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { w.exited <- w.command.Wait() }()
	t.Cleanup(func() { _ = w.command.Process.Kill() })
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		select {
		case err := <-w.exited:
			t.Fatalf("the webhook exited: %v\n%s", err, w.log.String())
		default:
		}
		if resp, err := w.client.Get("https://" + w.addr + "/healthz"); err == nil {
			resp.Body.Close()
			return w
		}
		if time.Now().After(deadline) {
			t.Fatalf("the webhook does not answer on %s within 20 s\n%s", w.addr, w.log.String())
		}
	}
}

// convert converts object to apiVersion, checks the result and returns it.
func (w *webhook) convert(t *testing.T, apiVersion, object string) string {
	t.Helper()
	response := w.review(t, reviewOf(apiVersion, object))
	if response.Result.Status != "Success" || len(response.ConvertedObjects) != 1 {
		t.Fatalf("converting to %s: %+v", apiVersion, response.Result)
	}
	var got struct {
		APIVersion string `json:"apiVersion"`
		Metadata   struct {
			Name   string            `json:"name"`
			Labels map[string]string `json:"labels"`
		} `json:"metadata"`
	}
	converted := response.ConvertedObjects[0].Raw
	if err := json.Unmarshal(converted, &got); err != nil || got.APIVersion != apiVersion || got.Metadata.Name != "a" || got.Metadata.Labels["team"] != "platform" {
		t.Fatalf("converted to %s: %s (%v)", apiVersion, converted, err)
	}
	return string(converted)
}

func reviewOf(apiVersion, object string) string {
	return `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"` + apiVersion + `","objects":[` + object + `]}}`
}

func (w *webhook) review(t *testing.T, review string) *apix.ConversionResponse {
	t.Helper()
	resp, err := w.client.Post("https://"+w.addr+"/convert", "application/json", strings.NewReader(review))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer := &apix.ConversionReview{}
	if err := json.NewDecoder(resp.Body).Decode(answer); err != nil || answer.Response == nil {
		t.Fatalf("status %d, body not a ConversionReview: %v", resp.StatusCode, err)
	}
	return answer.Response
}

func (w *webhook) get(t *testing.T, path string) string {
	t.Helper()
	resp, err := w.client.Get("https://" + w.addr + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(body)
}

// stop sends SIGTERM and expects a clean exit within 10 s.
func (w *webhook) stop(t *testing.T) {
	t.Helper()
	if err := w.command.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-w.exited:
		if err != nil {
			t.Errorf("the webhook exited with %v\n%s", err, w.log.String())
		}
	case <-time.After(10 * time.Second):
		t.Errorf("the webhook did not stop within 10 s of SIGTERM\n%s", w.log.String())
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	return listener.Addr().String()
}

// writeCert writes a self-signed certificate for 127.0.0.1 as tls.crt and
// tls.key into dir.
func writeCert(t *testing.T, dir string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "armhub-webhook"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	for name, block := range map[string]*pem.Block{"tls.crt": {Type: "CERTIFICATE", Bytes: der}, "tls.key": {Type: "EC PRIVATE KEY", Bytes: keyDER}} {
		if err := os.WriteFile(filepath.Join(dir, name), pem.EncodeToMemory(block), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}
