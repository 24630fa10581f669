package lifecycle

import (
	"strings"
	"testing"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/armhub/armhub/runtime/lifecycle"
)

const goodOverrides = `# postpone the deprecation of 2021-04-01
overrides:
- crd: storageaccounts.storage.azure.armhub.io
  version: v20210401
  lifecycle:
  - classification: deprecated
    startTime: "2026-06-01T00:00:00Z"
  - classification: expired
    startTime: 2026-12-01T00:00:00Z
- group: storage.azure.armhub.io
  version: v20210401
  lifecycle:
  - classification: expired
    startTime: "2027-01-01T00:00:00Z"
`

func TestParseOverrides(t *testing.T) {
	o, err := ParseOverrides("overrides.yaml", []byte(goodOverrides))
	if err != nil {
		t.Fatal(err)
	}
	if len(o) != 2 || o[0].Where != "overrides.yaml:3" || o[1].Group != "storage.azure.armhub.io" ||
		len(o[0].Lifecycle) != 2 || !o[0].Lifecycle[1].StartTime.Equal(time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("parsed %+v", o)
	}
	byVersion := o.For("storageaccounts.storage.azure.armhub.io", "storage.azure.armhub.io")
	if byVersion["v20210401"].Where != "overrides.yaml:3" {
		t.Errorf("the entry naming the CRD does not win over the group's: %+v", byVersion)
	}
	if byVersion := o.For("queues.storage.azure.armhub.io", "storage.azure.armhub.io"); byVersion["v20210401"].Where != "overrides.yaml:10" {
		t.Errorf("the group's entry does not apply to another CRD of the group: %+v", byVersion)
	}
	for _, empty := range []string{"", "overrides:\n", "overrides: []\n"} {
		if o, err := ParseOverrides("o.yaml", []byte(empty)); err != nil || len(o) != 0 {
			t.Errorf("%q: %v, %v", empty, o, err)
		}
	}
}

