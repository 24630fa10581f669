package emit

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

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
func SpokeFiles(pkg *golang.Package, target Target) (Files, error) {
	return packageFiles(pkg, target, map[string]func(*golang.Package, Target) (*goFile, error){
		layout.GroupVersionFile: groupVersionFile,
		layout.TypesFile:        typesFile,
		layout.DeepCopyFile:     deepCopyFile,
	})
}

// CompatPackage returns the compat package of version i of graph, or nil when
// it has none.
func CompatPackage(graph *conversion.Graph, i int) *golang.Package {
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
func CompatFiles(pkg *golang.Package, target Target) (Files, error) {
	return packageFiles(pkg, target, map[string]func(*golang.Package, Target) (*goFile, error){
		layout.TypesFile:    typesFile,
		layout.DeepCopyFile: deepCopyFile,
	})
}

func packageFiles(pkg *golang.Package, target Target, emitters map[string]func(*golang.Package, Target) (*goFile, error)) (Files, error) {
	files := Files{}
	for name, emit := range emitters {
		g, err := emit(pkg, target)
		if err != nil {
			return nil, err
		}
		data, err := g.bytes()
		if err != nil {
			return nil, err
		}
		files[target.Dir+"/"+name] = data
	}
	return files, nil
}

func groupVersionFile(pkg *golang.Package, target Target) (*goFile, error) {
	g := newGoFile(pkg.Name)
	what := fmt.Sprintf("the %s API version %s", strings.ToLower(kindOfPackage(pkg)), pkg.APIVersion)
	if pkg.Storage {
		what = "the storage variant of API version " + pkg.APIVersion
	}
	g.printf("// Package %s holds %s of %s.\n", pkg.Name, what, target.Group)
	g.printf("// +kubebuilder:object:generate=true\n// +groupName=%s\n", target.Group)
	g.printf(`
// GroupVersion is the group and version of the types in this package.
var GroupVersion = schema.GroupVersion{Group: %q, Version: %q}

var (
	// SchemeBuilder registers the types in this package.
	SchemeBuilder = runtime.NewSchemeBuilder(addKnownTypes)

	// AddToScheme adds the types in this package to a scheme.
	AddToScheme = SchemeBuilder.AddToScheme
)

func addKnownTypes(scheme *runtime.Scheme) error {
	scheme.AddKnownTypes(GroupVersion,
`, target.Group, target.Version)
	for _, r := range pkg.Resources {
		g.printf("\t\t&%s{},\n\t\t&%sList{},\n", r.Kind, r.Kind)
	}
	g.printf("\t)\n\tmetav1.AddToGroupVersion(scheme, GroupVersion)\n\treturn nil\n}\n")
	return g, nil
}

func kindOfPackage(pkg *golang.Package) string {
	if pkg.Preview {
		return "Preview"
	}
	return "Stable"
}

func typesFile(pkg *golang.Package, target Target) (*goFile, error) {
	g := newGoFile(pkg.Name)
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

func writeResource(g *goFile, r *golang.Resource, storage bool) {
	g.printf("\n%s", comment(fmt.Sprintf("%s is the Kubernetes resource for the ARM resource type %s.\n%s", r.Kind, r.ARMType, r.Doc), ""))
	g.printf("//\n// +kubebuilder:object:root=true\n// +kubebuilder:subresource:status\n")
	g.printf("// +kubebuilder:printcolumn:name=\"Ready\",type=\"string\",JSONPath=\".status.conditions[?(@.type=='Ready')].status\"\n")
	g.printf("type %s struct {\n\tmetav1.TypeMeta `json:\",inline\"`\n\tmetav1.ObjectMeta `json:\"metadata,omitempty\"`\n", r.Kind)
	g.printf("\tSpec %s `json:\"spec,omitempty\"`\n\tStatus %s `json:\"status,omitempty\"`\n}\n", r.Spec.Name, r.Status.Name)
	g.printf(`
// +kubebuilder:object:root=true

// %[1]sList is a list of %[1]s.
type %[1]sList struct {
	metav1.TypeMeta `+"`json:\",inline\"`"+`
	metav1.ListMeta `+"`json:\"metadata,omitempty\"`"+`
	Items []%[1]s `+"`json:\"items\"`"+`
}

`, r.Kind)
	if storage {
		writeStorageOriginal(g, r)
		return
	}
	g.printf(`
// OriginalGVK returns the group, version and kind of the API version the resource
// was created with.
func (resource *%[1]s) OriginalGVK() *schema.GroupVersionKind {
	return &schema.GroupVersionKind{Group: GroupVersion.Group, Version: resource.Spec.OriginalVersion(), Kind: %[1]q}
}

// OriginalVersion returns the API version this spec belongs to.
func (spec *%[2]s) OriginalVersion() string {
	return GroupVersion.Version
}
`, r.Kind, r.Spec.Name)
}

func writeStorageOriginal(g *goFile, r *golang.Resource) {
	g.printf(`
// OriginalGVK returns the group, version and kind of the API version the resource
// was created with, as recorded in its spec.
func (resource *%[1]s) OriginalGVK() *schema.GroupVersionKind {
	return &schema.GroupVersionKind{Group: GroupVersion.Group, Version: resource.Spec.OriginalVersion, Kind: %[1]q}
}
`, r.Kind)
}

func writeStruct(g *goFile, s *golang.Struct) {
	doc := s.Doc
	if doc == "" {
		doc = s.Name + " is generated from the schema type " + strconv.Quote(s.SchemaName) + "."
	}
	g.printf("\n%s", comment(doc, ""))
	if s.OneOf {
		g.printf("// Exactly one of the fields should be set.\n")
	}
	g.printf("type %s struct {\n", s.Name)
	for i, f := range s.Fields {
		if i > 0 {
			g.printf("\n")
		}
		writeField(g, f)
	}
	g.printf("}\n")
}

func writeField(g *goFile, f *golang.Field) {
	g.printf("%s", comment(f.Doc, "\t"))
	for _, marker := range fieldMarkers(f) {
		g.printf("\t// +%s\n", marker)
	}
	tag := f.JSONName
	if !f.Required {
		tag += ",omitempty"
	}
	g.printf("\t%s %s `json:%q`\n", f.Name, f.Type.String(), tag)
}

func fieldMarkers(f *golang.Field) []string {
	required := "kubebuilder:validation:Optional"
	if f.Required {
		required = "kubebuilder:validation:Required"
	}
	return append([]string{required}, validationMarkers(f)...)
}

func writeEnum(g *goFile, e *golang.Enum) {
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
	g.printf("\n%s// +kubebuilder:validation:Enum={%s}\ntype %s %s\n", comment(doc, ""), strings.Join(values, ","), e.Name, e.Base)
	if len(e.Values) == 0 {
		return
	}
	g.printf("\n// The values of %s.\nconst (\n", e.Name)
	for _, v := range e.Values {
		g.printf("\t%s = %s(%s)\n", v.Const, e.Name, v.Value)
	}
	g.printf(")\n")
}
