package lifecycle

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

func at(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

// The design's first example, evaluated as the design says (on 2024-12-03 the
// version is supported).
var seed = Lifecycle{
	{Classification: Preview},
	{Classification: Supported, StartTime: at("2024-12-01T00:00:00Z")},
	{Classification: Deprecated, StartTime: at("2025-03-01T00:00:00Z")},
	{Classification: Expired, StartTime: at("2025-04-01T00:00:00Z")},
}

func TestEvaluateFollowsTheDesign(t *testing.T) {
	cases := []struct {
		lifecycle Lifecycle
		now       string
		want      Classification
		next      Classification
		nextAt    string
	}{
		{seed, "2024-11-30T23:59:59Z", Preview, Supported, "2024-12-01T00:00:00Z"},
		{seed, "2024-12-03T00:00:00Z", Supported, Deprecated, "2025-03-01T00:00:00Z"},
		{seed, "2025-03-01T00:00:00Z", Deprecated, Expired, "2025-04-01T00:00:00Z"},
		{seed, "2030-01-01T00:00:00Z", Expired, "", ""},
		{nil, "2030-01-01T00:00:00Z", Supported, "", ""},
		// Every start in the future: unavailable.
		{Lifecycle{{Classification: Preview, StartTime: at("2036-02-07T06:28:16Z")}}, "2024-12-03T00:00:00Z", Unavailable, Preview, "2036-02-07T06:28:16Z"},
		// Two stages at one instant: the last is favoured, now and as the next transition.
		{Lifecycle{{Classification: Supported}, {Classification: Deprecated, StartTime: at("2025-01-01T00:00:00Z")}, {Classification: Expired, StartTime: at("2025-01-01T00:00:00Z")}}, "2024-12-03T00:00:00Z", Supported, Expired, "2025-01-01T00:00:00Z"},
		{Lifecycle{{Classification: Supported}, {Classification: Deprecated, StartTime: at("2025-01-01T00:00:00Z")}, {Classification: Expired, StartTime: at("2025-01-01T00:00:00Z")}}, "2025-01-01T00:00:00Z", Expired, "", ""},
	}
	for _, c := range cases {
		status := c.lifecycle.Evaluate(*at(c.now))
		if status.Classification != c.want {
			t.Errorf("%v at %s: %s, want %s", c.lifecycle, c.now, status.Classification, c.want)
		}
		switch {
		case c.next == "" && status.Next != nil:
			t.Errorf("%v at %s: next %v, want none", c.lifecycle, c.now, *status.Next)
		case c.next != "" && (status.Next == nil || status.Next.Classification != c.next || !status.Next.StartTime.Equal(*at(c.nextAt))):
			t.Errorf("%v at %s: next %+v, want %s at %s", c.lifecycle, c.now, status.Next, c.next, c.nextAt)
		}
	}
}

func TestValidateNamesTheBrokenRule(t *testing.T) {
	cases := map[Rule]Lifecycle{
		RuleUnknownClassification: {{Classification: "retired"}},
		RuleDuplicate:             {{Classification: Preview}, {Classification: Preview}},
		RuleOrder:                 {{Classification: Supported}, {Classification: Preview}},
		RuleDecreasingStart:       {{Classification: Supported, StartTime: at("2025-01-01T00:00:00Z")}, {Classification: Deprecated, StartTime: at("2024-01-01T00:00:00Z")}},
		RuleMissingStart:          {{Classification: Supported, StartTime: at("2025-01-01T00:00:00Z")}, {Classification: Deprecated}},
	}
	for rule, l := range cases {
		var e *Error
		if err := l.Validate(); !errors.As(err, &e) || e.Rule != rule {
			t.Errorf("%v: error %v, want rule %q", l, err, rule)
		}
	}
	for _, good := range []Lifecycle{nil, seed, {{Classification: Supported}, {Classification: Deprecated}}} {
		if err := good.Validate(); err != nil {
			t.Errorf("%v: %v", good, err)
		}
	}
}

func TestTheOldStyleIsTranslated(t *testing.T) {
	l, err := Style{Classification: Deprecated, ExpirationDate: at("2025-06-01T00:00:00Z")}.Resolve()
	want := Lifecycle{{Classification: Deprecated}, {Classification: Expired, StartTime: at("2025-06-01T00:00:00Z")}}
	if err != nil || !reflect.DeepEqual(l, want) {
		t.Fatalf("got %v, %v; want %v", l, err, want)
	}
	// Past the expiration date the status is expired, whatever the classification said.
	if got := l.Evaluate(*at("2025-06-02T00:00:00Z")).Classification; got != Expired {
		t.Errorf("after the expiration date: %s", got)
	}
	if l, err := (Style{ExpirationDate: at("2025-06-01T00:00:00Z")}).Resolve(); err != nil || l[0].Classification != Supported {
		t.Errorf("no classification: %v, %v; want supported first", l, err)
	}
	var e *Error
	if _, err := (Style{Lifecycle: seed, Classification: Supported}).Resolve(); !errors.As(err, &e) || e.Rule != RuleMixedStyles {
		t.Errorf("both styles: %v", err)
	}
}

// The design's namespaced-override examples.
func TestOverrideFollowsTheDesign(t *testing.T) {
	v118 := Lifecycle{{Classification: Supported}, {Classification: Deprecated, StartTime: at("2022-01-01T00:00:00Z")}, {Classification: Expired, StartTime: at("2022-06-01T00:00:00Z")}}
	got, err := v118.Override(Lifecycle{{Classification: Supported, StartTime: at("2022-01-01T00:00:00Z")}, {Classification: Deprecated, StartTime: at("2024-06-01T00:00:00Z")}})
	want := Lifecycle{{Classification: Supported, StartTime: at("2022-01-01T00:00:00Z")}, {Classification: Deprecated, StartTime: at("2024-06-01T00:00:00Z")}, {Classification: Expired, StartTime: at("2024-06-01T00:00:00Z")}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("1.18.0: got %v, %v; want %v (expired moves along with the postponed deprecation)", got, err, want)
	}
	v128 := Lifecycle{{Classification: Preview}, {Classification: Supported, StartTime: at("2024-12-01T00:00:00Z")}}
	got, err = v128.Override(Lifecycle{{Classification: Supported, StartTime: at("2025-12-01T00:00:00Z")}})
	want = Lifecycle{{Classification: Preview}, {Classification: Supported, StartTime: at("2025-12-01T00:00:00Z")}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("1.28.0: got %v, %v; want %v", got, err, want)
	}
	// A deprecation moved before the preview and supported stages takes them along.
	got, err = seed.Override(Lifecycle{{Classification: Deprecated, StartTime: at("2024-06-01T00:00:00Z")}})
	want = Lifecycle{{Classification: Preview}, {Classification: Supported, StartTime: at("2024-06-01T00:00:00Z")}, {Classification: Deprecated, StartTime: at("2024-06-01T00:00:00Z")}, {Classification: Expired, StartTime: at("2025-04-01T00:00:00Z")}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("earlier deprecation: got %v, %v; want %v", got, err, want)
	}
	if base := seed; !reflect.DeepEqual(base, seed) || base[2].StartTime.Equal(*at("2024-06-01T00:00:00Z")) {
		t.Error("Override changed its base")
	}
}

func TestOverrideRefusesWhatTheDesignForbids(t *testing.T) {
	var e *Error
	// A stage the base lacks (also: a stage removed from the base under an override).
	if _, err := v(Supported).Override(Lifecycle{{Classification: Deprecated, StartTime: at("2025-01-01T00:00:00Z")}}); !errors.As(err, &e) || e.Rule != RuleOverrideNewStage {
		t.Errorf("new stage: %v", err)
	}
	if _, err := seed.Override(Lifecycle{{Classification: Deprecated}}); !errors.As(err, &e) || e.Rule != RuleOverrideNoStart {
		t.Errorf("no start time: %v", err)
	}
	// Two overridden stages in the wrong order make the result invalid.
	_, err := seed.Override(Lifecycle{{Classification: Supported, StartTime: at("2026-01-01T00:00:00Z")}, {Classification: Deprecated, StartTime: at("2025-01-01T00:00:00Z")}})
	if !errors.As(err, &e) || e.Rule != RuleDecreasingStart {
		t.Errorf("invalid result: %v", err)
	}
}

func v(c ...Classification) Lifecycle {
	var l Lifecycle
	for _, x := range c {
		l = append(l, Stage{Classification: x})
	}
	return l
}

func TestTheAnnotationRoundTrips(t *testing.T) {
	versions := Versions{"v20241201": seed, "v20200101": nil}
	value, err := versions.Encode()
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"v20200101":null,"v20241201":[{"classification":"preview"},{"classification":"supported","startTime":"2024-12-01T00:00:00Z"},{"classification":"deprecated","startTime":"2025-03-01T00:00:00Z"},{"classification":"expired","startTime":"2025-04-01T00:00:00Z"}]}`; value != want {
		t.Errorf("annotation\n%s\nwant\n%s", value, want)
	}
	back, err := Decode(value)
	if err != nil || !reflect.DeepEqual(back, versions) {
		t.Errorf("decoded %v, %v", back, err)
	}
	if _, err := Decode(`{"v1":[{"classification":"supported"},{"classification":"preview"}]}`); err == nil {
		t.Error("an invalid lifecycle in the annotation was accepted")
	}
}

func TestStatusesOfVersions(t *testing.T) {
	versions := Versions{"v1": seed, "v2": nil}
	now := *At("2025-03-15T00:00:00Z")
	if s, ok := versions.Status("v1", now); !ok || s.Classification != Deprecated || s.Next.Classification != Expired {
		t.Errorf("v1: %+v, %t", s, ok)
	}
	if _, ok := versions.Status("v3", now); ok {
		t.Error("an unknown version has a status")
	}
	if all := versions.Statuses(now); len(all) != 2 || all["v2"].Classification != Supported {
		t.Errorf("statuses: %+v", all)
	}
}
