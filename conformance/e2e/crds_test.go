package e2e

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"

	storage "github.com/armhub/armhub/apis/examplestorage/register"
	storagev20210101 "github.com/armhub/armhub/apis/examplestorage/v20210101"
	vault "github.com/armhub/armhub/apis/examplevault/register"
	person "github.com/armhub/armhub/apis/person/register"
	"github.com/armhub/armhub/conformance/harness"
	"github.com/armhub/armhub/runtime/conversionwebhook"
)

// installCRDs installs (or replaces) the CRDs of the storage and person
// services with the webhook at url, trusted with caBundle, and waits until
// every one is established.
func installCRDs(ctx context.Context, c client.Client, url string, caBundle []byte) ([]*apix.CustomResourceDefinition, error) {
	options := conversionwebhook.Options{URL: url, CABundle: caBundle}
	var crds []*apix.CustomResourceDefinition
	for _, load := range []func(conversionwebhook.Options) ([]*apix.CustomResourceDefinition, error){storage.CRDs, person.CRDs, vault.CRDs} {
		loaded, err := load(options)
		if err != nil {
			return nil, err
		}
		crds = append(crds, loaded...)
	}
	for _, crd := range crds {
		if err := apply(ctx, c, crd); err != nil {
			return nil, fmt.Errorf("installing CRD %s: %w", crd.Name, err)
		}
	}
	for _, crd := range crds {
		if err := harness.WaitEstablished(ctx, c, crd.Name); err != nil {
			return nil, fmt.Errorf("CRD %s: %w", crd.Name, err)
		}
	}
	return crds, nil
}

// apply creates crd, or replaces the spec of the one an existing cluster has.
func apply(ctx context.Context, c client.Client, crd *apix.CustomResourceDefinition) error {
	err := c.Create(ctx, crd.DeepCopy())
	if !apierrors.IsAlreadyExists(err) {
		return err
	}
	current := &apix.CustomResourceDefinition{}
	if err := c.Get(ctx, client.ObjectKey{Name: crd.Name}, current); err != nil {
		return err
	}
	current.Spec = crd.Spec
	return c.Update(ctx, current)
}

// TestCRDsConvertByWebhook reads the CRDs back from the API server: each
// converts through the suite's webhook, stores its kind's hub version, and
// serves every version the generated CRD serves.
func TestCRDsConvertByWebhook(t *testing.T) {
	ctx := context.Background()
	hubs := hubVersions(t)
	for _, want := range suite.crds {
		got := &apix.CustomResourceDefinition{}
		if err := suite.client.Get(ctx, client.ObjectKey{Name: want.Name}, got); err != nil {
			t.Fatal(err)
		}
		checkWebhookConversion(t, got)
		kind := schema.GroupKind{Group: got.Spec.Group, Kind: got.Spec.Names.Kind}
		if storageVersion(got) != hubs[kind] {
			t.Errorf("CRD %s stores %s, want the hub %s", got.Name, storageVersion(got), hubs[kind])
		}
		if served, wanted := servedVersions(got), servedVersions(want); fmt.Sprint(served) != fmt.Sprint(wanted) {
			t.Errorf("CRD %s serves %v, want %v", got.Name, served, wanted)
		}
	}
}

func checkWebhookConversion(t *testing.T, crd *apix.CustomResourceDefinition) {
	t.Helper()
	c := crd.Spec.Conversion
	if c == nil || c.Strategy != apix.WebhookConverter || c.Webhook == nil || c.Webhook.ClientConfig == nil {
		t.Errorf("CRD %s does not convert by webhook: %+v", crd.Name, c)
		return
	}
	config := c.Webhook.ClientConfig
	if config.URL == nil || *config.URL != suite.webhook.url() || config.Service != nil {
		t.Errorf("CRD %s: webhook client config %+v, want the URL %s", crd.Name, config, suite.webhook.url())
	}
	if !bytes.Contains(config.CABundle, []byte("BEGIN CERTIFICATE")) {
		t.Errorf("CRD %s: the webhook's CA bundle is not a PEM certificate", crd.Name)
	}
	if fmt.Sprint(c.Webhook.ConversionReviewVersions) != "[v1]" {
		t.Errorf("CRD %s: conversion review versions %v, want [v1]", crd.Name, c.Webhook.ConversionReviewVersions)
	}
}

