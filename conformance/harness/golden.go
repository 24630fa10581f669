package harness

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	armruntime "github.com/armhub/armhub/runtime"
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
	newFullFiller(goldenSeed).Fill(source)
	if err := source.ConvertTo(hub); err != nil {
		t.Fatalf("converting %T to the hub: %v", source, err)
	}
	if err := target.ConvertFrom(hub); err != nil {
		t.Fatalf("converting the hub to %T: %v", target, err)
	}
	got, err := goldenJSON(target)
	if err != nil {
		t.Fatal(err)
	}
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

// goldenJSON is the reviewable form of a converted object: its JSON, indented,
// with the carried annotation (JSON in a string) taken out and shown as JSON
// under "carried" beside the object under "converted".
func goldenJSON(target conversion.Convertible) ([]byte, error) {
	document := struct {
		Converted conversion.Convertible `json:"converted"`
		Carried   json.RawMessage        `json:"carried,omitempty"`
	}{Converted: target}
	if meta, ok := target.(metav1.Object); ok {
		if carried, found := meta.GetAnnotations()[armruntime.CarriedAnnotation]; found {
			copied := target.DeepCopyObject().(conversion.Convertible)
			annotations := copied.(metav1.Object).GetAnnotations()
			delete(annotations, armruntime.CarriedAnnotation)
			if len(annotations) == 0 {
				copied.(metav1.Object).SetAnnotations(nil)
			}
			document.Converted, document.Carried = copied, json.RawMessage(carried)
		}
	}
	got, err := json.MarshalIndent(document, "", "  ")
	return append(got, '\n'), err
}
