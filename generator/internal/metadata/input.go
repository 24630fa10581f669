package metadata

import (
	"path"
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
		return nil
	case FormatSwagger:
	default:
		return s.errorf(lines.find("input", "format"), "input format %q: expected %q or %q", in.Format, FormatARM, FormatSwagger)
	}
	if in.Dir == "" {
		return s.errorf(lines.find("input"), "input.dir is required for the swagger format: the service's folder under the schema root, holding stable/ and preview/")
	}
	if clean := path.Clean(in.Dir); clean != in.Dir || path.IsAbs(in.Dir) || clean == ".." || strings.HasPrefix(clean, "../") || strings.Contains(in.Dir, `\`) {
		return s.errorf(lines.find("input", "dir"), "input.dir %q: expected a clean relative path with slashes, inside the schema root", in.Dir)
	}
	return nil
}
