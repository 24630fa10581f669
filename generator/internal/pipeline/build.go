package pipeline

import (
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// build makes the Go view of every version and checks that each resource the
// metadata names exists in at least one version.
func build(svc *metadata.Service, versions []*Version) error {
	found := map[string]bool{}
	for _, v := range versions {
		pkg, err := golang.Build(v.API, svc.Resources)
		if err != nil {
			return fmt.Errorf("%s %s: %w", svc.Provider, v.API.Version, err)
		}
		v.Package = pkg
		for _, r := range pkg.Resources {
			found[strings.ToLower(r.SchemaName)] = true
		}
	}
	for _, name := range svc.Resources {
		if !found[strings.ToLower(name)] {
			return model.Errorf(model.Location{File: svc.File}, "resource %q is in none of the listed versions of %s", name, svc.Provider)
		}
	}
	return nil
}
