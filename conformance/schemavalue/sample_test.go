package schemavalue

import (
	"encoding/json"
	"regexp"
	"testing"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

func TestSampleSetsEveryPropertyWithinTheSchema(t *testing.T) {
	var s apix.JSONSchemaProps
	if err := json.Unmarshal([]byte(`{"type":"object","required":["name"],"properties":{
		"name":{"type":"string","pattern":"^[a-z][a-z0-9]{2,23}$"},
		"tier":{"type":"string","enum":["Hot","Cool"]},
		"size":{"type":"integer","minimum":10,"maximum":20},
		"when":{"type":"string","format":"date-time"},
		"rules":{"type":"array","minItems":2,"items":{"type":"object","properties":{"on":{"type":"boolean"}}}},
		"tags":{"type":"object","additionalProperties":{"type":"string","maxLength":3}},
		"bag":{"type":"object","x-kubernetes-preserve-unknown-fields":true}}}`), &s); err != nil {
		t.Fatal(err)
	}
	value, err := Sample(&s, 1, "spec")
	if err != nil {
		t.Fatal(err)
	}
	fields := value.(map[string]any)
	if name, _ := fields["name"].(string); !regexp.MustCompile(`^[a-z][a-z0-9]{2,23}$`).MatchString(name) {
		t.Errorf("name %q does not match its pattern", name)
	}
	if tier := fields["tier"]; tier != "Hot" && tier != "Cool" {
		t.Errorf("tier %v is not one of the enum", tier)
	}
	if size, _ := fields["size"].(json.Number).Int64(); size < 10 || size > 20 {
		t.Errorf("size %d is out of bounds", size)
	}
	if when := fields["when"]; when != "2026-01-02T03:04:05Z" {
		t.Errorf("when = %v", when)
	}
	if rules := fields["rules"].([]any); len(rules) != 2 || rules[0].(map[string]any)["on"] != true {
		t.Errorf("rules = %v", rules)
	}
	if tags := fields["tags"].(map[string]any); len(tags) != 1 || len(tags["key"].(string)) > 3 {
		t.Errorf("tags = %v", tags)
	}
	if bag, ok := fields["bag"].(map[string]any); !ok || len(bag) != 0 {
		t.Errorf("a free-form object is %#v, want an empty object", fields["bag"])
	}
}

func TestShortestMatch(t *testing.T) {
	for pattern, want := range map[string]string{
		"^.*/default$":             "/default",
		"^[a-z][a-z0-9]{2,23}$":    "a00",
		"^(Hot|Cool)+-[0-9]{2}x?$": "Hot-00",
	} {
		if got := shortestMatch(pattern); got != want || !regexp.MustCompile(pattern).MatchString(got) {
			t.Errorf("shortestMatch(%q) = %q, want %q", pattern, got, want)
		}
	}
}

func TestSampleNamesWhatItCannotMakeValid(t *testing.T) {
	s := apix.JSONSchemaProps{Type: "object", Properties: map[string]apix.JSONSchemaProps{
		"x": {Type: "object", Properties: map[string]apix.JSONSchemaProps{
			"data": {Type: "string", Format: "byte"}}}}}
	if _, err := Sample(&s, 1, "spec"); err == nil || err.Error() != `spec.x.data: format "byte" is not handled by schemavalue` {
		t.Errorf("got %v", err)
	}
}
