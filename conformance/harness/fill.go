package harness

import (
	"flag"
	"math"
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

// nilChance is how often the fuzzed objects leave a pointer, slice or map nil.
const nilChance = 0.15

// Seed returns the seed the fuzzed objects of this run come from.
func Seed() int64 { return *seed }

// Count returns how many fuzzed objects each test converts.
func Count() int { return *count }

// NewFiller returns a filler that reaches every field (nested objects, slices,
// maps, enums) with values the API types can hold: pointers, slices and maps are
// sometimes nil, slices and maps sometimes empty, floats finite but from the
// whole range, free-form JSON any valid JSON value, property bags stay empty
// (they are filled by conversions, never by users), and times have the second
// precision Kubernetes serializes.
func NewFiller(seed int64) *randfill.Filler {
	return newFiller(seed, nilChance).NumElements(0, 3)
}

// newFullFiller returns a filler like NewFiller's that leaves nothing nil or
// empty, for exemplars in which every field is set.
func newFullFiller(seed int64) *randfill.Filler {
	return newFiller(seed, 0).NumElements(1, 3)
}

func newFiller(seed int64, nils float64) *randfill.Filler {
	return randfill.New().
		RandSource(rand.NewSource(seed)).
		NilChance(nils).
		MaxDepth(12).
		Funcs(
			func(bag *armruntime.PropertyBag, c randfill.Continue) { *bag = nil },
			fillJSON,
			optional(nils, fillJSON),
			fillFloat,
			optional(nils, fillFloat),
			func(t *metav1.Time, c randfill.Continue) {
				*t = metav1.NewTime(time.Unix(c.Int63n(4e9), 0).UTC())
			},
			func(m *metav1.ObjectMeta, c randfill.Continue) {
				m.Name = "n" + randomLabel(c)
				m.Namespace = "ns" + randomLabel(c)
				m.Labels = map[string]string{"app": randomLabel(c)}
			},
			func(t *metav1.TypeMeta, c randfill.Continue) { *t = metav1.TypeMeta{} },
		)
}

// optional turns the fill function of a T into one of a *T that is nil with the
// chance nils. A fill function for T also receives every *T field, which would
// otherwise never be nil.
func optional[T any](nils float64, fill func(*T, randfill.Continue)) func(**T, randfill.Continue) {
	return func(p **T, c randfill.Continue) {
		if c.Float64() < nils {
			*p = nil
			return
		}
		*p = new(T)
		fill(*p, c)
	}
}

// extremeFloats are floats at the ends of the range and where encoders change
// notation (encoding/json writes exponents from 1e21 up and below 1e-6).
var extremeFloats = []float64{
	math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
	1e21, 999999999999999900000, 1e-6, 9.99999e-7, 1 << 53, 0.1,
}

// fillFloat sets f to a finite float of any sign: a small integer, a number of
// everyday size, an extreme, or any bit pattern (tiny, subnormal or huge); never
// NaN or an infinity, which JSON cannot hold.
func fillFloat(f *float64, c randfill.Continue) {
	switch c.Intn(4) {
	case 0:
		*f = float64(c.Intn(2001) - 1000)
	case 1:
		*f = math.Ldexp(c.NormFloat64(), c.Intn(61)-30)
	case 2:
		*f = extremeFloats[c.Intn(len(extremeFloats))]
	default:
		*f = finiteBits(c)
	}
}

// finiteBits returns a float64 of random bits that is neither NaN nor infinite.
func finiteBits(c randfill.Continue) float64 {
	for {
		f := math.Float64frombits(c.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
}

func randomLabel(c randfill.Continue) string {
	return strconv.FormatInt(c.Int63n(1<<20), 10)
}
