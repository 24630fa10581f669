package main

import (
	"fmt"
	"os"
	"runtime"
	"strings"
)

// machine describes what the figures were measured on: CPUs (as nproc counts
// them), their model, and the Go the benchmark was built with.
func machine() string {
	return fmt.Sprintf("%d CPUs (%s), GOMAXPROCS %d, %s %s/%s",
		runtime.NumCPU(), cpuModel(), runtime.GOMAXPROCS(0), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// cpuModel returns the first model name of /proc/cpuinfo.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "model unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return "model unknown"
}

// loadAverage returns the 1, 5 and 15 minute load averages of /proc/loadavg.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	fields := strings.Fields(string(data))
	if len(fields) < 3 {
		return "unknown"
	}
	return strings.Join(fields[:3], " ")
}
