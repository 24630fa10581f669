package lifecycle

import (
	"fmt"
	"time"
)

// Override applies a cluster operator's override to a base lifecycle, with the
// rules the design gives namespaced overrides:
//   - an override changes the start times of stages the base has; a stage the
//     base lacks is an error (so a stage an override names cannot be removed
//     from the base without the override failing);
//   - every stage the override names has a start time;
//   - the base's other stages move along implicitly where they would
//     contradict an overridden one: an earlier stage that would start after it
//     starts with it, a later stage that would start before it starts with it
//     (a preview moved along with a deprecated override, an expired stage
//     postponed with a postponed deprecation);
//   - the result is validated like any lifecycle.
func (l Lifecycle) Override(override Lifecycle) (Lifecycle, error) {
	result := make(Lifecycle, len(l))
	copy(result, l)
	if len(result) == 0 {
		result = Lifecycle{{Classification: Supported}}
	}
	pinned := map[int]bool{}
	for i, o := range override {
		at := result.index(o.Classification)
		switch {
		case at < 0:
			return nil, &Error{i + 1, RuleOverrideNewStage, fmt.Sprintf("%s is not a stage of the base lifecycle", o.Classification)}
		case o.StartTime == nil:
			return nil, &Error{i + 1, RuleOverrideNoStart, fmt.Sprintf("%s has no startTime", o.Classification)}
		}
		start := *o.StartTime
		result[at].StartTime = &start
		pinned[at] = true
	}
	for at := range result {
		if pinned[at] {
			result.moveAlong(at, pinned)
		}
	}
	if err := result.Validate(); err != nil {
		return nil, fmt.Errorf("the overridden lifecycle is invalid: %w", err)
	}
	return result, nil
}

// index returns the position of classification c, or -1.
func (l Lifecycle) index(c Classification) int {
	for i, stage := range l {
		if stage.Classification == c {
			return i
		}
	}
	return -1
}

// moveAlong moves the unpinned stages around the stage at position at so that
// none contradicts its start time.
func (l Lifecycle) moveAlong(at int, pinned map[int]bool) {
	start := *l[at].StartTime
	for i := range l {
		if pinned[i] || i == at {
			continue
		}
		s := l[i].StartTime
		switch {
		case i < at && s != nil && s.After(start):
			l[i].StartTime = timePointer(start)
		case i > at && (s == nil || s.Before(start)):
			l[i].StartTime = timePointer(start)
		}
	}
}

func timePointer(t time.Time) *time.Time { return &t }
