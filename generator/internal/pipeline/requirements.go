package pipeline

import (
	_ "embed"
	"strings"

	"github.com/armhub/armhub/generator/internal/emit/buildfiles"
)

// requirements lists what every generated go.mod requires, one "path version
// [indirect]" a line; tools/update-apis-deps.sh refreshes it. Inside this
// repository go.work maps github.com/armhub/armhub/runtime to the local copy.
//
//go:embed requirements.txt
var requirements string

func moduleRequirements() []buildfiles.Requirement {
	var out []buildfiles.Requirement
	for _, line := range strings.Split(strings.TrimSpace(requirements), "\n") {
		fields := strings.Fields(line)
		if len(fields) < 2 {
			continue
		}
		out = append(out, buildfiles.Requirement{Path: fields[0], Version: fields[1], Indirect: len(fields) > 2})
	}
	return out
}

// RequiredVersion returns the version of module path that generated modules
// require, or "" when they do not require it.
func RequiredVersion(path string) string {
	for _, r := range moduleRequirements() {
		if r.Path == path {
			return r.Version
		}
	}
	return ""
}