// TestConversionGoesThroughTheWebhook writes at a spoke and reads at another:
// the timed webhook must have served reviews, and the deprecated version must
// warn.
func TestConversionGoesThroughTheWebhook(t *testing.T) {
	ctx := context.Background()
	ns := newNamespace(t, "through")
	account := minimalAccount(ns, "through")
	before := fig.reviews.count()
	if err := suite.client.Create(ctx, account); err != nil {
		t.Fatal(err)
	}
	if fig.reviews.count() == before {
		t.Errorf("creating a %s stored at the hub took no conversion review", account.GroupVersionKind().Version)
	}
	warning := deprecationWarning(t, storagev20210101.GroupVersion.WithKind("StorageAccount"))
	if suite.warnings.count(warning) == 0 {
		t.Errorf("a write at the deprecated %s got no warning %q (warnings: %v)", storagev20210101.GroupVersion, warning, suite.warnings.all())
	}
}

// hubVersions maps every kind of the services to its hub version.
func hubVersions(t *testing.T) map[schema.GroupKind]string {
	t.Helper()
	hubs := map[schema.GroupKind]string{}
	for _, hub := range hubObjects() {
		gvk, err := apiutil.GVKForObject(hub, suite.scheme)
		if err != nil {
			t.Fatal(err)
		}
		hubs[gvk.GroupKind()] = gvk.Version
	}
	return hubs
}

// hubObjects returns a hub object of every kind of the services.
func hubObjects() []client.Object {
	return append(append(storage.Hubs(), person.Hubs()...), vault.Hubs()...)
}

// hubVersionOf returns the hub version of kind ("" if it has none).
func hubVersionOf(kind schema.GroupKind) string {
	for _, hub := range hubObjects() {
		if gvk, err := apiutil.GVKForObject(hub, suite.scheme); err == nil && gvk.GroupKind() == kind {
			return gvk.Version
		}
	}
	return ""
}

// deprecationWarning returns the warning the installed CRD declares for a
// deprecated version.
func deprecationWarning(t *testing.T, gvk schema.GroupVersionKind) string {
	t.Helper()
	for _, v := range crdOf(t, gvk.GroupKind()).Spec.Versions {
		if v.Name == gvk.Version && v.Deprecated && v.DeprecationWarning != nil {
			return *v.DeprecationWarning
		}
	}
	t.Fatalf("the CRD of %s declares no deprecation warning for %s", gvk.GroupKind(), gvk.Version)
	return ""
}

// crdOf returns the installed CRD of kind.
func crdOf(t *testing.T, kind schema.GroupKind) *apix.CustomResourceDefinition {
	t.Helper()
	crd := findCRD(kind)
	if crd == nil {
		t.Fatalf("no CRD of %s installed", kind)
	}
	return crd
}

func storageVersion(crd *apix.CustomResourceDefinition) string {
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			return v.Name
		}
	}
	return ""
}

func servedVersions(crd *apix.CustomResourceDefinition) []string {
	var served []string
	for _, v := range crd.Spec.Versions {
		if v.Served {
			served = append(served, v.Name)
		}
	}
	return served
}

// warnings records the warnings the API server sends, by text.
type warnings struct {
	mu    sync.Mutex
	texts map[string]int
}

func (w *warnings) HandleWarningHeaderWithContext(_ context.Context, code int, _ string, text string) {
	if code != 299 {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.texts == nil {
		w.texts = map[string]int{}
	}
	w.texts[text]++
}

// count returns how many times the API server sent text.
func (w *warnings) count(text string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.texts[text]
}

func (w *warnings) all() map[string]int {
	w.mu.Lock()
	defer w.mu.Unlock()
	copied := map[string]int{}
	for text, times := range w.texts {
		copied[text] = times
	}
	return copied
}

// newNamespace creates a namespace for one test.
func newNamespace(t *testing.T, prefix string) string {
	t.Helper()
	name := fmt.Sprintf("e2e-%s-%d", prefix, time.Now().UnixNano()%1e9)
	if err := createNamespace(context.Background(), name); err != nil {
		t.Fatal(err)
	}
	return name
}
