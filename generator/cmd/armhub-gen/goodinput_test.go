package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoodInputs generates each case of testdata/good (laid over the base,
// as the bad cases are) and checks the output: each line of a case's want is
// a generated file (relative to the module) and a fragment it must hold.
func TestGoodInputs(t *testing.T) {
	wants, err := filepath.Glob(filepath.Join("testdata", "good", "*", "want"))
	if err != nil || len(wants) == 0 {
		t.Fatalf("no good inputs (%v)", err)
	}
	for _, want := range wants {
		dir := filepath.Dir(want)
		t.Run(filepath.Base(dir), func(t *testing.T) { runGoodCase(t, dir) })
	}
}

func runGoodCase(t *testing.T, caseDir string) {
	work := prepare(t, caseDir)
	if err := run(caseArgs(t, work), &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	for _, line := range wantLines(t, caseDir) {
		file, fragment, ok := strings.Cut(line, ": ")
		if !ok {
			t.Fatalf("want line %q is not file: fragment", line)
		}
		data, err := os.ReadFile(filepath.Join(work, "out", filepath.FromSlash(file)))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), fragment) {
			t.Errorf("%s lacks %q", file, fragment)
		}
	}
}
