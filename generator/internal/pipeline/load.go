package pipeline

import (
	"fmt"
	"path/filepath"

	"github.com/armhub/armhub/generator/internal/armschema"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/swagger"
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

// schemaFile returns the schema file of one API version of svc, relative to
// the schema root.
func schemaFile(svc *metadata.Service, version string) string {
	return version + "/" + svc.Provider + ".json"
}

// loadVersion loads one API version, returning its notes as text.
type loadVersion func(version string) (*model.APIVersion, []string, error)

// load reads the schema of every version listed in svc, in parallel, in the
// service's input format; the result is in version order, oldest first,
// whatever the workers.
func load(svc *metadata.Service, opts Options) (*loaded, error) {
	root := schemaRoot(svc, opts)
	if svc.IsSwagger() {
		loader := swagger.NewLoader(root)
		out, err := loadAll(svc, opts, func(v string) (*model.APIVersion, []string, error) {
			api, notes, err := loader.Load(svc.Input.Dir, v)
			return api, noteTexts(notes), err
		})
		if err != nil {
			return nil, err
		}
		out.files = loader.Files()
		return out, checkProvider(svc, out.apis)
	}
	loader := armschema.NewLoader(root)
	out, err := loadAll(svc, opts, func(v string) (*model.APIVersion, []string, error) {
		api, notes, err := loader.Load(filepath.Join(root, filepath.FromSlash(schemaFile(svc, v))))
		return api, noteTexts(notes), err
	})
	if err != nil {
		return nil, err
	}
	for _, name := range svc.VersionNames() {
		out.files = append(out.files, schemaFile(svc, name))
	}
	if loader.UsedCommon() {
		out.files = append(out.files, "common/definitions.json")
	}
	return out, nil
}

// loadAll loads every version of svc with loadOne, up to opts.Workers at once,
// keeping the versions' order in the models and the notes.
func loadAll(svc *metadata.Service, opts Options, loadOne loadVersion) (*loaded, error) {
	names := svc.VersionNames()
	apis := make([]*model.APIVersion, len(names))
	notes := make([][]string, len(names))
	err := forEach(len(names), opts.Workers, func(i int) (err error) {
		apis[i], notes[i], err = loadOne(names[i])
		if err != nil {
			return fmt.Errorf("loading %s %s: %w", svc.Provider, names[i], err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := &loaded{apis: apis}
	for _, n := range notes {
		out.notes = append(out.notes, n...)
	}
	return out, nil
}

// noteTexts returns each note as file#pointer: what.
func noteTexts[N fmt.Stringer](notes []N) []string {
	out := make([]string, len(notes))
	for i, n := range notes {
		out[i] = n.String()
	}
	return out
}

// checkProvider fails when a Swagger version's paths are under another
// provider than the metadata's.
func checkProvider(svc *metadata.Service, apis []*model.APIVersion) error {
	for _, api := range apis {
		if api.Provider != svc.Provider {
			return model.Errorf(model.Location{File: api.Source}, "the paths of version %s are under provider %s, but the metadata says %s", api.Version, api.Provider, svc.Provider)
		}
	}
	return nil
}
