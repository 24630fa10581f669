// Package types writes the Go types of a spoke, storage or compat package:
// the resources and their lists, structs with kubebuilder markers, enums, the
// group-version registration and DeepCopy.
package types

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/emit/schema"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
)

// Target says where a package goes: its group and its import path.
type Target struct {
	Group      string // the Kubernetes group
	ImportPath string // the package's Go import path
	Dir        string // the package's directory in the module
	Version    string // the Kubernetes version name
}

// SpokeFiles returns the Go files of a spoke or storage package.
func SpokeFiles(pkg *golang.Package, target Target) (gosrc.Files, error) {
	return packageFiles(pkg, target, map[string]func(*golang.Package, Target) (*gosrc.File, error){
		layout.GroupVersionFile: groupVersionFile,
		layout.TypesFile:        typesFile,
		layout.DeepCopyFile:     deepCopyFile,
	})
}

// CompatPackage returns the compat package of version i of graph, or nil when
// it has none.
func CompatPackage(graph *conversion.Graph, i conversion.VersionIndex) *golang.Package {
	structs := graph.Compat[i]
	if len(structs) == 0 {
		return nil
	}
	sorted := append([]*golang.Struct(nil), structs...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a].Name < sorted[b].Name })
	storage := graph.Versions[i].Storage
	return &golang.Package{APIVersion: storage.APIVersion, Name: "compat", Version: storage.Version, Storage: true, Structs: sorted}
}

// CompatFiles returns the Go files of a compat package: types and DeepCopy.
func CompatFiles(pkg *golang.Package, target Target) (gosrc.Files, error) {
	return packageFiles(pkg, target, map[string]func(*golang.Package, Target) (*gosrc.File, error){
		layout.TypesFile:    typesFile,
		layout.DeepCopyFile: deepCopyFile,
	})
}

func packageFiles(pkg *golang.Package, target Target, emitters map[string]func(*golang.Package, Target) (*gosrc.File, error)) (gosrc.Files, error) {
	files := gosrc.Files{}
	for name, emit := range emitters {
		g, err := emit(pkg, target)
		if err != nil {
			return nil, err
		}
		data, err := g.Bytes()
		if err != nil {
			return nil, err
		}
		files[target.Dir+"/"+name] = data
	}
	return files, nil
}

func groupVersionFile(pkg *golang.Package, target Target) (*gosrc.File, error) {
	g := gosrc.NewFile(pkg.Name)
	what := fmt.Sprintf("the %s API version %s", strings.ToLower(kindOfPackage(pkg)), pkg.APIVersion)
	if pkg.Storage {
		what = "the storage variant of API version " + pkg.APIVersion
	}
	g.Write(groupVersionCode, gosrc.Args{"Package": pkg.Name, "What": what, "Group": target.Group,
		"Version": target.Version, "Resources": pkg.Resources})
	return g, nil
}

var groupVersionCode = gosrc.Code(`// Package {{.Package}} holds {{.What}} of {{.Group}}.
// +kubebuilder:object:generate=true
// +groupName={{.Group}}

// GroupVersion is the group and version of the types in this package.
var GroupVersion = schema.GroupVersion{Group: {{quote .Group}}, Version: {{quote .Version}}}

var (
	// SchemeBuilder registers the types in this package.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)

	// AddToScheme adds the types in this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion,
{{- range .Resources}}
		&{{.Kind}}{},
		&{{.List}}{},
{{- end}}
	)
	metav1.AddToGroupVersion(scheme, GroupVersion)
	return nil
}
`)

func kindOfPackage(pkg *golang.Package) string {
	if pkg.Preview {
		return "Preview"
	}
	return "Stable"
}

func typesFile(pkg *golang.Package, target Target) (*gosrc.File, error) {
	g := gosrc.NewFile(pkg.Name)
	g.Indented = true
	for _, r := range pkg.Resources {
		writeResource(g, r, pkg.Storage)
	}
	for _, s := range pkg.Structs {
		writeStruct(g, s)
	}
	for _, e := range pkg.Enums {
		writeEnum(g, e)
	}
	return g, nil
}

func writeResource(g *gosrc.File, r *golang.Resource, storage bool) {
	doc := gosrc.Comment(fmt.Sprintf("%s is the Kubernetes resource for the ARM resource type %s.\n%s", r.Kind, r.ARMType, r.Doc), "")
	width := max(len(r.Spec.Name), len(r.Status.Name)) // gofmt aligns the tags
	g.Write(resourceCode, gosrc.Args{"Doc": doc, "Kind": r.Kind, "List": r.List(), "Spec": r.Spec.Name, "Status": r.Status.Name, "Storage": storage,
		"SpecPad": strings.Repeat(" ", width-len(r.Spec.Name)), "StatusPad": strings.Repeat(" ", width-len(r.Status.Name))})
}

