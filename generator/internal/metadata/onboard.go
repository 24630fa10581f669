package metadata

import (
	"fmt"
	"strings"
	"time"
)

// Unreviewed starts the note of a removal the onboarding recorded and nobody
// has reviewed yet; the removal report says so.
const Unreviewed = "not reviewed"

// Onboarding is what the onboarding of a provider found: the service of a
// -provider run with a now (ForProvider), and of its generation the hubs,
// the removals and the largest CRD.
type Onboarding struct {
	Service    *Service
	Hubs       []string  // the API versions of the kinds' hubs
	Removals   []Removal // every property that disappears between versions, unassessed
	LargestCRD int       // bytes as JSON
	Command    string    // the command that wrote the file, for its header
}

// File returns the metadata file of the onboarded service: the curated form
// the real services' metadata has, which Load reads back to the same service.
// Each removal is recorded with a note saying nobody has reviewed it yet (so
// that -strict passes and the file says what is left to do), and crds.maxBytes
// is etcd's limit when the largest CRD is over client-side kubectl's.
func (o Onboarding) File() []byte {
	var b strings.Builder
	s := o.Service
	fmt.Fprintf(&b, "# %s, onboarded from the ARM schemas by %s.\n", s.Provider, o.Command)
	b.WriteString(`# Review it as the other real services' metadata was: the versions' lifecycles
# follow the policy for real Azure services (docs/real-services.md), evaluated at
# now; each removal is recorded "not reviewed": when you review one, say what
# happened upstream in its note (a rename moves to renames:).
`)
	fmt.Fprintf(&b, "service: %s\nprovider: %s\ngroup: %s\nmodule:\n  path: %s\n  version: v0.1.0\n", s.Name, s.Provider, s.Group, s.Module.Path)
	fmt.Fprintf(&b, "now: %s\nversions:\n", s.Now.UTC().Format(time.RFC3339))
	for _, v := range s.Versions {
		fmt.Fprintf(&b, "  - version: %q\n    lifecycle:\n", v.Version)
		for _, stage := range v.Resolved {
			fmt.Fprintf(&b, "      - classification: %s\n", stage.Classification)
			if stage.StartTime != nil {
				fmt.Fprintf(&b, "        startTime: %s\n", stage.StartTime.UTC().Format(time.RFC3339))
			}
		}
	}
	if len(o.Removals) > 0 {
		b.WriteString("removals:\n")
	}
	for _, r := range o.Removals {
		fmt.Fprintf(&b, "  - type: %s\n    property: %s\n    since: %q\n    note: %q\n", r.Type, r.Property, r.Since, r.Note)
	}
	b.WriteString(`
# The CRDs list the served spokes, the hubs' storage variants and those of the
# versions objects may be stored at (each release's hubs).
crds:
  storageVersions: stored
`)
	fmt.Fprintf(&b, "  stored: [%s]\n", quoted(o.Hubs))
	if o.LargestCRD > DefaultMaxBytes {
		fmt.Fprintf(&b, "  # The largest CRD is %d bytes as JSON, over client-side kubectl apply's\n  # %d: apply these CRDs server-side (kubectl apply --server-side).\n  maxBytes: %d\n",
			o.LargestCRD, DefaultMaxBytes, EtcdMaxBytes)
	}
	return []byte(b.String())
}

func quoted(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(q, ", ")
}
