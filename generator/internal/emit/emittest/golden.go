package emittest

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite the golden files of the emitter tests")

// Updating reports whether the test runs with -update: golden files (and
// whatever else a test keeps in sync with its output) are rewritten instead
// of compared.
func Updating() bool { return *update }

// Golden compares every file (path -> content) with
// testdata/golden/<path with / as __>.golden in the test's package; with
// -update it writes them instead, for review in the diff.
func Golden(t *testing.T, files map[string][]byte) {
	t.Helper()
	GoldenIn(t, "golden", files)
}

// GoldenIn is Golden with the golden files in testdata/<dir>.
func GoldenIn(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, path := range paths {
		golden(t, dir, path, files[path])
	}
}

func golden(t *testing.T, dir, path string, got []byte) {
	t.Helper()
	file := filepath.Join("testdata", dir, strings.ReplaceAll(path, "/", "__")+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	// Compared line by line, so that the diff names whole lines.
	if diff := cmp.Diff(strings.Split(string(want), "\n"), strings.Split(string(got), "\n")); diff != "" {
		t.Errorf("%s differs from %s (-want +got):\n%s\nrun go test -update and review the diff", path, file, diff)
	}
}
