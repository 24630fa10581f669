package swagger_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/armschema"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/swagger"
)

// statusDifferences explains, rule by rule, how the spec types Swagger gives
// the versions the real services read their status from (input.status)
// differ from those of the deployment schemas, which those services generate
// their spec from. A difference no rule explains fails the test, as does a
// rule that explains nothing. A difference is "<provider> <version> <Kind>:
// <JSON path>: <what>".
var statusDifferences = []struct {
	pattern *regexp.Regexp
	reason  string
}{
	{regexp.MustCompile(`: enum (\[[^]]*\]) in the deployment schema, (\[[^]]*\]) \(open\) in Swagger$`),
		"the same values (checked below); Swagger marks the enum modelAsString: true, an open set, which the deployment schema lists as a closed enum"},
	{regexp.MustCompile(` spec\.properties: required true in the deployment schema, false in Swagger$`),
		"the deployment schema requires a resource's properties object; the Swagger definition leaves it optional"},
	{regexp.MustCompile(` spec\.location: required false in the deployment schema, true in Swagger$`),
		"the Swagger resource inherits TrackedResource from the common types, which requires location; the deployment schema declares location without requiring it"},
	{regexp.MustCompile(` spec\.azureName: validation pattern=\^\.\*/(\w+)\$ in the deployment schema, pattern=\^\((\w+)\)\$ in Swagger$`),
		"a resource of one instance (its path ends in a fixed name, or a name parameter of one value): the deployment schema's pattern is the template's <parent>/<name> form, Swagger's the name alone"},
	{regexp.MustCompile(` spec\.(kind|sku): required false in the deployment schema, true in Swagger$`),
		"the Swagger PUT body (StorageAccountCreateParameters) requires kind and sku; the deployment schema leaves them optional, as it does every top-level property but name"},
	{regexp.MustCompile(` spec\.properties: required false in the deployment schema, true in Swagger$`),
		"the Swagger definition requires the properties object; the deployment schema leaves it optional: the two formats' generators disagree both ways (see the rule above), the API accepts either"},
	{regexp.MustCompile(`: validation maxLength=(\d+) in the deployment schema, minLength=0 maxLength=(\d+) in Swagger$`),
		"the same maximum; a minLength of 0 checks nothing, and the deployment schema drops it"},
	{regexp.MustCompile(`^Microsoft\.Cache 2025-08-01-preview RedisEnterprise: spec\.sku\.(?:capacity: required true in the deployment schema, false in Swagger|family: only in the deployment schema|name: enum \[Basic Premium Standard\] in the deployment schema, \[Balanced_B0 [^]]*\] \(open\) in Swagger)$`),
		"an upstream error: the 2025-08-01-preview deployment schema merges the Redis and Redis Enterprise Swagger folders, which both define Sku, and keeps Redis's (names Basic, Standard, Premium, a family, a required capacity) for redisEnterprise too; Swagger has the Redis Enterprise SKU. The spec follows the deployment schema (a Redis Enterprise cluster of this version cannot name its real SKU); the status follows Swagger"},
	{regexp.MustCompile(`^Microsoft\.Cache (?:2025-08|2026-0[25])-01-preview RedisEnterpriseMigration: spec\.properties\.(?:azureCacheForRedisMigrationProperties: only in Swagger|(?:forceMigrate|skipDataMigration|sourceResourceId|sourceType|switchDns): only in the deployment schema)$`),
		"the migration's properties are a union on sourceType with one variant: the deployment schema flattens that variant into properties, Swagger keeps the union, a field per variant"},
	{regexp.MustCompile(`^Microsoft\.Storage 20(?:25-08|26-04)-01 StorageAccountsConnector: spec\.properties\.source\.(?:dataShareSource: only in Swagger|(?:authProperties|connection|type): only in the deployment schema)$`),
		"the connector's source is a union on type with one variant (dataShare): the deployment schema flattens that variant into source, Swagger keeps the union, a field per variant"},
	{regexp.MustCompile(`: validation pattern=\^\[0-9a-fA-F\]\{8\}\(-\[0-9a-fA-F\]\{4\}\)\{3\}-\[0-9a-fA-F\]\{12\}\$ in the deployment schema, none in Swagger$`),
		"Swagger says format: uuid (a format, which the comparison leaves aside); the deployment schema writes that format as a pattern"},
	{regexp.MustCompile(` spec\.azureName: validation pattern=\^\.\+\$ in the deployment schema, none in Swagger$`),
		"a name of at least one character: the deployment schema states as a pattern what Swagger's name parameter leaves implied (a path segment is never empty)"},
	{regexp.MustCompile(`^Microsoft\.EventHub 2026-07-01-preview ClustersUpgradePreference: spec\.properties\.maintenanceWindows: validation none in the deployment schema, minItems=1 maxItems=2 in Swagger$`),
		"the deployment schema drops the list's item counts that the Swagger file states"},
	{regexp.MustCompile(`^Microsoft\.EventHub 2026-01-01 Namespace: spec\.properties\.(?:ipAddressType: only in the deployment schema|ipV6Enabled: only in Swagger)$`),
		"the two upstream inputs disagree on 2026-01-01: the deployment-schema snapshot has ipAddressType, the Swagger file the older ipV6Enabled (2026-07-01-preview's Swagger has ipAddressType too); the spec follows the deployment schema"},
	{regexp.MustCompile(`^Microsoft\.EventHub 20(?:24-01|25-05|26-01|26-07)-01(?:-preview)? NamespacesApplicationGroup: spec\.properties\.policies\[\]\.(?:throttlingPolicy: only in Swagger|(?:metricId|name|rateLimitThreshold|type): only in the deployment schema)$`),
		"an application group's policies are a union on type with one variant (ThrottlingPolicy): the deployment schema flattens that variant into each policy, Swagger keeps the union, a field per variant"},
	{regexp.MustCompile(`^Microsoft\.KeyVault 20[0-9-]+(?:-preview)? VaultsAccessPolicy: only in the deployment schema$`),
		"Swagger has a PUT of vaults/{name}/accessPolicies/{operationKind} but no GET (an action, noted, not a resource); the deployment schema declares it as a resource"},
	{regexp.MustCompile(`^Microsoft\.KeyVault 2026-03-01-preview (?:VaultsKey|ManagedHSMsKey): spec\.properties\.kty: enum \[EC EC-HSM RSA RSA-HSM oct-HSM\] in the deployment schema, \[EC EC-HSM RSA RSA-HSM\] \(open\) in Swagger$`),
		"the deployment schema lists oct-HSM among the key types, which the 2026-03-01-preview Swagger's open JsonWebKeyType no longer names"},
	{regexp.MustCompile(` Managed[cC]lustersApplicationsService: spec\.properties\.state(?:ful|less)ServiceProperties\.scalingPolicies\[\]\.scalingTrigger\.average(?:Partition|Service)LoadScalingTrigger\.(?:lower|upper)LoadThreshold: int in the deployment schema, float64 in Swagger$`),
		"the deployment schema types the load thresholds as integers, Swagger as numbers (format double)"},
	{regexp.MustCompile(` spec\.identity\.type: enum \[None SystemAssigned SystemAssigned, UserAssigned UserAssigned\] in the deployment schema, \[None SystemAssigned SystemAssigned,UserAssigned UserAssigned\] \(open\) in Swagger$`),
		"the same values but one, which the deployment schema spells \"SystemAssigned, UserAssigned\" and these Swagger files \"SystemAssigned,UserAssigned\""},
	{regexp.MustCompile(` spec\.identity\.type: required false in the deployment schema, true in Swagger$`),
		"the common types' managed identity requires its type; the deployment schema leaves it optional"},
	{regexp.MustCompile(`: a free-form JSON value in the deployment schema, a (?:object|string|int|float64|bool|list|map) in Swagger$`),
		"the deployment schema gives no type there (an empty schema: any JSON value, which the spec keeps and which accepts what Swagger's type allows); Swagger types it"},
	{regexp.MustCompile(`^Microsoft\.Cache 2026-02-01-preview RedisEnterpriseDatabase: spec\.properties\.(?:keySpaceNotification: only in Swagger|notifyKeyspaceEvents: only in the deployment schema)$`),
		"the two upstream inputs name the keyspace notification setting differently in 2026-02-01-preview (notifyKeyspaceEvents, keySpaceNotification); the spec follows the deployment schema"},
	{regexp.MustCompile(`^Microsoft\.KeyVault 2024-11-01 (?:VaultsKey|ManagedHSMsKey): spec\.properties\.kty: validation none in the deployment schema, minLength=1 in Swagger$`),
		"the split Swagger files of 2024-11-01 put minLength 1 on the open enum JsonWebKeyType; the deployment schema, and the TypeSpec files from 2025-05-01, leave it out"},
	{regexp.MustCompile(`^Microsoft\.KeyVault 2024-11-01 (?:Vaults|ManagedHSMs)PrivateEndpointConnection: spec\.properties\.provisioningState: only in the deployment schema$`),
		"in the split Swagger files of 2024-11-01 the provisioning state's definition is read-only (so it is status); the deployment schema of 2024-11-01 lists it as an input, which later ones do not"},
	{regexp.MustCompile(`^Microsoft\.KeyVault\.Secrets 2015-06-01 \(status from 2016-10-01\) (?:Vault: only in Swagger|VaultsSecret: spec\.(?:azureName|tags|properties\.(?:attributes|contentType)): only in Swagger|VaultsSecret: spec\.properties\.value: required true in the deployment schema, false in Swagger)$`),
		"two API versions compared: 2016-10-01, the oldest Swagger that documents vaults/secrets and so the status source of 2015-06-01, has a secret's attributes, content type, tags and name parameter, and the vaults resource, which the 2015-06-01 deployment schema of Microsoft.KeyVault.Secrets (secrets alone, a value and nothing else) does not"},
	{regexp.MustCompile(`(?:\.(?:privateEndpoint|userAssignedIdentities|runStatus)| (?:Managed[cC]lusters|Clusters)ApplicationType: spec\.properties): only in the deployment schema$`),
		"every property of its Swagger type is read-only (the private endpoint's id; an identity's principal and client ids; a task assignment's run report; an application type's provisioning state), so the Swagger spec leaves it out, noted; the deployment schema keeps the object"},
}

