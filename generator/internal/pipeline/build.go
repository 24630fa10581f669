package pipeline

import (
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// build returns the spoke package of every version and checks that each
// resource the metadata names exists in at least one version.
func build(svc *metadata.Service, apis []*model.APIVersion) ([]*golang.Package, error) {
	found := map[string]bool{}
	spokes := make([]*golang.Package, len(apis))
	for i, api := range apis {
		pkg, err := golang.Build(api, svc.Resources)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", svc.Provider, api.Version, err)
		}
		spokes[i] = pkg
		for _, r := range pkg.Resources {
			found[strings.ToLower(r.SchemaName)] = true
		}
	}
	for i, name := range svc.Resources {
		if !found[strings.ToLower(name)] {
			at := model.Location{File: svc.File}
			if i < len(svc.ResourceLines) {
				at.Line = svc.ResourceLines[i]
			}
			return nil, model.Errorf(at, "resource %q is in none of the listed versions of %s", name, svc.Provider)
		}
	}
	return spokes, nil
}
