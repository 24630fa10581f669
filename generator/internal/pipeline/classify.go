package pipeline

import (
	"time"

	"github.com/armhub/armhub/generator/internal/emit/crds"
	"github.com/armhub/armhub/generator/internal/metadata"
)

// classify returns each version's lifecycle, oldest version first, at the
// instant the options or the metadata give; with neither, the last stage of
// each lifecycle holds (the generator never reads the clock).
func classify(svc *metadata.Service, opts Options) []crds.Lifecycle {
	now := opts.Now
	if now == nil {
		now = svc.Now
	}
	names := svc.VersionNames()
	out := make([]crds.Lifecycle, len(names))
	for i, name := range names {
		v := svc.Version(name)
		at := now
		if at == nil {
			at = lastStart(v)
		}
		class, next := v.Classify(*at)
		out[i] = crds.Lifecycle{Class: class, Next: next}
	}
	return out
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

// VersionLifecycle is one version's classification and next transition.
type VersionLifecycle struct {
	Version string
	crds.Lifecycle
}

// String describes l in one line.
func (l VersionLifecycle) String() string {
	next := "no further transition"
	if l.Next != nil {
		next = "next transition at " + l.Next.UTC().Format(time.RFC3339)
	}
	return l.Version + ": " + string(l.Class) + ", " + next
}

// Lifecycles returns each version's classification and next transition, oldest
// first.
func Lifecycles(svc *metadata.Service, opts Options) []VersionLifecycle {
	names := svc.VersionNames()
	out := make([]VersionLifecycle, len(names))
	for i, l := range classify(svc, opts) {
		out[i] = VersionLifecycle{Version: names[i], Lifecycle: l}
	}
	return out
}
