package harness

import (
	"flag"
	"math/rand"
	"strconv"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/randfill"

	armruntime "github.com/armhub/armhub/runtime"
)

var (
	seed  = flag.Int64("armhub.seed", 1, "the seed of the fuzzed objects; a failure prints the seed that reproduces it")
	count = flag.Int("armhub.count", 20, "how many fuzzed objects each conformance test converts")
)

// Seed returns the seed the fuzzed objects of this run come from.
func Seed() int64 { return *seed }

// Count returns how many fuzzed objects each test converts.
func Count() int { return *count }

// NewFiller returns a filler that reaches every field (nested objects, slices,
// maps, enums) with values the API types can hold: property bags stay empty (they
// are filled by conversions, never by users), free-form JSON is valid JSON, and
// times have the second precision Kubernetes serializes.
func NewFiller(seed int64) *randfill.Filler {
	return randfill.New().
		RandSource(rand.NewSource(seed)).
		NilChance(0.15).
		NumElements(1, 3).
		MaxDepth(12).
		Funcs(
			func(bag *armruntime.PropertyBag, c randfill.Continue) { *bag = nil },
			func(j *armruntime.JSON, c randfill.Continue) {
				j.Raw = []byte(`{"n":` + strconv.FormatInt(c.Int63n(1000), 10) + `,"s":"x"}`)
			},
			func(t *metav1.Time, c randfill.Continue) {
				*t = metav1.NewTime(time.Unix(c.Int63n(4e9), 0).UTC())
			},
			func(m *metav1.ObjectMeta, c randfill.Continue) {
				m.Name = "n" + randomLabel(c)
				m.Namespace = "ns" + randomLabel(c)
				m.Labels = map[string]string{"app": randomLabel(c)}
			},
			func(f *float64, c randfill.Continue) { *f = float64(c.Int63n(1e6)) / 8 },
			func(t *metav1.TypeMeta, c randfill.Continue) { *t = metav1.TypeMeta{} },
		)
}

func randomLabel(c randfill.Continue) string {
	return strconv.FormatInt(c.Int63n(1<<20), 10)
}
