package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/pipeline"
)

// fuzzDeadline bounds one input: a fuzz target that takes longer crashes, which
// records the input.
const fuzzDeadline = 10 * time.Second

// FuzzGenerate generates from fuzzed metadata over the schemas of
// testdata/base, which reaches the rename, removal and conversion planning that
// parsing alone does not: it may not panic or hang, and it either generates or
// fails with an error naming the metadata file, a schema file or a folder of
// schemas.
func FuzzGenerate(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join("testdata", "*", "*", "things.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range append(seeds, filepath.Join("testdata", "base", "things.yaml")) {
		data, err := os.ReadFile(seed)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	root := f.TempDir()
	if err := copyTree(filepath.Join("testdata", "base"), root); err != nil {
		f.Fatal(err)
	}
	file := filepath.Join(root, "things.yaml")
	f.Fuzz(func(t *testing.T, data []byte) {
		hang := time.AfterFunc(fuzzDeadline, func() { panic(fmt.Sprintf("generation takes over %s on %q", fuzzDeadline, data)) })
		defer hang.Stop()
		err := generateFrom(file, data, filepath.Join(root, "schemas"))
		// A Swagger service's missing version folder is named by its path.
		if err != nil && !strings.Contains(err.Error(), "things.yaml") && !strings.Contains(err.Error(), ".json") && !strings.Contains(err.Error(), root) {
			t.Fatalf("error %q names no file", err)
		}
	})
}

func generateFrom(file string, data []byte, schemas string) error {
	svc, err := metadata.Parse(file, data)
	if err != nil {
		return err
	}
	_, err = pipeline.Run(svc, pipeline.Options{SchemaRoot: schemas})
	return err
}

// FuzzRenames generates testdata/base with renames and removals built from a
// fuzzed spec, one a line: "p TYPE FROM TO V" (a property rename), "t FROM TO
// V" (a type rename) or "r TYPE PROPERTY V" (a removal), V indexing the
// versions. It reaches cycles, chains and merges far more often than FuzzGenerate,
// under the same assertions.
func FuzzRenames(f *testing.F) {
	f.Add("p WidgetProperties colour color 1\nr WidgetProperties label 1")
	f.Add("p WidgetProperties colour color 1\np WidgetProperties color colour 2")
	f.Add("p WidgetProperties colour color 1\np WidgetProperties color hue 2\nt Part Piece 2")
	f.Add("t Part Piece 1\nt Piece Part 2\np Part a b 2")
	f.Add("p WidgetProperties label colour 1\nr WidgetProperties size 2")
	base, err := os.ReadFile(filepath.Join("testdata", "base", "things.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	header, _, _ := strings.Cut(string(base), "renames:")
	root := f.TempDir()
	if err := copyTree(filepath.Join("testdata", "base"), root); err != nil {
		f.Fatal(err)
	}
	file := filepath.Join(root, "things.yaml")
	f.Fuzz(func(t *testing.T, spec string) {
		hang := time.AfterFunc(fuzzDeadline, func() { panic(fmt.Sprintf("generation takes over %s on %q", fuzzDeadline, spec)) })
		defer hang.Stop()
		err := generateFrom(file, []byte(header+renamesYAML(spec)), filepath.Join(root, "schemas"))
		if err != nil && !strings.Contains(err.Error(), "things.yaml") && !strings.Contains(err.Error(), ".json") {
			t.Fatalf("error %q names no file", err)
		}
	})
}

var baseVersions = []string{"2021-01-01", "2022-01-01", "2023-01-01"}

// renamesYAML turns a FuzzRenames spec into the renames and removals sections,
// quoting every name so the YAML stays well formed.
func renamesYAML(spec string) string {
	var props, types, removals strings.Builder
	for _, line := range strings.Split(spec, "\n") {
		w := strings.Fields(line)
		if len(w) < 4 || (w[0] == "p" && len(w) < 5) {
			continue
		}
		since := fmt.Sprintf("%q", baseVersions[int(w[len(w)-1][0])%len(baseVersions)])
		switch w[0] {
		case "p":
			fmt.Fprintf(&props, "    - {type: %q, from: %q, to: %q, since: %s}\n", w[1], w[2], w[3], since)
		case "t":
			fmt.Fprintf(&types, "    - {from: %q, to: %q, since: %s}\n", w[1], w[2], since)
		case "r":
			fmt.Fprintf(&removals, "  - {type: %q, property: %q, since: %s}\n", w[1], w[2], since)
		}
	}
	return "renames:\n  properties:\n" + props.String() + "  types:\n" + types.String() + "removals:\n" + removals.String()
}
