package pipeline

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/armhub/armhub/generator/internal/armschema"
	"github.com/armhub/armhub/generator/internal/metadata"
)

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

// SchemaFile returns the schema file of one API version of svc.
func SchemaFile(root string, svc *metadata.Service, version string) string {
	return filepath.Join(root, version, svc.Provider+".json")
}

// load reads the schema of every version listed in svc, in parallel; the result
// is in the metadata's version order, oldest first. It also returns the schema
// files read, relative to the schema root, and the loader's notes.
func load(svc *metadata.Service, opts Options) ([]*Version, []string, []string, error) {
	root := schemaRoot(svc, opts)
	loader := armschema.NewLoader(root)
	notes := make([][]armschema.Note, len(svc.Versions))
	names := svc.VersionNames()
	versions := make([]*Version, len(names))
	errs := make([]error, len(names))
	workers := opts.Workers
	if workers < 1 {
		workers = 1
	}
	slots := make(chan struct{}, workers)
	var wg sync.WaitGroup
	for i, name := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			api, found, err := loader.Load(SchemaFile(root, svc, name))
			versions[i], notes[i], errs[i] = &Version{API: api, Meta: metaVersion(svc, name)}, found, err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, nil, nil, fmt.Errorf("loading %s %s: %w", svc.Provider, names[i], err)
		}
	}
	var lines []string
	for _, found := range notes {
		for _, n := range found {
			lines = append(lines, n.String())
		}
	}
	var inputs []string
	for _, name := range names {
		inputs = append(inputs, name+"/"+svc.Provider+".json")
	}
	if loader.UsedCommon() {
		inputs = append(inputs, "common/definitions.json")
	}
	return versions, inputs, lines, nil
}

func metaVersion(svc *metadata.Service, name string) metadata.Version {
	for _, v := range svc.Versions {
		if v.Version == name {
			return v
		}
	}
	return metadata.Version{Version: name}
}
