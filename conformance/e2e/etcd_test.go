package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

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
	prefix := "/registry/" + crd.Spec.Group + "/" + crd.Spec.Names.Plural + "/"
	kvs, err := etcdRange(ctx, prefix)
	if err != nil {
		return nil, err
	}
	stored := map[string]string{}
	for _, kv := range kvs {
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

// etcdKV is a key and value as etcd's JSON gateway gives them ([]byte fields
// are base64 in JSON, as the gateway writes them).
type etcdKV struct {
	Key   []byte `json:"key"`
	Value []byte `json:"value"`
}

// etcdRange reads every key under prefix through etcd's JSON gateway
// (POST /v3/kv/range on a client URL), which needs no gRPC client.
func etcdRange(ctx context.Context, prefix string) ([]etcdKV, error) {
	end := []byte(prefix)
	end[len(end)-1]++
	body, err := json.Marshal(map[string][]byte{"key": []byte(prefix), "range_end": end})
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	request, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(suite.etcd[0], "/")+"/v3/kv/range", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	response, err := http.DefaultClient.Do(request)
	if err != nil {
		return nil, fmt.Errorf("reading %s from etcd: %w", prefix, err)
	}
	defer response.Body.Close()
	if response.StatusCode != http.StatusOK {
		text, _ := io.ReadAll(io.LimitReader(response.Body, 1024))
		return nil, fmt.Errorf("reading %s from etcd: %s: %s", prefix, response.Status, text)
	}
	var result struct {
		KVs []etcdKV `json:"kvs"`
	}
	if err := json.NewDecoder(response.Body).Decode(&result); err != nil {
		return nil, fmt.Errorf("reading %s from etcd: %w", prefix, err)
	}
	return result.KVs, nil
}
