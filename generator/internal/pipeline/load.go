package pipeline

import (
	"fmt"
	"path/filepath"

	"github.com/armhub/armhub/generator/internal/formats"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// loaded is what the load stage returns: every version's model, oldest first,
// the schema files read (relative to the schema root) and the loader's notes.
type loaded struct {
	apis  []*model.APIVersion
	files []string
	notes []string
}

// schemaRoot returns the schema directory for svc.
func schemaRoot(svc *metadata.Service, opts Options) string {
	if opts.SchemaRoot != "" {
		return opts.SchemaRoot
	}
	if svc.Schemas == "" {
		return filepath.Join(svc.Dir, "schemas")
	}
	if filepath.IsAbs(svc.Schemas) {
		return svc.Schemas
	}
	return filepath.Join(svc.Dir, svc.Schemas)
}

// load reads the schema of every version listed in svc, in parallel, with
// the loader of the service's input format (package formats), up to
// opts.Workers at once; the result is in version order, oldest first,
// whatever the workers.
func load(svc *metadata.Service, opts Options) (*loaded, error) {
	loader, err := formats.Open(svc, schemaRoot(svc, opts))
	if err != nil {
		return nil, err
	}
	names := svc.VersionNames()
	apis := make([]*model.APIVersion, len(names))
	notes := make([][]string, len(names))
	err = forEach(len(names), opts.Workers, func(i int) error {
		api, ns, err := loader.Load(names[i])
		if err != nil {
			return fmt.Errorf("loading %s %s: %w", svc.Provider, names[i], err)
		}
		apis[i] = api
		for _, n := range ns {
			notes[i] = append(notes[i], n.String())
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := &loaded{apis: apis, files: loader.Files()}
	for _, n := range notes {
		out.notes = append(out.notes, n...)
	}
	return out, checkProvider(svc, apis)
}

// checkProvider fails when a version's resources are under another provider
// than the metadata's (a Swagger version's paths say which).
func checkProvider(svc *metadata.Service, apis []*model.APIVersion) error {
	for _, api := range apis {
		if api.Provider != svc.Provider {
			return model.Errorf(model.Location{File: api.Source}, "the paths of version %s are under provider %s, but the metadata says %s", api.Version, api.Provider, svc.Provider)
		}
	}
	return nil
}
