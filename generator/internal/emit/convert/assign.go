package convert

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/emit/gosrc"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// side is one end of a conversion as code sees it: a package and, for structs, the
// direction of the link between the two ends.
type side struct {
	version conversion.VersionIndex
	pkg     layout.Side
}

// assignWriter writes the body of one AssignProperties method.
type assignWriter struct {
	scope        *gosrc.Scope
	body         strings.Builder
	property     string // the Go name of the property being assigned
	depth        int    // how deep inside collections the code being written is
	source       side
	dest         side
	hostIsSource bool // the method's receiver is the source (To) rather than the destination (From)
	// direct says that nested structs of storage versions further apart than
	// one step convert by their composed conversions.
	direct bool
	// twin says that the writer writes a spoke's twin of a composed
	// conversion (twin.go): the spoke's own structs convert by their twins,
	// which from the hub take fits.
	twin bool
}

func (w *assignWriter) printf(format string, args ...any) {
	fmt.Fprintf(&w.body, format, args...)
}

// fresh names a local variable of the property being assigned: prefix, the
// property's name and, inside a collection, how deep: stable when other
// properties come and go, and apart from the locals of enclosing collections.
func (w *assignWriter) fresh(prefix string) string {
	if w.depth == 0 {
		return prefix + w.property
	}
	return prefix + w.property + strconv.Itoa(w.depth)
}

func (w *assignWriter) srcType(t *golang.Type) string {
	return w.scope.TypeName(t, w.source.version, w.source.pkg)
}

func (w *assignWriter) dstType(t *golang.Type) string {
	return w.scope.TypeName(t, w.dest.version, w.dest.pkg)
}