// resourceCode is a resource's type, its list type and OriginalGVK; a storage
// version's spec records the original version, a spoke's spec is of it.
var resourceCode = gosrc.Code(`
{{.Doc}}//
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:printcolumn:name="Ready",type="string",JSONPath=".status.conditions[?(@.type=='Ready')].status"
type {{.Kind}} struct {
	metav1.TypeMeta   {{json ",inline"}}
	metav1.ObjectMeta {{json "metadata,omitempty"}}
	Spec              {{.Spec}}{{.SpecPad}} {{json "spec,omitempty"}}
	Status            {{.Status}}{{.StatusPad}} {{json "status,omitempty"}}
}

// +kubebuilder:object:root=true

// {{.List}} is a list of {{.Kind}}.
type {{.List}} struct {
	metav1.TypeMeta {{json ",inline"}}
	metav1.ListMeta {{json "metadata,omitempty"}}
	Items           []{{.Kind}} {{json "items"}}
}
{{- if .Storage}}

// OriginalGVK returns the group, version and kind of the API version the resource
// was created with, as recorded in its spec.
func (resource *{{.Kind}}) OriginalGVK() *schema.GroupVersionKind {
	return &schema.GroupVersionKind{Group: GroupVersion.Group, Version: resource.Spec.OriginalVersion, Kind: {{quote .Kind}}}
}
{{- else}}

// OriginalGVK returns the group, version and kind of the API version the resource
// was created with.
func (resource *{{.Kind}}) OriginalGVK() *schema.GroupVersionKind {
	return &schema.GroupVersionKind{Group: GroupVersion.Group, Version: resource.Spec.OriginalVersion(), Kind: {{quote .Kind}}}
}

// OriginalVersion returns the API version this spec belongs to.
func (spec *{{.Spec}}) OriginalVersion() string {
	return GroupVersion.Version
}
{{- end}}
`)

func writeStruct(g *gosrc.File, s *golang.Struct) {
	doc := s.Doc
	if doc == "" {
		doc = s.Name + " is generated from the schema type " + strconv.Quote(s.SchemaName) + "."
	}
	g.Printf("\n%s", gosrc.Comment(doc, ""))
	if s.OneOf {
		g.Printf("// Exactly one of the fields should be set.\n")
	}
	g.Printf("type %s struct {\n", s.Name)
	for i, f := range s.Fields {
		if i > 0 {
			g.Printf("\n")
		}
		writeField(g, f)
	}
	g.Printf("}\n")
}

func writeField(g *gosrc.File, f *golang.Field) {
	g.Printf("%s", gosrc.Comment(f.Doc, "\t"))
	for _, marker := range fieldMarkers(f) {
		g.Printf("\t// +%s\n", marker)
	}
	tag := f.JSONName
	if !f.Required {
		tag += ",omitempty"
	}
	g.Printf("\t%s %s `json:%q`\n", f.Name, f.Type.String(), tag)
}

// fieldMarkers returns the kubebuilder markers of a field: Required for a
// required one (an optional one says so by omitempty), and its validations.
func fieldMarkers(f *golang.Field) []string {
	if f.Required {
		return append([]string{"kubebuilder:validation:Required"}, schema.Markers(f)...)
	}
	return schema.Markers(f)
}

func writeEnum(g *gosrc.File, e *golang.Enum) {
	doc := e.Doc
	if doc == "" {
		doc = e.Name + " is generated from the schema enum " + strconv.Quote(e.SchemaName) + "."
	}
	values := make([]string, len(e.Values))
	for i, v := range e.Values {
		values[i] = v.Value
		if e.Base != "string" {
			values[i] = v.JSON
		}
	}
	sort.Strings(values)
	g.Write(enumCode, gosrc.Args{"Doc": gosrc.Comment(doc, ""), "Values": "{" + strings.Join(values, ",") + "}",
		"Name": e.Name, "Base": e.Base, "Consts": alignedConsts(e.Values), "Open": e.Open})
}

// alignedConst is an enum constant with the spaces gofmt puts after its name.
type alignedConst struct {
	Const, Pad, Value string
}

func alignedConsts(values []golang.EnumValue) []alignedConst {
	width := 0
	for _, v := range values {
		width = max(width, len(v.Const))
	}
	out := make([]alignedConst, len(values))
	for i, v := range values {
		out[i] = alignedConst{v.Const, strings.Repeat(" ", width-len(v.Const)), v.Value}
	}
	return out
}

var enumCode = gosrc.Code(`
{{.Doc}}{{if .Open}}// The constants are the known values; the service may use others.{{else}}// +kubebuilder:validation:Enum={{.Values}}{{end}}
type {{.Name}} {{.Base}}
{{- if .Consts}}

// The values of {{.Name}}.
const (
{{- range .Consts}}
	{{.Const}}{{.Pad}} = {{$.Name}}({{.Value}})
{{- end}}
)
{{- end}}
`)
