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
	want := `{"html":"<b>&amp;</b>","n":9007199254740993,"e":"<"}`
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

// A value reads back with the same bytes however the encoder that wrote it
// escaped it, so a JSON held in an object survives json.Marshal (which escapes
// <, > and &) byte for byte.
func TestJSONIsCanonical(t *testing.T) {
	cases := map[string]string{
		`{"b" : "\u003c\u00e9\/x", "a":[1.50E+3, -0, true,null]}`: `{"b":"<é/x","a":[1.50E+3,-0,true,null]}`,
		`"\u2028&"`:                      `"\u2028&"`,
		` [ ] `:                          `[]`,
		`{"x":{"y":{}}}`:                 `{"x":{"y":{}}}`,
		`123456789012345678901234567890`: `123456789012345678901234567890`,
	}
	for in, want := range cases {
		var held JSON
		if err := json.Unmarshal([]byte(in), &held); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if string(held.Raw) != want {
			t.Errorf("%s held as %s, want %s", in, held.Raw, want)
		}
		wrapped, err := json.Marshal(struct{ V JSON }{held})
		if err != nil {
			t.Fatal(err)
		}
		var back struct{ V JSON }
		if err := json.Unmarshal(wrapped, &back); err != nil || string(back.V.Raw) != want {
			t.Errorf("%s through json.Marshal (%s): held %s, %v; want %s", in, wrapped, back.V.Raw, err, want)
		}
	}
}
