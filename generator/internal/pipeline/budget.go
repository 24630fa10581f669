package pipeline

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// budget measures every CRD of a service against the metadata's crds.maxBytes
// (0: no budget) and keeps the largest.
type budget struct {
	svc     *metadata.Service
	over    []string // "<path> (kind K, n versions) is N bytes"
	largest string   // the same of the largest CRD
	size    int
	total   int // the bytes of every CRD, as JSON
	count   int
}

func newBudget(svc *metadata.Service) *budget { return &budget{svc: svc} }

// measure records the size (as JSON) of the CRD at path, of kind, listing n versions.
func (b *budget) measure(path, kind string, n int, size int) {
	what := fmt.Sprintf("%s (kind %s, %d versions) is %d bytes as JSON", path, kind, n, size)
	if max := b.svc.CRDs.MaxBytes; max > 0 && size > max {
		b.over = append(b.over, what)
	}
	if size > b.size {
		b.size, b.largest = size, what
	}
	b.total += size
	b.count++
}

// check fails when a CRD is over budget, saying what to do.
func (b *budget) check() error {
	if len(b.over) == 0 {
		return nil
	}
	c := b.svc.CRDs
	policy := "expire old versions through their lifecycles and set crds.storageVersions: stored"
	if c.StoredOnly() {
		policy = "expire more old versions through their lifecycles (expired spokes are dropped), or keep fewer versions in crds.stored"
	}
	return model.Errorf(model.Location{File: b.svc.File, Line: c.Line},
		"over the CRD budget of %d bytes (crds.maxBytes; client-side kubectl apply refuses a CRD over 262144 bytes, etcd an object over 1.5 MiB): %s; to list fewer versions, %s",
		c.MaxBytes, strings.Join(b.over, "; "), policy)
}

// note describes the largest CRD and how it stands to the budget: the
// metadata's crds.maxBytes, or for a -provider run (no metadata, so no version
// policy and no budget enforced) the default a metadata file would enforce.
func (b *budget) note() string {
	if b.largest == "" {
		return ""
	}
	limit, enforced := b.svc.CRDs.MaxBytes, "enforced"
	if limit == 0 {
		limit, enforced = metadata.DefaultMaxBytes, "not enforced: no metadata, so no version policy"
	}
	verdict := "within"
	if b.size > limit {
		verdict = "OVER"
	}
	return fmt.Sprintf("%s: largest CRD: %s, %s the budget of %d bytes (%s); all %d CRDs: %d bytes as JSON (descriptions: %s)",
		b.svc.File, b.largest, verdict, limit, enforced, b.count, b.total, b.svc.CRDs.Descriptions)
}

// checkStored fails when crds.storageVersions: stored would leave a version
// objects are stored at out of a CRD: the hub of every kind the module holds
// (where this release stores objects) must be in crds.stored, so that the
// CRDs of later releases, whose hubs move on, still list it. A kind the module
// does not hold has no CRD in this release, so nothing is stored at its hub
// that an earlier release's crds.stored does not list already.
func checkStored(svc *metadata.Service, graph *conversion.Graph) error {
	c := svc.CRDs
	if !c.StoredOnly() || svc.Found {
		return nil // a -provider run is a first release: objects are stored at its hubs only, which every CRD lists
	}
	hubs := heldHubs(graph)
	var what []string
	for _, v := range slices.Sorted(maps.Keys(hubs)) {
		if !c.IsStored(v) {
			what = append(what, fmt.Sprintf("%q (the hub of %s)", v, someOf(hubs[v], 3)))
		}
	}
	if len(what) == 0 {
		return nil
	}
	return model.Errorf(model.Location{File: svc.File, Line: c.StoredLine},
		"crds.storageVersions: stored lists only the storage versions in crds.stored, which lacks %s: objects are stored at a hub, and a later release whose hub moves on would leave it out of the CRD; add it to crds.stored",
		strings.Join(what, ", "))
}

// someOf joins the first n of names, saying how many more there are.
func someOf(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:n], ", "), len(names)-n)
}