// For every version a real service reads its status from Swagger, the spec
// types Swagger gives (at the version input.status names with from, if it
// does) equal those of the deployment schema but for the differences
// statusDifferences explains: the spec the module generates (from
// the deployment schema) and the status (from Swagger) describe one API.
func TestStatusVersionsMatchTheDeploymentSchemas(t *testing.T) {
	armRoot, swaggerRoot := sharedSpecs(t, "arm-schemas/schemas"), swaggerUnion(t)
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "metadata", "azure", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no real metadata (%v)", err)
	}
	var found []string
	versions := 0
	for _, file := range files {
		svc, err := metadata.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range svc.VersionNames() {
			sources := svc.StatusSources(v)
			if len(sources) == 0 {
				continue
			}
			versions++
			fromARM := buildVersion(t, "ARM", func() (*model.APIVersion, error) {
				api, _, err := armschema.NewLoader(armRoot).Load(filepath.Join(armRoot, v, svc.Provider+".json"))
				return api, err
			})
			found = append(found, compareFolders(t, svc.Provider+" "+v, fromARM, swaggerRoot, v, sources)...)
		}
	}
	if versions == 0 {
		t.Fatal("no real service reads its status from Swagger")
	}
	t.Logf("%d versions compared, %d differences", versions, len(found))
	explain(t, found)
}

