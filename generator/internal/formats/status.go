package formats

import (
	"cmp"
	"fmt"
	"maps"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
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
	sources := w.svc.StatusSources(version)
	if err != nil || len(sources) == 0 {
		return api, notes, err
	}
	var rests []*model.APIVersion
	for _, src := range sources {
		from := src.SwaggerVersion(version)
		rest, more, err := w.status.Load(src.Dir, from)
		if err != nil {
			return nil, nil, fmt.Errorf("the status of version %s, from the Swagger files of %s %s: %w", version, src.Dir, from, err)
		}
		if from != version {
			more = append(more, schemawalk.Note{At: model.Location{File: src.Dir}, Message: fmt.Sprintf("version %s takes its status from the Swagger files of %s (input.status from: Azure's Swagger does not document %s)", version, from, version)})
		}
		notes = append(notes, more...)
		rests = append(rests, rest)
	}
	merged, merging, err := MergeStatus(api, rests...)
	if err != nil {
		return nil, nil, err
	}
	return merged, append(notes, merging...), nil
}

// StatusFiles lists the Swagger files read for status, relative to the
// Swagger root.
func (w withStatus) StatusFiles() []string { return w.status.Files() }

// MergeStatus returns spec with the status of rests, the Swagger versions of
// one or more folders: each resource of spec takes the status of the
// resource of a rest with its ARM type and scope, with every type that status
// reaches (named <Definition>_Status, so never a spec type's name). A
// resource no rest has keeps conditions only, and a resource only a rest has
// is left out, both noted; one that two rests have is an error. The types of
// a later rest whose names an earlier one's already hold are renamed
// (naming's suffix for a composed name: Sku_Status2), noted. spec and rests
// are not changed.
func MergeStatus(spec *model.APIVersion, rests ...*model.APIVersion) (*model.APIVersion, []schemawalk.Note, error) {
	out := *spec
	out.Objects = maps.Clone(spec.Objects)
	out.Enums = maps.Clone(spec.Enums)
	out.Resources = make([]*model.Resource, len(spec.Resources))
	rests, notes := renameTaken(spec, rests)
	byType, err := statusResources(rests)
	if err != nil {
		return nil, nil, err
	}
	for i, r := range spec.Resources {
		c := *r
		out.Resources[i] = &c
		from := byType[resourceKey(r)]
		delete(byType, resourceKey(r))
		if from.r == nil || from.r.Status == "" {
			notes = append(notes, note(r.Source, "the Swagger files of %s (%s) have no resource of type %s: its status is conditions only", spec.Version, sourcesOf(rests), r.ARMType))
			continue
		}
		if err := addStatusTypes(&out, rests[from.rest], from.r); err != nil {
			return nil, nil, err
		}
		c.Status = from.r.Status
	}
	for _, key := range jsonfile.SortedKeys(byType) {
		r := byType[key].r
		notes = append(notes, note(r.Source, "resource type %s has a status in Swagger but no spec in the deployment schema of %s: left out", r.ARMType, spec.Version))
	}
	return &out, notes, nil
}

// statusResource is a resource of rests[rest].
type statusResource struct {
	r    *model.Resource
	rest int
}

// statusResources indexes the resources of rests by resourceKey; a key two
// rests have is an error naming both.
func statusResources(rests []*model.APIVersion) (map[string]statusResource, error) {
	byType := map[string]statusResource{}
	for i, rest := range rests {
		for _, r := range rest.Resources {
			if have, ok := byType[resourceKey(r)]; ok && have.rest != i {
				return nil, model.Errorf(location(r.Source), "resource type %s has a status in two Swagger folders of this version (also %s): give each version one folder per resource", r.ARMType, have.r.Source)
			}
			byType[resourceKey(r)] = statusResource{r, i}
		}
	}
	return byType, nil
}

// sourcesOf names the rests' sources, for a note.
func sourcesOf(rests []*model.APIVersion) string {
	var sources []string
	for _, r := range rests {
		sources = append(sources, r.Source)
	}
	return strings.Join(sources, ", ")
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

// renameTaken returns rests with the status types of each renamed where the
// spec or an earlier rest already holds the name (the spec's types and those
// the earlier rests' statuses reach), noted: names are claimed in a
// naming.Namespace, as every type name is (unique ignoring case; a composed
// name's suffix, naming.Counted). The first rest is never renamed (a clash
// with the spec stays an error, see addStatusTypes).
func renameTaken(spec *model.APIVersion, rests []*model.APIVersion) ([]*model.APIVersion, []schemawalk.Note) {
	names := naming.NewNamespace()
	for _, name := range append(jsonfile.SortedKeys(spec.Objects), jsonfile.SortedKeys(spec.Enums)...) {
		names.ClaimType(name, "spec "+name, spec.Source)
	}
	out := make([]*model.APIVersion, len(rests))
	var notes []schemawalk.Note
	for i, rest := range rests {
		objects, enums := jsonfile.Reach(rest, statusRoots(rest)...)
		renames := map[string]string{}
		for _, name := range append(jsonfile.SortedKeys(objects), jsonfile.SortedKeys(enums)...) {
			key, source := fmt.Sprintf("status %d %s", i, name), sourceOf(rest, name)
			if i == 0 {
				names.ClaimType(name, key, source)
				continue
			}
			if got := names.TakeType(name, key, source, naming.Counted); got != name {
				renames[name] = got
				notes = append(notes, note(source, "status type %s of %s is named %s in this version: an earlier Swagger folder's type has its name", name, rest.Source, got))
			}
		}
		out[i] = renameTypes(rest, renames)
	}
	return out, notes
}

// statusRoots are the status objects of rest's resources.
func statusRoots(rest *model.APIVersion) []string {
	var roots []string
	for _, r := range rest.Resources {
		if r.Status != "" {
			roots = append(roots, r.Status)
		}
	}
	return roots
}

// sourceOf returns where rest declares the type name.
func sourceOf(rest *model.APIVersion, name string) string {
	if o := rest.Objects[name]; o != nil {
		return o.Source
	}
	return rest.Enums[name].Source
}

// renameTypes returns v with its objects and enums renamed by renames, and
// every reference to them; v is not changed (what a rename touches is
// copied).
func renameTypes(v *model.APIVersion, renames map[string]string) *model.APIVersion {
	if len(renames) == 0 {
		return v
	}
	out := *v
	out.Objects = make(map[string]*model.Object, len(v.Objects))
	for name, o := range v.Objects {
		c := *o
		c.Name = cmp.Or(renames[name], name)
		c.Properties = make([]*model.Property, len(o.Properties))
		for i, p := range o.Properties {
			cp := *p
			cp.Type = renameType(p.Type, renames)
			c.Properties[i] = &cp
		}
		out.Objects[c.Name] = &c
	}
	out.Enums = make(map[string]*model.Enum, len(v.Enums))
	for name, e := range v.Enums {
		c := *e
		c.Name = cmp.Or(renames[name], name)
		out.Enums[c.Name] = &c
	}
	out.Resources = make([]*model.Resource, len(v.Resources))
	for i, r := range v.Resources {
		c := *r
		c.Status = cmp.Or(renames[r.Status], r.Status)
		out.Resources[i] = &c
	}
	return &out
}

// renameType returns a copy of t with the names renames gives.
func renameType(t *model.Type, renames map[string]string) *model.Type {
	if t == nil {
		return nil
	}
	c := *t
	c.Name = cmp.Or(renames[t.Name], t.Name)
	c.Elem = renameType(t.Elem, renames)
	return &c
}
