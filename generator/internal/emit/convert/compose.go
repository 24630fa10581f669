package convert

import (
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
)

// directPrefix begins the names of the composed assignment methods: straight
// from a storage version to a later one (the hub) and back, with the result of
// the chain of adjacent ones (conversion.Compose).
const directPrefix = "AssignPropertiesDirect_"

// writeComposed writes the composed conversion comp (hosted by its near
// struct) as one method; one of a single step is the step's own method and is
// not written.
func writeComposed(s *gosrc.Scope, comp *conversion.Composed) {
	if len(comp.Steps) > 1 {
		writeDirect(s, comp, false)
	}
}

// writeDirect writes comp as one method straight between its ends: between
// two storage variants (a composed conversion), or, for a twin, between the
// spoke its near storage variant stores and the far storage variant, one step
// more, a twin from the far end also setting *fits (see twin.go).
func writeDirect(s *gosrc.Scope, comp *conversion.Composed, twin bool) {
	near := side{comp.Near.Version, layout.Storage}
	steps := len(comp.Steps)
	if twin {
		near.pkg, steps = layout.Spoke, steps+1
	}
	far := side{comp.Far.Version, layout.Storage}
	w := &assignWriter{scope: s, source: near, dest: far, hostIsSource: true, direct: true, twin: twin}
	method, param, receiver, extra := "To", "destination", "source", ""
	doc := fmt.Sprintf("copies this %s into destination", comp.Near.Struct.Name)
	if comp.Direction == conversion.FromFar {
		w.source, w.dest, w.hostIsSource = far, near, false
		method, param, receiver = "From", "source", "destination"
		doc = fmt.Sprintf("copies source into this %s", comp.Near.Struct.Name)
		if twin {
			extra = ", fits *bool"
			doc = fmt.Sprintf("copies source into this %s, setting *fits to false where the storage variant would not fit it", comp.Near.Struct.Name)
		}
	}
	switch {
	case comp.Hooked && !twin:
		writeThroughSteps(w, comp)
	case !twin && stepsSameLayout(s, comp):
		destination := comp.Near.Struct.Name
		if comp.Direction == conversion.ToFar {
			destination = s.Qualifier(far.version, far.pkg) + comp.Far.Struct.Name
		}
		writeLayoutCopy(w, destination)
		w.printf("return nil\n")
	default:
		writeOps(w, comp)
	}
	s.File.Write(directCode, gosrc.Args{"Method": directPrefix + method + "_" + comp.Name, "Doc": doc,
		"Receiver": receiver, "Host": comp.Near.Struct.Name, "Param": param, "Extra": extra,
		"Other": s.Qualifier(far.version, far.pkg) + comp.Far.Struct.Name, "Body": w.body.String(),
		"Steps": steps})
}

// stepsSameLayout reports whether every step of comp links structs of the
// same layout (sameLayout): then so are its ends, and Go converts one into
// the other.
func stepsSameLayout(s *gosrc.Scope, comp *conversion.Composed) bool {
	for _, step := range comp.Steps {
		w := &assignWriter{scope: s, source: side{step.Host.Version, step.Host.Side}, dest: side{step.Other.Version, step.Other.Side}}
		if !sameLayout(w, step) {
			return false
		}
	}
	return true
}

var directCode = gosrc.Code(`
// {{.Method}} {{.Doc}}, as the {{.Steps}} steps between them do.
func ({{.Receiver}} *{{.Host}}) {{.Method}}({{.Param}} *{{.Other}}{{.Extra}}) error {
{{.Body -}}
}
`)

// writeOps writes the body of a composed conversion from its operations. A
// spoke's twin (w.twin) starts from no bag, as the spoke's storage variant
// has none; from the hub it ends by setting *fits where the storage variant
// would not fit the spoke (what FitsSpoke would say of it) instead of keeping
// a bag.
func writeOps(w *assignWriter, comp *conversion.Composed) {
	if w.twin && comp.Direction == conversion.ToFar {
		w.printf("var bag armruntime.PropertyBag\n")
	} else {
		w.printf("bag := armruntime.NewPropertyBag(source.PropertyBag)\n")
	}
	kept := map[string]bool{} // the keys a twin to the hub has kept: the others are absent
	for _, op := range comp.Ops {
		switch op.Kind {
		case conversion.Pull:
			if w.twin && comp.Direction == conversion.ToFar && !kept[op.Key] {
				f := op.Value.Field()
				w.printf("var %s %s\n", valueName(op.Value), w.scope.TypeName(f.Type, op.Value.Version(), layout.Storage))
				continue
			}
			writePull(w, comp, op)
		case conversion.Keep:
			kept[op.Key] = true
			writeKeep(w, comp, op)
		case conversion.Move:
			writeMove(w, comp, op)
		case conversion.Set:
			writeSet(w, comp, op)
		}
	}
	if w.twin && comp.Direction == conversion.FromFar {
		writeTwinFits(w, comp)
		return
	}
	if hasOriginalVersion(comp.Near.Struct) && hasOriginalVersion(comp.Far.Struct) {
		version := "source.OriginalVersion"
		if w.twin {
			version += "()"
		}
		w.printf("destination.OriginalVersion = %s\n", version)
	}
	w.printf("destination.PropertyBag = bag\nreturn nil\n")
}

