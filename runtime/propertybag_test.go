package runtime

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

type address struct {
	Street string `json:"street"`
	City   string `json:"city,omitempty"`
}

func TestAddThenPullRoundTripsEachKind(t *testing.T) {
	five := 5
	cases := map[string]struct {
		value  any
		target func() any
	}{
		"string":  {"mickey", func() any { return new(string) }},
		"int":     {42, func() any { return new(int) }},
		"bool":    {true, func() any { return new(bool) }},
		"float":   {2.5, func() any { return new(float64) }},
		"pointer": {&five, func() any { return new(*int) }},
		"slice":   {[]string{"a", "b"}, func() any { return new([]string) }},
		"map":     {map[string]int{"x": 1, "y": 2}, func() any { return new(map[string]int) }},
		"object":  {address{Street: "1 Main St", City: "Duckburg"}, func() any { return new(address) }},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var bag PropertyBag
			if err := bag.Add("p", c.value); err != nil {
				t.Fatalf("Add: %v", err)
			}
			target := c.target()
			found, err := bag.Pull("p", target)
			if err != nil || !found {
				t.Fatalf("Pull = %v, %v; want true, nil", found, err)
			}
			got := deref(target)
			if diff := cmp.Diff(c.value, got); diff != "" {
				t.Errorf("pulled value differs (-added +pulled):\n%s", diff)
			}
			if bag.Contains("p") {
				t.Errorf("Pull left the entry in the bag: %v", bag)
			}
			if bag != nil {
				t.Errorf("bag after pulling its only entry = %#v, want nil", bag)
			}
		})
	}
}

func deref(pointer any) any {
	switch p := pointer.(type) {
	case *string:
		return *p
	case *int:
		return *p
	case *bool:
		return *p
	case *float64:
		return *p
	case **int:
		return *p
	case *[]string:
		return *p
	case *map[string]int:
		return *p
	case *address:
		return *p
	}
	panic("unexpected type")
}

func TestPullOfMissingEntryReportsNotFound(t *testing.T) {
	bag := PropertyBag{"other": `1`}
	target := "unchanged"
	found, err := bag.Pull("absent", &target)
	if found || err != nil {
		t.Fatalf("Pull = %v, %v; want false, nil", found, err)
	}
	if target != "unchanged" {
		t.Errorf("target changed to %q", target)
	}
}

func TestPullIntoWrongTypeKeepsEntryAndTarget(t *testing.T) {
	cases := map[string]struct {
		stored string
		target any
		want   string
	}{
		"string into int":         {`"seven"`, new(int), "does not decode into int"},
		"object into string":      {`{"street":"x"}`, new(string), "does not decode into string"},
		"other shape into object": {`{"line1":"x"}`, new(address), `unknown field "line1"`},
		"trailing data":           {`1 2`, new(int), "unexpected data after the value"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			bag := PropertyBag{"p": c.stored}
			found, err := bag.Pull("p", c.target)
			if !found {
				t.Errorf("Pull reported the entry missing")
			}
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), `"p"`) {
				t.Fatalf("error = %v; want one naming the entry and containing %q", err, c.want)
			}
			if bag["p"] != c.stored {
				t.Errorf("entry after failed Pull = %q, want %q kept", bag["p"], c.stored)
			}
		})
	}
}

func TestFailedPullLeavesTargetUntouched(t *testing.T) {
	bag := PropertyBag{"p": `{"street":"x","line2":"y"}`}
	target := address{Street: "kept"}
	if _, err := bag.Pull("p", &target); err == nil {
		t.Fatal("Pull succeeded for a shape with an unknown field")
	}
	if target.Street != "kept" {
		t.Errorf("target was partly written: %+v", target)
	}
}

func TestPullRejectsNonPointerTarget(t *testing.T) {
	bag := PropertyBag{"p": `1`}
	var nilPointer *int
	for _, target := range []any{1, nilPointer, nil} {
		if _, err := bag.Pull("p", target); err == nil || !strings.Contains(err.Error(), "non-nil pointer") {
			t.Errorf("Pull into %#v: error = %v, want a non-nil pointer error", target, err)
		}
	}
	if !bag.Contains("p") {
		t.Error("a rejected Pull removed the entry")
	}
}

func TestAddRejectsValuesJSONCannotHold(t *testing.T) {
	var bag PropertyBag
	for name, value := range map[string]any{"channel": make(chan int), "nan": math.NaN()} {
		if err := bag.Add(name, value); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("Add(%s) error = %v, want one naming the entry", name, err)
		}
	}
	if bag != nil {
		t.Errorf("bag after failed adds = %v, want nil", bag)
	}
}

