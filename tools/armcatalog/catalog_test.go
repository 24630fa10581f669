package main

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/ulikunitz/xz"
)

type entry struct {
	name string
	body string
	typ  byte // tar.TypeReg when 0
}

// fakeEntries is a tiny catalog in the real one's layout.
var fakeEntries = []entry{
	{name: "schemas/", typ: tar.TypeDir},
	{name: "schemas/common/", typ: tar.TypeDir},
	{name: "schemas/common/definitions.json", body: `{"definitions":{}}`},
	{name: "schemas/2024-03-01/", typ: tar.TypeDir},
	{name: "schemas/2024-03-01/Microsoft.Compute.json", body: `{"id":"compute"}`},
	{name: "schemas/2015-06-15/Microsoft.Storage.json", body: `{"id":"storage"}`}, // no folder entry first
}

// makeArchive returns entries as a tar.xz archive, written in pure Go.
func makeArchive(t *testing.T, entries []entry) []byte {
	t.Helper()
	var buf bytes.Buffer
	xw, err := xz.NewWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	tw := tar.NewWriter(xw)
	for _, e := range entries {
		h := &tar.Header{Name: e.name, Typeflag: e.typ, Mode: 0o644}
		switch e.typ {
		case 0, tar.TypeReg:
			h.Typeflag, h.Size = tar.TypeReg, int64(len(e.body))
		case tar.TypeDir:
			h.Mode = 0o755
		case tar.TypeSymlink:
			h.Linkname = e.body
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			if _, err := tw.Write([]byte(e.body)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := xw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sumOf(data []byte) string {
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

// writeCatalog writes data as arm-schemas-test.tar.xz and a SHA256SUMS naming
// it with sum into a new folder.
func writeCatalog(t *testing.T, data []byte, sum string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "arm-schemas-test.tar.xz"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, SumsFile), []byte(sum+"  arm-schemas-test.tar.xz\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// cacheDir returns a new cache folder that the test's cleanup can remove
// although the tool leaves read-only files in it.
func cacheDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "armcatalog-cache-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = removeTree(dir) })
	return dir
}

func checkFakeTree(t *testing.T, schemas string) {
	t.Helper()
	for _, e := range fakeEntries {
		if e.typ == tar.TypeDir {
			continue
		}
		got, err := os.ReadFile(filepath.Join(filepath.Dir(schemas), filepath.FromSlash(e.name)))
		if err != nil {
			t.Errorf("unpacked tree: %v", err)
		} else if string(got) != e.body {
			t.Errorf("%s holds %q, want %q", e.name, got, e.body)
		}
	}
}

// noTemporaries fails when a temporary folder is left in the cache.
func noTemporaries(t *testing.T, cache string) {
	t.Helper()
	left, _ := filepath.Glob(filepath.Join(cache, "arm-catalog", tmpPrefix+"*"))
	if len(left) > 0 {
		t.Errorf("temporary folders left: %v", left)
	}
}

func TestFreshUnpack(t *testing.T) {
	data := makeArchive(t, fakeEntries)
	catalog, cache := writeCatalog(t, data, sumOf(data)), cacheDir(t)
	res, err := Ensure(catalog, cache, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(cache, "arm-catalog", sumOf(data), "schemas")
	if res.Schemas != want || !res.Unpacked || res.Files != 3 {
		t.Fatalf("Ensure = %+v, want schemas %s, unpacked, 3 files", res, want)
	}
	checkFakeTree(t, res.Schemas)
	noTemporaries(t, cache)
	if !complete(filepath.Dir(res.Schemas)) {
		t.Error("the tree has no completion marker")
	}
}

func TestSecondRunIsNoOp(t *testing.T) {
	data := makeArchive(t, fakeEntries)
	catalog, cache := writeCatalog(t, data, sumOf(data)), cacheDir(t)
	first, err := Ensure(catalog, cache, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(first.Schemas, "common", "definitions.json")
	before, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	// Something the tool never writes: a second unpack would drop it.
	sentinel := filepath.Join(filepath.Dir(first.Schemas), "sentinel")
	if err := os.WriteFile(sentinel, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	second, err := Ensure(catalog, cache, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if second.Unpacked || second.Schemas != first.Schemas {
		t.Fatalf("second run: %+v, want no unpack and schemas %s", second, first.Schemas)
	}
	after, err := os.Stat(file)
	if err != nil {
		t.Fatal(err)
	}
	if before.Sys().(*syscall.Stat_t).Ino != after.Sys().(*syscall.Stat_t).Ino {
		t.Error("the second run rewrote the tree")
	}
	if _, err := os.Stat(sentinel); err != nil {
		t.Errorf("the second run replaced the tree: %v", err)
	}
}

func TestChecksumMismatchRefused(t *testing.T) {
	data := makeArchive(t, fakeEntries)
	wrong := strings.Repeat("ab", 32)
	catalog, cache := writeCatalog(t, data, wrong), cacheDir(t)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-catalog", catalog, "-cache", cache}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit code %d, want 1; stderr:\n%s", code, stderr.String())
	}
	msg := stderr.String()
	for _, want := range []string{"checksum mismatch", filepath.Join(catalog, "arm-schemas-test.tar.xz"), wrong, sumOf(data)} {
		if !strings.Contains(msg, want) {
			t.Errorf("the error does not say %q:\n%s", want, msg)
		}
	}
	if stdout.Len() != 0 {
		t.Errorf("printed a path: %q", stdout.String())
	}
	if entries, _ := os.ReadDir(cache); len(entries) != 0 {
		t.Errorf("wrote into the cache: %v", entries)
	}
}

// An interrupted run leaves its temporary folder (a kill skips every
// cleanup): the next run removes it and unpacks afresh.
func TestInterruptedUnpackNotTrusted(t *testing.T) {
	data := makeArchive(t, fakeEntries)
	sum := sumOf(data)
	catalog, cache := writeCatalog(t, data, sum), cacheDir(t)
	half := filepath.Join(cache, "arm-catalog", tmpPrefix+sum[:12]+"-123", "schemas", "common")
	if err := os.MkdirAll(half, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(half, "definitions.json"), []byte("{trunc"), 0o444); err != nil {
		t.Fatal(err)
	}
	res, err := Ensure(catalog, cache, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Unpacked {
		t.Error("a leftover temporary folder was taken for the tree")
	}
	checkFakeTree(t, res.Schemas)
	noTemporaries(t, cache)
}

// A tree in the final place without the completion marker (not one this
// tool finished) is removed and unpacked afresh.
func TestTreeWithoutMarkerNotTrusted(t *testing.T) {
	data := makeArchive(t, fakeEntries)
	sum := sumOf(data)
	catalog, cache := writeCatalog(t, data, sum), cacheDir(t)
	partial := filepath.Join(cache, "arm-catalog", sum, "schemas")
	if err := os.MkdirAll(filepath.Join(partial, "stray"), 0o755); err != nil {
		t.Fatal(err)
	}
	res, err := Ensure(catalog, cache, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Unpacked || res.Schemas != partial {
		t.Fatalf("Ensure = %+v, want a fresh unpack into %s", res, partial)
	}
	if _, err := os.Stat(filepath.Join(partial, "stray")); err == nil {
		t.Error("the untrusted tree was kept")
	}
	checkFakeTree(t, res.Schemas)
}

func TestBadArchivesLeaveNothing(t *testing.T) {
	good := makeArchive(t, fakeEntries)
	for name, data := range map[string][]byte{
		"truncated":   good[:len(good)-20],
		"not xz":      []byte("plain text, not an archive"),
		"escape":      makeArchive(t, []entry{{name: "schemas/../../evil.json", body: "x"}}),
		"absolute":    makeArchive(t, []entry{{name: "/etc/evil.json", body: "x"}}),
		"outside":     makeArchive(t, []entry{{name: "other/x.json", body: "x"}}),
		"symlink":     makeArchive(t, []entry{{name: "schemas/link", body: "/etc/passwd", typ: tar.TypeSymlink}}),
		"no schemas/": makeArchive(t, nil),
	} {
		t.Run(name, func(t *testing.T) {
			catalog, cache := writeCatalog(t, data, sumOf(data)), cacheDir(t)
			if res, err := Ensure(catalog, cache, os.Stderr); err == nil {
				t.Fatalf("accepted: %+v", res)
			} else {
				t.Log(err)
			}
			noTemporaries(t, cache)
			if _, err := os.Stat(filepath.Join(cache, "arm-catalog", sumOf(data))); err == nil {
				t.Error("a tree was put in place")
			}
			if _, err := os.Stat(filepath.Join(cache, "evil.json")); err == nil {
				t.Error("wrote outside the tree")
			}
		})
	}
}

func TestSumsFileErrors(t *testing.T) {
	data := makeArchive(t, fakeEntries)
	for name, c := range map[string]struct{ sums, want string }{
		"missing file": {"", "no checksum file"},
		"no archive":   {strings.Repeat("0", 64) + "  other.txt\n", "names 0 *.tar.xz"},
		"two archives": {strings.Repeat("0", 64) + "  a.tar.xz\n" + strings.Repeat("1", 64) + "  b.tar.xz\n", "names 2 *.tar.xz"},
		"bad sum":      {"xyz  a.tar.xz\n", "is not a SHA-256"},
		"path":         {strings.Repeat("0", 64) + "  ../a.tar.xz\n", "is not a file name"},
		"archive gone": {strings.Repeat("0", 64) + "  gone.tar.xz\n", "reading the archive"},
	} {
		t.Run(name, func(t *testing.T) {
			catalog := writeCatalog(t, data, sumOf(data))
			sums := filepath.Join(catalog, SumsFile)
			if c.sums == "" {
				os.Remove(sums)
			} else if err := os.WriteFile(sums, []byte(c.sums), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Ensure(catalog, cacheDir(t), os.Stderr)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}

// Runs at the same time unpack once and agree on the path.
func TestConcurrentRuns(t *testing.T) {
	data := makeArchive(t, fakeEntries)
	catalog, cache := writeCatalog(t, data, sumOf(data)), cacheDir(t)
	var wg sync.WaitGroup
	results := make([]Result, 4)
	errs := make([]error, len(results))
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = Ensure(catalog, cache, os.Stderr)
		}()
	}
	wg.Wait()
	unpacked := 0
	for i, res := range results {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if res.Schemas != results[0].Schemas {
			t.Errorf("paths differ: %s, %s", res.Schemas, results[0].Schemas)
		}
		if res.Unpacked {
			unpacked++
		}
	}
	if unpacked != 1 {
		t.Errorf("%d runs unpacked, want 1", unpacked)
	}
	checkFakeTree(t, results[0].Schemas)
	noTemporaries(t, cache)
}

func TestUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "usage") {
		t.Errorf("no arguments: exit %d, stderr %q", code, stderr.String())
	}
}
