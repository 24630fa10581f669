package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/json"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
)

func TestFlagErrors(t *testing.T) {
	cases := map[string]struct {
		args []string
		want string
	}{
		"unknown service": {[]string{"-services", "examplestorage,nope"}, `unknown service "nope" (known: examplecache, exampleservicefabric, examplestorage, identity, person)`},
		"bad address":     {[]string{"-addr", "9443"}, `-addr "9443"`},
		"bad port":        {[]string{"-addr", ":0"}, "port is not a number between 1 and 65535"},
		"bad path":        {[]string{"-path", "convert"}, `-path "convert" must start with /`},
		"extra argument":  {[]string{"examplestorage"}, `unexpected arguments ["examplestorage"]`},
		"unknown flag":    {[]string{"-port", "1"}, "flag provided but not defined: -port"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			err := run(context.Background(), c.args, &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// TestServesConversions starts the command on a free loopback port with a
// self-signed certificate and converts a storage account from the hub to
// 2021-01-01 over HTTPS.
func TestServesConversions(t *testing.T) {
	certs := &envtest.WebhookInstallOptions{LocalServingHost: "127.0.0.1"}
	if err := certs.PrepWithoutInstalling(); err != nil {
		t.Fatal(err)
	}
	defer certs.Cleanup()
	addr := net.JoinHostPort("127.0.0.1", itoa(certs.LocalServingPort))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"-services", "examplestorage", "-addr", addr, "-cert-dir", certs.LocalServingCertDir}, &bytes.Buffer{})
	}()
	review := `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"storage.example.armhub.io/v20210101","objects":[` +
		`{"apiVersion":"storage.example.armhub.io/v20230501storage","kind":"StorageAccount","metadata":{"name":"a","namespace":"n"},"spec":{"location":"westeurope","properties":{"allowBlobPublicAccess":true}}}]}}`
	response := postWhenUp(t, "https://"+addr+"/convert", review, done)
	if response.Result.Status != "Success" || len(response.ConvertedObjects) != 1 {
		t.Fatalf("response %+v", response)
	}
	got := string(response.ConvertedObjects[0].Raw)
	for _, want := range []string{`"apiVersion":"storage.example.armhub.io/v20210101"`, `"location":"westeurope"`, `conversion.armhub.io/carried`} {
		if !strings.Contains(got, want) {
			t.Errorf("converted object %s lacks %s", got, want)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("server stopped with %v", err)
	}
}

func postWhenUp(t *testing.T, url, body string, done chan error) *apix.ConversionResponse {
	t.Helper()
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}, Timeout: 5 * time.Second}
	for attempt := 0; attempt < 100; attempt++ {
		select {
		case err := <-done:
			t.Fatalf("server stopped: %v", err)
		default:
		}
		resp, err := client.Post(url, "application/json", strings.NewReader(body))
		if err != nil {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		defer resp.Body.Close()
		review := &apix.ConversionReview{}
		if err := json.NewDecoder(resp.Body).Decode(review); err != nil || review.Response == nil {
			t.Fatalf("status %d, body not a ConversionReview: %v", resp.StatusCode, err)
		}
		return review.Response
	}
	t.Fatal("the server did not answer within 10 s")
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }
