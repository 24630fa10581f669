package convert

import (
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/emit/gosrc"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// side is one end of a conversion as code sees it: a package and, for structs, the
// direction of the link between the two ends.
type side struct {
	version int
	pkg     conversion.Side
}

// assignWriter writes the body of one AssignProperties method.
type assignWriter struct {
	scope        *gosrc.Scope
	body         strings.Builder
	count        int
	source       side
	dest         side
	hostIsSource bool // the method's receiver is the source (To) rather than the destination (From)
}

func (w *assignWriter) printf(format string, args ...any) {
	fmt.Fprintf(&w.body, format, args...)
}

func (w *assignWriter) fresh(prefix string) string {
	w.count++
	return fmt.Sprintf("%s%d", prefix, w.count)
}

func (w *assignWriter) srcType(t *golang.Type) string {
	return w.scope.TypeName(t, w.source.version, w.source.pkg)
}

func (w *assignWriter) dstType(t *golang.Type) string {
	return w.scope.TypeName(t, w.dest.version, w.dest.pkg)
}

// assign writes code that sets dst (of type dt) from src (of type st); the two
// types are convertible. what names the property in errors.
func (w *assignWriter) assign(dst string, dt *golang.Type, src string, st *golang.Type, what string) {
	if !st.Pointer {
		value := w.convert(src, gosrc.Base(st), gosrc.Base(dt), what)
		w.store(dst, dt, value)
		return
	}
	w.printf("if %s != nil {\n", src)
	value := w.convert("(*"+src+")", gosrc.Base(st), gosrc.Base(dt), what)
	w.store(dst, dt, value)
	w.printf("} else {\n")
	w.clear(dst, dt)
	w.printf("}\n")
}

// store assigns value (of dt without pointer) to dst of type dt.
func (w *assignWriter) store(dst string, dt *golang.Type, value string) {
	if dt.Pointer {
		w.printf("%s = &%s\n", dst, value)
		return
	}
	w.printf("%s = %s\n", dst, value)
}

// clear sets dst to the zero value of dt.
func (w *assignWriter) clear(dst string, dt *golang.Type) {
	if dt.Pointer || dt.Kind == model.KindArray || dt.Kind == model.KindMap {
		w.printf("%s = nil\n", dst)
		return
	}
	zero := w.fresh("zero")
	w.printf("var %s %s\n%s = %s\n", zero, w.dstType(dt), dst, zero)
}

// convert writes code converting src (an addressable value of st, not a pointer)
// into a new variable of dt and returns the variable's name.
func (w *assignWriter) convert(src string, st, dt *golang.Type, what string) string {
	out := w.fresh("value")
	w.printf("var %s %s\n", out, w.dstType(dt))
	switch {
	case dt.Kind == model.KindArray:
		w.convertSlice(out, src, st, dt, what)
	case dt.Kind == model.KindMap:
		w.convertMap(out, src, st, dt, what)
	case dt.Kind == model.KindPrimitive || dt.Kind == model.KindEnum:
		w.printf("%s = %s(%s)\n", out, w.dstType(dt), src)
	case dt.Kind == model.KindAny || gosrc.IsRuntimeNamed(dt.Named):
		w.printf("%s.DeepCopyInto(&%s)\n", src, out)
	case w.hostIsSource:
		name := w.linkName(w.source, st.Named, w.dest, dt.Named)
		w.printf("if err := %s.AssignProperties_To_%s(&%s); err != nil {\n\treturn fmt.Errorf(\"converting %s: %%w\", err)\n}\n", src, name, out, what)
	default:
		name := w.linkName(w.dest, dt.Named, w.source, st.Named)
		w.printf("if err := %s.AssignProperties_From_%s(&%s); err != nil {\n\treturn fmt.Errorf(\"converting %s: %%w\", err)\n}\n", out, name, src, what)
	}
	return out
}

func (w *assignWriter) convertSlice(out, src string, st, dt *golang.Type, what string) {
	w.printf("if %s != nil {\n%s = make(%s, len(%s))\n", src, out, w.dstType(dt), src)
	index, item := w.fresh("index"), w.fresh("item")
	w.printf("for %s, %s := range %s {\n", index, item, src)
	value := w.convert(item, st.Elem, dt.Elem, what)
	w.printf("%s[%s] = %s\n}\n}\n", out, index, value)
}

func (w *assignWriter) convertMap(out, src string, st, dt *golang.Type, what string) {
	w.printf("if %s != nil {\n%s = make(%s, len(%s))\n", src, out, w.dstType(dt), src)
	key, item := w.fresh("key"), w.fresh("item")
	w.printf("for %s, %s := range %s {\n", key, item, src)
	value := w.convert(item, st.Elem, dt.Elem, what)
	w.printf("%s[%s] = %s\n}\n}\n", out, key, value)
}

// stash writes code keeping src (a field of type st) in the bag under key.
func (w *assignWriter) stash(src string, st *golang.Type, key string) {
	w.printf("if %s {\n", isSet(src, st))
	value := src
	if st.Pointer {
		value = "*" + src
	}
	w.printf("if err := bag.Add(%q, %s); err != nil {\n\treturn err\n}\n", key, value)
	w.printf("} else {\nbag.Remove(%q)\n}\n", key)
}

// isSet returns the condition under which the field src (of type st) goes into
// the bag: not nil and, for a slice or a map, not empty, as the storage versions'
// JSON (omitempty) cannot keep an empty one either. An entry for an empty one
// would vanish when the object next passes through JSON, changing the hub on a
// write that changed nothing.
func isSet(src string, st *golang.Type) string {
	if !st.Pointer && (st.Kind == model.KindArray || st.Kind == model.KindMap) {
		return "len(" + src + ") > 0"
	}
	return src + " != nil"
}

// recall writes code setting dst (a field of type dt) from the bag entry key,
// decoded as the bag's shape st (a type of the package of shapeSide).
func (w *assignWriter) recall(dst string, dt *golang.Type, key string) {
	w.printf("if bag.Contains(%q) {\n", key)
	value := w.fresh("value")
	w.printf("var %s %s\n", value, w.dstType(gosrc.Base(dt)))
	w.printf("if _, err := bag.Pull(%q, &%s); err != nil {\n\treturn err\n}\n", key, value)
	w.store(dst, dt, value)
	w.printf("} else {\n")
	w.clear(dst, dt)
	w.printf("}\n")
}

// with runs write with the writer's sides and direction set as given, then
// restores them.
func (w *assignWriter) with(source, dest side, hostIsSource bool, write func()) {
	saved := *w
	w.source, w.dest, w.hostIsSource = source, dest, hostIsSource
	write()
	w.source, w.dest, w.hostIsSource = saved.source, saved.dest, saved.hostIsSource
}

// stashCompat writes code that converts src (a field of type st) into the compat
// shape (compat, a type of the compat package at compatSide) and keeps it in the
// bag under key.
func (w *assignWriter) stashCompat(src string, st *golang.Type, shape *golang.Type, compatSide side, key, what string) {
	w.printf("if %s {\n", isSet(src, st))
	expr := src
	if st.Pointer {
		expr = "(*" + src + ")"
	}
	var staged string
	w.with(w.source, compatSide, false, func() {
		staged = w.convert(expr, gosrc.Base(st), gosrc.Base(shape), what)
	})
	w.printf("if err := bag.Add(%q, %s); err != nil {\n\treturn err\n}\n", key, staged)
	w.printf("} else {\nbag.Remove(%q)\n}\n", key)
}

// recallCompat writes code that takes the bag entry key in its compat shape and
// converts it into dst (a field of type dt).
func (w *assignWriter) recallCompat(dst string, dt *golang.Type, shape *golang.Type, compatSide side, key, what string) {
	w.printf("if bag.Contains(%q) {\n", key)
	staged := w.fresh("staged")
	w.printf("var %s %s\n", staged, w.scope.TypeName(gosrc.Base(shape), compatSide.version, compatSide.pkg))
	w.printf("if _, err := bag.Pull(%q, &%s); err != nil {\n\treturn err\n}\n", key, staged)
	var value string
	w.with(compatSide, w.dest, true, func() {
		value = w.convert(staged, gosrc.Base(shape), gosrc.Base(dt), what)
	})
	w.store(dst, dt, value)
	w.printf("} else {\n")
	w.clear(dst, dt)
	w.printf("}\n")
}

// linkName names the assignment methods the host struct hostName has for other.
func (w *assignWriter) linkName(host side, hostName string, other side, otherName string) string {
	end := conversion.End{Version: host.version, Side: host.pkg, Struct: &golang.Struct{Name: hostName}}
	return w.scope.Module.LinkName(end, other.version, other.pkg, otherName)
}
