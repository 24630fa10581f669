package main

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"time"

	"github.com/armhub/armhub/runtime/conversionwebhook"
	kruntime "k8s.io/apimachinery/pkg/runtime"
)

// The paths the two handlers are served at.
const (
	armhubPath   = "/armhub"
	baselinePath = "/baseline"
)

// run serves both handlers, measures every cell and prints the table to out.
func run(c config, out io.Writer) error {
	start := time.Now()
	fmt.Fprintf(out, "machine: %s\nload average at start: %s\n", machine(), loadAverage())
	scheme, err := newScheme()
	if err != nil {
		return err
	}
	f, err := newFixture(scheme, c.kind, c.version)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle(armhubPath, conversionwebhook.NewHandler(scheme))
	mux.Handle(baselinePath, baseline{})
	s, err := serve(mux, slices.Max(c.concurrency))
	if err != nil {
		return err
	}
	defer s.stop()
	printIntro(out, c, f)
	for _, d := range f.directions() {
		if err := measureDirection(out, c, s, d); err != nil {
			return err
		}
	}
	fmt.Fprintf(out, "\nload average at end: %s; run time %s\n", loadAverage(), time.Since(start).Round(100*time.Millisecond))
	return nil
}

func newScheme() (*kruntime.Scheme, error) {
	scheme := kruntime.NewScheme()
	for _, s := range services() {
		if err := s.AddToScheme(scheme); err != nil {
			return nil, fmt.Errorf("registering %s: %w", s.Name, err)
		}
	}
	return scheme, conversionwebhook.CheckScheme(scheme)
}

// measureDirection measures every review size and concurrency of d, printing
// a row per cell as it is measured.
func measureDirection(out io.Writer, c config, s *server, d direction) error {
	for _, n := range c.sizes {
		body, err := d.review(n)
		if err != nil {
			return err
		}
		for _, path := range []string{armhubPath, baselinePath} {
			if err := s.check(path, body, n, d.desired.String()); err != nil {
				return err
			}
		}
		for _, workers := range c.concurrency {
			armhub, base, err := measureCell(s, body, workers, c)
			if err != nil {
				return err
			}
			printRow(out, c.goal, cell{direction: d.name, objects: n, workers: workers, armhub: armhub, baseline: base})
		}
	}
	return nil
}

// measureCell drives both handlers with body from workers clients: a short
// warm-up each, then c.rounds alternating slices of c.duration/c.rounds.
func measureCell(s *server, body []byte, workers int, c config) (armhub, base result, err error) {
	slice := c.duration / time.Duration(c.rounds)
	for _, path := range []string{armhubPath, baselinePath} {
		if _, err := s.drive(path, body, workers, slice/5); err != nil {
			return armhub, base, err
		}
	}
	for range c.rounds {
		a, err := s.drive(armhubPath, body, workers, slice)
		if err != nil {
			return armhub, base, err
		}
		b, err := s.drive(baselinePath, body, workers, slice)
		if err != nil {
			return armhub, base, err
		}
		armhub.add(a)
		base.add(b)
	}
	return armhub, base, nil
}
