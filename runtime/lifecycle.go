package runtime

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

var classificationRank = map[Classification]int{
	Unavailable: 0, Preview: 1, Supported: 2, Deprecated: 3, Expired: 4,
}

// LifecycleStage is one stage of a version's lifecycle: the classification that
// holds from StartTime on. A nil StartTime means the zero time (already started).
type LifecycleStage struct {
	Classification Classification
	StartTime      *time.Time
}

// ValidateLifecycle checks the rules of a lifecycle: known classifications, each
// at most once, in order from unavailable to expired, with start times that
// never decrease; only leading stages may omit their start time.
func ValidateLifecycle(stages []LifecycleStage) error {
	previousRank := -1
	var previousStart *time.Time
	for i, stage := range stages {
		rank, ok := classificationRank[stage.Classification]
		if !ok {
			return fmt.Errorf("stage %d: unknown classification %q (want unavailable, preview, supported, deprecated or expired)", i+1, stage.Classification)
		}
		if rank <= previousRank {
			return fmt.Errorf("stage %d: %s cannot follow %s", i+1, stage.Classification, stages[i-1].Classification)
		}
		if stage.StartTime == nil && previousStart != nil {
			return fmt.Errorf("stage %d: %s needs a startTime, as an earlier stage has one", i+1, stage.Classification)
		}
		if stage.StartTime != nil && previousStart != nil && stage.StartTime.Before(*previousStart) {
			return fmt.Errorf("stage %d: %s starts at %s, before the stage ahead of it (%s)", i+1, stage.Classification,
				stage.StartTime.Format(time.RFC3339), previousStart.Format(time.RFC3339))
		}
		previousRank = rank
		if stage.StartTime != nil {
			previousStart = stage.StartTime
		}
	}
	return nil
}

// EvaluateLifecycle returns the classification a valid lifecycle gives at instant
// now, and the start of the next stage (nil when there is none). An empty lifecycle
// is supported for ever; one whose stages all start after now is unavailable; of
// stages sharing a start time the last wins.
func EvaluateLifecycle(stages []LifecycleStage, now time.Time) (Classification, *time.Time) {
	if len(stages) == 0 {
		return Supported, nil
	}
	current := Unavailable
	for _, stage := range stages {
		if stage.StartTime != nil && stage.StartTime.After(now) {
			next := *stage.StartTime
			return current, &next
		}
		current = stage.Classification
	}
	return current, nil
}
