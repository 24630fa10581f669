package pipeline

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/armhub/armhub/generator/internal/formats"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// loaded is what the load stage returns: every version's model, oldest first,
// the schema files read (relative to the schema root) and the loader's notes.
type loaded struct {
	apis    []*model.APIVersion
	service *metadata.Service // the metadata of the versions in apis
	files   []string
	status  []string // the Swagger files read for status (input.status), relative to Options.SwaggerRoot
	notes   []string
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
// whatever the workers. In a -provider run (svc.Found) a version whose file
// describes no resource (definitions only) is left out, noted: the result's
// service is the metadata without it (with a now, the policy's lifecycles
// over the versions kept; none at all if no version describes a resource). A
// metadata file listing such a version is refused.
func load(svc *metadata.Service, opts Options) (*loaded, error) {
	loader, err := formats.Open(svc, schemaRoot(svc, opts), opts.SwaggerRoot)
	if err != nil {
		return nil, err
	}
	names := svc.VersionNames()
	apis := make([]*model.APIVersion, len(names))
	notes := make([][]string, len(names))
	err = forEach(len(names), opts.Workers, func(i int) error {
		api, ns, err := loader.Load(names[i])
		if err != nil {
			notes[i], err = loadError(svc, names[i], err)
			return err
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
	kept, service := leaveOut(svc, apis)
	out := &loaded{apis: kept, service: service, files: loader.Files(), status: formats.StatusFiles(loader)}
	for _, n := range notes {
		out.notes = append(out.notes, n...)
	}
	if len(out.apis) == 0 && !svc.Found {
		return nil, fmt.Errorf("%s: no version of %s describes a resource (no version file has a resource section): nothing to generate", svc.File, svc.Provider)
	}
	return out, checkProvider(svc, out.apis)
}

// loadError handles the error of loading a version: in a -provider run, a
// version that describes no resource is left out, with a note; any other
// error is returned, said to be the version's.
func loadError(svc *metadata.Service, version string, err error) ([]string, error) {
	switch {
	case errors.Is(err, model.ErrNoResources) && svc.Found:
		return []string{fmt.Sprintf("%v: version %s is left out of this run, which generates every version found", err, version)}, nil
	case errors.Is(err, model.ErrNoResources):
		return nil, fmt.Errorf("loading %s %s: the metadata lists this version, but its schema describes no resource to generate; remove it from versions: %w", svc.Provider, version, err)
	}
	return nil, fmt.Errorf("loading %s %s: %w", svc.Provider, version, err)
}

// leaveOut returns the models of the versions load did not leave out (no
// model), oldest first, and the metadata of those versions: svc itself, or a
// copy without the others (svc is not changed).
func leaveOut(svc *metadata.Service, apis []*model.APIVersion) ([]*model.APIVersion, *metadata.Service) {
	var kept []*model.APIVersion
	out := map[string]bool{}
	for i, name := range svc.VersionNames() {
		if apis[i] == nil {
			out[name] = true
		} else {
			kept = append(kept, apis[i])
		}
	}
	if len(out) == 0 {
		return kept, svc
	}
	found := *svc
	found.Versions = slices.DeleteFunc(slices.Clone(svc.Versions), func(v metadata.Version) bool { return out[v.Version] })
	if svc.Policy { // the policy's lifecycles over the versions kept, as the onboarding's metadata will list them
		found.Versions = metadata.PolicyVersions(found.VersionNames())
	}
	return kept, &found
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
