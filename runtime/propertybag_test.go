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
