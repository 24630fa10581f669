package metadata

import (
	"path"
	"slices"
	"strings"
)

// The input formats a service's schemas can have.
const (
	FormatARM     = "arm"     // ARM deployment JSON schemas: <api-version>/<Provider>.json
	FormatSwagger = "swagger" // Swagger 2.0 in the azure-rest-api-specs layout
)

// Input says which format the service's schemas are in and, for Swagger,
// where the service's folder is.
type Input struct {
	// Format is FormatARM (the default when empty) or FormatSwagger.
	Format string `yaml:"format"`
	// Dir is the service's folder under the schema root, holding stable/<version>
	// and preview/<version>-preview (Swagger only), such as
	// specification/msi/resource-manager/Microsoft.ManagedIdentity/ManagedIdentity.
	Dir string `yaml:"dir"`
	// Status lists where the status of versions read from ARM deployment
	// schemas (which describe no status) comes from: Swagger folders under
	// the Swagger root (the generator's -swagger), each with the versions it
	// gives status to. Versions in no entry have conditions only.
	Status []StatusSource `yaml:"status"`
}

// StatusSource is a Swagger folder that gives some versions their status.
type StatusSource struct {
	// Dir is the folder holding stable/<version> and preview/<version>-preview,
	// as Input.Dir.
	Dir      string   `yaml:"dir"`
	Versions []string `yaml:"versions"`
	// From, when set, is the API version whose Swagger folder gives Versions
	// their status, for versions Azure's Swagger does not document (Key
	// Vault's secrets of 2015-06-01 are first documented at 2016-10-01): the
	// oldest version that documents the resource's GET, noted in the output.
	From string `yaml:"from"`
}

// StatusSources returns the entries of input.status that give version its
// status, in the metadata's order: none, one, or one per Swagger folder when
// the version's resources span several (Microsoft.Cache's Redis and
// RedisEnterprise).
func (s *Service) StatusSources(version string) []StatusSource {
	var out []StatusSource
	for _, src := range s.Input.Status {
		if slices.Contains(src.Versions, version) {
			out = append(out, src)
		}
	}
	return out
}

// SwaggerVersion returns the API version whose Swagger folder src reads for
// version: From if set, else version itself.
func (src StatusSource) SwaggerVersion(version string) string {
	if src.From != "" {
		return src.From
	}
	return version
}

// InputFormat returns the format of the service's schemas: Input.Format, or
// FormatARM when it is empty.
func (s *Service) InputFormat() string {
	if s.Input.Format == "" {
		return FormatARM
	}
	return s.Input.Format
}

// checkInput checks the input section: a known format, and a folder, a clean
// relative path, for Swagger and only for it.
func (s *Service) checkInput(lines *lineFinder) error {
	in := s.Input
	switch in.Format {
	case "", FormatARM:
		if in.Dir != "" {
			return s.errorf(lines.find("input", "dir"), "input.dir is for the swagger format only (the ARM schemas are found by version and provider)")
		}
		return s.checkStatusSources(lines)
	case FormatSwagger:
		if len(in.Status) > 0 {
			return s.errorf(lines.find("input", "status"), "input.status is for the arm format: a service read from Swagger has its status in the same files")
		}
	default:
		return s.errorf(lines.find("input", "format"), "input format %q: expected %q or %q", in.Format, FormatARM, FormatSwagger)
	}
	if in.Dir == "" {
		return s.errorf(lines.find("input"), "input.dir is required for the swagger format: the service's folder under the schema root, holding stable/ and preview/")
	}
	if !cleanRelative(in.Dir) {
		return s.errorf(lines.find("input", "dir"), "input.dir %q: expected a clean relative path with slashes, inside the schema root", in.Dir)
	}
	return nil
}

// cleanRelative reports whether dir is a clean relative slash-separated path
// that stays inside its root.
func cleanRelative(dir string) bool {
	clean := path.Clean(dir)
	return clean == dir && !path.IsAbs(dir) && clean != ".." && !strings.HasPrefix(clean, "../") && !strings.Contains(dir, `\`)
}

// checkStatusSources checks input.status: each entry a clean folder and
// versions the metadata lists, no version in two entries of one folder.
func (s *Service) checkStatusSources(lines *lineFinder) error {
	listed := map[string]bool{}
	for _, v := range s.Versions {
		listed[v.Version] = true
	}
	given := map[[2]string]bool{} // version and folder
	for i, src := range s.Input.Status {
		if !cleanRelative(src.Dir) || src.Dir == "" {
			return s.errorf(lines.find("input", "status", i, "dir"), "input.status[%d].dir %q: expected the Swagger folder (holding stable/ and preview/) as a clean relative path with slashes, inside the Swagger root", i, src.Dir)
		}
		if src.From != "" && !apiVersion.MatchString(src.From) {
			return s.errorf(lines.find("input", "status", i, "from"), "input.status[%d].from %q: expected an API version (yyyy-mm-dd, optionally -preview) whose Swagger folder gives the listed versions their status", i, src.From)
		}
		if len(src.Versions) == 0 {
			return s.errorf(lines.find("input", "status", i), "input.status[%d] names no versions: list the versions whose status %s gives", i, src.Dir)
		}
		for j, v := range src.Versions {
			switch {
			case !listed[v]:
				return s.errorf(lines.find("input", "status", i, "versions", j), "input.status[%d]: version %q is not one of the versions listed under versions", i, v)
			case given[[2]string{v, src.Dir}]:
				return s.errorf(lines.find("input", "status", i, "versions", j), "input.status: version %q is given its status by %s twice", v, src.Dir)
			}
			given[[2]string{v, src.Dir}] = true
		}
	}
	return nil
}
