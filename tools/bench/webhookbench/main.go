// Command webhookbench measures the throughput of armhub's conversion webhook
// (conversionwebhook.NewHandler) end to end, over HTTPS on loopback, against a
// baseline handler in the same run that only decodes the same
// ConversionReviews and encodes a response with each object's apiVersion
// swapped (baseline.go). It prints a table and stops by itself; it is a
// benchmark, not a test: nothing fails on speed.
//
// One object of -kind at -version, filled completely
// (harness.NewFiller(1).NilChance(0)), and the same object converted to its
// hub are sent in reviews of each of -sizes objects, in two directions: a
// read (objects at the hub, the storage version, converted to the spoke) and a
// write (objects at the spoke converted to the hub). Each review size is sent
// at each of -concurrency workers, each handler for -duration, in -rounds
// alternating slices so that a change of the machine's load falls on both.
//
// The services come from service.go: the bundled example service in the
// repository, the real Microsoft.Storage module when tools/bench/webhook.sh
// builds it.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// config is what the flags say.
type config struct {
	kind, version string
	sizes         []int
	concurrency   []int
	duration      time.Duration
	rounds        int
	goal          float64
}

func main() {
	c, err := parseFlags(os.Args[1:])
	if err == nil {
		err = run(c, os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "webhookbench:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (config, error) {
	c := config{}
	flags := flag.NewFlagSet("webhookbench", flag.ContinueOnError)
	flags.StringVar(&c.kind, "kind", "StorageAccount", "the kind whose objects are converted")
	flags.StringVar(&c.version, "version", "v20210401", "the spoke version (the hub is the kind's storage hub)")
	sizes := flags.String("sizes", "1,10,100", "objects per review, comma-separated")
	concurrency := flags.String("concurrency", "1,8", "concurrent clients, comma-separated")
	flags.DurationVar(&c.duration, "duration", 2*time.Second, "time each handler is driven, per review size and concurrency")
	flags.IntVar(&c.rounds, "rounds", 4, "alternating slices the duration is split into")
	flags.Float64Var(&c.goal, "goal", 1.5, "the goal: armhub's p50 at most this many times the baseline's")
	if err := flags.Parse(args); err != nil {
		return c, err
	}
	var err error
	if c.sizes, err = positiveInts(*sizes); err != nil {
		return c, fmt.Errorf("-sizes: %w", err)
	}
	if c.concurrency, err = positiveInts(*concurrency); err != nil {
		return c, fmt.Errorf("-concurrency: %w", err)
	}
	if c.rounds < 1 || c.duration <= 0 {
		return c, fmt.Errorf("-rounds %d, -duration %s: both must be positive", c.rounds, c.duration)
	}
	return c, nil
}

func positiveInts(list string) ([]int, error) {
	var out []int
	for _, field := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q is not a positive number", field)
		}
		out = append(out, n)
	}
	return out, nil
}
