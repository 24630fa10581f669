package formats

import (
	"fmt"
	"maps"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/schemawalk"
	"github.com/armhub/armhub/generator/internal/swagger"
)

// withStatus loads a version's spec with the loader of the service's format
// and, for the versions the metadata's input.status names, the status from
// Swagger (ARM deployment schemas describe no status).
type withStatus struct {
	Loader
	status *swagger.Loader
	svc    *metadata.Service
}

func (w withStatus) Load(version string) (*model.APIVersion, []schemawalk.Note, error) {
	api, notes, err := w.Loader.Load(version)
	dir, from := w.svc.StatusDir(version)
	if err != nil || dir == "" {
		return api, notes, err
	}
	rest, more, err := w.status.Load(dir, from)
	if err != nil {
		return nil, nil, fmt.Errorf("the status of version %s, from the Swagger files of %s %s: %w", version, dir, from, err)
	}
	if from != version {
		more = append(more, schemawalk.Note{At: model.Location{File: dir}, Message: fmt.Sprintf("version %s takes its status from the Swagger files of %s (input.status from: Azure's Swagger does not document %s)", version, from, version)})
	}
	merged, merging, err := MergeStatus(api, rest)
	if err != nil {
		return nil, nil, err
	}
	return merged, append(append(notes, more...), merging...), nil
}

// StatusFiles lists the Swagger files read for status, relative to the
// Swagger root.
func (w withStatus) StatusFiles() []string { return w.status.Files() }

// MergeStatus returns spec with the status of rest: each resource of spec
// takes the status of the resource of rest with its ARM type and scope, with
// every type that status reaches (named <Definition>_Status, so never a spec
// type's name). A resource rest lacks keeps conditions only, and a resource
// only rest has is left out, both noted. spec and rest are not changed.
func MergeStatus(spec, rest *model.APIVersion) (*model.APIVersion, []schemawalk.Note, error) {
	out := *spec
	out.Objects = maps.Clone(spec.Objects)
	out.Enums = maps.Clone(spec.Enums)
	out.Resources = make([]*model.Resource, len(spec.Resources))
	byType := map[string]*model.Resource{}
	for _, r := range rest.Resources {
		byType[resourceKey(r)] = r
	}
	var notes []schemawalk.Note
	for i, r := range spec.Resources {
		c := *r
		out.Resources[i] = &c
		from := byType[resourceKey(r)]
		delete(byType, resourceKey(r))
		if from == nil || from.Status == "" {
			notes = append(notes, note(r.Source, "the Swagger files of %s (%s) have no resource of type %s: its status is conditions only", rest.Version, rest.Source, r.ARMType))
			continue
		}
		if err := addStatusTypes(&out, rest, from); err != nil {
			return nil, nil, err
		}
		c.Status = from.Status
	}
	for _, key := range jsonfile.SortedKeys(byType) {
		r := byType[key]
		notes = append(notes, note(r.Source, "resource type %s has a status in Swagger but no spec in the deployment schema of %s: left out", r.ARMType, spec.Version))
	}
	return &out, notes, nil
}

// resourceKey is what a resource is matched by across the formats: its ARM
// type, which ARM reads case-insensitively, and its scope.
func resourceKey(r *model.Resource) string {
	scope := r.Scope
	if scope == "" {
		scope = model.ScopeResourceGroup
	}
	return strings.ToLower(r.ARMType) + " " + string(scope)
}

// addStatusTypes adds to out the status object of r, a resource of rest, and
// every object and enum it reaches. A name the spec already uses is an error.
func addStatusTypes(out, rest *model.APIVersion, r *model.Resource) error {
	objects, enums := jsonfile.Reach(rest, r.Status)
	for _, name := range jsonfile.SortedKeys(objects) {
		if err := addOnce(out.Objects, name, rest.Objects[name], r, out.Version); err != nil {
			return err
		}
	}
	for _, name := range jsonfile.SortedKeys(enums) {
		if err := addOnce(out.Enums, name, rest.Enums[name], r, out.Version); err != nil {
			return err
		}
	}
	return nil
}

// addOnce adds a status type to the types of the merged version: once, as the
// same status type reached from two resources is one type.
func addOnce[T comparable](types map[string]T, name string, t T, r *model.Resource, version string) error {
	have, ok := types[name]
	switch {
	case !ok:
		types[name] = t
	case have != t:
		return model.Errorf(location(r.Source), "the status of %s in version %s reaches a type named %s, a name the deployment schema's spec types already use", r.ARMType, version, name)
	}
	return nil
}

// note is a note at source, a file#pointer.
func note(source, format string, args ...any) schemawalk.Note {
	return schemawalk.Note{At: location(source), Message: fmt.Sprintf(format, args...)}
}

func location(source string) model.Location {
	file, ptr, _ := strings.Cut(source, "#")
	return model.Location{File: file, Pointer: ptr}
}
