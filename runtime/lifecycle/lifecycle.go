// Package lifecycle is the one implementation of API version lifecycles (the
// version-classification-lifecycles design): a version passes through
// classification stages, each starting at a time; evaluated at an instant, a
// lifecycle gives the version's classification and its next transition. The
// generator (hub selection, CRD flags, reports, the generated status table)
// and the lifecycle controller (CRD served/deprecated flags in a cluster, with
// a cluster operator's overrides) both use it.
package lifecycle

import (
	"fmt"
	"time"
)

// Classification is the stage an API version is in.
type Classification string

// The classifications, in the only order a lifecycle may pass through them.
const (
	Unavailable Classification = "unavailable"
	Preview     Classification = "preview"
	Supported   Classification = "supported"
	Deprecated  Classification = "deprecated"
	Expired     Classification = "expired"
)

// Classifications lists every classification in lifecycle order.
var Classifications = []Classification{Unavailable, Preview, Supported, Deprecated, Expired}

// rank is a classification's place in lifecycle order, or -1.
func (c Classification) rank() int {
	for i, known := range Classifications {
		if c == known {
			return i
		}
	}
	return -1
}

// Known reports whether c is one of the five classifications.
func (c Classification) Known() bool { return c.rank() >= 0 }

// Served reports whether a cluster serves a version in this classification:
// unavailable versions are not yet served, expired ones no longer.
func (c Classification) Served() bool {
	return c == Preview || c == Supported || c == Deprecated
}

// CanBeHub reports whether a version in this classification may be the hub
// (the storage version): only a served one, never an unavailable or expired one.
func (c Classification) CanBeHub() bool { return c.Served() }

// MarksDeprecated reports whether a CRD marks a version in this classification
// deprecated: a deprecated one, and an expired one (no longer served, or
// served only because objects are stored at it).
func (c Classification) MarksDeprecated() bool { return c == Deprecated || c == Expired }

// Stage is one stage of a lifecycle: Classification holds from StartTime on.
// A nil StartTime is the zero time (the stage has always started).
type Stage struct {
	Classification Classification `json:"classification"`
	StartTime      *time.Time     `json:"startTime,omitempty"`
}

// Lifecycle is a version's stages, in order. An empty lifecycle is one
// supported stage.
type Lifecycle []Stage

// Rule names a rule of the design a lifecycle can break.
type Rule string

// The rules.
const (
	RuleUnknownClassification Rule = "unknown classification"
	RuleDuplicate             Rule = "each classification at most once"
	RuleOrder                 Rule = "stages ordered from unavailable to expired"
	RuleDecreasingStart       Rule = "start times never decrease"
	RuleMissingStart          Rule = "once a stage has a start time, every later stage has one"
	RuleMixedStyles           Rule = "lifecycle is not combined with classification or expirationDate"
	RuleOverrideNewStage      Rule = "an override changes start times of the base's stages, it adds none"
	RuleOverrideNoStart       Rule = "an override gives each stage it names a start time"
)

// Error is a broken rule, at a stage (1-based; 0 when it concerns the whole).
type Error struct {
	Stage int
	Rule  Rule
	// Detail says what was found.
	Detail string
}

func (e *Error) Error() string {
	if e.Stage == 0 {
		return fmt.Sprintf("%s (rule: %s)", e.Detail, e.Rule)
	}
	return fmt.Sprintf("stage %d: %s (rule: %s)", e.Stage, e.Detail, e.Rule)
}

// Validate checks the design's rules: known classifications, each at most
// once, in order, start times that never decrease, and no stage without a
// start time after one that has one.
func (l Lifecycle) Validate() error {
	seen := map[Classification]bool{}
	previousRank := -1
	var previousStart *time.Time
	for i, stage := range l {
		n := i + 1
		rank := stage.Classification.rank()
		switch {
		case rank < 0:
			return &Error{n, RuleUnknownClassification, fmt.Sprintf("unknown classification %q (want unavailable, preview, supported, deprecated or expired)", stage.Classification)}
		case seen[stage.Classification]:
			return &Error{n, RuleDuplicate, fmt.Sprintf("%s appears a second time", stage.Classification)}
		case rank < previousRank:
			return &Error{n, RuleOrder, fmt.Sprintf("%s cannot follow %s", stage.Classification, l[i-1].Classification)}
		case stage.StartTime == nil && previousStart != nil:
			return &Error{n, RuleMissingStart, fmt.Sprintf("%s has no startTime, but an earlier stage has one", stage.Classification)}
		case stage.StartTime != nil && previousStart != nil && stage.StartTime.Before(*previousStart):
			return &Error{n, RuleDecreasingStart, fmt.Sprintf("%s starts at %s, before the stage ahead of it (%s)", stage.Classification,
				stage.StartTime.Format(time.RFC3339), previousStart.Format(time.RFC3339))}
		}
		seen[stage.Classification] = true
		previousRank = rank
		if stage.StartTime != nil {
			previousStart = stage.StartTime
		}
	}
	return nil
}

// Status is what a lifecycle gives at an instant: the classification, and the
// next transition (nil when none is ahead).
type Status struct {
	Classification Classification `json:"classification"`
	Next           *Stage         `json:"next,omitempty"`
}

// Evaluate returns the status of a valid lifecycle at instant now. An empty
// lifecycle is supported for ever; one whose stages all start after now is
// unavailable; of stages sharing a start time the last wins.
func (l Lifecycle) Evaluate(now time.Time) Status {
	if len(l) == 0 {
		return Status{Classification: Supported}
	}
	current := Unavailable
	for i, stage := range l {
		if stage.StartTime != nil && stage.StartTime.After(now) {
			// Of the stages starting at that instant, the last one holds.
			next := stage
			for _, later := range l[i+1:] {
				if later.StartTime != nil && later.StartTime.Equal(*stage.StartTime) {
					next = later
				}
			}
			return Status{Classification: current, Next: &next}
		}
		current = stage.Classification
	}
	return Status{Classification: current}
}

// FromLegacy translates the old style (a classification and an optional
// expiration date) into a lifecycle: the classification from the start, then
// expired from the expiration date. An empty classification is supported.
func FromLegacy(classification Classification, expiration *time.Time) (Lifecycle, error) {
	if classification == "" {
		classification = Supported
	}
	l := Lifecycle{{Classification: classification}}
	if expiration != nil && classification != Expired {
		l = append(l, Stage{Classification: Expired, StartTime: expiration})
	}
	return l, l.Validate()
}

// Style is the two ways of writing a version's lifecycle.
type Style struct {
	Lifecycle      Lifecycle
	Classification Classification
	ExpirationDate *time.Time
}

// Resolve returns the lifecycle a version's fields give: the lifecycle, or
// the old style translated; both at once is an error.
func (s Style) Resolve() (Lifecycle, error) {
	legacy := s.Classification != "" || s.ExpirationDate != nil
	if legacy && len(s.Lifecycle) > 0 {
		return nil, &Error{0, RuleMixedStyles, "both lifecycle and classification/expirationDate are given"}
	}
	if legacy {
		return FromLegacy(s.Classification, s.ExpirationDate)
	}
	return s.Lifecycle, s.Lifecycle.Validate()
}
