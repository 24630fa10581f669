package reference

import (
	"strings"
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/runtime/lifecycle"
)

func widget(version string, spec ...string) *golang.Package {
	s := &golang.Struct{Name: "Widget_Spec"}
	for _, f := range spec {
		field := &golang.Field{JSONName: f, Type: &golang.Type{Kind: model.KindPrimitive, Builtin: "string"}, Required: f == "size", Doc: "The " + f + " of the widget. More | words."}
		if f == "size" {
			one := int64(1)
			field.Validation.MinLength = &one
		}
		s.Fields = append(s.Fields, field)
	}
	status := &golang.Struct{Name: "Widget_Status", Fields: []*golang.Field{{JSONName: "conditions", Type: &golang.Type{Kind: model.KindArray, Elem: &golang.Type{Kind: model.KindObject, Named: "metav1.Condition"}}}}}
	return &golang.Package{Version: version, Resources: []*golang.Resource{{Kind: "Widget", ARMType: "Contoso.Things/widgets", Spec: s, Status: status}}}
}

func at(s string) *time.Time {
	t, _ := time.Parse(time.RFC3339, s)
	return &t
}

// The reference shows each version's lifecycle (a table and a chart of the
// dated stages), and per kind its hub, the chain of storage variants with
// their compat packages and which fields each version has.
func TestWrite(t *testing.T) {
	s := Service{
		Name: "things", Provider: "Contoso.Things", Group: "things.example.armhub.io", Module: "example.com/things",
		Now: at("2026-01-01T00:00:00Z"),
		Versions: []Version{
			{API: "2024-01-01", Spoke: widget("v20240101", "azureName", "size"), Class: lifecycle.Deprecated, Storage: "v20240101storage", Compat: "v20240101/storage/compat",
				Stages: lifecycle.Lifecycle{{Classification: lifecycle.Supported, StartTime: at("2024-01-01T00:00:00Z")}, {Classification: lifecycle.Deprecated, StartTime: at("2025-06-01T00:00:00Z")}}},
			{API: "2025-01-01", Spoke: widget("v20250101", "azureName", "colour"), Class: lifecycle.Supported, Storage: "v20250101storage"},
		},
		Hubs:   map[string]string{"Widget": "v20250101storage"},
		Chains: map[string][]string{"Widget": {"v20240101storage", "v20250101storage"}},
	}
	got := string(Write(s))
	for _, want := range []string{
		Header + "# things: API reference\n",
		"| 2024-01-01 | `v20240101` | deprecated | supported from 2024-01-01, deprecated from 2025-06-01 |\n",
		"| 2025-01-01 | `v20250101` | supported | supported |\n",
		"  section v20240101\n  supported :2024-01-01, 2025-06-01\n  deprecated :active, 2025-06-01, 2027-01-01\n",
		"The hub (the version the API server stores) is `v20250101storage`.",
		"  v20240101 --> v20240101storage\n  v20240101storage -.- v20240101_storage_compat[\"v20240101/storage/compat\"]\n",
		"  v20240101storage --- v20250101storage\n  style v20250101storage stroke-width:4px\n",
		"| `colour` | `string` |  |  | The colour of the widget. |   | ✓ |\n",
		"| `size` | `string` | yes | `MinLength=1` | The size of the widget. | ✓ |   |\n",
		"| `conditions` | `[]metav1.Condition` |  |  |  | ✓ | ✓ |\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the reference lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "section v20250101") {
		t.Errorf("a version without dated stages has a chart section:\n%s", got)
	}
}

// A description is its first sentence, at most 120 characters, with pipes
// escaped so that it stays in its table cell.
func TestSummary(t *testing.T) {
	long := strings.Repeat("a", 130)
	for doc, want := range map[string]string{
		"One | two.\nThree.": `One \| two.`,
		long:                 strings.Repeat("a", 119) + "…",
		"":                   "",
	} {
		if got := summary(doc); got != want {
			t.Errorf("summary(%q) = %q, want %q", doc, got, want)
		}
	}
}