func TestAddReplacesEarlierEntry(t *testing.T) {
	var bag PropertyBag
	mustAdd(t, &bag, "p", 1)
	mustAdd(t, &bag, "p", 2)
	var got int
	if _, err := bag.Peek("p", &got); err != nil || got != 2 {
		t.Errorf("Peek = %d, %v; want 2, nil", got, err)
	}
	if !bag.Contains("p") {
		t.Error("Peek removed the entry")
	}
}

func TestRemoveAndContains(t *testing.T) {
	var bag PropertyBag
	bag.Remove("absent") // removing from a nil bag is allowed
	mustAdd(t, &bag, "a", 1)
	mustAdd(t, &bag, "b", 2)
	bag.Remove("a")
	if bag.Contains("a") || !bag.Contains("b") {
		t.Errorf("after Remove(a): %v", bag)
	}
	bag.Remove("b")
	if bag != nil {
		t.Errorf("bag after removing every entry = %#v, want nil", bag)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	var bag PropertyBag
	mustAdd(t, &bag, "a", 1)
	clone := bag.Clone()
	mustAdd(t, &clone, "b", 2)
	clone.Remove("a")
	if !bag.Contains("a") || bag.Contains("b") {
		t.Errorf("changing the clone changed the original: %v", bag)
	}
	if PropertyBag(nil).Clone() != nil || (PropertyBag{}).Clone() != nil {
		t.Error("an empty bag should clone to nil")
	}
}

func TestNewPropertyBagMergesLaterWins(t *testing.T) {
	first := PropertyBag{"a": `1`, "b": `1`}
	second := PropertyBag{"b": `2`, "c": `2`}
	got := NewPropertyBag(first, nil, second)
	want := PropertyBag{"a": `1`, "b": `2`, "c": `2`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("merged bag differs (-want +got):\n%s", diff)
	}
	got["a"] = `9`
	if first["a"] != `1` {
		t.Error("the merged bag shares storage with its input")
	}
	if NewPropertyBag() != nil || NewPropertyBag(PropertyBag{}) != nil {
		t.Error("merging nothing should give nil")
	}
}

func TestJSONIsDeterministicAndRoundTrips(t *testing.T) {
	var forward, backward PropertyBag
	names := []string{"zeta", "alpha", "mid", "beta"}
	for i := range names {
		mustAdd(t, &forward, names[i], map[string]int{"z": i, "a": i})
		j := len(names) - 1 - i
		mustAdd(t, &backward, names[j], map[string]int{"a": j, "z": j})
	}
	first, err := json.Marshal(forward)
	if err != nil {
		t.Fatal(err)
	}
	second, err := json.Marshal(backward)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"alpha":"{\"a\":1,\"z\":1}","beta":"{\"a\":3,\"z\":3}","mid":"{\"a\":2,\"z\":2}","zeta":"{\"a\":0,\"z\":0}"}`
	if string(first) != want || string(second) != want {
		t.Errorf("JSON =\n%s\n%s\nwant\n%s", first, second, want)
	}
	var decoded PropertyBag
	if err := json.Unmarshal(first, &decoded); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(forward, decoded); diff != "" {
		t.Errorf("JSON round trip differs (-before +after):\n%s", diff)
	}
}

func TestNamesAreSorted(t *testing.T) {
	bag := PropertyBag{"b": `1`, "c": `1`, "a": `1`}
	if diff := cmp.Diff([]string{"a", "b", "c"}, bag.Names()); diff != "" {
		t.Error(diff)
	}
}

func mustAdd(t *testing.T, bag *PropertyBag, name string, value any) {
	t.Helper()
	if err := bag.Add(name, value); err != nil {
		t.Fatalf("Add(%q): %v", name, err)
	}
}

type measure struct {
	Ratio  *float64  `json:"ratio,omitempty"`
	Scales []float32 `json:"scales,omitempty"`
	Count  int64     `json:"count,omitempty"`
}

func TestFloatTargetsDecodeExactlyOrFail(t *testing.T) {
	cases := map[string]struct {
		stored string
		target func() any
		ok     bool
	}{
		"2^53+1 into float64":          {`9007199254740993`, func() any { return new(float64) }, false},
		"2^53+1 nested in a struct":    {`{"ratio":9007199254740993}`, func() any { return new(measure) }, false},
		"2^24+1 nested in float32s":    {`{"scales":[1,16777217]}`, func() any { return new(measure) }, false},
		"2^53+1 into a pointer":        {`9007199254740993`, func() any { return new(*float64) }, false},
		"2^53+1 in a map of floats":    {`{"a":9007199254740993}`, func() any { return new(map[string]float64) }, false},
		"more digits than the float":   {`0.10000000000000001`, func() any { return new(float64) }, false},
		"underflow to zero":            {`1e-400`, func() any { return new(float64) }, false},
		"2^53+1 into an int64 field":   {`{"count":9007199254740993}`, func() any { return new(measure) }, true},
		"decimal Go writes":            {`0.1`, func() any { return new(float64) }, true},
		"large decimal Go writes":      {`1.5e300`, func() any { return new(float64) }, true},
		"same value, other notation":   {`1.50E+300`, func() any { return new(float64) }, true},
		"trailing zeros":               {`2.500`, func() any { return new(float64) }, true},
		"2^53 exactly":                 {`9007199254740992`, func() any { return new(float64) }, true},
		"decimal into float32":         {`{"scales":[0.1,3.4e38]}`, func() any { return new(measure) }, true},
		"negative zero":                {`-0`, func() any { return new(float64) }, true},
		"smallest subnormal Go writes": {`5e-324`, func() any { return new(float64) }, true},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			bag := PropertyBag{"p": c.stored}
			found, err := bag.Pull("p", c.target())
			if !found {
				t.Fatal("Pull reported the entry missing")
			}
			if c.ok && err != nil {
				t.Fatalf("Pull failed for an exact value: %v", err)
			}
			if !c.ok && (err == nil || !strings.Contains(err.Error(), "exactly")) {
				t.Fatalf("Pull error = %v; want one saying the number cannot be held exactly", err)
			}
			if !c.ok && bag["p"] != c.stored {
				t.Errorf("entry after failed Pull = %q, want %q kept", bag["p"], c.stored)
			}
		})
	}
}

func TestInexactFloatLeavesTargetUntouched(t *testing.T) {
	bag := PropertyBag{"p": `9007199254740993`}
	target := 1.5
	if _, err := bag.Peek("p", &target); err == nil {
		t.Fatal("Peek succeeded for 2^53+1 into float64")
	}
	if target != 1.5 {
		t.Errorf("target changed to %v", target)
	}
}

func TestFloatsGoWritesComeBackExactly(t *testing.T) {
	for _, value := range []float64{0.1, 1.5e300, -2.5e-300, 1 << 53, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		var bag PropertyBag
		mustAdd(t, &bag, "p", value)
		var got float64
		if _, err := bag.Pull("p", &got); err != nil || got != value {
			t.Errorf("Add(%v) then Pull = %v, %v", value, got, err)
		}
	}
}

func TestAnyTargetsKeepNumbersExactly(t *testing.T) {
	bag := PropertyBag{}
	for _, stored := range []string{`9007199254740993`, `{"big":9007199254740993,"list":[0.10000000000000001,1e400]}`} {
		bag["p"] = stored
		var got any
		if _, err := bag.Pull("p", &got); err != nil {
			t.Fatalf("Pull of %s: %v", stored, err)
		}
		mustAdd(t, &bag, "p", got)
		if bag["p"] != stored {
			t.Errorf("pulled %#v, stored again as %s, want %s", got, bag["p"], stored)
		}
	}
	var number any
	if _, err := bag.Peek("p", &number); err != nil {
		t.Fatal(err)
	}
	if big := number.(map[string]any)["big"]; big != json.Number("9007199254740993") {
		t.Errorf("pulled %#v, want json.Number 9007199254740993", big)
	}
}

func TestIntegerTargetsFailOnOverflowAndFractions(t *testing.T) {
	cases := map[string]struct {
		stored string
		target any
	}{
		"300 into int8":              {`300`, new(int8)},
		"2^63 into int64":            {`9223372036854775808`, new(int64)},
		"negative into uint":         {`-1`, new(uint)},
		"fraction into int":          {`1.5`, new(int)},
		"exponent into int":          {`1e2`, new(int)},
		"2^64 nested in a struct":    {`{"count":18446744073709551616}`, new(measure)},
		"fraction into a map of int": {`{"a":0.5}`, new(map[string]int)},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			bag := PropertyBag{"p": c.stored}
			found, err := bag.Pull("p", c.target)
			if !found || err == nil {
				t.Fatalf("Pull = %v, %v; want true and an error", found, err)
			}
			if bag["p"] != c.stored {
				t.Errorf("entry after failed Pull = %q, want %q kept", bag["p"], c.stored)
			}
		})
	}
}

func TestNullFailsForTargetsThatCannotBeAbsent(t *testing.T) {
	flag, text, number, object := true, "kept", 7, address{Street: "kept"}
	cases := map[string]struct {
		stored string
		target any
		check  func() bool
	}{
		"bool":               {`null`, &flag, func() bool { return flag }},
		"string":             {`null`, &text, func() bool { return text == "kept" }},
		"int":                {`null`, &number, func() bool { return number == 7 }},
		"struct":             {`null`, &object, func() bool { return object.Street == "kept" }},
		"field of a struct":  {`{"street":null}`, &object, func() bool { return object.Street == "kept" }},
		"element of a slice": {`["a",null]`, new([]string), func() bool { return true }},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			bag := PropertyBag{"p": c.stored}
			found, err := bag.Pull("p", c.target)
			if !found || err == nil || !strings.Contains(err.Error(), "null") {
				t.Fatalf("Pull = %v, %v; want true and an error about null", found, err)
			}
			if !c.check() {
				t.Errorf("target changed by a failed Pull")
			}
			if bag["p"] != c.stored {
				t.Errorf("entry after failed Pull = %q, want %q kept", bag["p"], c.stored)
			}
		})
	}
}

func TestNullDecodesIntoTargetsThatCanBeAbsent(t *testing.T) {
	five := 5
	pointer, slice, mapping := &five, []string{"a"}, map[string]int{"a": 1}
	var anything any = "a"
	free := JSON{Raw: []byte(`1`)}
	targets := map[string]struct {
		target any
		absent func() bool
	}{
		"pointer":   {&pointer, func() bool { return pointer == nil }},
		"slice":     {&slice, func() bool { return slice == nil }},
		"map":       {&mapping, func() bool { return mapping == nil }},
		"interface": {&anything, func() bool { return anything == nil }},
		"JSON":      {&free, func() bool { return free.Raw == nil }},
		"field":     {new(measure), func() bool { return true }},
	}
	for name, c := range targets {
		t.Run(name, func(t *testing.T) {
			stored := `null`
			if name == "field" {
				stored = `{"ratio":null,"scales":null}`
			}
			bag := PropertyBag{"p": stored}
			if found, err := bag.Pull("p", c.target); !found || err != nil {
				t.Fatalf("Pull = %v, %v; want true, nil", found, err)
			}
			if !c.absent() {
				t.Errorf("target not absent after pulling null")
			}
			if bag != nil {
				t.Errorf("bag after Pull = %v, want nil", bag)
			}
		})
	}
}

func TestAddKeepsHTMLCharacters(t *testing.T) {
	cases := map[string]struct {
		value  any
		stored string
	}{
		"string": {"<a href='x'>&</a>", `"<a href='x'>&</a>"`},
		"map":    {map[string]string{"<": ">&"}, `{"<":">&"}`},
		"JSON":   {JSON{Raw: []byte(`{"html":"<b>&</b>"}`)}, `{"html":"<b>&</b>"}`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var bag PropertyBag
			mustAdd(t, &bag, "p", c.value)
			if bag["p"] != c.stored {
				t.Errorf("stored %s, want %s", bag["p"], c.stored)
			}
		})
	}
}

type base struct {
	Weight float64 `json:"weight"`
	// A cycle of embedded pointers, which the float check's walk of the type
	// (like encoding/json's) must get through; only reflection reads it.
	//lint:ignore U1000 read by reflection only: the test is that the type walk ends
	*base
}

type derived struct {
	base
	Name  string  `json:"name"`
	Score float64 `json:"-"`
}

func TestFloatChecksFollowEncodingJSONFieldNames(t *testing.T) {
	cases := map[string]struct {
		stored string
		ok     bool
	}{
		"promoted field":        {`{"weight":9007199254740993}`, false},
		"field matched by case": {`{"WEIGHT":9007199254740993}`, false},
		"promoted exact":        {`{"weight":0.5,"name":"x"}`, true},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			bag := PropertyBag{"p": c.stored}
			_, err := bag.Peek("p", new(derived))
			if (err == nil) != c.ok {
				t.Errorf("Peek error = %v, want ok %v", err, c.ok)
			}
		})
	}
}
