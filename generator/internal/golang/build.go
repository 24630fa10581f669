package golang

import (
	"errors"
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
	names    *naming.Namespace   // the package's identifiers, held by schema names (objects, enums) and keys
	consts   map[string][]string // enum schema name -> the constants of its values, in order
	pending  []string            // objects still to convert
	queued   map[string]bool     // objects and enums converted or pending
	notes    []string            // names given other than asked for
	resource map[string]string   // resource schema name -> Kind
	kinds    map[string]string   // lower-cased resource name -> the spelling that gives its Kind
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
		kinds:   names,
		version: version,
		pkg: &Package{
			APIVersion: version.Version, Name: naming.PackageName(version.Version),
			Version: naming.PackageName(version.Version), Preview: version.IsPreview(),
		},
		names:    newPackageNames(),
		consts:   map[string][]string{},
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

// claimResource gives a resource its Kind and the Go names of its list type,
// spec and status. Two resources whose names differ only in case or
// punctuation are an error, as is a resource whose Kind or list type another
// resource's, or an identifier every package declares, has: a Kind cannot be
// renamed.
func (b *builder) claimResource(r *model.Resource) error {
	kind := b.kind(r.Name)
	status := r.Status
	if status == "" {
		status = r.Name + statusKey
	}
	types := [][2]string{{r.Name + kindKey, kind}, {r.Spec, naming.SpecType(kind)}, {status, naming.StatusType(kind)}}
	for _, c := range types {
		if !b.names.ClaimType(c[1], c[0], r.Source) {
			return b.kindClash(r, b.clash(c[0], c[1], r.Source))
		}
	}
	if list := naming.ListType(kind); !b.names.Claim(list, r.Name+listKey, r.Source) {
		return b.kindClash(r, b.clash(r.Name+listKey, list, r.Source))
	}
	b.resource[r.Name] = kind
	if naming.KindShortened(r.Name) {
		b.notes = append(b.notes, fmt.Sprintf("%s: resource %s is the kind %s, its parents' names shortened: a Kubernetes kind is at most %d characters (its list kind and plural must fit 63)",
			r.Source, r.Name, kind, naming.MaxKind))
	}
	return nil
}

// kindClash says, of the clash err of resource r's names, when r's kind was
// shortened to fit Kubernetes (naming.KindName): that is why it clashes.
func (b *builder) kindClash(r *model.Resource, err error) error {
	if !naming.KindShortened(r.Name) {
		return err
	}
	return fmt.Errorf("%w; %s's kind shortened its parents' names to fit the %d characters Kubernetes allows a kind, and the shorter kind is taken", err, r.Name, naming.MaxKind)
}

// clash returns the error of key (at source) asking for the Go name goName,
// which another holds.
func (b *builder) clash(key, goName, source string) error {
	other, otherSource, _ := b.names.Holder(goName)
	if strings.HasPrefix(other, packageKey) {
		return model.Errorf(model.Location{File: source}, "%s would be the Go name %s, which every version package declares (%s)",
			describeKey(key), goName, packageMemberWhat(strings.TrimPrefix(other, packageKey)))
	}
	if strings.HasSuffix(key, listKey) || strings.HasSuffix(other, listKey) {
		return model.Errorf(model.Location{File: source}, "%s and %s (at %s) both become the Go name %s",
			describeKey(key), describeKey(other), otherSource, goName)
	}
	return model.Errorf(model.Location{File: source}, "%q and %q (at %s) both become the Go name %s (names may not differ only in case or punctuation)",
		strings.TrimSuffix(key, kindKey), strings.TrimSuffix(other, kindKey), otherSource, goName)
}

// kind returns the Kind of the resource with the given schema name.
func (b *builder) kind(name string) string {
	if canonical, ok := b.kinds[strings.ToLower(name)]; ok {
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

func (b *builder) addResource(r *model.Resource) error {
	kind := b.resource[r.Name]
	spec := b.version.Objects[r.Spec]
	if spec == nil {
		return model.Errorf(model.Location{File: r.Source}, "resource %s has no spec object %q", r.Name, r.Spec)
	}
	b.queued[r.Spec] = true
	role := naming.Spec
	if r.Owner != "" {
		role = naming.ChildSpec
	}
	specStruct, err := b.convertObject(spec, naming.SpecType(kind), role)
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
			Name: naming.OwnerField, JSONName: naming.OwnerJSON, Required: true, Generated: true,
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
	name := naming.StatusType(kind)
	s := &Struct{Name: name, Doc: fmt.Sprintf("%s is the observed state of a %s.", name, kind), Undescribed: r.Status == ""}
	if r.Status != "" {
		object := b.version.Objects[r.Status]
		if object == nil {
			return nil, model.Errorf(model.Location{File: r.Source}, "resource %s has no status object %q", r.Name, r.Status)
		}
		b.queued[r.Status] = true
		converted, err := b.convertObject(object, name, naming.Status)
		if err != nil {
			return nil, err
		}
		s.Fields, s.SchemaName, s.Source = converted.Fields, converted.SchemaName, converted.Source
		if converted.Doc != "" {
			s.Doc = converted.Doc
		}
	}
	s.Fields = append(s.Fields, &Field{
		Name: naming.ConditionsField, JSONName: naming.ConditionsJSON, Generated: true,
		Doc:  "Conditions describe the observed state of the resource.",
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
		goName, _ := b.names.Name(name)
		s, err := b.convertObject(object, goName, naming.Object)
		if err != nil {
			return err
		}
		b.pkg.Structs = append(b.pkg.Structs, s)
	}
	return nil
}

// convertObject returns the struct goName, of role, made from object: its
// fields named by the naming authority (naming.Fields), each renaming noted.
func (b *builder) convertObject(object *model.Object, goName string, role naming.Role) (*Struct, error) {
	s := &Struct{Name: goName, SchemaName: object.Name, Doc: object.Description, OneOf: object.OneOf, Source: object.Source}
	names, err := b.fieldNames(object, goName, role)
	if err != nil {
		return nil, err
	}
	for i, p := range object.Properties {
		field, err := b.convertProperty(p, names[i])
		if err != nil {
			return nil, err
		}
		s.Fields = append(s.Fields, field)
	}
	sortFields(s)
	return s, nil
}

// fieldNames returns the Go names of the fields of object, made the struct
// goName of role, noting each property named other than naming.GoName says.
func (b *builder) fieldNames(object *model.Object, goName string, role naming.Role) ([]string, error) {
	jsonNames := make([]string, len(object.Properties))
	for i, p := range object.Properties {
		jsonNames[i] = p.Name
	}
	fields, err := naming.Fields(role, jsonNames)
	var fieldErr *naming.FieldError
	switch {
	case errors.As(err, &fieldErr) && fieldErr.Member == nil:
		return nil, model.Errorf(model.Location{File: object.Properties[fieldErr.Property].Source}, "properties %q and %q of %s both become the Go field %s",
			fieldErr.OtherJSON, fieldErr.JSON, object.Name, fieldErr.GoName)
	case errors.As(err, &fieldErr):
		return nil, model.Errorf(model.Location{File: object.Properties[fieldErr.Property].Source}, "%v", err)
	case err != nil:
		return nil, err
	}
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Go
		if f.Moved != nil {
			b.notes = append(b.notes, fmt.Sprintf("%s: property %q would be the Go field %s of %s, a name generated code gives every %s (%s): it is %s instead",
				object.Properties[i].Source, f.JSON, f.Wanted, goName, role, f.Moved.What, f.Go))
		}
	}
	return names, nil
}

func sortFields(s *Struct) {
	sort.Slice(s.Fields, func(i, j int) bool { return s.Fields[i].JSONName < s.Fields[j].JSONName })
}

func (b *builder) convertProperty(p *model.Property, goName string) (*Field, error) {
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
		Name: goName, JSONName: p.Name, Doc: doc, Type: t,
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
	goName, ok := b.names.Name(name)
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
	goName, ok := b.names.Name(name)
	enum := b.version.Enums[name]
	if enum == nil || !ok {
		return "", model.Errorf(model.Location{File: source}, "reference to unknown enum type %q", name)
	}
	if b.queued[name] {
		return goName, nil
	}
	b.queued[name] = true
	converted, err := convertEnum(enum, goName, b.consts[name])
	if err != nil {
		return "", err
	}
	b.pkg.Enums = append(b.pkg.Enums, converted)
	return goName, nil
}

// convertEnum returns the enum goName made from enum, whose values have the
// constants consts (nameConstants).
func convertEnum(enum *model.Enum, goName string, consts []string) (*Enum, error) {
	base, ok := builtins[enum.Base]
	if !ok {
		return nil, model.Errorf(model.Location{File: enum.Source}, "enum %s has unknown base type %q", enum.Name, enum.Base)
	}
	e := &Enum{Name: goName, SchemaName: enum.Name, Doc: enum.Description, Base: base, Open: enum.Open}
	for i, value := range enum.Values {
		literal := value
		if base == "string" {
			literal = strconv.Quote(value)
		}
		e.Values = append(e.Values, EnumValue{Const: consts[i], Value: literal, JSON: value})
	}
	return e, nil
}

func (b *builder) sort() {
	sort.Slice(b.pkg.Resources, func(i, j int) bool { return b.pkg.Resources[i].Kind < b.pkg.Resources[j].Kind })
	sort.Slice(b.pkg.Structs, func(i, j int) bool { return b.pkg.Structs[i].Name < b.pkg.Structs[j].Name })
	sort.Slice(b.pkg.Enums, func(i, j int) bool { return b.pkg.Enums[i].Name < b.pkg.Enums[j].Name })
}
