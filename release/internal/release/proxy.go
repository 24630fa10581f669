package release

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/sumdb/dirhash"
	"golang.org/x/mod/zip"
)

// Proxy is a release directory: a module proxy tree in the GOPROXY protocol
// (<module>/@v/list, <version>.info, .mod, .zip; usable as GOPROXY=file://DIR)
// plus, under armhub/<tag>/, what each release records beside it: release.json
// (tag and hashes), CHANGELOG.md, apidiff.txt and the CRD bundle.
type Proxy struct {
	Dir string
}

// Record is a release's release.json.
type Record struct {
	Module   string `json:"module"`
	Version  string `json:"version"`
	Tag      string `json:"tag"`
	Previous string `json:"previous,omitempty"`
	Rule     string `json:"rule"`
	Time     string `json:"time"`
	ZipHash  string `json:"zipHash"`
	ModHash  string `json:"modHash"`
}

// stagingPrefix names the temporary folders a release writes in before it
// renames its results into place.
const stagingPrefix = ".armhub-release-"

// versionDir is the @v folder of modulePath.
func (p Proxy) versionDir(modulePath string) (string, error) {
	escaped, err := module.EscapePath(modulePath)
	if err != nil {
		return "", fmt.Errorf("module path %q: %v", modulePath, err)
	}
	return filepath.Join(p.Dir, filepath.FromSlash(escaped), "@v"), nil
}

// notesDir is where the release tagged tag keeps its records.
func (p Proxy) notesDir(tag string) string {
	return filepath.Join(p.Dir, "armhub", filepath.FromSlash(tag))
}

// Versions returns the released versions of modulePath, oldest first, after
// checking that each is complete and unchanged since it was released: a
// missing file, an unknown file in @v or a hash that differs from the release
// record is an error naming the file.
func (p Proxy) Versions(modulePath, tagPrefix string) ([]string, error) {
	dir, err := p.versionDir(modulePath)
	if err != nil {
		return nil, err
	}
	versions, err := readList(dir)
	if err != nil {
		return nil, err
	}
	if len(versions) == 0 {
		if _, err := os.Stat(dir); err == nil {
			return nil, fmt.Errorf("%s: missing, but %s exists (a missing or half-removed release)", filepath.Join(dir, "list"), dir)
		}
		return nil, nil
	}
	known := map[string]bool{"list": true}
	for _, v := range versions {
		for _, ext := range []string{".info", ".mod", ".zip"} {
			known[v+ext] = true
		}
		if err := p.verify(dir, modulePath, tagPrefix+"/"+v, v); err != nil {
			return nil, err
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if !known[e.Name()] {
			return nil, fmt.Errorf("%s: not part of any release listed in %s (a dirty release directory: remove it or restore the list)", filepath.Join(dir, e.Name()), filepath.Join(dir, "list"))
		}
	}
	return versions, nil
}

// readList reads @v/list: one valid, canonical version a line, no repeats.
func readList(dir string) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "list"))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var versions []string
	seen := map[string]bool{}
	for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		v := strings.TrimSpace(line)
		if v == "" {
			continue
		}
		if !semver.IsValid(v) || semver.Canonical(v) != v || seen[v] {
			return nil, fmt.Errorf("%s:%d: %q is not a canonical semantic version listed once", filepath.Join(dir, "list"), i+1, v)
		}
		seen[v] = true
		versions = append(versions, v)
	}
	semver.Sort(versions)
	return versions, nil
}

// verify checks one released version against its release record.
func (p Proxy) verify(dir, modulePath, tag, version string) error {
	for _, ext := range []string{".info", ".mod", ".zip"} {
		if _, err := os.Stat(filepath.Join(dir, version+ext)); err != nil {
			return fmt.Errorf("release %s of %s is missing %s", version, modulePath, filepath.Join(dir, version+ext))
		}
	}
	recordFile := filepath.Join(p.notesDir(tag), "release.json")
	record, err := readRecord(recordFile)
	if err != nil {
		return fmt.Errorf("release %s of %s: %v", version, modulePath, err)
	}
	zipHash, modHash, err := hashes(dir, version)
	if err != nil {
		return fmt.Errorf("release %s of %s: %v (the release directory is dirty)", version, modulePath, err)
	}
	if record.Module != modulePath || record.Version != version || record.ZipHash != zipHash || record.ModHash != modHash {
		return fmt.Errorf("release %s of %s differs from its record %s (zip %s, go.mod %s; recorded %s, %s): the release directory is dirty", version, modulePath, recordFile, zipHash, modHash, record.ZipHash, record.ModHash)
	}
	return nil
}

func readRecord(file string) (Record, error) {
	var record Record
	data, err := os.ReadFile(file)
	if err != nil {
		return record, fmt.Errorf("no release record: %v", err)
	}
	if err := json.Unmarshal(data, &record); err != nil {
		return record, fmt.Errorf("%s: %v", file, err)
	}
	return record, nil
}

// hashes returns the go.sum hashes of a released version's zip and go.mod.
func hashes(dir, version string) (zipHash, modHash string, err error) {
	zipFile := filepath.Join(dir, version+".zip")
	if zipHash, err = dirhash.HashZip(zipFile, dirhash.Hash1); err != nil {
		return "", "", fmt.Errorf("%s: %v", zipFile, err)
	}
	modFile := filepath.Join(dir, version+".mod")
	modHash, err = dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) { return os.Open(modFile) })
	return zipHash, modHash, err
}

// latest returns the highest released version of modulePath, or "".
func (p Proxy) latest(modulePath, tagPrefix string) (string, error) {
	versions, err := p.Versions(modulePath, tagPrefix)
	if err != nil || len(versions) == 0 {
		return "", err
	}
	return versions[len(versions)-1], nil
}

// unzip extracts a released version into dir.
func (p Proxy) unzip(modulePath, version, dir string) error {
	vdir, err := p.versionDir(modulePath)
	if err != nil {
		return err
	}
	return zip.Unzip(dir, module.Version{Path: modulePath, Version: version}, filepath.Join(vdir, version+".zip"))
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
