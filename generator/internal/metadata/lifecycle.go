package metadata

import (
	"time"

	armruntime "github.com/armhub/armhub/runtime"
)

func checkLifecycle(stages []Stage) error {
	return armruntime.ValidateLifecycle(toRuntime(stages))
}

func toRuntime(stages []Stage) []armruntime.LifecycleStage {
	result := make([]armruntime.LifecycleStage, len(stages))
	for i, s := range stages {
		result[i] = armruntime.LifecycleStage{Classification: armruntime.Classification(s.Classification), StartTime: s.StartTime}
	}
	return result
}

// Classify returns the classification of version v at instant now, and the start of
// its next stage (nil when there is none).
func (v Version) Classify(now time.Time) (armruntime.Classification, *time.Time) {
	return armruntime.EvaluateLifecycle(toRuntime(v.Lifecycle), now)
}
