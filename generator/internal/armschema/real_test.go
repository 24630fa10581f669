package armschema

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

// realRoot is where the real ARM schemas are, seen from this directory.
const realRoot = "../../../../shared/specs/arm-schemas/schemas"

// realFiles returns the real provider files, skipping the test if the
// specs are absent.
func realFiles(t *testing.T) []string {
	t.Helper()
	if _, err := os.Stat(realRoot); err != nil {
		t.Skipf("real schemas not found at %s: %v", realRoot, err)
	}
	files, err := filepath.Glob(filepath.Join(realRoot, "*", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if filepath.Base(filepath.Dir(f)) != "common" {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no provider files under %s", realRoot)
	}
	return out
}

// loadReal loads every real provider file with one loader, in parallel as
// the generator does, and returns the versions and notes by file relative
// to the root.
func loadReal(t *testing.T) (map[string]*model.APIVersion, map[string][]Note) {
	t.Helper()
	files := realFiles(t)
	l := NewLoader(realRoot)
	versions := make([]*model.APIVersion, len(files))
	notes := make([][]Note, len(files))
	errs := make([]error, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			versions[i], notes[i], errs[i] = l.Load(f)
		}()
	}
	wg.Wait()
	byFile, notesByFile := map[string]*model.APIVersion{}, map[string][]Note{}
	for i, f := range files {
		if errs[i] != nil {
			t.Errorf("%v", errs[i])
			continue
		}
		rel := filepath.ToSlash(strings.TrimPrefix(f, realRoot+string(filepath.Separator)))
		byFile[rel], notesByFile[rel] = versions[i], notes[i]
	}
	return byFile, notesByFile
}

func TestRealSchemas(t *testing.T) {
	versions, notes := loadReal(t)
	for file, v := range versions {
		if v.Source != file {
			t.Errorf("%s: Source %q", file, v.Source)
		}
		checkWellFormed(t, v)
	}
	for file, ns := range notes {
		for _, n := range ns {
			if strings.Contains(n.Message, "recursive") {
				t.Errorf("%s: unexpected recursion (the real files have none): %v", file, n)
			}
		}
	}
	if t.Failed() {
		return
	}

	storage := versions["2021-04-01/Microsoft.Storage.json"]
	sa := storage.Resource("storageAccounts")
	if sa.ARMType != "Microsoft.Storage/storageAccounts" || sa.Owner != "" {
		t.Errorf("storageAccounts: %s", dump(sa))
	}
	s := object(t, storage, sa.Spec)
	checkType(t, prop(t, s, "sku"), "object Sku")
	skuName := prop(t, object(t, storage, "Sku"), "name")
	checkType(t, skuName, "enum Sku_name")
	if !skuName.Required || !contains(storage.Enums["Sku_name"].Values, "Standard_LRS") {
		t.Errorf("Sku.name: %s, values %q", dump(skuName), storage.Enums["Sku_name"].Values)
	}
	name := prop(t, s, "azureName")
	if name.Required || *name.Validation.MinLength != 3 || *name.Validation.MaxLength != 24 {
		t.Errorf("storageAccounts azureName: %s", dump(name))
	}
	checkType(t, prop(t, s, "tags"), "map[string]string")
	if s.Property("apiVersion") != nil || s.Property("type") != nil || s.Property("resources") != nil || s.Property("name") != nil {
		t.Errorf("spec keeps a resource-only property: %q", propNames(s))
	}

	mi := versions["2023-01-31/Microsoft.ManagedIdentity.json"]
	checkNames(t, "ManagedIdentity resources", resourceNames(mi), "userAssignedIdentities", "userAssignedIdentities_federatedIdentityCredentials")
	fic := mi.Resource("userAssignedIdentities_federatedIdentityCredentials")
	if fic.Owner != "userAssignedIdentities" || fic.ARMType != "Microsoft.ManagedIdentity/userAssignedIdentities/federatedIdentityCredentials" {
		t.Errorf("federatedIdentityCredentials: %s", dump(fic))
	}
	fs := object(t, mi, fic.Spec)
	if p := prop(t, fs, "azureName"); p.Validation.Pattern != "^[a-zA-Z0-9]{1}[a-zA-Z0-9-_]{2,119}$" {
		t.Errorf("federatedIdentityCredentials azureName: %s", dump(p))
	}
	fp := object(t, mi, "FederatedIdentityCredentialProperties")
	checkType(t, prop(t, fp, "audiences"), "[]string")
	for _, p := range fp.Properties {
		if !p.Required {
			t.Errorf("FederatedIdentityCredentialProperties.%s is not required", p.Name)
		}
	}
	if _, ok := mi.Objects["userAssignedIdentities_federatedIdentityCredentials_childResource"]; ok {
		t.Error("a childResource definition was emitted")
	}

	// A discriminated union: allOf of a base and a oneOf of allOf[$ref, const].
	sf := versions["2019-03-01/Microsoft.ServiceFabric.json"]
	psd := object(t, sf, "PartitionSchemeDescription")
	checkNames(t, "PartitionSchemeDescription", propNames(psd),
		"namedPartitionSchemeDescription", "singletonPartitionSchemeDescription", "uniformInt64RangePartitionSchemeDescription")
	if !psd.OneOf {
		t.Error("PartitionSchemeDescription is not OneOf")
	}
	named := object(t, sf, "PartitionSchemeDescription_namedPartitionSchemeDescription")
	checkNames(t, "named partition scheme", propNames(named), "Count", "Names", "partitionScheme")
	checkValues(t, sf, typeOfProp(t, named, "partitionScheme"), "string", "Named")

	// Child resources whose parent differs in case, or is missing.
	sf22 := versions["2022-01-01/Microsoft.ServiceFabric.json"]
	if o := sf22.Resource("managedclusters_applications").Owner; o != "managedClusters" {
		t.Errorf("managedclusters_applications owner %q", o)
	}
	if o := versions["2015-06-01/Microsoft.KeyVault.Secrets.json"].Resource("vaults_secrets").Owner; o != "vaults" {
		t.Errorf("vaults_secrets owner %q", o)
	}
	if !hasNote(notes["2015-06-01/Microsoft.KeyVault.Secrets.json"], "/resourceDefinitions/vaults_secrets", "not defined") {
		t.Errorf("no note on the missing parent of vaults_secrets: %v", notes["2015-06-01/Microsoft.KeyVault.Secrets.json"])
	}

	// The folder gives the version, not the file's apiVersion enum.
	old := versions["2015-08-01/Microsoft.Storage.json"]
	if old.Version != "2015-08-01" || old.Provider != "Microsoft.Storage" || old.IsPreview() {
		t.Errorf("2015-08-01 storage: version %q provider %q", old.Version, old.Provider)
	}
	accountType := prop(t, object(t, old, "storageAccounts_Spec_properties"), "accountType")
	if !accountType.Required || *accountType.Validation.MinLength != 1 {
		t.Errorf("accountType: %s", dump(accountType))
	}

	// Redis configuration has extra keys beside its properties.
	if !hasNote(notes["2021-06-01/Microsoft.Cache.json"], "/definitions/RedisCommonPropertiesRedisConfiguration/additionalProperties", "dropped") {
		t.Errorf("no note on the dropped additionalProperties: %v", notes["2021-06-01/Microsoft.Cache.json"])
	}
}

func TestRealDeterministic(t *testing.T) {
	realFiles(t)
	for _, file := range []string{"2019-03-01/Microsoft.ServiceFabric.json", "2023-05-01-preview/Microsoft.Cache.json", "2026-04-01/Microsoft.Storage.json"} {
		path := filepath.Join(realRoot, file)
		a, na, err := NewLoader(realRoot).Load(path)
		if err != nil {
			t.Fatal(err)
		}
		b, nb, err := NewLoader(realRoot).Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(na, nb) {
			t.Errorf("%s: two loads differ", file)
		}
	}
}

func resourceNames(v *model.APIVersion) []string {
	var names []string
	for _, r := range v.Resources {
		names = append(names, r.Name)
	}
	return names
}

func typeOfProp(t *testing.T, o *model.Object, name string) string {
	t.Helper()
	return prop(t, o, name).Type.Name
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasNote(notes []Note, pointer, word string) bool {
	for _, n := range notes {
		if n.At.Pointer == pointer && strings.Contains(n.Message, word) {
			return true
		}
	}
	return false
}
