package runtime

import (
	"encoding/json"
	"testing"
)

func TestJSONRoundTripsAnyValue(t *testing.T) {
	for _, text := range []string{`{"a":[1,2,{"b":null}]}`, `"text"`, `42`, `true`} {
		var held JSON
		if err := json.Unmarshal([]byte(text), &held); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		out, err := json.Marshal(held)
		if err != nil || string(out) != text {
			t.Errorf("%s came back as %s (%v)", text, out, err)
		}
	}
}

func TestJSONCompactsAndCopiesDeeply(t *testing.T) {
	var held JSON
	if err := json.Unmarshal([]byte("{ \"a\" :\n 1 }"), &held); err != nil {
		t.Fatal(err)
	}
	if string(held.Raw) != `{"a":1}` {
		t.Errorf("held %s, want the compact form", held.Raw)
	}
	copied := held.DeepCopy()
	copied.Raw[1] = 'X'
	if string(held.Raw) != `{"a":1}` {
		t.Errorf("DeepCopy shares storage: original now %s", held.Raw)
	}
	var empty JSON
	if out, _ := json.Marshal(empty); string(out) != "null" {
		t.Errorf("empty JSON marshals to %s, want null", out)
	}
}
