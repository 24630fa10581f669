package metadata

import (
	"fmt"
	"regexp"
	"strings"
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

// checkModulePath fails on what the go command rejects in a module path (the
// rules of golang.org/x/mod/module.CheckPath).
func checkModulePath(path string) error {
	if path == "" || strings.HasPrefix(path, "/") || strings.HasSuffix(path, "/") {
		return fmt.Errorf("expected no leading or trailing slash")
	}
	elems := strings.Split(path, "/")
	if err := checkFirstElem(elems[0]); err != nil {
		return err
	}
	for _, elem := range elems {
		if err := checkElem(elem); err != nil {
			return err
		}
	}
	return checkMajor(elems[len(elems)-1])
}

var firstElem = regexp.MustCompile(`^[a-z0-9.-]+$`)

func checkFirstElem(elem string) error {
	if !strings.Contains(elem, ".") {
		return fmt.Errorf("expected a dot in the first path element (a domain name)")
	}
	if !firstElem.MatchString(elem) || strings.HasPrefix(elem, "-") {
		return fmt.Errorf("expected the first path element %q to hold only lower-case letters, digits, dots and dashes, not starting with a dash", elem)
	}
	return nil
}

var (
	elemChars   = regexp.MustCompile(`^[A-Za-z0-9._~-]+$`)
	shortName   = regexp.MustCompile(`~[0-9]+$`)
	windowsName = regexp.MustCompile(`^(?i)(con|prn|aux|nul|com[1-9]|lpt[1-9])$`)
)

func checkElem(elem string) error {
	switch {
	case elem == "":
		return fmt.Errorf("expected no empty path element (//)")
	case strings.Trim(elem, ".") == "":
		return fmt.Errorf("expected no path element %q", elem)
	case strings.HasPrefix(elem, ".") || strings.HasSuffix(elem, "."):
		return fmt.Errorf("expected path element %q not to start or end with a dot", elem)
	case !elemChars.MatchString(elem):
		return fmt.Errorf("expected path element %q to hold only letters, digits and - . _ ~", elem)
	case shortName.MatchString(elem):
		return fmt.Errorf("expected path element %q not to end in ~ and digits", elem)
	}
	base, _, _ := strings.Cut(elem, ".")
	if windowsName.MatchString(base) {
		return fmt.Errorf("expected path element %q not to be a reserved file name on Windows", elem)
	}
	return nil
}

var majorElem = regexp.MustCompile(`^v[0-9.]+$`)

// checkMajor fails on a major-version suffix the go command rejects: /v0, /v1,
// a leading zero or a dot.
func checkMajor(last string) error {
	if !majorElem.MatchString(last) {
		return nil
	}
	if strings.Contains(last, ".") || last[1] == '0' || last == "v1" {
		return fmt.Errorf("expected a major version suffix /vN with N at least 2 and no leading zero, not /%s", last)
	}
	return nil
}
