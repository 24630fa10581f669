package layout

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// top is the repository's root, from this package's directory (also in Bazel's
// runfiles, with //:deps.bzl and the requirements as data).
const top = "../../.."

// goRepositoryRule matches one go_repository of deps.bzl, its name and importpath.
var goRepositoryRule = regexp.MustCompile(`(?s)go_repository\(\s*name = "([^"]+)",.*?importpath = "([^"]+)",.*?\n\s*\)`)

// depsRepositories returns deps.bzl's go_repository names by importpath.
func depsRepositories(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(top, "deps.bzl"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, m := range goRepositoryRule.FindAllStringSubmatch(string(data), -1) {
		out[m[2]] = m[1]
	}
	if n := strings.Count(string(data), "\n    go_repository("); len(out) != n || n == 0 {
		t.Fatalf("deps.bzl: read %d go_repository rules of %d", len(out), n)
	}
	return out
}

// The table the generator takes repository names from is deps.bzl's.
func TestRepositoriesAreDepsBzl(t *testing.T) {
	if diff := cmp.Diff(depsRepositories(t), goRepositories); diff != "" {
		t.Errorf("repositories.go differs from deps.bzl (-deps.bzl +repositories.go); run tools/update-repository-names.sh:\n%s", diff)
	}
}

// Every label the generator can write for an external package, that is for a
// package of a module generated go.mod files require, names the go_repository
// of deps.bzl whose importpath is that module.
func TestExternalLabelsAreGoRepositories(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(top, "generator/internal/pipeline/requirements.txt"))
	if err != nil {
		t.Fatal(err)
	}
	deps := depsRepositories(t)
	for _, labels := range []Labels{LabelsFor("storage", "github.com/armhub/armhub/apis/storage"), ExternalLabelsFor("github.com/armhub/armhub/apis/storage")} {
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			module := strings.Fields(line)[0]
			if strings.HasPrefix(module, "github.com/armhub/armhub/") {
				continue
			}
			want, ok := deps[module]
			if !ok {
				t.Errorf("requirements.txt requires %s, which deps.bzl has no go_repository for (tools/update-deps.sh)", module)
				continue
			}
			for _, pkg := range []string{module, module + "/pkg/sub"} {
				got, err := labels.Label(pkg)
				if err != nil || !strings.HasPrefix(got, "@"+want+"//") {
					t.Errorf("Label(%q) = %q, %v; want a label in @%s (deps.bzl's go_repository for %s)", pkg, got, err, want, module)
				}
			}
		}
	}
}

func TestLabelOfUnknownModule(t *testing.T) {
	if got, err := LabelsFor("storage", "github.com/armhub/armhub/apis/storage").Label("example.com/nowhere/pkg"); err == nil {
		t.Errorf("Label of a module deps.bzl lacks = %q, want an error", got)
	}
}