func TestParseOverridesErrors(t *testing.T) {
	head := "overrides:\n- crd: a.b\n  version: v1\n  lifecycle:\n"
	cases := map[string]string{
		"unknown top key":       "overide: []\n",
		"unknown key":           "overrides:\n- crd: a.b\n  versions: v1\n",
		"unknown stage key":     head + "  - classification: deprecated\n    startTme: \"2026-01-01T00:00:00Z\"\n",
		"no target":             "overrides:\n- version: v1\n  lifecycle: [{classification: deprecated, startTime: \"2026-01-01T00:00:00Z\"}]\n",
		"two targets":           "overrides:\n- crd: a.b\n  group: b\n  version: v1\n  lifecycle: [{classification: deprecated, startTime: \"2026-01-01T00:00:00Z\"}]\n",
		"no version":            "overrides:\n- crd: a.b\n  lifecycle: [{classification: deprecated, startTime: \"2026-01-01T00:00:00Z\"}]\n",
		"no lifecycle":          "overrides:\n- crd: a.b\n  version: v1\n",
		"no start time":         head + "  - classification: deprecated\n",
		"unknown class":         head + "  - classification: retired\n    startTime: \"2026-01-01T00:00:00Z\"\n",
		"bad time":              head + "  - classification: deprecated\n    startTime: \"next year\"\n",
		"out of order":          head + "  - classification: expired\n    startTime: \"2026-01-01T00:00:00Z\"\n  - classification: deprecated\n    startTime: \"2026-02-01T00:00:00Z\"\n",
		"decreasing start":      head + "  - classification: deprecated\n    startTime: \"2026-02-01T00:00:00Z\"\n  - classification: expired\n    startTime: \"2026-01-01T00:00:00Z\"\n",
		"twice":                 head + "  - {classification: deprecated, startTime: \"2026-01-01T00:00:00Z\"}\n- crd: a.b\n  version: v1\n  lifecycle: [{classification: expired, startTime: \"2026-01-01T00:00:00Z\"}]\n",
		"repeated key":          "overrides:\n- crd: a.b\n  crd: a.c\n",
		"not yaml":              "overrides: [\n",
		"overrides not a list":  "overrides: {crd: a.b}\n",
		"override not a map":    "overrides: [a.b]\n",
		"empty version":         "overrides:\n- crd: a.b\n  version: \"\"\n",
		"version not a string":  "overrides:\n- crd: a.b\n  version: [v1]\n",
		"lifecycle not a list":  "overrides:\n- crd: a.b\n  version: v1\n  lifecycle: deprecated\n",
		"stage not a mapping":   head + "  - deprecated\n",
		"duplicate stage":       head + "  - {classification: deprecated, startTime: \"2026-01-01T00:00:00Z\"}\n  - {classification: deprecated, startTime: \"2026-02-01T00:00:00Z\"}\n",
		"unknown key, 2nd item": "overrides:\n- crd: a.b\n  version: v1\n  lifecycle: [{classification: deprecated, startTime: \"2026-01-01T00:00:00Z\"}]\n- crd: a.c\n  version: v1\n  lifecycle: [{classification: deprecated, startTime: \"2026-01-01T00:00:00Z\", note: x}]\n",
	}
	want := map[string]string{
		"unknown top key":       `o.yaml:1: unknown key "overide" in the file (known: overrides)`,
		"unknown key":           `o.yaml:3: unknown key "versions" in an override`,
		"unknown stage key":     `o.yaml:6: unknown key "startTme" in a stage`,
		"no target":             "o.yaml:2: an override names a crd",
		"two targets":           "o.yaml:2: an override names a crd or a group, not both",
		"no version":            "o.yaml:2: an override names a version",
		"no lifecycle":          "o.yaml:2: an override has a lifecycle",
		"no start time":         "o.yaml:5: stage 1: deprecated has no startTime (rule: " + string(lifecycle.RuleOverrideNoStart) + ")",
		"unknown class":         `o.yaml:5: unknown classification "retired"`,
		"bad time":              `o.yaml:6: startTime "next year" is not an RFC 3339 time`,
		"out of order":          "o.yaml:7: stage 2: deprecated cannot follow expired (rule: " + string(lifecycle.RuleOrder) + ")",
		"decreasing start":      "o.yaml:7: stage 2: expired starts at 2026-01-01T00:00:00Z, before the stage ahead of it (2026-02-01T00:00:00Z) (rule: " + string(lifecycle.RuleDecreasingStart) + ")",
		"twice":                 "o.yaml:6: crd a.b version v1 is overridden a second time (first at o.yaml:2)",
		"repeated key":          `o.yaml:3: key "crd" appears twice in an override`,
		"not yaml":              "o.yaml: yaml:",
		"overrides not a list":  "o.yaml:1: overrides must be a list",
		"override not a map":    "o.yaml:1: an override must be a mapping",
		"empty version":         "o.yaml:3: version must be a non-empty string",
		"version not a string":  "o.yaml:3: version must be a non-empty string",
		"lifecycle not a list":  "o.yaml:2: an override has a lifecycle",
		"stage not a mapping":   "o.yaml:5: a stage must be a mapping",
		"duplicate stage":       "o.yaml:6: stage 2: deprecated appears a second time (rule: " + string(lifecycle.RuleDuplicate) + ")",
		"unknown key, 2nd item": `o.yaml:7: unknown key "note" in a stage`,
	}
	for name, text := range cases {
		_, err := ParseOverrides("o.yaml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), want[name]) {
			t.Errorf("%s: error %v, want one containing %q", name, err, want[name])
		}
	}
}

func at(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

// annotated is a CRD with versions v20200101 (deprecated 2025-03-01, expired
// 2025-04-01) and v20230101 (supported), storage at storage.
func annotated(storage string) *apix.CustomResourceDefinition {
	value, err := lifecycle.Versions{
		"v20200101": {{Classification: lifecycle.Supported}, {Classification: lifecycle.Deprecated, StartTime: at("2025-03-01T00:00:00Z")},
			{Classification: lifecycle.Expired, StartTime: at("2025-04-01T00:00:00Z")}},
		"v20230101": {{Classification: lifecycle.Preview}, {Classification: lifecycle.Supported, StartTime: at("2024-01-01T00:00:00Z")}},
	}.Encode()
	if err != nil {
		panic(err)
	}
	crd := &apix.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{lifecycle.Annotation: value}},
		Spec: apix.CustomResourceDefinitionSpec{
			Group: "lc.armhub.test",
			Names: apix.CustomResourceDefinitionNames{Plural: "widgets", Singular: "widget", Kind: "Widget", ListKind: "WidgetList"},
			Scope: apix.NamespaceScoped,
		},
		Status: apix.CustomResourceDefinitionStatus{StoredVersions: []string{storage}},
	}
	crd.Name = "widgets.lc.armhub.test"
	for _, name := range []string{"v20200101", "v20230101"} {
		crd.Spec.Versions = append(crd.Spec.Versions, apix.CustomResourceDefinitionVersion{Name: name, Served: true, Storage: name == storage,
			Schema: &apix.CustomResourceValidation{OpenAPIV3Schema: &apix.JSONSchemaProps{Type: "object", XPreserveUnknownFields: ptr(true)}}})
	}
	return crd
}

