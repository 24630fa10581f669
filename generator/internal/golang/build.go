package golang

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/generator/internal/naming"
)

// The runtime types generated code refers to, by their Go names in generated files.
const (
	JSONType  = "armruntime.JSON"
	BagType   = "armruntime.PropertyBag"
	OwnerType = "armruntime.OwnerReference"
	Condition = "metav1.Condition"
)

// builder turns one model.APIVersion into a Package.
type builder struct {
	version  *model.APIVersion
	pkg      *Package
	goNames  map[string]string // schema name -> Go name, for objects and enums
	claimed  map[string]string // lower-cased Go name -> the schema name that has it
	sources  map[string]string // lower-cased Go name -> where that schema name is
	pending  []string          // objects still to convert
	queued   map[string]bool   // objects and enums converted or pending
	notes    []string          // names given other than asked for
	resource map[string]string // resource schema name -> Kind
	names    map[string]string // lower-cased resource name -> the spelling that gives its Kind
}

// BuildNamed returns the Go package for version, with the resources named in
// resources (compared case-insensitively; all of them when resources is empty).
// names gives the spelling each resource's Kind is made from: it maps a
// lower-cased schema resource name to the name to use (the same in every
// version, so that a resource whose name changes case between versions keeps
// one Kind). Resources it lacks (all of them when names is nil) use their own
// name.
func BuildNamed(version *model.APIVersion, resources []string, names map[string]string) (*Package, error) {
	b := &builder{
		names:   names,
		version: version,
		pkg: &Package{
			APIVersion: version.Version, Name: naming.PackageName(version.Version),
			Version: naming.PackageName(version.Version), Preview: version.IsPreview(),
		},
		goNames:  map[string]string{},
		claimed:  map[string]string{},
		sources:  map[string]string{},
		resource: map[string]string{},
		queued:   map[string]bool{},
	}
	selected := b.selectResources(resources)
	for _, r := range selected {
		if err := b.claimResource(r); err != nil {
			return nil, err
		}
	}
	b.nameTypes()
	for _, r := range selected {
		if err := b.addResource(r); err != nil {
			return nil, err
		}
	}
	if err := b.drain(); err != nil {
		return nil, err
	}
	b.sort()
	b.pkg.Notes = b.notes
	return b.pkg, nil
}

// claimResource gives a resource its Kind and the Go names of its spec and
// status. Two resources whose names differ only in case or punctuation are an
// error: a Kind cannot be renamed.
func (b *builder) claimResource(r *model.Resource) error {
	kind := b.kind(r.Name)
	status := r.Status
	if status == "" {
		status = r.Name + "/status"
	}
	claims := [][2]string{{r.Name + "/kind", kind}, {r.Spec, kind + "_Spec"}, {status, kind + "_Status"}}
	for _, c := range claims {
		if err := b.claim(c[0], c[1], r.Source); err != nil {
			return err
		}
	}
	b.resource[r.Name] = kind
	b.goNames[r.Spec] = kind + "_Spec"
	b.goNames[status] = kind + "_Status"
	return nil
}

// kind returns the Kind of the resource with the given schema name.
func (b *builder) kind(name string) string {
	if canonical, ok := b.names[strings.ToLower(name)]; ok {
		return naming.KindName(canonical)
	}
	return naming.KindName(name)
}

func (b *builder) selectResources(wanted []string) []*model.Resource {
	if len(wanted) == 0 {
		return b.version.Resources
	}
	keep := map[string]bool{}
	for _, w := range wanted {
		keep[strings.ToLower(w)] = true
	}
	var result []*model.Resource
	for _, r := range b.version.Resources {
		if keep[strings.ToLower(r.Name)] {
			result = append(result, r)
		}
	}
	return result
}

// claim records that schema name owns Go name, failing when another schema name
// already has a Go name equal to it ignoring case.
func (b *builder) claim(schemaName, goName, source string) error {
	key := strings.ToLower(goName)
	if other, ok := b.claimed[key]; ok && other != schemaName {
		return model.Errorf(model.Location{File: source}, "%q and %q (at %s) both become the Go name %s (names may not differ only in case or punctuation)",
			strings.TrimSuffix(schemaName, "/kind"), strings.TrimSuffix(other, "/kind"), b.sources[key], goName)
	}
	b.claimed[key] = schemaName
	b.sources[key] = source
	return nil
}

