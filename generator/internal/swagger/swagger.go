// Package swagger loads Azure REST API specifications (Swagger 2.0, laid out
// as in Azure/azure-rest-api-specs: <service>/stable/<version>/*.json and
// <service>/preview/<version>-preview/*.json, with $refs between files by
// relative path) into the generator's model.
//
// A resource is a path with both a PUT and a GET under
// /providers/<Provider>/ that ends in a {parameter}. Its spec is what a client
// writes, the PUT body without its read-only properties; its status is what
// the service returns, the GET 200 schema with every property optional and
// without secrets. Spec types keep their definitions' names; the types a
// status reaches are separate, named <name>_Status.
//
// Every problem in the input is an error naming the file and the JSON pointer
// of the offending node. What the loader approximates or leaves out but that
// does not stop loading is returned as a Note.
package swagger

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// Note is something the loader approximated or left out, at the node it
// concerns.
type Note = schemawalk.Note

// Loader loads API versions of the specifications under one root, parsing
// each file once however many versions refer to it. It is safe for
// concurrent use.
type Loader struct {
	files *schemawalk.Files
}

// NewLoader returns a Loader for the specifications under root, the directory
// that holds specification/ (or any tree the $refs stay within).
func NewLoader(root string) *Loader {
	return &Loader{files: schemawalk.NewFiles(root)}
}

// Load reads one API version of a service: every *.json file directly in
// <root>/<dir>/stable/<version>, or <root>/<dir>/preview/<version> when
// version ends in -preview, merged, in sorted file order. The version is the
// folder's name, whatever the files' info.version says.
func (l *Loader) Load(dir, version string) (*model.APIVersion, []Note, error) {
	rels, err := l.versionFiles(dir, version)
	if err != nil {
		return nil, nil, err
	}
	var docs []*schemawalk.File
	for _, rel := range rels {
		d, _, err := l.files.Get(rel, parseDoc)
		if err != nil {
			return nil, nil, err
		}
		docs = append(docs, d)
	}
	x := newLoader(l, docs, version)
	if err := x.load(); err != nil {
		return nil, nil, err
	}
	return x.Out, x.Notes(), nil
}

// Files returns every file read so far: the versions' files and every file
// reached by a $ref, relative to the root, slash-separated, sorted.
func (l *Loader) Files() []string { return l.files.Read() }

// versionFiles lists the .json files of one version's folder, relative to the
// root.
func (l *Loader) versionFiles(dir, version string) ([]string, error) {
	kind := "stable"
	if strings.HasSuffix(version, "-preview") {
		kind = "preview"
	}
	folder := path.Join(filepath.ToSlash(dir), kind, version)
	at := model.Location{File: filepath.Join(l.files.Root, filepath.FromSlash(folder))}
	if version == "" || strings.ContainsAny(version, `/\`) || version == "." || version == ".." {
		return nil, model.Errorf(at, "expected an API version folder name such as 2024-01-01 or 2024-01-01-preview, found %q", version)
	}
	entries, err := os.ReadDir(at.File)
	if err != nil {
		return nil, model.Errorf(at, "cannot read the API version folder: %v", err)
	}
	var rels []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".json") {
			rels = append(rels, path.Join(folder, e.Name()))
		}
	}
	if len(rels) == 0 {
		return nil, model.Errorf(at, "expected Swagger .json files in the API version folder, found none")
	}
	return rels, nil
}

// topKeys are the keys a Swagger 2.0 file may have besides x- extensions.
var topKeys = map[string]bool{
	"swagger": true, "info": true, "host": true, "basePath": true, "schemes": true, "consumes": true,
	"produces": true, "paths": true, "definitions": true, "parameters": true, "responses": true,
	"securityDefinitions": true, "security": true, "tags": true, "externalDocs": true,
}

// parseDoc parses a Swagger file, checking its top-level keys and that its
// sections are objects.
func parseDoc(file, rel string, data []byte) (*schemawalk.File, error) {
	known := func(k string) bool { return topKeys[k] || strings.HasPrefix(k, "x-") }
	f, err := schemawalk.ParseObject(file, rel, data, known, ": expected a Swagger 2.0 key or an x- extension", "paths", "definitions", "parameters", "responses")
	if err == nil && f.Top["swagger"] != "2.0" {
		return nil, schemawalk.Errf(f, "/swagger", `expected "swagger": "2.0" (a Swagger 2.0 file)`)
	}
	return f, err
}
