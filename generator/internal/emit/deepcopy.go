package emit

import (
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

func deepCopyFile(pkg *golang.Package, _ Target) (*goFile, error) {
	g := newGoFile(pkg.Name)
	for _, r := range pkg.Resources {
		writeResourceDeepCopy(g, r)
	}
	for _, s := range pkg.Structs {
		writeStructDeepCopy(g, s)
	}
	return g, nil
}

func writeResourceDeepCopy(g *goFile, r *golang.Resource) {
	g.printf(`
// DeepCopyInto copies the receiver into out.
func (in *%[1]s) DeepCopyInto(out *%[1]s) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
}
`, r.Kind)
	writeDeepCopyAndObject(g, r.Kind)
	g.printf(`
// DeepCopyInto copies the receiver into out.
func (in *%[1]sList) DeepCopyInto(out *%[1]sList) {
	*out = *in
	out.TypeMeta = in.TypeMeta
	in.ListMeta.DeepCopyInto(&out.ListMeta)
	if in.Items != nil {
		out.Items = make([]%[1]s, len(in.Items))
		for i := range in.Items {
			in.Items[i].DeepCopyInto(&out.Items[i])
		}
	}
}
`, r.Kind)
	writeDeepCopyAndObject(g, r.Kind+"List")
}

func writeDeepCopyAndObject(g *goFile, name string) {
	writeDeepCopy(g, name)
	g.printf(`
// DeepCopyObject returns a copy of the receiver as a runtime.Object.
func (in *%[1]s) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}
`, name)
}

func writeDeepCopy(g *goFile, name string) {
	g.printf(`
// DeepCopy returns a copy of the receiver, or nil for nil.
func (in *%[1]s) DeepCopy() *%[1]s {
	if in == nil {
		return nil
	}
	out := new(%[1]s)
	in.DeepCopyInto(out)
	return out
}
`, name)
}

func writeStructDeepCopy(g *goFile, s *golang.Struct) {
	g.printf("\n// DeepCopyInto copies the receiver into out.\nfunc (in *%[1]s) DeepCopyInto(out *%[1]s) {\n\t*out = *in\n", s.Name)
	for _, f := range s.Fields {
		if isPlain(f.Type) {
			continue
		}
		g.printf("%s", copyCode("out."+f.Name, "in."+f.Name, f.Type, 1))
	}
	g.printf("}\n")
	writeDeepCopy(g, s.Name)
}

// isPlain reports whether assignment copies a value of type t completely.
func isPlain(t *golang.Type) bool {
	return !t.Pointer && (t.Kind == model.KindPrimitive || t.Kind == model.KindEnum)
}

// copyCode returns statements that deep-copy src into dst, both addressable
// expressions of type t; depth keeps the names of loop variables apart.
func copyCode(dst, src string, t *golang.Type, depth int) string {
	indent := strings.Repeat("\t", depth)
	switch {
	case t.Pointer:
		elem := *t
		elem.Pointer = false
		return fmt.Sprintf("%[1]sif %[3]s != nil {\n%[1]s\t%[2]s = new(%[4]s)\n%[5]s%[1]s}\n",
			indent, dst, src, elem.String(), copyInto("(*"+dst+")", "(*"+src+")", &elem, depth+1))
	case t.Kind == model.KindArray:
		return fmt.Sprintf("%[1]sif %[3]s != nil {\n%[1]s\t%[2]s = make(%[4]s, len(%[3]s))\n%[5]s%[1]s}\n",
			indent, dst, src, t.String(), copySlice(dst, src, t.Elem, depth+1))
	case t.Kind == model.KindMap:
		v := fmt.Sprintf("v%d", depth)
		k := fmt.Sprintf("k%d", depth)
		c := fmt.Sprintf("c%d", depth)
		return fmt.Sprintf("%[1]sif %[3]s != nil {\n%[1]s\t%[2]s = make(%[4]s, len(%[3]s))\n%[1]s\tfor %[5]s, %[6]s := range %[3]s {\n%[1]s\t\tvar %[7]s %[8]s\n%[9]s%[1]s\t\t%[2]s[%[5]s] = %[7]s\n%[1]s\t}\n%[1]s}\n",
			indent, dst, src, t.String(), k, v, c, t.Elem.String(), copyInto(c, v, t.Elem, depth+2))
	}
	return copyInto(dst, src, t, depth)
}

// copyInto deep-copies src into dst for a non-nil-checked value of type t.
func copyInto(dst, src string, t *golang.Type, depth int) string {
	indent := strings.Repeat("\t", depth)
	switch {
	case isPlain(t):
		return fmt.Sprintf("%s%s = %s\n", indent, dst, src)
	case t.Pointer, t.Kind == model.KindArray, t.Kind == model.KindMap:
		return copyCode(dst, src, t, depth)
	}
	return fmt.Sprintf("%s%s.DeepCopyInto(&%s)\n", indent, src, dst)
}

func copySlice(dst, src string, elem *golang.Type, depth int) string {
	indent := strings.Repeat("\t", depth)
	if isPlain(elem) {
		return fmt.Sprintf("%scopy(%s, %s)\n", indent, dst, src)
	}
	i := fmt.Sprintf("i%d", depth)
	return fmt.Sprintf("%[1]sfor %[2]s := range %[3]s {\n%[4]s%[1]s}\n",
		indent, i, src, copyInto(dst+"["+i+"]", src+"["+i+"]", elem, depth+1))
}