// valueName returns the Go expression of value where it started: the source's
// field or the local a pull filled.
func valueName(v conversion.Value) string {
	if v.Local == 0 {
		return "source." + v.First().Name
	}
	return fmt.Sprintf("pulled%d", v.Local)
}

// origin returns the side and type value has where it started: a field of
// the source (a spoke's, in a twin converting to the hub) or a pulled local.
func origin(w *assignWriter, comp *conversion.Composed, value conversion.Value) (side, *golang.Type) {
	f := value.First()
	if w.twin && value.Local == 0 && comp.Direction == conversion.ToFar {
		spoke := w.scope.Module.Graph.SpokeField(comp.Near.Version, comp.Near.Struct.Name, f)
		return side{comp.Near.Version, layout.Spoke}, spoke.Type
	}
	return side{value.FirstVersion(), layout.Storage}, f.Type
}

// writePull writes the declaration of the local op fills and the pull of its
// bag entry into it, through the compat shape where the step has one.
func writePull(w *assignWriter, comp *conversion.Composed, op *conversion.Op) {
	f, version := op.Value.Field(), op.Value.Version()
	local := valueName(op.Value)
	here := side{version, layout.Storage}
	w.property = f.Name
	typ := w.scope.TypeName(f.Type, version, layout.Storage)
	if op.Plan.Compat != nil && comp.Direction == conversion.ToFar {
		w.printf("var %s %s\n", local, typ)
		compat := side{op.Step.Host.Version, layout.Compat}
		w.with(w.source, here, true, func() {
			w.recallCompat(local, f.Type, op.Plan.Shape, compat, op.Key, op.Step.Host.Struct.Name+"."+f.Name)
		})
		return
	}
	w.printf("%s, err := armruntime.Pulled[%s](&bag, %q)\nif err != nil {\n\treturn err\n}\n", local, typ, op.Key)
}

// writeMove writes the declaration of the local op fills and its assignment
// from the value a Keep would have put into the bag, which leaves the bag.
func writeMove(w *assignWriter, comp *conversion.Composed, op *conversion.Op) {
	f, version := op.Value.Field(), op.Value.Version()
	local := valueName(op.Value)
	w.property = f.Name
	w.printf("var %s %s\nbag.Remove(%q)\n", local, w.scope.TypeName(f.Type, version, layout.Storage), op.Key)
	from, st := origin(w, comp, op.From)
	w.with(from, side{version, layout.Storage}, comp.Direction == conversion.ToFar, func() {
		if f.Type.Pointer {
			w.assign(local, f.Type, valueName(op.From), st, op.Key)
			return
		}
		w.printf("if len(%s) > 0 {\n", valueName(op.From))
		w.assign(local, f.Type, valueName(op.From), st, op.Key)
		w.printf("}\n")
	})
}

// writeKeep writes the keeping of op's value in the bag, in the shape the
// step's field has: converted to that version first when it holds structs and
// comes from another, through the compat shape where the step has one.
func writeKeep(w *assignWriter, comp *conversion.Composed, op *conversion.Op) {
	at := op.At.Field()
	w.property = at.Name
	src := moved(w, comp, op.Value, at, op.At.Version(), op.Step.Host.Struct.Name+"."+at.Name)
	if op.Plan.Compat != nil && comp.Direction == conversion.FromFar {
		compat := side{op.Step.Host.Version, layout.Compat}
		w.with(side{op.At.Version(), layout.Storage}, compat, false, func() {
			w.stashCompat(src, at.Type, op.Plan.Shape, compat, op.Key, op.Step.Host.Struct.Name+"."+at.Name)
		})
		return
	}
	if strings.HasPrefix(src, "&") { // a required field of a spoke: always set
		w.printf("if err := bag.Keep(%q, %s, true); err != nil {\n\treturn err\n}\n", op.Key, src)
		return
	}
	w.stash(src, at.Type, op.Key)
}

