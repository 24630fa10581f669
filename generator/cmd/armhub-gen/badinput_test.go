package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// deadline bounds one generation of a bad input; a case that takes longer hangs.
const deadline = 30 * time.Second

// Each directory under testdata/bad is one bad input (testdata/bad/README.md):
// the run fails, within the deadline and without a panic, with an error holding
// every line of the case's want file, and writes nothing.
func TestBadInputs(t *testing.T) {
	wants, err := filepath.Glob(filepath.Join("testdata", "bad", "*", "want"))
	if err != nil {
		t.Fatal(err)
	}
	if len(wants) < 30 {
		t.Errorf("%d bad inputs, want at least 30", len(wants))
	}
	for _, want := range wants {
		dir := filepath.Dir(want)
		t.Run(filepath.Base(dir), func(t *testing.T) { runBadCase(t, dir) })
	}
}

func runBadCase(t *testing.T, caseDir string) {
	work := prepare(t, caseDir)
	err, finished := runWithDeadline(caseArgs(t, work))
	switch {
	case !finished:
		t.Fatalf("no result after %s: the generator hangs", deadline)
	case errors.As(err, new(*panicError)):
		t.Fatal(err)
	case err == nil:
		t.Fatal("generation succeeded")
	}
	t.Logf("error: %v", err)
	for _, want := range wantLines(t, caseDir) {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not contain %q", err, want)
		}
	}
	for _, out := range []string{"out", "conformance"} {
		if _, statErr := os.Stat(filepath.Join(work, out)); statErr == nil {
			t.Errorf("a failed run wrote %s", out)
		}
	}
}

// prepare copies testdata/base and then the case over it into a temporary
// directory, and deletes the paths the case's remove file lists.
func prepare(t *testing.T, caseDir string) string {
	t.Helper()
	work := t.TempDir()
	for _, from := range []string{filepath.Join("testdata", "base"), caseDir} {
		if err := copyTree(from, work); err != nil {
			t.Fatal(err)
		}
	}
	for _, path := range fileLines(t, filepath.Join(work, "remove")) {
		if err := os.RemoveAll(filepath.Join(work, filepath.FromSlash(path))); err != nil {
			t.Fatal(err)
		}
	}
	return work
}

// copyTree copies the files under from to the same paths under to, replacing
// those that exist.
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// caseArgs returns the command line of a case: its args file with $DIR the
// prepared directory, or a generation of $DIR/things.yaml.
func caseArgs(t *testing.T, work string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(work, "args"))
	if errors.Is(err, os.ErrNotExist) {
		data, err = []byte("-metadata $DIR/things.yaml -out $DIR/out -conformance-out $DIR/conformance"), nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(strings.ReplaceAll(string(data), "$DIR", work))
}

func wantLines(t *testing.T, caseDir string) []string {
	t.Helper()
	lines := fileLines(t, filepath.Join(caseDir, "want"))
	if len(lines) == 0 {
		t.Fatal("the want file is empty")
	}
	return lines
}

// fileLines returns the non-empty lines of a file, none if it does not exist.
func fileLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

type panicError struct{ message string }

func (e *panicError) Error() string { return e.message }

// runWithDeadline runs the command, turning a panic into a *panicError; it
// reports false if the command has not finished by the deadline.
func runWithDeadline(args []string) (error, bool) {
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- &panicError{fmt.Sprintf("panic: %v\n%s", p, debug.Stack())}
			}
		}()
		done <- run(args, io.Discard)
	}()
	select {
	case err := <-done:
		return err, true
	case <-time.After(deadline):
		return nil, false
	}
}

// The base every bad case departs from generates, so each case fails by its
// own defect; without common/ it still generates. Its schemas refer to
// common/ only for the template expression, which needs no file, so its Bazel
// inputs leave common/definitions.json out either way.
func TestBaseGenerates(t *testing.T) {
	for name, remove := range map[string]string{"with common": "", "without common": "schemas/common"} {
		t.Run(name, func(t *testing.T) {
			work := prepare(t, filepath.Join("testdata", "base"))
			if remove != "" {
				if err := os.RemoveAll(filepath.Join(work, remove)); err != nil {
					t.Fatal(err)
				}
			}
			if err := run(caseArgs(t, work), &bytes.Buffer{}); err != nil {
				t.Fatal(err)
			}
			build, err := os.ReadFile(filepath.Join(work, "out", "BUILD.bazel"))
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(build, []byte("common/definitions.json")) {
				t.Error("BUILD.bazel lists common/definitions.json, which the base's expression references do not read")
			}
		})
	}
}
