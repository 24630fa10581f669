package metadata

import (
	"errors"
	"fmt"
	"regexp"

	"golang.org/x/mod/module"
)

// providerName is an ARM provider namespace: dot-separated words of letters and
// digits, such as Microsoft.Storage or Microsoft.KeyVault.Secrets.
var providerName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$`)

// checkProvider fails unless p is shaped like an ARM provider namespace; the
// provider names a schema file, a Go package and Bazel labels.
func checkProvider(p string) error {
	if !providerName.MatchString(p) {
		return fmt.Errorf("provider %q is not an ARM provider namespace: expected words of letters and digits separated by dots, like Microsoft.Storage", p)
	}
	return nil
}

// checkModulePath fails on what the go command rejects in a module path
// (golang.org/x/mod/module.CheckPath), saying which rule the path breaks.
func checkModulePath(path string) error {
	err := module.CheckPath(path)
	if err == nil {
		return nil
	}
	if _, _, ok := module.SplitPathVersion(path); !ok {
		return fmt.Errorf("expected a major version suffix /vN with N at least 2 and no leading zero")
	}
	var invalid *module.InvalidPathError
	if errors.As(err, &invalid) {
		return invalid.Err // without the path, which the caller names
	}
	return err
}
