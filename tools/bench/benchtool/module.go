package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// versionDir matches the package directory of an API version: vYYYYMMDD[preview].
var versionDir = regexp.MustCompile(`^v\d{8}(preview)?$`)

// module is a generated module on disk.
type module struct {
	dir  string
	path string   // module path, from go.mod
	vers []string // version directories, oldest first (folder order, as the generator sorts)
}

func openModule(dir string) (*module, error) {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m := &module{dir: dir}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "module "); ok {
			m.path = strings.TrimSpace(rest)
			break
		}
	}
	if m.path == "" {
		return nil, fmt.Errorf("%s/go.mod: no module line", dir)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() && versionDir.MatchString(e.Name()) {
			m.vers = append(m.vers, e.Name())
		}
	}
	// v20190301 sorts before v20190301preview, as 2019-03-01 does before 2019-03-01-preview.
	sort.Strings(m.vers)
	return m, nil
}

// rel turns an import path inside the module into a directory relative to it.
func (m *module) rel(importPath string) (string, bool) {
	r, ok := strings.CutPrefix(importPath, m.path+"/")
	return r, ok
}
