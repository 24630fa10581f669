package release

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedServiceReleases releases the runtime and a generated service
// (the bundled person example, built by armhub-gen from the repository's
// inputs) through successive regenerations: the version rules hold on real
// generated code, whose every release builds alone against the released
// runtime.
func TestGeneratedServiceReleases(t *testing.T) {
	root := repositoryRoot(t)
	gen := buildGenerator(t, root)
	proxy := t.TempDir()
	env := isolatedEnv(t)
	runtime := Options{ModuleDir: filepath.Join(root, "runtime"), Proxy: proxy, RepoModule: "github.com/armhub/armhub", Time: fixedTime, Env: env}
	mustRelease(t, runtime, "v0.1.0")

	service := newPersonService(t, root, gen)
	release := func(want string) Result {
		t.Helper()
		o := runtime
		o.ModuleDir = service.generate(t)
		return mustRelease(t, o, want)
	}
	service.versions = []string{"2020-02-01", "2020-03-01"}
	first := release("v0.1.0")
	requireRuntime(t, proxy, first, "v0.1.0")
	// Regenerated from the same inputs: no new version.
	release("")
	// An API version added (an older one: the hub stays): compatible, minor.
	service.versions = []string{"2020-01-01", "2020-02-01", "2020-03-01"}
	if added := release("v0.2.0"); added.Change != Compatible {
		t.Fatalf("adding an API version was %s:\n%s", added.Change, added.Report)
	}
	// A description edited: the same API, other files; asked to be v1.0.0.
	service.edit = func(schema string) string {
		return strings.Replace(schema, "The person's full name.", "The full name of the person.", 1)
	}
	o := runtime
	o.ModuleDir, o.Version = service.generate(t), "v1.0.0"
	if promoted := mustRelease(t, o, "v1.0.0"); promoted.Change != Patch {
		t.Fatalf("a description edit was %s:\n%s", promoted.Change, promoted.Report)
	}
	// A property removed from a released package: a new major version,
	// refused on the same module path, released on /v2.
	service.drop = "knownAs"
	o.ModuleDir, o.Version = service.generate(t), ""
	before := tree(t, proxy)
	_, err := Run(o)
	wantError(t, err, "need major version v2", "KnownAs: removed")
	if tree(t, proxy) != before {
		t.Fatal("a refused release changed the release directory")
	}
	service.major = "/v2"
	if v2 := release("v2.0.0"); v2.Tag != "apis/person/v2.0.0" {
		t.Fatalf("tag %q", v2.Tag)
	}
}

// personService writes the metadata and schemas of the person example with
// the chosen versions and edits, and generates its module.
type personService struct {
	root, gen, dir string
	versions       []string
	edit           func(string) string
	drop, major    string
}

func newPersonService(t *testing.T, root, gen string) *personService {
	return &personService{root: root, gen: gen, dir: t.TempDir(), edit: func(s string) string { return s }}
}

func (s *personService) generate(t *testing.T) string {
	t.Helper()
	// Always the same folder: the generated root BUILD.bazel names the
	// metadata and schema files by their paths.
	work := filepath.Join(s.dir, "service")
	if err := os.RemoveAll(work); err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join(s.root, "metadata/schemas/common/definitions.json"), filepath.Join(work, "schemas/common/definitions.json"))
	var versions []string
	for _, v := range s.versions {
		schema := s.edit(read(t, filepath.Join(s.root, "metadata/schemas", v, "Example.People.json")))
		if s.drop != "" && v == s.versions[len(s.versions)-1] {
			schema = dropProperty(t, schema, s.drop)
		}
		writeFile(t, filepath.Join(work, "schemas", v, "Example.People.json"), schema)
		versions = append(versions, fmt.Sprintf("  - version: %q", v))
	}
	writeFile(t, filepath.Join(work, "person.yaml"), fmt.Sprintf(personMetadata, s.major, strings.Join(versions, "\n")))
	out := filepath.Join(work, "module")
	cmd := exec.Command(s.gen, "-metadata", filepath.Join(work, "person.yaml"), "-out", out)
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("armhub-gen: %v\n%s", err, output)
	}
	return out
}

const personMetadata = `service: person
provider: Example.People
group: people.example.armhub.io
module:
  path: github.com/armhub/armhub/apis/person%s
schemas: schemas
now: 2026-11-01T00:00:00Z
resources:
  - people
versions:
%s
renames:
  properties:
    - type: PersonProperties
      from: postalAddress
      to: mailingAddress
      since: "2020-03-01"
`

// dropProperty removes one property (a one-line-per-key JSON block) from
// PersonProperties.
func dropProperty(t *testing.T, schema, name string) string {
	start := strings.Index(schema, `"`+name+`": {`)
	if start < 0 {
		t.Fatalf("no property %s", name)
	}
	end := start + strings.Index(schema[start:], "},") + len("},")
	return schema[:start] + strings.TrimLeft(schema[end:], " \n")
}

// requireRuntime checks that a released service requires the released runtime
// and replaces nothing.
func requireRuntime(t *testing.T, proxy string, r Result, version string) {
	goMod := read(t, filepath.Join(proxy, "github.com/armhub/armhub/apis/person/@v", r.Version+".mod"))
	if !strings.Contains(goMod, "github.com/armhub/armhub/runtime "+version) || strings.Contains(goMod, "replace") {
		t.Fatalf("released go.mod:\n%s", goMod)
	}
}

func repositoryRoot(t *testing.T) string {
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err != nil {
		t.Fatalf("not the repository root: %s", root)
	}
	return root
}

func buildGenerator(t *testing.T, root string) string {
	bin := filepath.Join(t.TempDir(), "armhub-gen")
	cmd := exec.Command(filepath.Join(root, "tools/build-generator.sh"), bin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building armhub-gen: %v\n%s", err, out)
	}
	return bin
}

// isolatedEnv gives the go commands a module cache of the test's own (a
// released version's content differs between test runs; a shared cache would
// keep the first), filled from the shared one when it has the module.
func isolatedEnv(t *testing.T) []string {
	shared, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	proxy := "file://" + filepath.Join(strings.TrimSpace(string(shared)), "cache", "download")
	fallback, _ := exec.Command("go", "env", "GOPROXY").Output()
	return append(os.Environ(),
		"GOMODCACHE="+filepath.Join(t.TempDir(), "mod"),
		"GOPROXY="+proxy+","+strings.TrimSpace(string(fallback)),
	)
}

func copyFile(t *testing.T, from, to string) {
	writeFile(t, to, read(t, from))
}

func writeFile(t *testing.T, file, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
