package pipeline

import (
	"time"

	"github.com/armhub/armhub/generator/internal/emit/crds"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/naming"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// classify returns each version's lifecycle and its status, oldest version
// first, at the instant the options or the metadata give; with neither, the
// last stage of each lifecycle holds (the generator never reads the clock).
func classify(svc *metadata.Service, opts Options) []crds.Lifecycle {
	names := svc.VersionNames()
	out := make([]crds.Lifecycle, len(names))
	for i, name := range names {
		v := svc.Version(name)
		stages := v.Resolved
		if len(stages) == 0 { // metadata built in Go rather than parsed
			stages = metadata.Supported()
		}
		out[i] = crds.Lifecycle{Stages: stages, Status: stages.Evaluate(instant(svc, opts, v))}
	}
	return out
}

// instant returns the instant version v is classified at: the options', else
// the metadata's now, else the start of v's last stage.
func instant(svc *metadata.Service, opts Options, v metadata.Version) time.Time {
	switch {
	case opts.Now != nil:
		return *opts.Now
	case svc.Now != nil:
		return *svc.Now
	}
	latest := time.Time{}
	for _, s := range v.Resolved {
		if s.StartTime != nil && s.StartTime.After(latest) {
			latest = *s.StartTime
		}
	}
	return latest
}

// VersionLifecycle is one version's lifecycle and its status at an instant.
type VersionLifecycle struct {
	Service           string
	Version           string // the API version
	KubernetesVersion string // the spoke's Kubernetes version name
	Lifecycle         lifecycle.Lifecycle
	Status            lifecycle.Status
}

// Lifecycles returns each version's lifecycle and status, oldest first.
func Lifecycles(svc *metadata.Service, opts Options) []VersionLifecycle {
	names := svc.VersionNames()
	out := make([]VersionLifecycle, len(names))
	for i, l := range classify(svc, opts) {
		out[i] = VersionLifecycle{
			Service: svc.Name, Version: names[i], KubernetesVersion: naming.PackageName(names[i]),
			Lifecycle: l.Stages, Status: l.Status,
		}
	}
	return out
}
