package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.uber.org/zap"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestEtcdHoldsTheHub reads the population straight from etcd: every object
// is stored at its kind's hub version, whatever version it was written at.
func TestEtcdHoldsTheHub(t *testing.T) {
	requireEtcd(t)
	records := mustPopulation(t)
	hubs := hubVersions(t)
	for _, size := range populationSizes {
		stored, err := storedObjects(context.Background(), size.kind)
		if err != nil {
			t.Fatal(err)
		}
		want := size.kind.WithVersion(hubs[size.kind]).GroupVersion().String()
		checkStoredAt(t, records, size.kind, stored, want)
	}
}

// checkStoredAt checks that etcd holds every record of kind at apiVersion.
func checkStoredAt(t *testing.T, records []record, kind schema.GroupKind, stored map[string]string, apiVersion string) {
	t.Helper()
	n, wrong := 0, 0
	for _, r := range records {
		if r.gvk.GroupKind() != kind {
			continue
		}
		n++
		got, ok := stored[r.object.GetNamespace()+"/"+r.object.GetName()]
		if !ok || got != apiVersion {
			wrong++
			if wrong <= 3 {
				t.Errorf("etcd holds %s (written at %s) at %q, want %s", r.key(), r.gvk.Version, got, apiVersion)
			}
		}
	}
	if wrong > 3 {
		t.Errorf("etcd holds %d of %d %s objects at another version than %s", wrong, n, kind, apiVersion)
	}
}

// requireEtcd fails t when the suite cannot reach etcd (an existing cluster).
func requireEtcd(t *testing.T) {
	t.Helper()
	if len(suite.etcd) == 0 {
		t.Fatal("etcd is not reachable (existing cluster): this test reads etcd; set ARMHUB_E2E_ETCD to its client URLs or use the suite's own API server (KUBEBUILDER_ASSETS)")
	}
}

// storedObjects reads every object of kind from etcd and returns the
// apiVersion each is stored at, by namespace/name.
func storedObjects(ctx context.Context, kind schema.GroupKind) (map[string]string, error) {
	crd := findCRD(kind)
	if crd == nil {
		return nil, fmt.Errorf("no CRD of %s", kind)
	}
	return storedResources(ctx, crd)
}

// storedResources reads every object of crd's resource from etcd and returns
// the apiVersion each is stored at, by namespace/name.
func storedResources(ctx context.Context, crd *apix.CustomResourceDefinition) (map[string]string, error) {
	etcd, err := clientv3.New(clientv3.Config{Endpoints: suite.etcd, DialTimeout: 10 * time.Second, Logger: zap.NewNop()})
	if err != nil {
		return nil, err
	}
	defer etcd.Close()
	prefix := "/registry/" + crd.Spec.Group + "/" + crd.Spec.Names.Plural + "/"
	response, err := etcd.Get(ctx, prefix, clientv3.WithPrefix())
	if err != nil {
		return nil, fmt.Errorf("reading %s from etcd: %w", prefix, err)
	}
	stored := map[string]string{}
	for _, kv := range response.Kvs {
		var header struct {
			APIVersion string `json:"apiVersion"`
		}
		if err := json.Unmarshal(kv.Value, &header); err != nil {
			return nil, fmt.Errorf("etcd key %s does not hold JSON: %w", kv.Key, err)
		}
		stored[string(kv.Key[len(prefix):])] = header.APIVersion
	}
	return stored, nil
}
