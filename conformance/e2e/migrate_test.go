package e2e

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// legacyVersion is the storage version the migration starts from: the
// StorageAccount CRD is switched to it and every object rewritten, so that
// etcd holds objects at a version that is not the hub.
const legacyVersion = "v20220901storage"

// outageProbes is how many objects the migration tries while the webhook is
// down.
const outageProbes = 20

// TestStorageMigration moves every other StorageAccount to a legacy storage
// version and then every one to the hub the way a storage migrator does (Get
// and Update with no change at the hub version), stopping the webhook halfway:
// the migration fails while it is down, resumes once it is back, and ends with
// every object at the hub in etcd, status.storedVersions reduced to the hub,
// and every object of the population reading as written at every version.
func TestStorageMigration(t *testing.T) {
	requireEtcd(t)
	records := mustPopulation(t)
	t.Cleanup(restartTimedWebhook(t))
	crd := crdOf(t, accountKind)
	hub := hubVersions(t)[accountKind]
	probe := createProbe(t)
	keys := accountKeys(t)
	legacy := everyOther(keys)

	storeAt(t, crd.Name, legacyVersion, probe)
	migrate(t, legacy, "rewritten to "+legacyVersion)
	checkKeysStoredAt(t, legacy, legacyVersion)
	checkStoredVersions(t, crd.Name, []string{hub, legacyVersion})

	storeAt(t, crd.Name, hub, probe)
	half := len(keys) / 2 &^ 1 // even: everyOther(keys[half:]) are stored at legacyVersion
	migrate(t, keys[:half], "migrated to the hub (half of them stored at "+legacyVersion+")")
	failOnOutage(t, everyOther(keys[half:])[:outageProbes])
	migrate(t, keys[half:], "migrated to the hub after the webhook restarted")
	checkKeysStoredAt(t, keys, hub)

	setStoredVersions(t, crd.Name, hub)
	checkStoredVersions(t, crd.Name, []string{hub})
	checkEveryVersion(t, records)
}

// everyOther returns keys[0], keys[2], ...
func everyOther(keys []client.ObjectKey) []client.ObjectKey {
	var out []client.ObjectKey
	for i := 0; i < len(keys); i += 2 {
		out = append(out, keys[i])
	}
	return out
}

// failOnOutage stops the webhook, checks that migrating keys fails for every
// one of them, and starts the webhook again, set up as a user would
// (SetupWebhookWithManager of each service).
func failOnOutage(t *testing.T, keys []client.ObjectKey) {
	t.Helper()
	suite.webhook.stop()
	failed := 0
	var first error
	for _, key := range keys {
		if err := rewrite(context.Background(), key); err != nil {
			failed++
			if first == nil {
				first = err
			}
		}
	}
	t.Logf("webhook down: %d of %d rewrites failed, the first with: %v", failed, len(keys), first)
	if failed != len(keys) {
		t.Errorf("webhook down: only %d of %d rewrites of objects stored at %s failed", failed, len(keys), legacyVersion)
	}
	if err := suite.webhook.start(false); err != nil {
		t.Fatalf("restarting the webhook: %v", err)
	}
}

// restartTimedWebhook returns a cleanup that leaves the timed webhook running
// for the tests after this one.
func restartTimedWebhook(t *testing.T) func() {
	return func() {
		suite.webhook.stop()
		if err := suite.webhook.start(true); err != nil {
			t.Errorf("restarting the timed webhook: %v", err)
		}
	}
}

