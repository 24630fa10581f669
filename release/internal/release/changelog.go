package release

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"strings"

	"golang.org/x/exp/apidiff"
)

// changelog returns a release's CHANGELOG.md: the version rule applied, the
// API versions (packages) added and removed, every Go API change apidiff
// found, the status fields added among them, and the generator's
// property-change report for the API versions this release adds (all of it
// for a first release).
func (o Options) changelog(result Result, staged string) ([]byte, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s %s\n\nTag: `%s`\n\n", result.Module, result.Version, result.Tag)
	if result.Previous == "" {
		b.WriteString("First release.\n")
	} else {
		fmt.Fprintf(&b, "Since %s: %s.\n", result.Previous, result.Change)
	}
	added, removed := packageChanges(result.Report)
	writeList(&b, "Packages added", added)
	writeList(&b, "Packages removed", removed)
	writeList(&b, "Incompatible API changes", messages(result.Report, false, true))
	writeList(&b, "Compatible API changes", messages(result.Report, true, true))
	writeList(&b, "Status fields added (what the service reports, now readable)", statusAdded(result.Report))
	report, err := o.propertyChanges(result, added)
	if err != nil {
		return nil, err
	}
	writeList(&b, "Property changes (generator report)", report)
	return []byte(b.String()), nil
}

// packageChanges returns the packages a report adds and removes.
func packageChanges(report apidiff.Report) (added, removed []string) {
	for _, c := range report.Changes {
		name, change, ok := strings.Cut(strings.TrimPrefix(c.Message, "package "), ": ")
		if !ok || !strings.HasPrefix(c.Message, "package ") {
			continue
		}
		switch change {
		case "added":
			added = append(added, name)
		case "removed":
			removed = append(removed, name)
		}
	}
	return added, removed
}

// statusAdded returns the compatible changes that add a field to a status
// type (<Kind>_Status, or a type only a status reaches, <Name>_Status) or add
// such a type.
func statusAdded(report apidiff.Report) []string {
	var out []string
	for _, m := range messages(report, true, true) {
		if statusChange.MatchString(m) {
			out = append(out, m)
		}
	}
	return out
}

// statusChange matches apidiff's message for an added status type or field.
var statusChange = regexp.MustCompile(`_Status(\.\w+)?: added$`)

// messages returns a report's change messages of one kind, without the
// package additions and removals when withoutPackages.
func messages(report apidiff.Report, compatible, withoutPackages bool) []string {
	var out []string
	for _, c := range report.Changes {
		if c.Compatible != compatible {
			continue
		}
		if withoutPackages && strings.HasPrefix(c.Message, "package ") && (strings.HasSuffix(c.Message, ": added") || strings.HasSuffix(c.Message, ": removed")) {
			continue
		}
		out = append(out, c.Message)
	}
	return out
}

// propertyChanges returns the report lines about the API versions added
// (whose package name, like v20230501, is an API version without its
// punctuation), or every line for a first release.
func (o Options) propertyChanges(result Result, added []string) ([]string, error) {
	if o.Report == "" {
		return nil, nil
	}
	data, err := os.ReadFile(o.Report)
	if err != nil {
		return nil, fmt.Errorf("-report: %v", err)
	}
	var lines []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if line != "" && (result.Previous == "" || mentionsAny(line, added)) {
			lines = append(lines, line)
		}
	}
	return lines, nil
}

// mentionsAny reports whether a report line names the API version of one of
// the packages (as "removed in 2023-05-01" for the package v20230501).
func mentionsAny(line string, packages []string) bool {
	for _, p := range packages {
		name := path.Base(p)
		if name == "storage" || name == "compat" {
			continue
		}
		for _, field := range strings.Fields(line) {
			if compact := "v" + strings.ReplaceAll(field, "-", ""); compact == name {
				return true
			}
		}
	}
	return false
}

func writeList(b *strings.Builder, title string, items []string) {
	if len(items) == 0 {
		return
	}
	fmt.Fprintf(b, "\n## %s\n\n", title)
	for _, item := range items {
		b.WriteString("- " + item + "\n")
	}
}
