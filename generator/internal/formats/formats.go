// Package formats is the table of input formats: for each, the loader of its
// package behind Loader, which the pipeline calls without knowing the format.
//
// A format is a package of its own parts (see package schemawalk's Format:
// keywords, $refs, the dispatch of a schema node, descriptions, what a mode
// leaves out, its unions; and its files and resources) plus one entry here.
package formats

import (
	"fmt"
	"path/filepath"

	"github.com/armhub/armhub/generator/internal/armschema"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
	"github.com/armhub/armhub/generator/internal/swagger"
)

// Loader loads the API versions of one service. It is safe for concurrent
// use.
type Loader interface {
	// Load reads one API version into the model, with what it noted.
	Load(version string) (*model.APIVersion, []schemawalk.Note, error)
	// Files lists every file read so far, relative to the schema root,
	// slash-separated, sorted.
	Files() []string
}

// open makes the loader of a format for svc over the schemas under root.
type open func(svc *metadata.Service, root string) Loader

var table = map[string]open{
	metadata.FormatARM: func(svc *metadata.Service, root string) Loader {
		return arm{armschema.NewLoader(root), root, svc.Provider}
	},
	metadata.FormatSwagger: func(svc *metadata.Service, root string) Loader {
		return rest{swagger.NewLoader(root), svc.Input.Dir}
	},
}

// Open returns the loader of svc's input format over the schemas under root
// and, when the metadata gives versions their status from Swagger
// (input.status), of their status over the Swagger files under swaggerRoot.
func Open(svc *metadata.Service, root, swaggerRoot string) (Loader, error) {
	o := table[svc.InputFormat()]
	if o == nil {
		return nil, fmt.Errorf("%s: no loader for input format %q", svc.File, svc.InputFormat())
	}
	if len(svc.Input.Status) == 0 {
		return o(svc, root), nil
	}
	if swaggerRoot == "" {
		return nil, fmt.Errorf("%s: input.status gives versions their status from Swagger files: name the folder holding specification/ (armhub-gen -swagger)", svc.File)
	}
	return withStatus{o(svc, root), swagger.NewLoader(swaggerRoot), svc}, nil
}

// StatusFiles lists the Swagger files a loader read for status (relative to
// the Swagger root, sorted): none unless the metadata has input.status.
func StatusFiles(l Loader) []string {
	if w, ok := l.(withStatus); ok {
		return w.StatusFiles()
	}
	return nil
}

// arm reads <root>/<version>/<Provider>.json.
type arm struct {
	l        *armschema.Loader
	root     string
	provider string
}

func (a arm) Load(version string) (*model.APIVersion, []schemawalk.Note, error) {
	return a.l.Load(filepath.Join(a.root, version, a.provider+".json"))
}

func (a arm) Files() []string { return a.l.Files() }

// rest reads the Swagger files of a service's folder.
type rest struct {
	l   *swagger.Loader
	dir string
}

func (r rest) Load(version string) (*model.APIVersion, []schemawalk.Note, error) {
	return r.l.Load(r.dir, version)
}

func (r rest) Files() []string { return r.l.Files() }
