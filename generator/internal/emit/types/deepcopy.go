package types

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/emit/gosrc"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

func deepCopyFile(pkg *golang.Package, _ Target) (*gosrc.File, error) {
	g := gosrc.NewFile(pkg.Name)
	g.Indented, g.PlainDocs = true, true
	for _, r := range pkg.Resources {
		writeResourceDeepCopy(g, r)
	}
	for _, s := range pkg.Structs {
		writeStructDeepCopy(g, s)
	}
	return g, nil
}

func writeResourceDeepCopy(g *gosrc.File, r *golang.Resource) {
	g.Write(resourceDeepCopyCode, r)
	writeDeepCopyAndObject(g, r.Kind)
	g.Write(listDeepCopyCode, r)
	writeDeepCopyAndObject(g, r.List())
}

var resourceDeepCopyCode = gosrc.Code(`
// DeepCopyInto copies the receiver into out.
func (in *{{.Kind}}) DeepCopyInto(out *{{.Kind}}) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
}
`)

var listDeepCopyCode = gosrc.Code(`
// DeepCopyInto copies the receiver into out.
func (in *{{.List}}) DeepCopyInto(out *{{.List}}) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]{{.Kind}}, len(in.Items))
		for i := range in.Items {
			in.Items[i].DeepCopyInto(&out.Items[i])
		}
	}
}
`)

func writeDeepCopyAndObject(g *gosrc.File, name string) {
	writeDeepCopy(g, name)
	g.Write(deepCopyObjectCode, gosrc.Args{"Type": name})
}

var deepCopyObjectCode = gosrc.Code(`
// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *{{.Type}}) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
`)

func writeDeepCopy(g *gosrc.File, name string) {
	g.Write(deepCopyCode, gosrc.Args{"Type": name})
}

var deepCopyCode = gosrc.Code(`
// DeepCopy returns a copy of the receiver, or nil for nil.
func (in *{{.Type}}) DeepCopy() *{{.Type}} {
	if in == nil {
		return nil
	}
	out := new({{.Type}})
	in.DeepCopyInto(out)
	return out
}
`)

func writeStructDeepCopy(g *gosrc.File, s *golang.Struct) {
	var copies []string
	for _, f := range s.Fields {
		if !isPlain(f.Type) {
			copies = append(copies, copyCode("out."+f.Name, "in."+f.Name, f.Type, 1))
		}
	}
	g.Write(structDeepCopyCode, gosrc.Args{"Type": s.Name, "Copies": copies})
	writeDeepCopy(g, s.Name)
}

var structDeepCopyCode = gosrc.Code(`
// DeepCopyInto copies the receiver into out.
func (in *{{.Type}}) DeepCopyInto(out *{{.Type}}) {
	*out = *in
{{- range .Copies}}
	{{.}}
{{- end}}
}
`)

// isPlain reports whether assignment copies a value of type t completely.
func isPlain(t *golang.Type) bool {
	return !t.Pointer && (t.Kind == model.KindPrimitive || t.Kind == model.KindEnum)
}

// copyCode returns statements that deep-copy src into dst, both addressable
// expressions of type t; depth keeps the names of loop variables apart.
// Statements are unindented: bytes gofmts them.
func copyCode(dst, src string, t *golang.Type, depth int) string {
	if expr, ok := copyExpr(src, t); ok {
		return dst + " = " + expr
	}
	switch {
	case t.Pointer:
		elem := gosrc.Base(t)
		return gosrc.Fill(copyPointerCode, gosrc.Args{"Dst": dst, "Src": src, "Elem": elem.String(),
			"Copy": copyInto("(*"+dst+")", "(*"+src+")", elem, depth+1)})
	case t.Kind == model.KindArray:
		return gosrc.Fill(copySliceCode, gosrc.Args{"Dst": dst, "Src": src, "Type": t.String(),
			"Copy": copySlice(dst, src, t.Elem, depth+1)})
	case t.Kind == model.KindMap:
		key, value, item := fmt.Sprintf("k%d", depth), fmt.Sprintf("v%d", depth), fmt.Sprintf("c%d", depth)
		return gosrc.Fill(copyMapCode, gosrc.Args{"Dst": dst, "Src": src, "Type": t.String(), "Key": key, "Value": value,
			"Item": item, "Elem": t.Elem.String(), "Copy": copyInto(item, value, t.Elem, depth+2)})
	}
	return copyInto(dst, src, t, depth)
}

// copyExpr returns an expression that is a deep copy of src, of type t, when
// one call makes it: a pointer to a scalar (armruntime.Clone), a pointer to a
// struct (its DeepCopy, nil for nil), or a slice or map of scalars (slices.Clone,
// maps.Clone, which keep nil nil and empty empty).
func copyExpr(src string, t *golang.Type) (string, bool) {
	elem := gosrc.Base(t)
	switch {
	case t.Pointer && isPlain(elem):
		return "armruntime.Clone(" + src + ")", true
	case t.Pointer && (elem.Kind == model.KindObject || elem.Kind == model.KindAny):
		return src + ".DeepCopy()", true
	case t.Pointer:
		return "", false
	case t.Kind == model.KindArray && isPlain(t.Elem):
		return "slices.Clone(" + src + ")", true
	case t.Kind == model.KindMap && isPlain(t.Elem):
		return "maps.Clone(" + src + ")", true
	}
	return "", false
}

var copyPointerCode = gosrc.Code(`if {{.Src}} != nil {
	{{.Dst}} = new({{.Elem}})
	{{.Copy}}
}`)

var copySliceCode = gosrc.Code(`if {{.Src}} != nil {
	{{.Dst}} = make({{.Type}}, len({{.Src}}))
	{{.Copy}}
}`)

var copyMapCode = gosrc.Code(`if {{.Src}} != nil {
	{{.Dst}} = make({{.Type}}, len({{.Src}}))
	for {{.Key}}, {{.Value}} := range {{.Src}} {
		var {{.Item}} {{.Elem}}
		{{.Copy}}
		{{.Dst}}[{{.Key}}] = {{.Item}}
	}
}`)

// copyInto deep-copies src into dst for a non-nil-checked value of type t.
func copyInto(dst, src string, t *golang.Type, depth int) string {
	switch {
	case isPlain(t):
		return dst + " = " + src
	case t.Pointer, t.Kind == model.KindArray, t.Kind == model.KindMap:
		return copyCode(dst, src, t, depth)
	}
	return src + ".DeepCopyInto(" + gosrc.AddressOf(dst) + ")"
}

func copySlice(dst, src string, elem *golang.Type, depth int) string {
	if isPlain(elem) {
		return "copy(" + dst + ", " + src + ")"
	}
	i := fmt.Sprintf("i%d", depth)
	return gosrc.Fill(copyItemsCode, gosrc.Args{"Index": i, "Src": src, "Copy": copyInto(dst+"["+i+"]", src+"["+i+"]", elem, depth+1)})
}

var copyItemsCode = gosrc.Code(`for {{.Index}} := range {{.Src}} {
	{{.Copy}}
}`)
