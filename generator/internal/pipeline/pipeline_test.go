package pipeline

import (
	"bytes"
	"fmt"
	"go/format"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/tree"
)

const repo = "../../.."

func bundledServices(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(repo, "metadata", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no metadata files found (%v)", err)
	}
	return files
}

func generate(t *testing.T, file string, workers int) *Result {
	t.Helper()
	svc, err := metadata.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Workers: workers, ModuleDir: filepath.Join(repo, "apis", svc.Name), MetadataLabel: layout.MetadataLabel(file)}
	result, err := Run(svc, opts)
	if err != nil {
		t.Fatal(err)
	}
	return result
}

// The checked-in modules under apis/ must be exactly what the generator makes.
func TestBundledModulesAreUpToDate(t *testing.T) {
	for _, file := range bundledServices(t) {
		service := strings.TrimSuffix(filepath.Base(file), ".yaml")
		result := generate(t, file, 2)
		for dir, files := range map[string]gosrc.Files{"apis": result.Files, "conformance": result.Conformance} {
			problems, err := tree.Diff(filepath.Join(repo, dir, service), files)
			if err != nil {
				t.Fatal(err)
			}
			if len(problems) > 0 {
				t.Errorf("%s/%s is stale; run tools/regenerate.sh:\n  %s", dir, service, strings.Join(problems, "\n  "))
			}
		}
	}
}

// Every generated Go file is as gofmt writes it, those indented without gofmt
// (gosrc.File.Indented) included.
func TestGeneratedGoIsGofmtClean(t *testing.T) {
	for _, file := range bundledServices(t) {
		result := generate(t, file, 2)
		for _, files := range []gosrc.Files{result.Files, result.Conformance} {
			for _, path := range files.Paths() {
				if !strings.HasSuffix(path, ".go") {
					continue
				}
				formatted, err := format.Source(files[path])
				if err != nil {
					t.Fatalf("%s: %s: %v", file, path, err)
				}
				if !bytes.Equal(formatted, files[path]) {
					t.Errorf("%s: %s is not gofmt-clean", file, path)
				}
			}
		}
	}
}

// Output must not depend on how many workers load schemas, on GOMAXPROCS, or on
// the order in which the metadata lists versions and resources.
func TestGenerationIsDeterministic(t *testing.T) {
	for _, file := range bundledServices(t) {
		first := generate(t, file, 1).Files
		svc, err := metadata.Load(file)
		if err != nil {
			t.Fatal(err)
		}
		slices.Reverse(svc.Versions)
		slices.Reverse(svc.Resources)
		previous := runtime.GOMAXPROCS(1)
		// The hand-written files are an input (augmentations change the output).
		result, err := Run(svc, Options{Workers: 8, ModuleDir: filepath.Join(repo, "apis", svc.Name), MetadataLabel: layout.MetadataLabel(file)})
		runtime.GOMAXPROCS(previous)
		if err != nil {
			t.Fatal(err)
		}
		if !sameFiles(first, result.Files) {
			t.Errorf("%s: two generations differ", file)
		}
	}
}

func sameFiles(a, b gosrc.Files) bool {
	if len(a) != len(b) {
		return false
	}
	for path, data := range a {
		if !bytes.Equal(data, b[path]) {
			return false
		}
	}
	return true
}

// forEach runs every index and returns the error of the lowest failing one,
// even when a higher one fails first.
func TestForEachReportsTheLowestIndexError(t *testing.T) {
	var ran atomic.Int32
	err := forEach(10, 4, func(i int) error {
		ran.Add(1)
		switch i {
		case 2:
			time.Sleep(20 * time.Millisecond) // fails last
			return fmt.Errorf("index %d", i)
		case 7:
			return fmt.Errorf("index %d", i)
		}
		return nil
	})
	if err == nil || err.Error() != "index 2" {
		t.Errorf("error = %v, want index 2", err)
	}
	if ran.Load() != 10 {
		t.Errorf("fn ran %d times, want 10", ran.Load())
	}
}
