package release

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/semver"
	"golang.org/x/mod/zip"
)

// placeholder is the version a module is staged under before its release
// version is known (a pseudo-version of the major its path allows).
func placeholder(modulePath string) string {
	major := pathMajor(modulePath)
	if major < 2 {
		major = 0
	}
	return fmt.Sprintf("v%d.0.0-00010101000000-000000000000", major)
}

// stageModule copies the files of the module in source that a module zip
// holds (the zip rules leave out nested modules, vendor and VCS folders) into
// dir, and returns its module path.
func stageModule(source, dir, scratch string) (string, error) {
	data, err := os.ReadFile(filepath.Join(source, "go.mod"))
	if err != nil {
		return "", fmt.Errorf("no module to release in %s: %v", source, err)
	}
	modulePath := modfile.ModulePath(data)
	if modulePath == "" {
		return "", fmt.Errorf("%s: no module directive", filepath.Join(source, "go.mod"))
	}
	if err := module.CheckPath(modulePath); err != nil {
		return "", fmt.Errorf("%s: %v", filepath.Join(source, "go.mod"), err)
	}
	zipFile := filepath.Join(scratch, "staged.zip")
	out, err := os.Create(zipFile)
	if err != nil {
		return "", err
	}
	version := module.Version{Path: modulePath, Version: placeholder(modulePath)}
	if err := zip.CreateFromDir(out, version, source); err != nil {
		out.Close()
		return "", fmt.Errorf("%s: %v", source, err)
	}
	if err := out.Close(); err != nil {
		return "", err
	}
	return modulePath, zip.Unzip(dir, version, zipFile)
}

// pinRequirements rewrites the staged go.mod for release: no replace
// directives, and every module of this repository it requires at its latest
// release in the proxy (an unreleased one is an error).
func pinRequirements(dir string, o Options) error {
	file := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	mod, err := modfile.Parse(file, data, nil)
	if err != nil {
		return err
	}
	for _, r := range append([]*modfile.Replace(nil), mod.Replace...) {
		if err := mod.DropReplace(r.Old.Path, r.Old.Version); err != nil {
			return err
		}
	}
	for _, r := range mod.Require {
		if !strings.HasPrefix(r.Mod.Path, o.RepoModule+"/") {
			continue
		}
		latest, err := o.proxy().latest(r.Mod.Path, tagPrefix(r.Mod.Path, o.RepoModule))
		if err != nil {
			return err
		}
		if latest == "" {
			return fmt.Errorf("%s requires %s, which has no release in %s: release it first", mod.Module.Mod.Path, r.Mod.Path, o.Proxy)
		}
		if err := mod.AddRequire(r.Mod.Path, latest); err != nil {
			return err
		}
	}
	mod.Cleanup()
	out, err := mod.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(file, out, 0o644)
}

// goCommand runs the go command in dir with the release environment.
func goCommand(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("go %s in %s: %v\n%s", strings.Join(args, " "), dir, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// tidyAndBuild gives the staged module its go.sum and builds every package of
// it alone, against released versions only.
func tidyAndBuild(dir string, env []string) error {
	if _, err := goCommand(dir, env, "mod", "tidy"); err != nil {
		return err
	}
	_, err := goCommand(dir, env, "build", "./...")
	return err
}

// checkKubernetesVersions fails when a k8s.io module of the staged module's
// build list is not at the version the controller-runtime it requires asks
// for (a consumer would otherwise build against mixed Kubernetes patches).
func checkKubernetesVersions(dir string, env []string) error {
	out, err := goCommand(dir, env, "list", "-m", "-f", "{{.Path}} {{.Version}}", "all")
	if err != nil {
		return err
	}
	built := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if fields := strings.Fields(line); len(fields) == 2 {
			built[fields[0]] = fields[1]
		}
	}
	controller := built["sigs.k8s.io/controller-runtime"]
	if controller == "" {
		return nil
	}
	wanted, err := controllerRuntimeRequirements(dir, env, controller)
	if err != nil {
		return err
	}
	var skew []string
	for _, path := range sortedKeys(built) {
		want, listed := wanted[path]
		if strings.HasPrefix(path, "k8s.io/") && listed && built[path] != want {
			skew = append(skew, fmt.Sprintf("%s %s (controller-runtime %s requires %s)", path, built[path], controller, want))
		}
	}
	if len(skew) > 0 {
		return fmt.Errorf("the Kubernetes modules are at another patch version than controller-runtime's: %s", strings.Join(skew, "; "))
	}
	return nil
}

// controllerRuntimeRequirements returns what controller-runtime's go.mod
// requires, by module path.
func controllerRuntimeRequirements(dir string, env []string, version string) (map[string]string, error) {
	out, err := goCommand(dir, env, "mod", "download", "-json", "sigs.k8s.io/controller-runtime@"+version)
	if err != nil {
		return nil, err
	}
	goMod := jsonField(out, "GoMod")
	data, err := os.ReadFile(goMod)
	if err != nil {
		return nil, fmt.Errorf("controller-runtime %s: %v", version, err)
	}
	mod, err := modfile.ParseLax(goMod, data, nil)
	if err != nil {
		return nil, err
	}
	wanted := map[string]string{}
	for _, r := range mod.Require {
		if semver.Prerelease(r.Mod.Version) == "" {
			wanted[r.Mod.Path] = r.Mod.Version
		}
	}
	return wanted, nil
}

// fileHashes returns every file under dir by its slash-separated path, as the
// SHA-256 of its content.
func fileHashes(dir string) (map[string]string, error) {
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = hex.EncodeToString(h.Sum(nil))
		return nil
	})
	return files, err
}
