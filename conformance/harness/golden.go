package harness

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

var updateGolden = flag.Bool("armhub.update-golden", false, "rewrite the golden files of the conformance suites (run with go test, in the source tree)")

// goldenSeed fixes the exemplar of every golden test, whatever -armhub.seed says.
const goldenSeed = 1

// Golden converts an exemplar of source (every field set, from a fixed seed)
// through the hub into target and compares target's JSON with the golden file
// testdata/golden/<name>.json; -armhub.update-golden rewrites the file instead.
// The suites generate these tests only where hand-written code augments a
// conversion, as the storage-versioning design asks.
func Golden(t *testing.T, name string, source conversion.Convertible, hub conversion.Hub, target conversion.Convertible) {
	t.Helper()
	NewFiller(goldenSeed).NilChance(0).Fill(source)
	if err := source.ConvertTo(hub); err != nil {
		t.Fatalf("converting %T to the hub: %v", source, err)
	}
	if err := target.ConvertFrom(hub); err != nil {
		t.Fatalf("converting the hub to %T: %v", target, err)
	}
	got, err := json.MarshalIndent(target, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "golden", name+".json")
	if *updateGolden {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -args -armhub.update-golden in the package and review the file)", err, t.Name())
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%T -> hub -> %T differs from %s (-golden +now):\n%s", source, target, path, diff)
	}
}
