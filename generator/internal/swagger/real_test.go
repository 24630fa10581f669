package swagger

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// realRoot is where the real Swagger files are, seen from this directory.
const realRoot = "../../../../shared/specs/swagger"

// The services of realRoot the tests load.
const (
	msiDir      = "specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity"
	keyVaultDir = "specification/keyvault/resource-manager/Microsoft.KeyVault"
)

// needReal fails the test if the real specifications are absent: they are
// always there beside the checkout. Under Bazel the test runs in a sandbox
// outside which it cannot read (as armschema's real test), so it is skipped.
func needReal(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(realRoot); err != nil {
		if os.Getenv("TEST_SRCDIR") != "" {
			t.Skipf("real specifications are outside Bazel's sandbox: %v", err)
		}
		t.Fatalf("real specifications not found at %s: %v", realRoot, err)
	}
}

// msiVersions lists the API versions of Microsoft.ManagedIdentity, from the
// folders.
func msiVersions(t *testing.T) []string {
	t.Helper()
	var versions []string
	for _, kind := range []string{"stable", "preview"} {
		entries, err := os.ReadDir(filepath.Join(realRoot, msiDir, kind))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			versions = append(versions, e.Name())
		}
	}
	sort.Strings(versions)
	return versions
}

// Every version of Microsoft.ManagedIdentity loads, in parallel with one
// loader, into a well-formed model the Go view builds; userAssignedIdentities'
// status holds what the service sets, and the federated identity credentials
// are its children where the files have them.
func TestRealManagedIdentity(t *testing.T) {
	needReal(t)
	versions := msiVersions(t)
	if len(versions) != 11 {
		t.Fatalf("found %d versions, want 11: %q", len(versions), versions)
	}
	l := NewLoader(realRoot)
	loaded := make([]*model.APIVersion, len(versions))
	errs := make([]error, len(versions))
	var wg sync.WaitGroup
	for i, ver := range versions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			loaded[i], _, errs[i] = l.Load(msiDir, ver)
		}()
	}
	wg.Wait()
	for i, ver := range versions {
		if errs[i] != nil {
			t.Errorf("%s: %v", ver, errs[i])
			continue
		}
		checkManagedIdentity(t, ver, loaded[i])
	}
	files := l.Files()
	if len(files) != 13 || files[0] != "specification/common-types/resource-management/v1/types.json" {
		t.Errorf("Files() = %q", files)
	}
}

func checkManagedIdentity(t *testing.T, ver string, v *model.APIVersion) {
	t.Helper()
	checkWellFormed(t, v)
	if _, err := golang.BuildNamed(v, nil, nil); err != nil {
		t.Errorf("%s: golang.BuildNamed: %v", ver, err)
	}
	if v.Version != ver || v.Provider != "Microsoft.ManagedIdentity" || v.IsPreview() != strings.HasSuffix(ver, "-preview") {
		t.Errorf("%s: version %q provider %q", ver, v.Version, v.Provider)
	}
	uai := findResource(t, v, "userAssignedIdentities")
	if uai.ARMType != "Microsoft.ManagedIdentity/userAssignedIdentities" || uai.Scope != model.ScopeResourceGroup {
		t.Errorf("%s: userAssignedIdentities: %s", ver, dump(uai))
	}
	props := object(t, v, prop(t, object(t, v, uai.Status), "properties").Type.Name)
	for _, name := range []string{"principalId", "clientId", "tenantId"} {
		checkType(t, prop(t, props, name), "string") // format: uuid in the file; status keeps types only
	}
	spec := object(t, v, uai.Spec)
	for _, name := range []string{"azureName", "location", "tags"} {
		prop(t, spec, name)
	}
	data, err := os.ReadFile(filepath.Join(realRoot, v.Source))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "/federatedIdentityCredentials/{") {
		return
	}
	fic := findResource(t, v, "userAssignedIdentities_federatedIdentityCredentials")
	if fic.Owner != "userAssignedIdentities" || fic.OwnerExternal || fic.ARMType != "Microsoft.ManagedIdentity/userAssignedIdentities/federatedIdentityCredentials" {
		t.Errorf("%s: federatedIdentityCredentials: %s", ver, dump(fic))
	}
	const pattern = "^[a-zA-Z0-9]{1}[a-zA-Z0-9-_]{2,119}$" // on the name parameter, where the file has it
	if p := prop(t, object(t, v, fic.Spec), "azureName"); strings.Contains(string(data), pattern) != (p.Validation.Pattern == pattern) {
		t.Errorf("%s: federatedIdentityCredentials azureName: %s", ver, dump(p))
	}
}

// The KeyVault 2015-06-01 file, of the older hand-written style, loads.
func TestRealKeyVault(t *testing.T) {
	needReal(t)
	l := NewLoader(realRoot)
	v, _, err := l.Load(keyVaultDir, "2015-06-01")
	if err != nil {
		t.Fatal(err)
	}
	checkWellFormed(t, v)
	if _, err := golang.BuildNamed(v, nil, nil); err != nil {
		t.Errorf("golang.BuildNamed: %v", err)
	}
	checkNames(t, "resources", resourceNames(v), "vaults")
	spec := object(t, v, findResource(t, v, "vaults").Spec)
	checkNames(t, "vaults spec", propNames(spec), "azureName", "location", "properties", "tags")
	vp := object(t, v, "VaultProperties")
	if !prop(t, vp, "sku").Required || *prop(t, vp, "accessPolicies").Validation.MaxItems != 16 {
		t.Errorf("VaultProperties: %s", dump(vp))
	}
	checkEnum(t, v, "SkuName", false, "premium", "standard")
	checkEnum(t, v, "KeyPermissions", true, "all", "backup", "create", "decrypt", "delete", "encrypt", "get", "import",
		"list", "purge", "recover", "restore", "sign", "unwrapKey", "update", "verify", "wrapKey")
	checkNames(t, "files", l.Files(), "specification/keyvault/resource-manager/Microsoft.KeyVault/stable/2015-06-01/keyvault.json")
}

// Loading is deterministic: fresh loaders give equal versions and notes.
func TestRealDeterministic(t *testing.T) {
	needReal(t)
	for _, ver := range []string{"2018-11-30", "2025-01-31-preview", "2026-05-31"} {
		a, na, err := NewLoader(realRoot).Load(msiDir, ver)
		if err != nil {
			t.Fatal(err)
		}
		b, nb, err := NewLoader(realRoot).Load(msiDir, ver)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(na, nb) {
			t.Errorf("%s: two loads differ", ver)
		}
	}
}