func (b *builder) addResource(r *model.Resource) error {
	kind := b.resource[r.Name]
	spec := b.version.Objects[r.Spec]
	if spec == nil {
		return model.Errorf(model.Location{File: r.Source}, "resource %s has no spec object %q", r.Name, r.Spec)
	}
	b.queued[r.Spec] = true
	specStruct, err := b.convertObject(spec, b.goNames[r.Spec])
	if err != nil {
		return err
	}
	resource := &Resource{
		Kind: kind, SchemaName: r.Name, ARMType: r.ARMType, Doc: r.Description, Spec: specStruct,
		Scope: r.Scope, OwnerExternal: r.OwnerExternal,
	}
	if r.Owner != "" {
		resource.OwnerKind = b.kind(r.Owner)
		specStruct.Fields = append(specStruct.Fields, &Field{
			Name: "Owner", JSONName: "owner", Required: true,
			Doc:  fmt.Sprintf("Owner is the Kubernetes %s this %s belongs to.", resource.OwnerKind, kind),
			Type: &Type{Kind: model.KindObject, Named: OwnerType},
		})
		sortFields(specStruct)
	}
	if resource.Status, err = b.status(r, kind); err != nil {
		return err
	}
	b.pkg.Structs = append(b.pkg.Structs, specStruct, resource.Status)
	b.pkg.Resources = append(b.pkg.Resources, resource)
	return nil
}

// status returns the status struct of a resource: the fields of its status
// object, if the input describes one, and the conditions every status has.
func (b *builder) status(r *model.Resource, kind string) (*Struct, error) {
	name := kind + "_Status"
	s := &Struct{Name: name, Doc: fmt.Sprintf("%s is the observed state of a %s.", name, kind)}
	if r.Status != "" {
		object := b.version.Objects[r.Status]
		if object == nil {
			return nil, model.Errorf(model.Location{File: r.Source}, "resource %s has no status object %q", r.Name, r.Status)
		}
		b.queued[r.Status] = true
		converted, err := b.convertObject(object, name)
		if err != nil {
			return nil, err
		}
		if p := object.Property("conditions"); p != nil {
			return nil, model.Errorf(model.Location{File: p.Source}, "the status of %s may not have a property %q: the generated status holds the resource's conditions there", r.Name, p.Name)
		}
		s.Fields, s.SchemaName, s.Source = converted.Fields, converted.SchemaName, converted.Source
		if converted.Doc != "" {
			s.Doc = converted.Doc
		}
	}
	s.Fields = append(s.Fields, &Field{
		Name: "Conditions", JSONName: "conditions", Doc: "Conditions describe the observed state of the resource.",
		Type: &Type{Kind: model.KindArray, Elem: &Type{Kind: model.KindObject, Named: Condition}},
	})
	sortFields(s)
	return s, nil
}

// drain converts every object and enum reachable from what was converted so far.
func (b *builder) drain() error {
	for len(b.pending) > 0 {
		name := b.pending[0]
		b.pending = b.pending[1:]
		object := b.version.Objects[name]
		s, err := b.convertObject(object, b.goNames[name])
		if err != nil {
			return err
		}
		b.pkg.Structs = append(b.pkg.Structs, s)
	}
	return nil
}

func (b *builder) convertObject(object *model.Object, goName string) (*Struct, error) {
	s := &Struct{Name: goName, SchemaName: object.Name, Doc: object.Description, OneOf: object.OneOf, Source: object.Source}
	fieldNames := map[string]string{}
	for _, p := range object.Properties {
		field, err := b.convertProperty(p)
		if err != nil {
			return nil, err
		}
		if other, ok := fieldNames[strings.ToLower(field.Name)]; ok {
			return nil, model.Errorf(model.Location{File: p.Source}, "properties %q and %q of %s both become the Go field %s", other, p.Name, object.Name, field.Name)
		}
		fieldNames[strings.ToLower(field.Name)] = p.Name
		s.Fields = append(s.Fields, field)
	}
	sortFields(s)
	return s, nil
}

func sortFields(s *Struct) {
	sort.Slice(s.Fields, func(i, j int) bool { return s.Fields[i].JSONName < s.Fields[j].JSONName })
}

