package e2e

import (
	"fmt"
	"io"
	"sort"
	"sync"
	"time"
)

// figures are what the suite measures; it prints them at the end.
type figures struct {
	apiServerStart time.Duration
	reviews        reviews

	mu    sync.Mutex
	rates []rate
}

// rate is how fast a number of objects went through one step.
type rate struct {
	what    string
	objects int
	took    time.Duration
}

func (f *figures) addRate(what string, objects int, took time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rates = append(f.rates, rate{what, objects, took})
}

func (f *figures) print(w io.Writer) {
	fmt.Fprintf(w, "e2e figures:\n  API server start: %s\n", f.apiServerStart.Round(time.Millisecond))
	f.mu.Lock()
	for _, r := range f.rates {
		fmt.Fprintf(w, "  %s: %d objects in %s, %.0f objects/s\n",
			r.what, r.objects, r.took.Round(time.Millisecond), float64(r.objects)/r.took.Seconds())
	}
	f.mu.Unlock()
	fmt.Fprintf(w, "  %s\n", f.reviews.summary())
}

// reviews are the conversion reviews the timed webhook served: how long the
// handler took for each and how many objects each held.
type reviews struct {
	mu        sync.Mutex
	durations []time.Duration
	objects   int
}

func (r *reviews) add(took time.Duration, objects int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.durations = append(r.durations, took)
	r.objects += objects
}

// count returns how many reviews the webhook served.
func (r *reviews) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.durations)
}

func (r *reviews) summary() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.durations) == 0 {
		return "webhook conversion latency: no reviews timed"
	}
	sorted := append([]time.Duration(nil), r.durations...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
	return fmt.Sprintf("webhook conversion latency (handler, per review): p50 %s, p99 %s, max %s over %d reviews of %d objects",
		percentile(sorted, 50), percentile(sorted, 99), sorted[len(sorted)-1], len(sorted), r.objects)
}

func percentile(sorted []time.Duration, p int) time.Duration {
	i := (len(sorted)*p + 99) / 100
	if i > 0 {
		i--
	}
	return sorted[i].Round(time.Microsecond)
}