// assign writes code that sets dst (of type dt) from src (of type st); the two
// types are convertible. what names the property in errors. Scalars, clones of
// collections of one scalar type, and structs are assigned directly; anything
// else is converted into a variable first.
func (w *assignWriter) assign(dst string, dt *golang.Type, src string, st *golang.Type, what string) {
	if w.assignDirect(dst, dt, src, st, what) {
		return
	}
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

// assignDirect writes the assignment of dst from src without a variable, when
// it can, and reports whether it did.
func (w *assignWriter) assignDirect(dst string, dt *golang.Type, src string, st *golang.Type, what string) bool {
	switch {
	case isScalar(dt) && isScalar(st):
		w.printf("%s = %s\n", dst, w.scalar(src, st, dt))
	case w.sameCollection(dt, st):
		w.printf("%s = %s\n", dst, src) // shared: see the package comment
	case dt.Kind == model.KindObject && st.Kind == model.KindObject && !gosrc.IsRuntimeNamed(dt.Named) && st.Pointer == dt.Pointer:
		w.assignStruct(dst, dt, src, st, what)
	case isStructSlice(dt) && isStructSlice(st):
		w.assignStructSlice(dst, dt, src, st, what)
	case isCopied(dt) && dt.Pointer == st.Pointer:
		w.printf("%s = %s\n", dst, src) // shared: see the package comment
	case isCopied(dt) && dt.Pointer:
		w.printf("%s = %s.DeepCopy()\n", dst, src)
	default:
		return false
	}
	return true
}

// isStructSlice reports whether t is a slice of generated structs (not pointers).
func isStructSlice(t *golang.Type) bool {
	return !t.Pointer && t.Kind == model.KindArray && t.Elem != nil && !t.Elem.Pointer &&
		t.Elem.Kind == model.KindObject && !gosrc.IsRuntimeNamed(t.Elem.Named)
}

// assignStructSlice writes the conversion of a slice of structs, element by
// element in place.
func (w *assignWriter) assignStructSlice(dst string, dt *golang.Type, src string, st *golang.Type, what string) {
	index := w.fresh("index")
	w.printf("%s = nil\nif %s != nil {\n%s = make(%s, len(%s))\nfor %s := range %s {\n", dst, src, dst, w.dstType(dt), src, index, src)
	w.assignInto(dst+"["+index+"]", dt.Elem, src+"["+index+"]", st.Elem, what)
	w.printf("}\n}\n")
}

// isCopied reports whether values of t are copied by their DeepCopy methods:
// free-form JSON and the runtime's named types.
func isCopied(t *golang.Type) bool {
	return t.Kind == model.KindAny || gosrc.IsRuntimeNamed(t.Named)
}

func isScalar(t *golang.Type) bool {
	return t.Kind == model.KindPrimitive || t.Kind == model.KindEnum
}

// scalar returns the expression of src (of scalar type st) as dt. A pointer
// the destination wants is shared with the source (see the package comment):
// the source's own pointer, or the address of its field outside collections,
// retyped when the two name the same builtin differently. Only a number that
// changes builtin (int to float64) is converted into a new pointer.
func (w *assignWriter) scalar(src string, st, dt *golang.Type) string {
	from, to := w.srcType(gosrc.Base(st)), w.dstType(gosrc.Base(dt))
	cast := func(expr string) string {
		if from == to {
			return expr
		}
		return to + "(" + expr + ")"
	}
	sameBuiltin := from == to || w.builtin(st, w.source) == w.builtin(dt, w.dest)
	switch {
	case dt.Pointer && sameBuiltin && (st.Pointer || w.depth == 0):
		pointer := src
		if !st.Pointer {
			pointer = "&" + src
		}
		if from == to {
			return pointer
		}
		return "(*" + to + ")(" + pointer + ")"
	case st.Pointer && dt.Pointer:
		return "armruntime.ConvertNumber[" + to + "](" + src + ")"
	case st.Pointer:
		return cast("armruntime.Deref(" + src + ")")
	case dt.Pointer:
		return "armruntime.PointerTo(" + cast(src) + ")"
	}
	return cast(src)
}

// sameCollection reports whether dt and st are the same slice or map type of
// scalars or free-form JSON, which the destination shares.
func (w *assignWriter) sameCollection(dt, st *golang.Type) bool {
	if dt.Pointer || st.Pointer || (dt.Kind != model.KindArray && dt.Kind != model.KindMap) || dt.Elem == nil {
		return false
	}
	shared := isScalar(dt.Elem) || dt.Elem.Kind == model.KindAny || dt.Elem.Named == golang.JSONType
	return shared && !dt.Elem.Pointer && w.dstType(dt) == w.srcType(st)
}

// assignStruct writes the assignment of the struct (or pointer to struct) dst
// from src, converting in place.
func (w *assignWriter) assignStruct(dst string, dt *golang.Type, src string, st *golang.Type, what string) {
	if !dt.Pointer {
		w.assignInto(dst, dt, src, st, what)
		return
	}
	w.printf("%s = nil\nif %s != nil {\n%s = new(%s)\n", dst, src, dst, w.dstType(gosrc.Base(dt)))
	w.assignInto(dst, dt, src, st, what)
	w.printf("}\n")
}

// assignInto writes the call of the assignment method converting the struct src
// into dst (both addressable, or both pointers).
func (w *assignWriter) assignInto(dst string, dt *golang.Type, src string, st *golang.Type, what string) {
	target := dst
	if !dt.Pointer {
		target = gosrc.AddressOf(dst)
	}
	if name, ok := w.directName(st.Named, dt.Named); ok {
		w.assignDirectly(dst, target, src, st, name, what)
		return
	}
	if w.hostIsSource {
		name := w.linkName(w.source, st.Named, w.dest, dt.Named)
		w.call(fmt.Sprintf("%s.AssignProperties_To_%s(%s)", src, name, target), what)
		return
	}
	source := src
	if !st.Pointer {
		source = gosrc.AddressOf(src)
	}
	name := w.linkName(w.dest, dt.Named, w.source, st.Named)
	w.call(fmt.Sprintf("%s.AssignProperties_From_%s(%s)", dst, name, source), what)
	if w.fitting() { // a struct of the storage variant, by the step from it
		w.printf("if !%s.FitsSpoke() {\n\t*fits = false\n}\n", src)
	}
}

// call writes the call of a conversion method, returning its error wrapped
// with what the method converts (armruntime.Converting).
func (w *assignWriter) call(conversion, what string) {
	w.printf("if err := %s; err != nil {\n\treturn armruntime.Converting(\"%s\", err)\n}\n", conversion, what)
}

// fitting reports whether the writer writes a spoke's twin from the hub into
// the spoke itself, which reports in fits what would not fit it.
func (w *assignWriter) fitting() bool {
	return w.twin && !w.hostIsSource && w.dest.pkg == layout.Spoke
}

// assignDirectly writes the call of the composed conversion name between the
// struct src and dst (target is its address).
func (w *assignWriter) assignDirectly(dst, target string, src string, st *golang.Type, name, what string) {
	if w.hostIsSource {
		w.call(fmt.Sprintf("%s.%sTo_%s(%s)", src, directPrefix, name, target), what)
		return
	}
	source := src
	if !st.Pointer {
		source = gosrc.AddressOf(src)
	}
	fits := ""
	if w.fitting() {
		fits = ", fits"
	}
	w.call(fmt.Sprintf("%s.%sFrom_%s(%s%s)", dst, directPrefix, name, source, fits), what)
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
	w.printf("%s = %s\n", dst, w.zero(dt))
}

// zero returns the zero value of dt as Go source.
func (w *assignWriter) zero(dt *golang.Type) string {
	switch {
	case dt.Pointer || dt.Kind == model.KindArray || dt.Kind == model.KindMap:
		return "nil"
	case isScalar(dt) && w.builtin(dt, w.dest) == "string":
		return `""`
	case isScalar(dt) && w.builtin(dt, w.dest) == "bool":
		return "false"
	case isScalar(dt):
		return "0"
	}
	return w.dstType(dt) + "{}"
}

// builtin returns the Go builtin of the scalar t, a type of the package at sd:
// its own, or its enum's base.
func (w *assignWriter) builtin(t *golang.Type, sd side) string {
	if t.Builtin != "" {
		return t.Builtin
	}
	for _, e := range w.scope.Module.Graph.Versions[sd.version].Spoke.Enums {
		if e.Name == t.Named {
			return e.Base
		}
	}
	panic("convert: no enum " + t.Named + " in the spoke package of version " + fmt.Sprint(sd.version))
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
	default:
		w.assignInto(out, dt, src, st, what)
	}
	return out
}

