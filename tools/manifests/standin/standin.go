// Package standin plays, beside a kube-apiserver that has no nodes and no
// controllers (envtest's), the parts of a cluster an install base relies on,
// so that the base's own objects carry a conversion end to end:
//
//   - cert-manager: each Certificate is issued (self-signed, for its DNS
//     names) into the Secret it names;
//   - cert-manager's CA injector: each CRD annotated
//     cert-manager.io/inject-ca-from gets that Certificate's CA as the
//     caBundle of its conversion webhook;
//   - the kubelet: the Deployment's container runs as a local process (the
//     binary its image holds), with its args and its Secret volumes as files,
//     and is ready when its readiness probe answers;
//   - the EndpointSlice controller: each Service selecting the Deployment's
//     pods gets an EndpointSlice at this host's address.
//
// The API server must route to Services through their endpoints
// (--enable-aggregator-routing=true; StartAPIServer sets it), since nothing
// here serves a cluster IP. EndpointSlices refuse loopback addresses, so the
// process is reached at a non-loopback address of this host (Host).
package standin

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Options say what the stand-in runs.
type Options struct {
	// Webhook is the binary the Deployment's image holds.
	Webhook string
	// Host is the address this host is reached at; empty: the first
	// non-loopback IPv4 address of its interfaces (HostAddress).
	Host string
	// Dir holds the pod's files (its Secret volumes); it must exist.
	Dir string
	// Log receives the process's standard output and error; nil: os.Stderr.
	Log *os.File
}

// Installed is a base applied with its stand-ins running.
type Installed struct {
	Objects []*unstructured.Unstructured
	pod     *pod
}

// Stop ends the Deployment's process.
func (i *Installed) Stop() {
	if i.pod != nil {
		i.pod.stop()
	}
}

// Install creates every object (a Namespace that exists already is kept),
// then plays cert-manager, its CA injector, the kubelet and the EndpointSlice
// controller for them, in that order.
func Install(ctx context.Context, c client.Client, objects []*unstructured.Unstructured, options Options) (*Installed, error) {
	if options.Host == "" {
		host, err := HostAddress()
		if err != nil {
			return nil, err
		}
		options.Host = host
	}
	if err := apply(ctx, c, objects); err != nil {
		return nil, err
	}
	if err := issue(ctx, c, ByKind(objects, "Certificate")); err != nil {
		return nil, err
	}
	if err := injectCA(ctx, c, ByKind(objects, "CustomResourceDefinition")); err != nil {
		return nil, err
	}
	deployments := ByKind(objects, "Deployment")
	if len(deployments) != 1 {
		return nil, fmt.Errorf("the base has %d Deployments; the stand-in runs exactly one", len(deployments))
	}
	p, err := run(ctx, c, deployments[0], options)
	if err != nil {
		return nil, err
	}
	if err := publish(ctx, c, ByKind(objects, "Service"), p, options.Host); err != nil {
		p.stop()
		return nil, err
	}
	return &Installed{Objects: objects, pod: p}, nil
}

func apply(ctx context.Context, c client.Client, objects []*unstructured.Unstructured) error {
	for _, o := range objects {
		err := c.Create(ctx, o)
		if err != nil && !(o.GetKind() == "Namespace" && strings.Contains(err.Error(), "already exists")) {
			return fmt.Errorf("creating %s %s: %w", o.GetKind(), name(o), err)
		}
	}
	return nil
}

// ByKind returns the objects of a kind, in their order.
func ByKind(objects []*unstructured.Unstructured, kind string) []*unstructured.Unstructured {
	var out []*unstructured.Unstructured
	for _, o := range objects {
		if o.GetKind() == kind {
			out = append(out, o)
		}
	}
	return out
}

func name(o client.Object) string {
	if o.GetNamespace() == "" {
		return o.GetName()
	}
	return o.GetNamespace() + "/" + o.GetName()
}

// HostAddress is ARMHUB_STANDIN_HOST, or else the first non-loopback IPv4
// address of this host's interfaces.
func HostAddress() (string, error) {
	if host := os.Getenv("ARMHUB_STANDIN_HOST"); host != "" {
		return host, nil
	}
	addresses, err := net.InterfaceAddrs()
	if err != nil {
		return "", err
	}
	for _, a := range addresses {
		if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil && !n.IP.IsLoopback() && !n.IP.IsLinkLocalUnicast() {
			return n.IP.String(), nil
		}
	}
	return "", errors.New("this host has no non-loopback IPv4 address, and EndpointSlices refuse loopback ones: " +
		"set ARMHUB_STANDIN_HOST to an address of this host the API server can reach")
}

// filesOf writes a Secret's data as files into dir (one per key).
func filesOf(secret map[string][]byte, dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	for key, value := range secret {
		if err := os.WriteFile(filepath.Join(dir, key), value, 0o600); err != nil {
			return err
		}
	}
	return nil
}