// compareFolders compares the spec of version v from the deployment schema
// (fromARM) with that of each Swagger folder giving v its status (at the
// version a source names with from). Where v's resources span several
// folders, a kind one folder lacks is no difference if another has it.
func compareFolders(t *testing.T, label string, fromARM *golang.Package, swaggerRoot, v string, sources []metadata.StatusSource) []string {
	t.Helper()
	var found []string
	kinds := make([]map[string]bool, len(sources))
	diffs := make([][]string, len(sources))
	for i, src := range sources {
		from := src.SwaggerVersion(v)
		fromSwagger := buildVersion(t, "Swagger", func() (*model.APIVersion, error) {
			api, _, err := swagger.NewLoader(swaggerRoot).Load(src.Dir, from)
			return api, err
		})
		kinds[i] = map[string]bool{}
		for _, r := range fromSwagger.Resources {
			kinds[i][r.Kind] = true
		}
		l := label
		if from != v {
			l += " (status from " + from + ")"
		}
		diffs[i] = compareSpecs(l, fromARM, fromSwagger)
	}
	for i, ds := range diffs {
		for _, d := range ds {
			if !inOtherFolder(d, i, kinds) {
				found = append(found, d)
			}
		}
	}
	return found
}

// inOtherFolder reports whether d says a kind is only in the deployment
// schema when a folder other than i has it.
func inOtherFolder(d string, i int, kinds []map[string]bool) bool {
	rest, ok := strings.CutSuffix(d, ": only in the deployment schema")
	if !ok {
		return false
	}
	kind := rest[strings.LastIndex(rest, " ")+1:]
	for j, k := range kinds {
		if j != i && k[kind] {
			return true
		}
	}
	return false
}

// explain fails on a difference no rule explains (a rule of two groups
// explains it only when they match) and on a rule that explains none.
func explain(t *testing.T, found []string) {
	t.Helper()
	used := make([]bool, len(statusDifferences))
	for _, d := range found {
		ok := false
		for i, rule := range statusDifferences {
			m := rule.pattern.FindStringSubmatch(d)
			if m == nil || len(m) == 3 && m[1] != m[2] { // two groups: the same enum values, the same name
				continue
			}
			used[i], ok = true, true
			break
		}
		if !ok {
			t.Errorf("unexplained difference: %s", d)
		}
	}
	for i, rule := range statusDifferences {
		if !used[i] {
			t.Errorf("a rule explains no difference (remove it): %s", rule.pattern)
		}
	}
}

// swaggerUnion returns a folder holding specification/ with the files of our
// copies (third_party/azure-rest-api-specs) and of ../shared/specs/swagger,
// as tools/schema-roots.sh's swagger_root makes it: each file from the first
// that has it, as a symbolic link.
func swaggerUnion(t *testing.T) string {
	t.Helper()
	union := t.TempDir()
	for _, copy := range []string{filepath.Join("..", "..", "..", "third_party", "azure-rest-api-specs"), sharedSpecs(t, "swagger")} {
		abs, err := filepath.Abs(copy)
		if err != nil {
			t.Fatal(err)
		}
		var rels []string
		err = filepath.WalkDir(filepath.Join(abs, "specification"), func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(path) == ".json" {
				rel, _ := filepath.Rel(abs, path)
				rels = append(rels, rel)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(rels)
		for _, rel := range rels {
			link := filepath.Join(union, rel)
			if _, err := os.Lstat(link); err == nil {
				continue
			}
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(abs, rel), link); err != nil {
				t.Fatal(err)
			}
		}
	}
	return union
}