// migrate rewrites every key with the population's workers.
func migrate(t *testing.T, keys []client.ObjectKey, what string) {
	t.Helper()
	err := fig.timeStep(what, len(keys), func() error { return forEach(context.Background(), keys, rewrite) })
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// rewrite gets key's StorageAccount at the hub version and updates it
// unchanged, which makes the API server store it at the current storage
// version.
func rewrite(ctx context.Context, key client.ObjectKey) error {
	object, err := newObject(accountKind.WithVersion(hubVersionOf(accountKind)))
	if err != nil {
		return err
	}
	if err := suite.client.Get(ctx, key, object); err != nil {
		return fmt.Errorf("getting %s: %w", key, err)
	}
	if err := suite.client.Update(ctx, object); err != nil {
		return fmt.Errorf("updating %s: %w", key, err)
	}
	return nil
}

// accountKeys lists every StorageAccount of the cluster.
func accountKeys(t *testing.T) []client.ObjectKey {
	t.Helper()
	items, err := listObjects(context.Background(), accountKind.WithVersion(hubVersionOf(accountKind)))
	if err != nil {
		t.Fatal(err)
	}
	var keys []client.ObjectKey
	for _, item := range items {
		keys = append(keys, client.ObjectKeyFromObject(item))
	}
	return keys
}

// createProbe creates the StorageAccount whose writes show which version the
// API server stores at.
func createProbe(t *testing.T) client.Object {
	t.Helper()
	probe := minimalAccount(newNamespace(t, "migration"), "probe")
	create(t, probe)
	return probe
}

// storeAt makes version the storage version of the CRD and waits until a
// write of the probe lands in etcd at that version.
func storeAt(t *testing.T, crdName, version string, probe client.Object) {
	t.Helper()
	setStorageVersion(t, crdName, version)
	if err := waitProbeStoredAt(context.Background(), probe, version); err != nil {
		t.Fatal(err)
	}
}

// setStorageVersion makes version the storage version of the CRD.
func setStorageVersion(t *testing.T, crdName, version string) {
	t.Helper()
	ctx := context.Background()
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		crd := &apix.CustomResourceDefinition{}
		if err := suite.client.Get(ctx, client.ObjectKey{Name: crdName}, crd); err != nil {
			return err
		}
		for i := range crd.Spec.Versions {
			crd.Spec.Versions[i].Storage = crd.Spec.Versions[i].Name == version
		}
		return suite.client.Update(ctx, crd)
	})
	if err != nil {
		t.Fatalf("making %s the storage version of %s: %v", version, crdName, err)
	}
}

// waitProbeStoredAt relabels the probe until etcd holds it at version.
func waitProbeStoredAt(ctx context.Context, probe client.Object, version string) error {
	want := accountKind.WithVersion(version).GroupVersion().String()
	n := 0
	var got string
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		n++
		if err := relabelProbe(ctx, probe, strconv.Itoa(n)); err != nil {
			return false, err
		}
		stored, err := storedObjects(ctx, accountKind)
		if err != nil {
			return false, err
		}
		got = stored[probe.GetNamespace()+"/"+probe.GetName()]
		return got == want, nil
	})
	if err != nil {
		return fmt.Errorf("the probe is stored at %q, not %s, after %d writes: %w", got, want, n, err)
	}
	return nil
}

func relabelProbe(ctx context.Context, probe client.Object, value string) error {
	patch := []byte(`{"metadata":{"labels":{"probe":"` + value + `"}}}`)
	object, err := newObject(accountKind.WithVersion(hubVersionOf(accountKind)))
	if err != nil {
		return err
	}
	object.SetNamespace(probe.GetNamespace())
	object.SetName(probe.GetName())
	return suite.client.Patch(ctx, object, client.RawPatch("application/merge-patch+json", patch))
}

// checkKeysStoredAt checks that etcd holds every key at version.
func checkKeysStoredAt(t *testing.T, keys []client.ObjectKey, version string) {
	t.Helper()
	stored, err := storedObjects(context.Background(), accountKind)
	if err != nil {
		t.Fatal(err)
	}
	want := accountKind.WithVersion(version).GroupVersion().String()
	wrong := 0
	for _, key := range keys {
		if got := stored[key.String()]; got != want {
			wrong++
			if wrong <= 3 {
				t.Errorf("etcd holds %s at %q, want %s", key, got, want)
			}
		}
	}
	if wrong > 0 {
		t.Fatalf("etcd holds %d of %d StorageAccounts at another version than %s", wrong, len(keys), want)
	}
}

func checkStoredVersions(t *testing.T, crdName string, want []string) {
	t.Helper()
	crd := &apix.CustomResourceDefinition{}
	if err := suite.client.Get(context.Background(), client.ObjectKey{Name: crdName}, crd); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(crd.Status.StoredVersions) != fmt.Sprint(want) {
		t.Errorf("CRD %s: status.storedVersions %v, want %v", crdName, crd.Status.StoredVersions, want)
	}
}

// setStoredVersions records that etcd holds objects of the CRD at version only,
// as a storage migrator does once it has rewritten every object.
func setStoredVersions(t *testing.T, crdName, version string) {
	t.Helper()
	ctx := context.Background()
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		crd := &apix.CustomResourceDefinition{}
		if err := suite.client.Get(ctx, client.ObjectKey{Name: crdName}, crd); err != nil {
			return err
		}
		crd.Status.StoredVersions = []string{version}
		return suite.client.Status().Update(ctx, crd)
	})
	if err != nil {
		t.Fatalf("setting the stored versions of %s: %v", crdName, err)
	}
}
