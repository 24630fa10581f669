package pipeline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
)

// Every k8s.io module versioned with Kubernetes (v0.N.M: api, apimachinery,
// client-go, apiextensions-apiserver, apiserver, component-base, ...) is at the
// version the controller-runtime we require lists in its own go.mod, so a
// consumer of our modules gets one Kubernetes patch release, not a mix.
// Bumping controller-runtime means bumping kubernetesVersion to what its
// go.mod requires (tools/update-apis-deps.sh reads it from there); every
// release checks the pair (armhub-release).
const (
	controllerRuntime        = "sigs.k8s.io/controller-runtime"
	controllerRuntimeVersion = "v0.22.5"
	kubernetesVersion        = "v0.34.3" // what controller-runtime v0.22.5's go.mod requires
)

// kubernetesVersioned matches the versions of k8s.io modules released with
// Kubernetes; k8s.io/klog/v2, k8s.io/utils and k8s.io/kube-openapi have others.
var kubernetesVersioned = regexp.MustCompile(`^v0\.\d+\.\d+$`)

type requirement struct{ path, version string }

// goModRequirements returns the require directives of a go.mod.
func goModRequirements(t *testing.T, file string, data []byte) []requirement {
	t.Helper()
	f, err := modfile.Parse(file, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []requirement
	for _, r := range f.Require {
		out = append(out, requirement{r.Mod.Path, r.Mod.Version})
	}
	return out
}

// workspaceModules returns the module directories go.work uses.
func workspaceModules(t *testing.T) []string {
	t.Helper()
	file := filepath.Join(repo, "go.work")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	work, err := modfile.ParseWork(file, data, nil)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, u := range work.Use {
		dirs = append(dirs, u.Path)
	}
	if len(dirs) == 0 {
		t.Fatal("go.work uses no modules")
	}
	return dirs
}

func checkKubernetesVersions(t *testing.T, source string, reqs []requirement) {
	t.Helper()
	for _, r := range reqs {
		switch {
		case r.path == controllerRuntime && r.version != controllerRuntimeVersion:
			t.Errorf("%s: %s %s; the Kubernetes versions here are those of %s (update kubernetesVersion with it)",
				source, r.path, r.version, controllerRuntimeVersion)
		case strings.HasPrefix(r.path, "k8s.io/") && kubernetesVersioned.MatchString(r.version) && r.version != kubernetesVersion:
			t.Errorf("%s: %s %s, want %s (what %s %s requires)",
				source, r.path, r.version, kubernetesVersion, controllerRuntime, controllerRuntimeVersion)
		}
	}
}

// TestKubernetesVersions checks what every module of the workspace and every
// generated go.mod (requirements.txt) requires. It reads files only, so it
// runs under Bazel as well. That kubernetesVersion is what controller-runtime's
// own go.mod requires is checked by every release (armhub-release compares a
// released module's build list with it; tools/release-check.sh runs in CI).
func TestKubernetesVersions(t *testing.T) {
	var reqs []requirement
	for _, r := range moduleRequirements() {
		reqs = append(reqs, requirement{r.Path, r.Version})
	}
	if RequiredVersion(controllerRuntime) == "" || RequiredVersion("k8s.io/apimachinery") == "" {
		t.Fatalf("requirements.txt lists no %s or k8s.io/apimachinery", controllerRuntime)
	}
	checkKubernetesVersions(t, "requirements.txt", reqs)
	for _, dir := range workspaceModules(t) {
		file := filepath.Join(dir, "go.mod")
		data, err := os.ReadFile(filepath.Join(repo, file))
		if err != nil {
			t.Errorf("%v (under Bazel: is it in this test's data?)", err)
			continue
		}
		checkKubernetesVersions(t, filepath.ToSlash(filepath.Clean(file)), goModRequirements(t, file, data))
	}
}