func (w *assignWriter) convertSlice(out, src string, st, dt *golang.Type, what string) {
	w.printf("if %s != nil {\n%s = make(%s, len(%s))\n", src, out, w.dstType(dt), src)
	index, item := w.fresh("index"), w.fresh("item")
	w.printf("for %s, %s := range %s {\n", index, item, src)
	w.depth++
	value := w.convert(item, st.Elem, dt.Elem, what)
	w.depth--
	w.printf("%s[%s] = %s\n}\n}\n", out, index, value)
}

func (w *assignWriter) convertMap(out, src string, st, dt *golang.Type, what string) {
	w.printf("if %s != nil {\n%s = make(%s, len(%s))\n", src, out, w.dstType(dt), src)
	key, item := w.fresh("key"), w.fresh("item")
	w.printf("for %s, %s := range %s {\n", key, item, src)
	w.depth++
	value := w.convert(item, st.Elem, dt.Elem, what)
	w.depth--
	w.printf("%s[%s] = %s\n}\n}\n", out, key, value)
}

// stash writes code keeping src (a field of type st) in the bag under key, or
// removing the entry when src is not set.
func (w *assignWriter) stash(src string, st *golang.Type, key string) {
	w.printf("if err := bag.Keep(%q, %s, %s); err != nil {\n\treturn err\n}\n", key, src, isSet(src, st))
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
// or clearing it when there is none.
func (w *assignWriter) recall(dst string, dt *golang.Type, key string) {
	w.clear(dst, dt)
	w.printf("if _, err := bag.Pull(%q, &%s); err != nil {\n\treturn err\n}\n", key, dst)
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
