package armschema

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

// scopedFile returns a provider file with the given sections, each a section
// key and a resources body.
func scopedFile(sections ...string) string {
	var b strings.Builder
	b.WriteString(`{"id": "x", "definitions": {}`)
	for i := 0; i+1 < len(sections); i += 2 {
		b.WriteString(`, "` + sections[i] + `": {` + sections[i+1] + `}`)
	}
	b.WriteString("}")
	return b.String()
}

func TestScopedSectionsGiveScopes(t *testing.T) {
	content := scopedFile(
		"resourceDefinitions", resource("vaults", "P/vaults", ""),
		"subscription_resourceDefinitions", resource("budgets", "P/budgets", ""),
		"managementGroup_resourceDefinitions", resource("groups", "P/groups", ""),
		"tenant_resourceDefinitions", resource("tenants", "P/tenants", ""),
		"extension_resourceDefinitions", resource("locks", "P/locks", ""),
	)
	v, notes := mustLoad(t, content)
	want := map[string]model.Scope{
		"vaults": model.ScopeResourceGroup, "budgets": model.ScopeSubscription,
		"groups": model.ScopeManagementGroup, "tenants": model.ScopeTenant, "locks": model.ScopeExtension,
	}
	if len(v.Resources) != len(want) || len(notes) != 0 {
		t.Fatalf("resources %d, notes %v", len(v.Resources), notes)
	}
	for name, scope := range want {
		r := v.Resource(name)
		if r == nil || r.Scope != scope {
			t.Errorf("%s: %+v, want scope %s", name, r, scope)
		}
	}
	if got := v.Resource("locks").Source; got != testFile+"#/extension_resourceDefinitions/locks" {
		t.Errorf("locks source %s", got)
	}
}

func TestOnlyAScopedSection(t *testing.T) {
	v, _ := mustLoad(t, scopedFile("tenant_resourceDefinitions", resource("tenants", "P/tenants", "")))
	if len(v.Resources) != 1 || v.Resources[0].Scope != model.ScopeTenant {
		t.Errorf("resources %+v", v.Resources)
	}
}

func TestNameInTwoSectionsGetsAScopedName(t *testing.T) {
	content := scopedFile(
		"resourceDefinitions", resource("deployments", "P/deployments", ""),
		"subscription_resourceDefinitions", resource("Deployments", "P/deployments", "")+","+
			resource("deployments_ops", "P/deployments/ops", ""),
		"tenant_resourceDefinitions", resource("deployments", "P/deployments", ""),
	)
	for i := 0; i < 3; i++ { // stable whatever the map order
		v, notes := mustLoad(t, content)
		var names []string
		for _, r := range v.Resources {
			names = append(names, r.Name+":"+string(r.Scope))
		}
		got := strings.Join(names, " ")
		want := "deployments:resourceGroup deployments_ops:subscription subscriptionDeployments:subscription tenantDeployments:tenant"
		if got != want {
			t.Fatalf("resources %s, want %s", got, want)
		}
		if len(notes) != 2 || notes[0].At.Pointer != "/subscription_resourceDefinitions/Deployments" ||
			!strings.Contains(notes[0].Message, `"subscriptionDeployments"`) ||
			!strings.Contains(notes[0].Message, "#/resourceDefinitions/deployments") {
			t.Fatalf("notes %v", notes)
		}
		if got := v.Resource("deployments_ops").Owner; got != "subscriptionDeployments" {
			t.Errorf("owner %q, want the parent of its own scope", got)
		}
	}
}

func TestScopedNameClash(t *testing.T) {
	content := scopedFile(
		"resourceDefinitions", resource("things", "P/things", "")+","+resource("subscriptionThings", "P/x", ""),
		"subscription_resourceDefinitions", resource("things", "P/things", ""),
	)
	loadErr(t, content, "/subscription_resourceDefinitions/things", `"subscriptionThings"`, "#/resourceDefinitions/subscriptionThings")
}

func TestScopedSectionNotAnObject(t *testing.T) {
	loadErr(t, `{"id": "x", "tenant_resourceDefinitions": []}`, "/tenant_resourceDefinitions", "expected an object of resources")
}

func TestCaseInOneScopedSection(t *testing.T) {
	content := scopedFile("extension_resourceDefinitions",
		resource("locks", "P/locks", "")+","+resource("Locks", "P/locks", ""))
	loadErr(t, content, "/extension_resourceDefinitions/locks", "ignoring case", "#/extension_resourceDefinitions/Locks")
}
