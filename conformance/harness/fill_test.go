package harness

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	armruntime "github.com/armhub/armhub/runtime"
)

// sample has a field of every shape whose filling the harness customises.
type sample struct {
	Slice    []string
	Map      map[string]int
	Float    float64
	Optional *float64
	JSON     armruntime.JSON
	Pointer  *armruntime.JSON
	Values   []armruntime.JSON
}

// seen counts what a run of the filler produced.
type seen map[string]int

func fillSamples(n int) []sample {
	filler := NewFiller(1)
	samples := make([]sample, n)
	for i := range samples {
		filler.Fill(&samples[i])
	}
	return samples
}

func TestFillerMakesNilAndEmpty(t *testing.T) {
	got := seen{}
	for _, s := range fillSamples(500) {
		got.note(s.Slice == nil, "nil slice")
		got.note(s.Slice != nil && len(s.Slice) == 0, "empty slice")
		got.note(s.Map == nil, "nil map")
		got.note(s.Map != nil && len(s.Map) == 0, "empty map")
		got.note(len(s.Slice) == 3, "three elements")
		got.note(s.Optional == nil, "nil *float64")
		got.note(s.Optional != nil, "set *float64")
		got.note(s.Pointer == nil, "nil *JSON")
		got.note(s.Pointer != nil, "set *JSON")
	}
	got.want(t, "nil slice", "empty slice", "nil map", "empty map", "three elements", "nil *float64", "set *float64", "nil *JSON", "set *JSON")
}

func TestFillerMakesFloatsOfEveryKind(t *testing.T) {
	got := seen{}
	for _, s := range fillSamples(500) {
		f := s.Float
		if math.IsNaN(f) || math.IsInf(f, 0) {
			t.Fatalf("filled %v, which JSON cannot hold", f)
		}
		got.note(f < 0, "negative")
		got.note(f > 0, "positive")
		got.note(f != math.Trunc(f), "fraction")
		got.note(f != 0 && math.Abs(f) < 1e-100, "tiny")
		got.note(math.Abs(f) > 1e100, "huge")
		got.note(f != 0 && math.Abs(f) < math.SmallestNonzeroFloat64*(1<<52), "subnormal")
		got.note(f*8 != math.Trunc(f*8) && math.Abs(f) > 1 && math.Abs(f) < 1e6, "ordinary non-eighth")
	}
	got.want(t, "negative", "positive", "fraction", "tiny", "huge", "subnormal", "ordinary non-eighth")
}

func TestFillerMakesJSONOfEveryKind(t *testing.T) {
	got := seen{}
	for _, s := range fillSamples(500) {
		for _, j := range append([]armruntime.JSON{s.JSON}, s.Values...) {
			raw := string(j.Raw)
			if !json.Valid(j.Raw) || raw == "null" {
				t.Fatalf("filled free-form JSON %q, want a valid JSON value other than null", raw)
			}
			got.note(raw[0] == '{', "object")
			got.note(raw[0] == '[', "array")
			got.note(raw[0] == '"', "string")
			got.note(raw == "true" || raw == "false", "boolean")
			got.note(strings.ContainsAny(raw[:1], "-0123456789"), "number")
			got.note(strings.Contains(raw, "null"), "nested null")
			got.note(strings.Contains(raw, "[{") || strings.Contains(raw, ":{") || strings.Contains(raw, ":["), "nested")
			got.note(strings.ContainsAny(raw, "<>&"), "HTML characters")
			got.note(strings.ContainsAny(raw, "é日😀"), "unicode")
			got.note(hasLongInteger(j), "integer beyond float64")
		}
	}
	got.want(t, "object", "array", "string", "boolean", "number", "nested null", "nested", "HTML characters", "unicode", "integer beyond float64")
}

// hasLongInteger reports whether j holds, anywhere, an integer of more digits
// than a float64 keeps.
func hasLongInteger(j armruntime.JSON) bool {
	decoder := json.NewDecoder(strings.NewReader(string(j.Raw)))
	decoder.UseNumber()
	for {
		token, err := decoder.Token()
		if err != nil {
			return false
		}
		if n, ok := token.(json.Number); ok && !strings.ContainsAny(string(n), ".eE") && len(strings.TrimPrefix(string(n), "-")) > 17 {
			return true
		}
	}
}

func TestFullFillerLeavesNothingEmpty(t *testing.T) {
	filler := newFullFiller(1)
	for i := 0; i < 100; i++ {
		var s sample
		filler.Fill(&s)
		if len(s.Slice) == 0 || len(s.Map) == 0 || s.Optional == nil || s.Pointer == nil || len(s.Values) == 0 || len(s.JSON.Raw) == 0 {
			t.Fatalf("object %d has an empty field: %+v", i, s)
		}
	}
}

func TestEqualComparesJSONByValue(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		equal bool
	}{
		{`"<a&b>"`, `"\u003ca\u0026b\u003e"`, true},
		{`{"a":1,"b":[true,null]}`, `{"b":[true,null],"a":1}`, true},
		{`12345678901234567890`, `12345678901234567000`, false},
		{`1.5`, `1.50`, false},
		{`{"a":[]}`, `{"a":null}`, false},
		{`{"a":[]}`, `{"a":{}}`, false},
		{`{"a":[]}`, `{"a":[]}`, true},
		{`{}`, ``, false},
		{`[1]`, `[1,2]`, false},
		{`not json`, `not json`, true},
		{`not json`, `not JSON`, false},
		{`1]`, `1}`, false},
	} {
		a, b := armruntime.JSON{Raw: []byte(c.a)}, armruntime.JSON{Raw: []byte(c.b)}
		if got := cmp.Equal(a, b, Equal...); got != c.equal {
			t.Errorf("Equal(%s, %s) = %v, want %v", c.a, c.b, got, c.equal)
		}
		if c.a == "" || c.b == "" {
			continue
		}
		bagA, bagB := armruntime.PropertyBag{"P": c.a}, armruntime.PropertyBag{"P": c.b}
		if got := cmp.Equal(bagA, bagB, Equal...); got != c.equal {
			t.Errorf("Equal(bag %s, bag %s) = %v, want %v", c.a, c.b, got, c.equal)
		}
	}
}

func TestEqualComparesBagsByEntry(t *testing.T) {
	for _, c := range []struct {
		a, b  armruntime.PropertyBag
		equal bool
	}{
		{nil, armruntime.PropertyBag{}, true},
		{nil, armruntime.PropertyBag{"P": `1`}, false},
		{armruntime.PropertyBag{"P": `1`}, armruntime.PropertyBag{"Q": `1`}, false},
		{armruntime.PropertyBag{"P": `1`, "Q": `"<"`}, armruntime.PropertyBag{"Q": `"\u003c"`, "P": `1`}, true},
	} {
		if got := cmp.Equal(c.a, c.b, Equal...); got != c.equal {
			t.Errorf("Equal(%v, %v) = %v, want %v", c.a, c.b, got, c.equal)
		}
	}
	labels := []map[string]string{{"P": `"<"`}, {"P": `"\u003c"`}}
	if cmp.Equal(labels[0], labels[1], Equal...) {
		t.Errorf("Equal compares %v and %v, which are no property bags, as JSON", labels[0], labels[1])
	}
}

func (s seen) note(happened bool, what string) {
	if happened {
		s[what]++
	}
}

func (s seen) want(t *testing.T, whats ...string) {
	t.Helper()
	for _, what := range whats {
		if s[what] == 0 {
			t.Errorf("the filler never made a %s (made %v)", what, s)
		}
	}
}