// moved returns an expression of value as field at (of version) has it: the
// value itself when it has not changed version or holds no struct, else a new
// local converted by the composed conversions of its structs. A spoke's field
// (in a twin) is first what its storage variant would hold.
func moved(w *assignWriter, comp *conversion.Composed, value conversion.Value, at *golang.Field, version conversion.VersionIndex, what string) string {
	name := valueName(value)
	from, st := origin(w, comp, value)
	fromSpoke := from.pkg == layout.Spoke
	switch {
	case fromSpoke && !conversion.ContainsObject(at.Type) && isScalar(st):
		expr := name
		w.with(from, side{from.version, layout.Storage}, true, func() { expr = w.scalar(name, st, value.First().Type) })
		return expr
	case fromSpoke && !conversion.ContainsObject(at.Type) && st.Pointer == value.First().Type.Pointer:
		return name // a collection of scalars or free-form JSON: the same JSON
	case !fromSpoke && (value.Len() < 2 || !conversion.ContainsObject(at.Type)):
		return name
	}
	local := "kept" + at.Name + "_" + w.scope.Module.Graph.Versions[version].Spoke.Name
	w.printf("var %s %s\n", local, w.scope.TypeName(at.Type, version, layout.Storage))
	w.with(from, side{version, layout.Storage}, comp.Direction == conversion.ToFar, func() {
		w.assign(local, at.Type, name, st, what)
	})
	return local
}

// writeSet writes the assignment of the destination's field from its value.
func writeSet(w *assignWriter, comp *conversion.Composed, op *conversion.Op) {
	target := op.Target
	w.property = target.Name
	name := valueName(op.Value)
	end, dt := side{comp.Far.Version, layout.Storage}, target.Type
	if comp.Direction == conversion.FromFar {
		end = side{comp.Near.Version, layout.Storage}
		if w.twin {
			end.pkg = layout.Spoke
			dt = w.scope.Module.Graph.SpokeField(comp.Near.Version, comp.Near.Struct.Name, target).Type
			writeFieldFits(w, name, target.Type, dt)
		}
	}
	if op.Value.Len() < 2 && op.Value.Local > 0 && end.pkg == layout.Storage {
		w.printf("destination.%s = %s\n", target.Name, name)
		return
	}
	from, st := origin(w, comp, op.Value)
	w.with(from, end, comp.Direction == conversion.ToFar, func() {
		w.assign("destination."+target.Name, dt, name, st, comp.Near.Struct.Name+"."+target.Name)
	})
}

// writeThroughSteps writes the body of a composed conversion that hand-written
// code augments: every step in turn, through a value of each version between.
func writeThroughSteps(w *assignWriter, comp *conversion.Composed) {
	s := w.scope
	steps := comp.Steps
	if comp.Direction == conversion.ToFar {
		previous := "source"
		for n, step := range steps {
			name := s.Module.LinkName(step.Host, step.Other.Version, layout.Storage, step.Other.Struct.Name)
			if n == len(steps)-1 {
				w.printf("return %s.AssignProperties_To_%s(destination)\n", previous, name)
				return
			}
			local := fmt.Sprintf("step%d", n+1)
			w.printf("var %s %s%s\n", local, s.Qualifier(step.Other.Version, layout.Storage), step.Other.Struct.Name)
			w.printf("if err := %s.AssignProperties_To_%s(&%s); err != nil {\n\treturn err\n}\n", previous, name, local)
			previous = local
		}
	}
	arg := "source"
	for n := len(steps) - 1; n >= 0; n-- {
		step := steps[n]
		name := s.Module.LinkName(step.Host, step.Other.Version, layout.Storage, step.Other.Struct.Name)
		if n == 0 {
			w.printf("return destination.AssignProperties_From_%s(%s)\n", name, arg)
			return
		}
		local := fmt.Sprintf("step%d", n)
		w.printf("var %s %s%s\n", local, s.Qualifier(step.Host.Version, layout.Storage), step.Host.Struct.Name)
		w.printf("if err := %s.AssignProperties_From_%s(%s); err != nil {\n\treturn err\n}\n", local, name, arg)
		arg = "&" + local
	}
}

// directName returns the name of the composed conversion between the struct
// named sourceName on the writer's source side and destName on its
// destination side, if they are further apart than one step; in a spoke's
// twin, that of the twin between the spoke's struct and a storage struct.
func (w *assignWriter) directName(sourceName, destName string) (string, bool) {
	if !w.direct {
		return "", false
	}
	g := w.scope.Module.Graph
	var c *conversion.Composed
	var ok bool
	switch {
	case w.twin && w.hostIsSource && w.source.pkg == layout.Spoke && w.dest.pkg == layout.Storage:
		c, ok = g.Twin(w.source.version, w.dest.version, sourceName, destName, conversion.ToFar)
	case w.twin && !w.hostIsSource && w.dest.pkg == layout.Spoke && w.source.pkg == layout.Storage:
		c, ok = g.Twin(w.dest.version, w.source.version, destName, sourceName, conversion.FromFar)
	case w.source.pkg != layout.Storage || w.dest.pkg != layout.Storage:
		return "", false
	case w.hostIsSource:
		c, ok = g.Direct(w.source.version, w.dest.version, sourceName, destName, conversion.ToFar)
	default:
		c, ok = g.Direct(w.dest.version, w.source.version, destName, sourceName, conversion.FromFar)
	}
	if !ok {
		return "", false
	}
	return c.Name, true
}
