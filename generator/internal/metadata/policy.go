package metadata

import (
	"sort"
	"strings"
	"time"

	"github.com/armhub/armhub/runtime/lifecycle"
)

// The policy for real Azure services (docs/real-services.md), which the
// versions of metadata/azure/*.yaml follow and a -provider run with a now
// applies; all times are 00:00:00Z on the dates API versions name:
//   - a stable version is supported from its date, deprecated one year after
//     the next newer stable version appeared and expired one year later;
//   - a preview is preview from its date and expired one year after the next
//     newer version (stable or preview) appeared; the stable version of the
//     same date counts as newer than the preview;
//   - the newest stable version, and a preview nothing is newer than, have
//     no end.
const (
	policyDeprecateAfter     = 1 // years
	policyExpireAfter        = 1 // years after deprecation
	policyPreviewExpireAfter = 1 // years
)

// PolicyVersions returns the API versions (names such as 2024-01-01 or
// 2024-01-01-preview), sorted, each with the lifecycle the policy gives it.
func PolicyVersions(names []string) []Version {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	versions := make([]Version, len(sorted))
	for i, name := range sorted {
		versions[i] = Version{Version: name, Resolved: policyLifecycle(name, sorted)}
	}
	return versions
}

func policyLifecycle(name string, all []string) lifecycle.Lifecycle {
	start := dateOf(name)
	if isPreview(name) {
		l := lifecycle.Lifecycle{{Classification: lifecycle.Preview, StartTime: &start}}
		if next, ok := nextNewer(name, all); ok {
			end := next.AddDate(policyPreviewExpireAfter, 0, 0)
			l = append(l, lifecycle.Stage{Classification: lifecycle.Expired, StartTime: &end})
		}
		return l
	}
	l := lifecycle.Lifecycle{{Classification: lifecycle.Supported, StartTime: &start}}
	if next, ok := nextStable(name, all); ok {
		deprecated := next.AddDate(policyDeprecateAfter, 0, 0)
		expired := next.AddDate(policyDeprecateAfter+policyExpireAfter, 0, 0)
		l = append(l, lifecycle.Stage{Classification: lifecycle.Deprecated, StartTime: &deprecated},
			lifecycle.Stage{Classification: lifecycle.Expired, StartTime: &expired})
	}
	return l
}

// nextNewer is the date of the first version newer than preview name: a
// later date, or the stable version of its date.
func nextNewer(name string, all []string) (time.Time, bool) {
	var next time.Time
	found := false
	for _, other := range all {
		d := dateOf(other)
		newer := d.After(dateOf(name)) || (d.Equal(dateOf(name)) && !isPreview(other))
		if other != name && newer && (!found || d.Before(next)) {
			next, found = d, true
		}
	}
	return next, found
}

// nextStable is the date of the first stable version after stable name.
func nextStable(name string, all []string) (time.Time, bool) {
	for _, other := range all {
		if !isPreview(other) && other > name {
			return dateOf(other), true
		}
	}
	return time.Time{}, false
}

func isPreview(name string) bool { return strings.HasSuffix(name, "-preview") }

// dateOf is the date an API version names, at 00:00:00Z.
func dateOf(name string) time.Time {
	t, _ := time.Parse("2006-01-02", name[:10])
	return t
}