func (b *builder) convertProperty(p *model.Property) (*Field, error) {
	t, err := b.convertType(p.Type, p.Source)
	if err != nil {
		return nil, err
	}
	if !p.Required && t.Kind != model.KindArray && t.Kind != model.KindMap {
		t.Pointer = true
	}
	doc := p.Description
	if p.Secret {
		doc = strings.TrimSpace(doc + "\n\n" + SecretNote)
	}
	return &Field{
		Name: naming.GoName(p.Name), JSONName: p.Name, Doc: doc, Type: t,
		Required: p.Required, Validation: p.Validation, Format: p.Type.Format, Secret: p.Secret,
	}, nil
}

// SecretNote ends the documentation of a secret field.
const SecretNote = "Secret: a credential the client writes; the service never returns it, so it has no status field."

var builtins = map[string]string{
	model.String: "string", model.Integer: "int", model.Number: "float64", model.Boolean: "bool",
}

func (b *builder) convertType(t *model.Type, source string) (*Type, error) {
	switch t.Kind {
	case model.KindPrimitive:
		return b.primitive(t.Primitive, source)
	case model.KindArray, model.KindMap:
		elem, err := b.convertType(t.Elem, source)
		if err != nil {
			return nil, err
		}
		return &Type{Kind: t.Kind, Elem: elem}, nil
	case model.KindAny:
		return &Type{Kind: model.KindAny, Named: JSONType}, nil
	case model.KindEnum:
		name, err := b.enum(t.Name, source)
		return &Type{Kind: model.KindEnum, Named: name}, err
	case model.KindObject:
		name, err := b.object(t.Name, source)
		return &Type{Kind: model.KindObject, Named: name}, err
	}
	return nil, model.Errorf(model.Location{File: source}, "unknown type kind %d", t.Kind)
}

func (b *builder) primitive(name, source string) (*Type, error) {
	builtin, ok := builtins[name]
	if !ok {
		return nil, model.Errorf(model.Location{File: source}, "unknown primitive type %q", name)
	}
	return &Type{Kind: model.KindPrimitive, Builtin: builtin}, nil
}

// object returns the Go name of the named object, queueing it for conversion the
// first time it is seen.
func (b *builder) object(name, source string) (string, error) {
	goName, ok := b.goNames[name]
	if b.version.Objects[name] == nil || !ok {
		return "", model.Errorf(model.Location{File: source}, "reference to unknown object type %q", name)
	}
	if !b.queued[name] {
		b.queued[name] = true
		b.pending = append(b.pending, name)
	}
	return goName, nil
}

// enum returns the Go name of the named enum, converting it the first time.
func (b *builder) enum(name, source string) (string, error) {
	goName, ok := b.goNames[name]
	enum := b.version.Enums[name]
	if enum == nil || !ok {
		return "", model.Errorf(model.Location{File: source}, "reference to unknown enum type %q", name)
	}
	if b.queued[name] {
		return goName, nil
	}
	b.queued[name] = true
	converted, err := convertEnum(enum, goName)
	if err != nil {
		return "", err
	}
	b.pkg.Enums = append(b.pkg.Enums, converted)
	return goName, nil
}

func convertEnum(enum *model.Enum, goName string) (*Enum, error) {
	base, ok := builtins[enum.Base]
	if !ok {
		return nil, model.Errorf(model.Location{File: enum.Source}, "enum %s has unknown base type %q", enum.Name, enum.Base)
	}
	e := &Enum{Name: goName, SchemaName: enum.Name, Doc: enum.Description, Base: base, Open: enum.Open}
	used := map[string]int{}
	for _, value := range enum.Values {
		constName := naming.EnumValueName(goName, value)
		used[constName]++
		if n := used[constName]; n > 1 {
			constName += "_" + strconv.Itoa(n)
		}
		literal := value
		if base == "string" {
			literal = strconv.Quote(value)
		}
		e.Values = append(e.Values, EnumValue{Const: constName, Value: literal, JSON: value})
	}
	return e, nil
}

func (b *builder) sort() {
	sort.Slice(b.pkg.Resources, func(i, j int) bool { return b.pkg.Resources[i].Kind < b.pkg.Resources[j].Kind })
	sort.Slice(b.pkg.Structs, func(i, j int) bool { return b.pkg.Structs[i].Name < b.pkg.Structs[j].Name })
	sort.Slice(b.pkg.Enums, func(i, j int) bool { return b.pkg.Enums[i].Name < b.pkg.Enums[j].Name })
}
