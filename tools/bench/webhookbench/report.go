package main

import (
	"fmt"
	"io"
	"time"
)

// cell is one review size at one concurrency in one direction, both handlers.
type cell struct {
	direction        string
	objects, workers int
	armhub, baseline result
}

func printIntro(out io.Writer, c config, f *fixture) {
	fmt.Fprintf(out, "object: %s filled completely (harness.NewFiller(1).NilChance(0)): %d bytes of JSON at %s, %d at the hub %s\n",
		f.spoke.Kind, len(f.spokeJSON), f.spoke.Version, len(f.hubJSON), f.hub.Version)
	fmt.Fprintf(out, "HTTPS on loopback, HTTP/1.1 keep-alive (a connection per client), client and server in one process;\n")
	fmt.Fprintf(out, "each handler driven %s per cell in %d alternating slices after a warm-up; latency: request sent to response read\n",
		c.duration, c.rounds)
	fmt.Fprintf(out, "baseline: decodes the same review and each object (encoding/json, into a map) and encodes it again with apiVersion swapped\n\n")
	fmt.Fprintf(out, "%-38s %4s %4s | %-38s | %-38s | %-9s %s\n", "", "", "", "armhub (conversionwebhook.NewHandler)", "baseline (decode + re-encode)", "p50", "goal")
	fmt.Fprintf(out, "%-38s %4s %4s | %9s %9s %8s %8s | %9s %9s %8s %8s | %-9s %s\n", "direction", "objs", "conc",
		"reviews/s", "objects/s", "p50 ms", "p99 ms", "reviews/s", "objects/s", "p50 ms", "p99 ms", "armhub/bl", fmt.Sprintf("p50 <= %gx baseline", c.goal))
}

func printRow(out io.Writer, goal float64, c cell) {
	ratio := float64(c.armhub.percentile(0.5)) / float64(c.baseline.percentile(0.5))
	verdict := "met"
	if ratio > goal {
		verdict = fmt.Sprintf("missed: %.2fx the goal", ratio/goal)
	}
	fmt.Fprintf(out, "%-38s %4d %4d | %s | %s | %8.2fx %s\n", c.direction, c.objects, c.workers,
		figures(c.armhub, c.objects), figures(c.baseline, c.objects), ratio, verdict)
}

func figures(r result, objects int) string {
	perSecond := r.reviewsPerSecond()
	return fmt.Sprintf("%9.0f %9.0f %8.2f %8.2f", perSecond, perSecond*float64(objects),
		milliseconds(r.percentile(0.5)), milliseconds(r.percentile(0.99)))
}

func milliseconds(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
