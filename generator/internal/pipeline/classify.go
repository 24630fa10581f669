package pipeline

import (
	"time"

	"github.com/armhub/armhub/generator/internal/metadata"
)

// classify evaluates each version's lifecycle at the instant the options or the
// metadata give; with neither, the last stage of each lifecycle holds (the
// generator never reads the clock).
func classify(svc *metadata.Service, versions []*Version, opts Options) {
	now := opts.Now
	if now == nil {
		now = svc.Now
	}
	for _, v := range versions {
		at := now
		if at == nil {
			at = lastStart(v.Meta)
		}
		class, next := v.Meta.Classify(*at)
		v.Class, v.NextTime = string(class), next
	}
}

func lastStart(v metadata.Version) *time.Time {
	latest := time.Time{}
	for _, s := range v.Lifecycle {
		if s.StartTime != nil && s.StartTime.After(latest) {
			latest = *s.StartTime
		}
	}
	return &latest
}

// Lifecycles describes each version's classification and next transition, one
// line a version, oldest first.
func Lifecycles(svc *metadata.Service, opts Options) []string {
	versions := make([]*Version, 0, len(svc.Versions))
	for _, name := range svc.VersionNames() {
		versions = append(versions, &Version{Meta: metaVersion(svc, name)})
	}
	classify(svc, versions, opts)
	lines := make([]string, len(versions))
	for i, v := range versions {
		next := "no further transition"
		if v.NextTime != nil {
			next = "next transition at " + v.NextTime.UTC().Format(time.RFC3339)
		}
		lines[i] = v.Meta.Version + ": " + v.Class + ", " + next
	}
	return lines
}
