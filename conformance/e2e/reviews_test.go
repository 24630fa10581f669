package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	storagev20210101 "github.com/armhub/armhub/apis/examplestorage/v20210101"
	storagev20230501s "github.com/armhub/armhub/apis/examplestorage/v20230501/storage"
)

// TestReviewsPerOperation traces the conversion reviews the API server sends
// for single operations on a StorageAccount, and checks them against what the
// API server needs (docs/testing.md, "What the API server converts, and when"):
//   - every version the CRD lists, served or not, has a watch cache, which
//     converts each stored event from the storage version to its own after the
//     write has returned: listed - 1 reviews per write (the storage version's
//     cache converts nothing);
//   - a request at a version other than the storage version converts the
//     object in (1; an update or patch 2: the new object, and the current one
//     it is compared with) and the answer out (1); a read only out (1);
//   - the field manager converts to the version of each managedFields entry
//     other than the request's: after writes at v20210101, an update at the
//     hub converts 3 times to v20210101.
func TestReviewsPerOperation(t *testing.T) {
	ctx := context.Background()
	ns := newNamespace(t, "reviews")
	caches := len(crdOf(t, accountKind).Spec.Versions) - 1
	spoke := minimalAccount(ns, "at-spoke")
	hub := &storagev20230501s.StorageAccount{}
	steps := []struct {
		what string
		want int
		do   func() error
	}{
		{"create at the spoke v20210101", 2 + caches, func() error { return suite.client.Create(ctx, spoke) }},
		{"get at the spoke", 1, func() error { return suite.client.Get(ctx, client.ObjectKeyFromObject(spoke), spoke) }},
		{"update at the spoke (a label)", 3 + caches, func() error {
			spoke.Labels = map[string]string{"step": "update"}
			return suite.client.Update(ctx, spoke)
		}},
		{"merge patch at the spoke (a label)", 3 + caches, func() error {
			return suite.client.Patch(ctx, spoke, client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"labels":{"step":"patch"}}}`)))
		}},
		{"get at the hub (the storage version)", 0, func() error { return suite.client.Get(ctx, client.ObjectKeyFromObject(spoke), hub) }},
		{"update at the hub (a label)", caches + 3, func() error {
			hub.Labels = map[string]string{"step": "hub"}
			return suite.client.Update(ctx, hub)
		}},
		{"get at the spoke again", 1, func() error {
			return suite.client.Get(ctx, client.ObjectKeyFromObject(spoke), &storagev20210101.StorageAccount{})
		}},
	}
	// What earlier tests wrote may still be converting: wait for quiet first.
	if _, err := fig.reviews.trace(func() error { return nil }, quiet); err != nil {
		t.Fatal(err)
	}
	for _, step := range steps {
		traced, err := fig.reviews.trace(step.do, quiet)
		if err != nil {
			t.Fatalf("%s: %v", step.what, err)
		}
		t.Logf("%s: %d reviews: %s", step.what, len(traced), describeTraces(traced))
		if len(traced) != step.want {
			t.Errorf("%s: %d conversion reviews, want %d (%d versions listed)", step.what, len(traced), step.want, caches+1)
		}
	}
}

// quiet is how long no review may come before a step counts as done.
const quiet = time.Second

func describeTraces(traced []reviewTrace) string {
	var parts []string
	for _, r := range traced {
		parts = append(parts, fmt.Sprintf("%s -> %s", strings.Join(r.from, ","), r.desired))
	}
	return strings.Join(parts, "; ")
}
