package release

import (
	"archive/zip"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The tests release a small module without dependencies, changed between
// releases the way a regenerated service changes.

const toyPath = "example.com/repo/apis/toy"

// toy writes the module with the given source for package v1 (and a v2
// package when v2 is not empty) into a fresh folder.
func toy(t *testing.T, modulePath, v1, v2 string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":   "module " + modulePath + "\n\ngo 1.24.0\n\nreplace example.com/other => ../other\n",
		"v1/v1.go": "package v1\n\n" + v1,
	}
	if v2 != "" {
		files["v2/v2.go"] = "package v2\n\n" + v2
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const (
	account      = "// Account is an account.\ntype Account struct {\n\tName string\n\tSize int\n}\n"
	accountDoc   = "// Account is a storage account.\ntype Account struct {\n\tName string\n\tSize int\n}\n"
	accountNoSz  = "// Account is an account.\ntype Account struct {\n\tName string\n}\n"
	accountExtra = "// Account is an account.\ntype Account struct {\n\tName string\n\tSize int\n\tTier string\n}\n"
)

var fixedTime = time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)

func options(t *testing.T, proxy, moduleDir string) Options {
	return Options{
		ModuleDir:  moduleDir,
		Proxy:      proxy,
		RepoModule: "example.com/repo",
		Time:       fixedTime,
		Env:        append(os.Environ(), "GOPROXY=off"),
	}
}

func mustRelease(t *testing.T, o Options, want string) Result {
	t.Helper()
	result, err := Run(o)
	if err != nil {
		t.Fatalf("release: %v", err)
	}
	if result.Version != want {
		t.Fatalf("released %q (%s), want %q; apidiff:\n%s", result.Version, result.Change, want, result.Report)
	}
	return result
}

func TestSuccessiveReleasesFollowTheSemverRules(t *testing.T) {
	proxy := t.TempDir()
	mustRelease(t, options(t, proxy, toy(t, toyPath, account, "")), "v0.1.0")
	// The same files again: nothing to release.
	mustRelease(t, options(t, proxy, toy(t, toyPath, account, "")), "")
	// A doc comment changed, the API did not: patch.
	mustRelease(t, options(t, proxy, toy(t, toyPath, accountDoc, "")), "v0.1.1")
	// A package added (an API version): minor.
	mustRelease(t, options(t, proxy, toy(t, toyPath, accountDoc, account)), "v0.2.0")
	// A field added: minor.
	mustRelease(t, options(t, proxy, toy(t, toyPath, accountDoc, accountExtra)), "v0.3.0")
	// A field removed while at v0: minor.
	mustRelease(t, options(t, proxy, toy(t, toyPath, accountDoc, account)), "v0.4.0")
	// Promoted to v1 on request.
	o := options(t, proxy, toy(t, toyPath, account, account))
	o.Version = "v1.0.0"
	mustRelease(t, o, "v1.0.0")
	mustRelease(t, options(t, proxy, toy(t, toyPath, account, accountExtra)), "v1.1.0")
	// A field removed at v1: a new major version, which needs a new module path.
	before := tree(t, proxy)
	_, err := Run(options(t, proxy, toy(t, toyPath, account, account)))
	wantError(t, err, "need major version v2", "example.com/repo/apis/toy/v2", "removed")
	if after := tree(t, proxy); after != before {
		t.Fatalf("a refused release changed the release directory:\n%s\n---\n%s", before, after)
	}
	// On the /v2 path it is v2.0.0, tagged under the same prefix.
	result := mustRelease(t, options(t, proxy, toy(t, toyPath+"/v2", account, account)), "v2.0.0")
	if result.Tag != "apis/toy/v2.0.0" {
		t.Fatalf("tag %q, want apis/toy/v2.0.0", result.Tag)
	}
	versions, err := Proxy{Dir: proxy}.Versions(toyPath, "apis/toy")
	if err != nil || strings.Join(versions, " ") != "v0.1.0 v0.1.1 v0.2.0 v0.3.0 v0.4.0 v1.0.0 v1.1.0" {
		t.Fatalf("listed %v, %v", versions, err)
	}
}

func TestReleaseRecordsAreWritten(t *testing.T) {
	proxy := t.TempDir()
	mustRelease(t, options(t, proxy, toy(t, toyPath, account, "")), "v0.1.0")
	o := options(t, proxy, toy(t, toyPath, accountNoSz, account))
	report := filepath.Join(t.TempDir(), "report.txt")
	os.WriteFile(report, []byte("toy: Account.size removed in 2020-02-01 (present in 2020-01-01): assessed\ntoy: Other.x removed in 2019-01-01 (present in 2018-01-01): assessed\n"), 0o644)
	o.Report = report
	o.License = filepath.Join(t.TempDir(), "LICENSE")
	os.WriteFile(o.License, []byte("the license"), 0o644)
	os.WriteFile(filepath.Join(o.ModuleDir, "REFERENCE.md"), []byte("# toy: API reference\n"), 0o644)
	mustRelease(t, o, "v0.2.0")
	if names := zipNames(t, filepath.Join(proxy, "example.com/repo/apis/toy/@v/v0.2.0.zip")); !strings.Contains(names, toyPath+"@v0.2.0/LICENSE\n") {
		t.Errorf("the release has no LICENSE: %s", names)
	}
	notes := filepath.Join(proxy, "armhub", "apis", "toy", "v0.2.0")
	changelog := read(t, filepath.Join(notes, "CHANGELOG.md"))
	for _, want := range []string{"Tag: `apis/toy/v0.2.0`", "Since v0.1.0: incompatible", "- example.com/repo/apis/toy/v2\n", "Account.Size: removed"} {
		if !strings.Contains(changelog, want) {
			t.Errorf("CHANGELOG.md lacks %q:\n%s", want, changelog)
		}
	}
	info := read(t, filepath.Join(proxy, "example.com", "repo", "apis", "toy", "@v", "v0.2.0.info"))
	if info != `{"Version":"v0.2.0","Time":"2026-11-24T00:00:00Z"}` {
		t.Errorf(".info is %s", info)
	}
	if list := read(t, filepath.Join(proxy, "example.com", "repo", "apis", "toy", "@v", "list")); list != "v0.1.0\nv0.2.0\n" {
		t.Errorf("list is %q", list)
	}
	if ref := read(t, filepath.Join(notes, "REFERENCE.md")); ref != "# toy: API reference\n" {
		t.Errorf("the notes' REFERENCE.md is %q", ref)
	}
	if record := read(t, filepath.Join(notes, "release.json")); !strings.Contains(record, `"zipHash": "h1:`) {
		t.Errorf("release.json: %s", record)
	}
}

// A status field or type added (a service that now reads its status from
// Swagger) is listed apart in the CHANGELOG; a spec field is not.
func TestTheChangelogListsStatusFieldsAdded(t *testing.T) {
	const before = account + "// Account_Status is what the service reports.\ntype Account_Status struct {\n\tConditions []string\n}\n"
	const after = accountExtra + "// Account_Status is what the service reports.\ntype Account_Status struct {\n\tConditions []string\n\tProperties *Properties_Status\n}\n\n" +
		"// Properties_Status is reported.\ntype Properties_Status struct {\n\tState *string\n}\n"
	proxy := t.TempDir()
	mustRelease(t, options(t, proxy, toy(t, toyPath, before, "")), "v0.1.0")
	mustRelease(t, options(t, proxy, toy(t, toyPath, after, "")), "v0.2.0")
	changelog := read(t, filepath.Join(proxy, "armhub", "apis", "toy", "v0.2.0", "CHANGELOG.md"))
	_, section, ok := strings.Cut(changelog, "Status fields added")
	if !ok {
		t.Fatalf("CHANGELOG.md has no status section:\n%s", changelog)
	}
	section, _, _ = strings.Cut(section, "\n\n## ")
	for _, want := range []string{"Account_Status.Properties: added", "Properties_Status: added"} {
		if !strings.Contains(section, want) {
			t.Errorf("the status section lacks %q:\n%s", want, section)
		}
	}
	if strings.Contains(section, "Account.Tier") {
		t.Errorf("the status section lists a spec field:\n%s", section)
	}
}

func TestTheChangelogQuotesTheReportForAddedVersions(t *testing.T) {
	lines := []string{"svc: A.b removed in 2020-02-01 (present in 2020-01-01): assessed", "svc: A.c removed in 2019-01-01 (present in 2018-01-01): assessed"}
	if !mentionsAny(lines[0], []string{"example.com/repo/apis/svc/v20200201"}) || mentionsAny(lines[1], []string{"example.com/repo/apis/svc/v20200201", "example.com/repo/apis/svc/v20200201/storage"}) {
		t.Fatal("report lines are matched to the wrong API versions")
	}
}

func TestBadInputWritesNothing(t *testing.T) {
	proxy := t.TempDir()
	mustRelease(t, options(t, proxy, toy(t, toyPath, account, "")), "v0.1.0")
	vdir := filepath.Join(proxy, "example.com", "repo", "apis", "toy", "@v")
	cases := []struct {
		name  string
		setup func(o *Options)
		want  []string
	}{
		{"a version going backwards", func(o *Options) { o.Version = "v0.0.9" }, []string{"would go backwards", "v0.1.0"}},
		{"a version below what the change needs", func(o *Options) { o.Version = "v0.1.1" }, []string{"less than the changes", "v0.2.0"}},
		{"a version that is no release version", func(o *Options) { o.Version = "1.2" }, []string{`-version "1.2"`}},
		{"a module of another repository", func(o *Options) { o.RepoModule = "example.com/elsewhere" }, []string{"not in this repository"}},
		{"no module", func(o *Options) { o.ModuleDir = t.TempDir() }, []string{"no module to release"}},
		{"a missing zip", func(o *Options) {
			os.Rename(filepath.Join(vdir, "v0.1.0.zip"), filepath.Join(o.Proxy, "..", "moved.zip"))
		}, []string{"missing", "v0.1.0.zip"}},
		{"a changed zip", func(o *Options) { tamper(t, filepath.Join(vdir, "v0.1.0.zip")) }, []string{"dirty", "v0.1.0"}},
		{"an unknown file", func(o *Options) { os.WriteFile(filepath.Join(vdir, "v0.0.1.zip"), nil, 0o644) }, []string{"v0.0.1.zip", "not part of any release"}},
		{"a bad list", func(o *Options) { os.WriteFile(filepath.Join(vdir, "list"), []byte("v0.1.0\nbanana\n"), 0o644) }, []string{"list:2", "banana"}},
		{"a missing list", func(o *Options) { os.Remove(filepath.Join(vdir, "list")) }, []string{"list: missing"}},
		{"an unreleased requirement", func(o *Options) { o.ModuleDir = requiring(t, "example.com/repo/runtime") }, []string{"example.com/repo/runtime", "no release", "release it first"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			copyProxy := filepath.Join(t.TempDir(), "proxy")
			if err := os.CopyFS(copyProxy, os.DirFS(proxy)); err != nil {
				t.Fatal(err)
			}
			vdir = filepath.Join(copyProxy, "example.com", "repo", "apis", "toy", "@v")
			o := options(t, copyProxy, toy(t, toyPath, account, account))
			c.setup(&o)
			before := tree(t, copyProxy)
			_, err := Run(o)
			wantError(t, err, c.want...)
			if after := tree(t, copyProxy); after != before {
				t.Fatalf("the release directory changed:\n%s\n---\n%s", before, after)
			}
		})
	}
}

func requiring(t *testing.T, path string) string {
	dir := toy(t, toyPath, account, "")
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+toyPath+"\n\ngo 1.24.0\n\nrequire "+path+" v0.1.0\n"), 0o644)
	return dir
}

func tamper(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 0xff
	os.WriteFile(file, data, 0o644)
}

func wantError(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want one saying %q", parts)
	}
	for _, part := range parts {
		if !strings.Contains(err.Error(), part) {
			t.Fatalf("error %q does not say %q", err, part)
		}
	}
}

// tree lists every file under dir with its size and content hash.
func tree(t *testing.T, dir string) string {
	t.Helper()
	files, err := fileHashes(dir)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, name := range sortedKeys(files) {
		lines = append(lines, name+" "+files[name])
	}
	return strings.Join(lines, "\n")
}

func zipNames(t *testing.T, file string) string {
	r, err := zip.OpenReader(file)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var names string
	for _, f := range r.File {
		names += f.Name + "\n"
	}
	return names
}

func read(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
