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

// load reads the schema of every version listed in svc, in parallel, in the
// service's input format; the result is in version order, oldest first,
// whatever the workers.
func load(svc *metadata.Service, opts Options) (*loaded, error) {
	if svc.IsSwagger() {
		return loadSwagger(svc, opts)
	}
	root := schemaRoot(svc, opts)
	loader := armschema.NewLoader(root)
	names := svc.VersionNames()
	apis := make([]*model.APIVersion, len(names))
	notes := make([][]armschema.Note, len(names))
	err := forEach(len(names), opts.Workers, func(i int) (err error) {
		apis[i], notes[i], err = loader.Load(filepath.Join(root, filepath.FromSlash(schemaFile(svc, names[i]))))
		if err != nil {
			return fmt.Errorf("loading %s %s: %w", svc.Provider, names[i], err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := &loaded{apis: apis}
	for i, name := range names {
		out.files = append(out.files, schemaFile(svc, name))
		for _, n := range notes[i] {
			out.notes = append(out.notes, n.String())
		}
	}
	if loader.UsedCommon() {
		out.files = append(out.files, "common/definitions.json")
	}
	return out, nil
}

// loadSwagger reads every version listed in svc from the Swagger files of the
// service's folder. The files read are every version's files and every file
// their $refs reach, relative to the schema root.
func loadSwagger(svc *metadata.Service, opts Options) (*loaded, error) {
	loader := swagger.NewLoader(schemaRoot(svc, opts))
	names := svc.VersionNames()
	apis := make([]*model.APIVersion, len(names))
	notes := make([][]swagger.Note, len(names))
	err := forEach(len(names), opts.Workers, func(i int) (err error) {
		apis[i], notes[i], err = loader.Load(svc.Input.Dir, names[i])
		if err != nil {
			return fmt.Errorf("loading %s %s: %w", svc.Provider, names[i], err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out := &loaded{apis: apis, files: loader.Files()}
	for i := range names {
		if apis[i].Provider != svc.Provider {
			return nil, model.Errorf(model.Location{File: apis[i].Source}, "the paths of version %s are under provider %s, but the metadata says %s", names[i], apis[i].Provider, svc.Provider)
		}
		for _, n := range notes[i] {
			out.notes = append(out.notes, n.String())
		}
	}
	return out, nil
}
