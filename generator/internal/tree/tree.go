// Package tree keeps a directory's generated files in step with a generation:
// it writes what changed, removes generated files no longer produced, compares
// without writing, and never touches a hand-written file (one without the
// generated-file header, see layout.IsGenerated).
package tree

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	pathpkg "path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/armhub/armhub/generator/internal/layout"
)

// Files maps a slash-separated path, relative to a directory, to its content.
type Files = map[string][]byte

// Write replaces the generated files under dir with files: it writes every file
// whose content differs and removes generated files that are no longer produced.
// Hand-written files (those without the generator's header) are never touched.
func Write(dir string, files Files) error {
	stale, err := generatedFiles(dir)
	if err != nil {
		return err
	}
	ordered := paths(files)
	for _, path := range ordered {
		delete(stale, path)
	}
	if err := makeDirs(dir, ordered); err != nil {
		return err
	}
	errs := make([]error, len(ordered)) // joined in path order, whatever the timing
	var g errgroup.Group
	g.SetLimit(writers)
	for i, path := range ordered {
		g.Go(func() error {
			errs[i] = writeFile(filepath.Join(dir, filepath.FromSlash(path)), files[path])
			return nil
		})
	}
	_ = g.Wait() // the goroutines report through errs
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return removeAll(dir, stale)
}

// writers is how many files Write writes at once.
const writers = 8

// writeFile writes data to full unless it holds data already; it refuses to
// overwrite a file that was not generated.
func writeFile(full string, data []byte) error {
	existing, err := os.ReadFile(full)
	if err == nil && bytes.Equal(existing, data) {
		return nil
	} else if err == nil && !layout.IsGenerated(existing) {
		return fmt.Errorf("%s exists and was not generated; refusing to overwrite it", full)
	}
	return os.WriteFile(full, data, 0o644)
}

// makeDirs creates the directories of paths under dir, each once.
func makeDirs(dir string, paths []string) error {
	made := map[string]bool{}
	for _, path := range paths {
		parent := filepath.Dir(filepath.Join(dir, filepath.FromSlash(path)))
		if made[parent] {
			continue
		}
		if err := os.MkdirAll(parent, 0o755); err != nil {
			return err
		}
		made[parent] = true
	}
	return nil
}

// Diff lists the differences between the generated files under dir and files:
// missing, changed and extra generated files, sorted. Subdirectories of dir
// named in skip (slash-separated, relative to dir) are not looked at.
func Diff(dir string, files Files, skip ...string) ([]string, error) {
	existing, err := generatedFiles(dir, skip...)
	if err != nil {
		return nil, err
	}
	var problems []string
	for _, path := range paths(files) {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)))
		switch {
		case err != nil:
			problems = append(problems, "missing: "+path)
		case !bytes.Equal(data, files[path]):
			problems = append(problems, "stale: "+path)
		}
		delete(existing, path)
	}
	for path := range existing {
		problems = append(problems, "no longer generated: "+path)
	}
	sort.Strings(problems)
	return problems, nil
}

// generatedFiles returns the slash-separated paths of the generated files under
// dir, leaving out the subdirectories named in skip.
func generatedFiles(dir string, skip ...string) (map[string]bool, error) {
	found := map[string]bool{}
	if resolved, err := filepath.EvalSymlinks(dir); err == nil {
		dir = resolved // a runfiles tree may link the directory itself
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) && path == dir {
				return filepath.SkipDir
			}
			return err
		}
		if d.IsDir() && path != dir && slices.Contains(skip, relSlash(dir, path)) {
			return filepath.SkipDir
		}
		if d.IsDir() || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if layout.IsGenerated(data) {
			found[relSlash(dir, path)] = true
		}
		return nil
	})
	return found, err
}

func relSlash(dir, path string) string {
	rel, _ := filepath.Rel(dir, path)
	return filepath.ToSlash(rel)
}

// removeAll removes the files at paths under dir, and then the directories
// under dir they leave empty (a package no longer generated), deepest first.
func removeAll(dir string, paths map[string]bool) error {
	parents := map[string]bool{}
	for path := range paths {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(path))); err != nil {
			return err
		}
		for p := pathpkg.Dir(path); p != "."; p = pathpkg.Dir(p) {
			parents[p] = true
		}
	}
	emptied := slices.SortedFunc(maps.Keys(parents), func(a, b string) int { return len(b) - len(a) })
	for _, p := range emptied {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if entries, err := os.ReadDir(full); err == nil && len(entries) == 0 {
			if err := os.Remove(full); err != nil {
				return err
			}
		}
	}
	return nil
}

// paths returns the paths of files, sorted.
func paths(files Files) []string {
	out := make([]string, 0, len(files))
	for p := range files {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