func ptr[T any](v T) *T { return &v }

func condition(p Planned, t apix.CustomResourceDefinitionConditionType) apix.CustomResourceDefinitionCondition {
	for _, c := range p.Conditions {
		if c.Type == t {
			return c
		}
	}
	return apix.CustomResourceDefinitionCondition{}
}

func TestPlan(t *testing.T) {
	crd := annotated("v20230101")
	value := crd.Annotations[lifecycle.Annotation]
	p := Plan(crd, value, nil, *at("2025-01-01T00:00:00Z"))
	if old := p.Versions[0]; !old.Served || old.Deprecated || old.DeprecationWarning != nil || len(p.Changes) != 0 || !p.Next.Equal(*at("2025-03-01T00:00:00Z")) {
		t.Errorf("supported: %+v, changes %v, next %v", old, p.Changes, p.Next)
	}
	p = Plan(crd, value, nil, *at("2025-03-01T00:00:00Z"))
	want := "lc.armhub.test/v20200101 Widget is deprecated and stops being served at 2025-04-01T00:00:00Z; use lc.armhub.test/v20230101"
	if old := p.Versions[0]; !old.Served || !old.Deprecated || old.DeprecationWarning == nil || *old.DeprecationWarning != want {
		t.Errorf("deprecated: %+v", old)
	}
	if crd.Spec.Versions[0].Deprecated {
		t.Error("Plan changed the CRD")
	}
	p = Plan(crd, value, nil, *at("2025-04-01T00:00:00Z"))
	if old := p.Versions[0]; old.Served || p.Next != nil || condition(p, ConditionBlocked).Status != apix.ConditionFalse {
		t.Errorf("expired: %+v, next %v, %+v", old, p.Next, p.Conditions)
	}

	// Postponed: the deprecation moves to 2025-05-01, and expiry with it.
	postponed := Overrides{{CRD: crd.Name, Version: "v20200101", Where: "o.yaml:2",
		Lifecycle: lifecycle.Lifecycle{{Classification: lifecycle.Deprecated, StartTime: at("2025-05-01T00:00:00Z")}}}}
	p = Plan(crd, value, postponed, *at("2025-04-15T00:00:00Z"))
	if old := p.Versions[0]; !old.Served || old.Deprecated || !p.Next.Equal(*at("2025-05-01T00:00:00Z")) {
		t.Errorf("postponed: %+v, next %v", old, p.Next)
	}

	// Protected: the storage version expires but stays served.
	stored := annotated("v20200101")
	p = Plan(stored, value, nil, *at("2025-04-01T00:00:00Z"))
	c := condition(p, ConditionBlocked)
	if old := p.Versions[0]; !old.Served || !old.Deprecated || c.Status != apix.ConditionTrue || c.Reason != ReasonStorageVersion ||
		!strings.Contains(*old.DeprecationWarning, "has expired and is served only because it is the storage version") {
		t.Errorf("storage version: %+v, %+v", old, c)
	}

	// An override of a stage or version the base lacks is reported; the version is left alone.
	bad := Overrides{
		{Group: "lc.armhub.test", Version: "v20230101", Where: "o.yaml:2", Lifecycle: lifecycle.Lifecycle{{Classification: lifecycle.Deprecated, StartTime: at("2025-05-01T00:00:00Z")}}},
		{Group: "lc.armhub.test", Version: "v20990101", Where: "o.yaml:7", Lifecycle: lifecycle.Lifecycle{{Classification: lifecycle.Deprecated, StartTime: at("2025-05-01T00:00:00Z")}}},
	}
	p = Plan(crd, value, bad, *at("2025-06-01T00:00:00Z"))
	c = condition(p, ConditionInvalid)
	if c.Status != apix.ConditionTrue || c.Reason != ReasonOverrideInvalid ||
		!strings.Contains(c.Message, "o.yaml:2: version v20230101: stage 1: deprecated is not a stage of the base lifecycle (rule: "+string(lifecycle.RuleOverrideNewStage)) ||
		!strings.Contains(c.Message, "o.yaml:7: the override names version v20990101, which the lifecycle annotation lacks") {
		t.Errorf("invalid overrides: %+v", c)
	}
	if p.Versions[0].Served || !p.Versions[1].Served {
		t.Errorf("invalid overrides: %+v", p.Versions)
	}
	p = Plan(crd, `{"v1":[{"classification":"retired"}]}`, nil, time.Now())
	if c := condition(p, ConditionInvalid); c.Reason != ReasonAnnotationInvalid || !strings.Contains(c.Message, "unknown classification") {
		t.Errorf("invalid annotation: %+v", c)
	}
}
