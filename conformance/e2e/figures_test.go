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

// rate is how fast a number of objects went through one step, and how many
// conversion reviews the timed webhook served meanwhile.
type rate struct {
	what    string
	objects int
	took    time.Duration
	reviews int
}

// timeStep runs step and records how long it took for objects objects.
func (f *figures) timeStep(what string, objects int, step func() error) error {
	reviews, started := f.reviews.count(), time.Now()
	err := step()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rates = append(f.rates, rate{what, objects, time.Since(started), f.reviews.count() - reviews})
	return err
}

func (f *figures) print(w io.Writer) {
	fmt.Fprintln(w, "e2e figures:")
	if f.apiServerStart > 0 {
		fmt.Fprintf(w, "  API server start (envtest: etcd and kube-apiserver): %s\n", f.apiServerStart.Round(time.Millisecond))
	} else {
		fmt.Fprintln(w, "  API server start: an existing cluster")
	}
	f.mu.Lock()
	for _, r := range f.rates {
		fmt.Fprintf(w, "  %s: %d objects in %s, %.0f objects/s", r.what, r.objects, r.took.Round(time.Millisecond), float64(r.objects)/r.took.Seconds())
		if r.reviews > 0 {
			fmt.Fprintf(w, ", %d conversion reviews (%.1f per object)", r.reviews, float64(r.reviews)/float64(r.objects))
		}
		fmt.Fprintln(w)
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
	traced    *[]reviewTrace // while tracing (trace), every review's versions
}

// reviewTrace is what one conversion review asked: the version it converts
// to and the versions of its objects.
type reviewTrace struct {
	desired string
	from    []string
}

func (r *reviews) add(took time.Duration, objects int, trace reviewTrace) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.durations = append(r.durations, took)
	r.objects += objects
	if r.traced != nil {
		*r.traced = append(*r.traced, trace)
	}
}

// trace runs step and returns the reviews served meanwhile and until none
// has come for quiet (at most 10 s): the API server's watch caches convert
// stored events after a write has returned.
func (r *reviews) trace(step func() error, quiet time.Duration) ([]reviewTrace, error) {
	traced := []reviewTrace{}
	r.mu.Lock()
	r.traced = &traced
	r.mu.Unlock()
	err := step()
	for deadline, seen := time.Now().Add(10*time.Second), -1; time.Now().Before(deadline); {
		now := r.count()
		if now == seen {
			break
		}
		seen = now
		time.Sleep(quiet)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.traced = nil
	return traced, err
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
