package conversionwebhook

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
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
)

var things = Service{
	Name: "things",
	AddToScheme: func(scheme *kruntime.Scheme) error {
		scheme.AddKnownTypeWithName(v1.WithKind("Thing"), &spokeThing{})
		scheme.AddKnownTypeWithName(v2.WithKind("Thing"), &hubThing{})
		return nil
	},
	Path: "/convert",
}

// otherHub is a second hub type of Thing, otherSpoke a second spoke type.
type (
	otherHub   struct{ hubThing }
	otherSpoke struct{ spokeThing }
)

func TestCommandErrors(t *testing.T) {
	twoHubs := Service{Name: "hubs", Path: "/convert", AddToScheme: func(scheme *kruntime.Scheme) error {
		scheme.AddKnownTypeWithName(v1.WithKind("Thing"), &hubThing{})
		scheme.AddKnownTypeWithName(v2.WithKind("Thing"), &otherHub{})
		return nil
	}}
	noHub := Service{Name: "spokes", Path: "/convert", AddToScheme: func(scheme *kruntime.Scheme) error {
		scheme.AddKnownTypeWithName(v1.WithKind("Thing"), &spokeThing{})
		scheme.AddKnownTypeWithName(v2.WithKind("Thing"), &otherSpoke{})
		return nil
	}}
	cases := map[string]struct {
		args     []string
		services []Service
		want     string
	}{
		"unknown service": {[]string{"-services", "things,nope"}, []Service{things}, `unknown service "nope" (known: things)`},
		"bad address":     {[]string{"-addr", "9443"}, []Service{things}, `-addr "9443"`},
		"bad port":        {[]string{"-addr", ":0"}, []Service{things}, "port is not a number between 1 and 65535"},
		"bad path":        {[]string{"-path", "convert"}, []Service{things}, `-path "convert" must start with /`},
		"extra argument":  {[]string{"things"}, []Service{things}, `unexpected arguments ["things"]`},
		"unknown flag":    {[]string{"-port", "1"}, []Service{things}, "flag provided but not defined: -port"},
		"service twice":   {nil, []Service{things, things}, `service "things" given twice`},
		"no path":         {nil, []Service{{Name: "x", AddToScheme: things.AddToScheme}}, `service "x": a service needs a name, AddToScheme and a path`},
		"two hubs":        {nil, []Service{twoHubs}, "Thing.things.example.io is not convertible: multiple(2) hubs"},
		"no hub":          {nil, []Service{noHub}, "Thing.things.example.io is not convertible: no hub defined"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			err := Run(context.Background(), c.args, &bytes.Buffer{}, c.services...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// TestCommandServes starts the command on a free loopback port with a
// self-signed certificate, converts a Thing over HTTPS, answers /healthz, and
// serves a new certificate once the files change.
func TestCommandServes(t *testing.T) {
	certDir := t.TempDir()
	writeCert(t, certDir, "first")
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	var log bytes.Buffer
	go func() { done <- Run(ctx, []string{"-addr", addr, "-cert-dir", certDir}, &log, things) }()

	response := postReview(t, "https://"+addr+"/convert", reviewOf("things.example.io/v1", hubObject), done)
	if response.Result.Status != "Success" || len(response.ConvertedObjects) != 1 ||
		!strings.Contains(string(response.ConvertedObjects[0].Raw), `"apiVersion":"things.example.io/v1"`) {
		t.Fatalf("response %+v", response)
	}
	if name := servedCommonName(t, addr); name != "first" {
		t.Fatalf("serving the certificate %q, want first", name)
	}
	if body := get(t, "https://"+addr+"/healthz"); body != "ok" {
		t.Errorf("/healthz answered %q", body)
	}
	writeCert(t, certDir, "second")
	deadline := time.Now().Add(20 * time.Second)
	for servedCommonName(t, addr) != "second" {
		if time.Now().After(deadline) {
			t.Fatal("the new certificate was not served within 20 s")
		}
		time.Sleep(100 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("server stopped with %v", err)
	}
	if !strings.Contains(log.String(), "armhub-webhook: serving things at https://"+addr+"/convert") {
		t.Errorf("log %q does not say what is served where", log.String())
	}
}

// writeCert writes a self-signed certificate for 127.0.0.1 named commonName
// as tls.crt and tls.key into dir.
func writeCert(t *testing.T, dir, commonName string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()), Subject: pkix.Name{CommonName: commonName},
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

func freeAddr(t *testing.T) string {
	t.Helper()
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer listener.Close()
	return listener.Addr().String()
}

var insecure = &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}, Timeout: 5 * time.Second}

// postReview posts review to url until the server answers (10 s at most).
func postReview(t *testing.T, url, review string, done chan error) *apix.ConversionResponse {
	t.Helper()
	for attempt := 0; attempt < 100; attempt++ {
		select {
		case err := <-done:
			t.Fatalf("server stopped: %v", err)
		default:
		}
		resp, err := insecure.Post(url, "application/json", strings.NewReader(review))
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		defer resp.Body.Close()
		answer := &apix.ConversionReview{}
		if err := json.NewDecoder(resp.Body).Decode(answer); err != nil || answer.Response == nil {
			t.Fatalf("status %d, body not a ConversionReview: %v", resp.StatusCode, err)
		}
		return answer.Response
	}
	t.Fatal("the server did not answer within 10 s")
	return nil
}

func get(t *testing.T, url string) string {
	t.Helper()
	resp, err := insecure.Get(url)
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

// servedCommonName returns the common name of the certificate served at addr.
func servedCommonName(t *testing.T, addr string) string {
	t.Helper()
	conn, err := tls.Dial("tcp", addr, &tls.Config{InsecureSkipVerify: true})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	return conn.ConnectionState().PeerCertificates[0].Subject.CommonName
}

// Without -path every service is served at its own path; with it, all at one.
func TestPaths(t *testing.T) {
	services := []Service{{Name: "a", Path: "/convert"}, {Name: "b", Path: "/b"}, {Name: "c", Path: "/convert"}}
	if got := strings.Join(paths(services, ""), " "); got != "/b /convert" {
		t.Errorf("paths %q, want /b /convert", got)
	}
	if got := namesAt(services, "", "/convert"); got != "a,c" {
		t.Errorf("at /convert: %q, want a,c", got)
	}
	if got := strings.Join(paths(services, "/x"), " "); got != "/x" || namesAt(services, "/x", "/x") != "a,b,c" {
		t.Errorf("with -path /x: paths %q", got)
	}
	if commonPath(services) != "" || commonPath(services[:1]) != "/convert" {
		t.Error("commonPath: want empty when paths differ, the path when they agree")
	}
}
