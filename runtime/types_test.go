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

func TestJSONPassesThroughABagByteExactly(t *testing.T) {
	var held JSON
	if err := json.Unmarshal([]byte("{\"html\": \"<b>&amp;</b>\",\n \"n\": 9007199254740993, \"e\": \"\\u003c\"}"), &held); err != nil {
		t.Fatal(err)
	}
	want := `{"html":"<b>&amp;</b>","n":9007199254740993,"e":"\u003c"}`
	if string(held.Raw) != want {
		t.Fatalf("held %s, want %s", held.Raw, want)
	}
	var bag PropertyBag
	if err := bag.Add("p", held); err != nil {
		t.Fatal(err)
	}
	var pulled JSON
	if _, err := bag.Pull("p", &pulled); err != nil {
		t.Fatal(err)
	}
	if string(pulled.Raw) != want {
		t.Errorf("pulled %s, want %s", pulled.Raw, want)
	}
}
