package runtime

import (
	"strings"
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

// The seed's own example: preview with no start time, then supported, deprecated
// and expired at fixed instants.
var seedLifecycle = []LifecycleStage{
	{Classification: Preview},
	{Classification: Supported, StartTime: at("2024-12-01T00:00:00Z")},
	{Classification: Deprecated, StartTime: at("2025-03-01T00:00:00Z")},
	{Classification: Expired, StartTime: at("2025-04-01T00:00:00Z")},
}

func TestEvaluateLifecycleFollowsTheSeedExample(t *testing.T) {
	cases := []struct {
		now  string
		want Classification
		next string
	}{
		{"2024-11-30T23:59:59Z", Preview, "2024-12-01T00:00:00Z"},
		{"2024-12-03T00:00:00Z", Supported, "2025-03-01T00:00:00Z"},
		{"2025-03-01T00:00:00Z", Deprecated, "2025-04-01T00:00:00Z"},
		{"2030-01-01T00:00:00Z", Expired, ""},
	}
	for _, c := range cases {
		got, next := EvaluateLifecycle(seedLifecycle, *at(c.now))
		if got != c.want {
			t.Errorf("at %s: %s, want %s", c.now, got, c.want)
		}
		if (next == nil) != (c.next == "") || (next != nil && !next.Equal(*at(c.next))) {
			t.Errorf("at %s: next transition %v, want %q", c.now, next, c.next)
		}
	}
}

func TestEvaluateLifecycleEdgeRules(t *testing.T) {
	now := *at("2025-01-01T00:00:00Z")
	if got, next := EvaluateLifecycle(nil, now); got != Supported || next != nil {
		t.Errorf("no lifecycle: %s %v, want supported for ever", got, next)
	}
	future := []LifecycleStage{{Classification: Preview, StartTime: at("2026-01-01T00:00:00Z")}}
	if got, _ := EvaluateLifecycle(future, now); got != Unavailable {
		t.Errorf("all stages in the future: %s, want unavailable", got)
	}
	sameStart := []LifecycleStage{
		{Classification: Supported, StartTime: at("2024-06-01T00:00:00Z")},
		{Classification: Deprecated, StartTime: at("2024-06-01T00:00:00Z")},
	}
	if got, _ := EvaluateLifecycle(sameStart, now); got != Deprecated {
		t.Errorf("two stages starting together: %s, want the last (deprecated)", got)
	}
}

func TestValidateLifecycleRejectsBrokenRules(t *testing.T) {
	cases := map[string]struct {
		stages []LifecycleStage
		want   string
	}{
		"unknown":      {[]LifecycleStage{{Classification: "beta"}}, `unknown classification "beta"`},
		"out of order": {[]LifecycleStage{{Classification: Deprecated}, {Classification: Supported}}, "supported cannot follow deprecated"},
		"repeated":     {[]LifecycleStage{{Classification: Preview}, {Classification: Preview}}, "preview cannot follow preview"},
		"time going back": {[]LifecycleStage{
			{Classification: Supported, StartTime: at("2025-01-01T00:00:00Z")},
			{Classification: Deprecated, StartTime: at("2024-01-01T00:00:00Z")},
		}, "before the stage ahead"},
		"missing later start": {[]LifecycleStage{
			{Classification: Supported, StartTime: at("2025-01-01T00:00:00Z")},
			{Classification: Deprecated},
		}, "needs a startTime"},
	}
	for name, c := range cases {
		err := ValidateLifecycle(c.stages)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error = %v, want one containing %q", name, err, c.want)
		}
	}
	if err := ValidateLifecycle(seedLifecycle); err != nil {
		t.Errorf("the seed's example: %v", err)
	}
}
