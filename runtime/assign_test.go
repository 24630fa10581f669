package runtime

import (
	"errors"
	"testing"
)

type colour string

func TestCloneCopies(t *testing.T) {
	if Clone[string](nil) != nil {
		t.Error("Clone(nil) is not nil")
	}
	value := "a"
	copied := Clone(&value)
	value = "b"
	if copied == &value || *copied != "a" {
		t.Errorf("Clone shares or lost the value: %q", *copied)
	}
}

func TestPointerToAndDeref(t *testing.T) {
	if got := Deref(PointerTo(colour("red"))); got != "red" {
		t.Errorf("Deref(PointerTo(red)) = %q", got)
	}
	if got := Deref[int](nil); got != 0 {
		t.Errorf("Deref(nil) = %d, want 0", got)
	}
}

func TestConvertPointers(t *testing.T) {
	red := colour("red")
	if got := ConvertString[string](&red); got == nil || *got != "red" {
		t.Errorf("ConvertString(&red) = %v", got)
	}
	if ConvertString[string, colour](nil) != nil {
		t.Error("ConvertString(nil) is not nil")
	}
	three := 3
	if got := ConvertNumber[float64](&three); got == nil || *got != 3 {
		t.Errorf("ConvertNumber(&3) = %v", got)
	}
	yes := true
	if got := ConvertBool[bool](&yes); got == nil || !*got || got == &yes {
		t.Errorf("ConvertBool(&true) = %v (must be a copy)", got)
	}
}

func TestKeepStoresOrRemoves(t *testing.T) {
	bag := PropertyBag{"a": `"old"`}
	if err := bag.Keep("a", "new", true); err != nil || bag["a"] != `"new"` {
		t.Fatalf("Keep(set) = %v, bag %v", err, bag)
	}
	if err := bag.Keep("a", nil, false); err != nil || bag.Contains("a") {
		t.Fatalf("Keep(unset) = %v, bag %v", err, bag)
	}
}

func TestConvertingWrapsWhatWasConverted(t *testing.T) {
	cause := errors.New("bag entry Size holds a string")
	err := Converting("Widget_Spec.Part", cause)
	if got, want := err.Error(), "converting Widget_Spec.Part: bag entry Size holds a string"; got != want {
		t.Errorf("Converting: %q, want %q", got, want)
	}
	if !errors.Is(err, cause) {
		t.Error("Converting does not wrap its cause")
	}
}
