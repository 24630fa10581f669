package convert

import (
	"fmt"
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// writeFitsSpoke writes, on each storage struct of the package's version, the
// method saying whether the version's spoke represents all of a value: what
// the spoke's ConvertFrom compares (the value against itself converted to the
// spoke and back) answered without converting. A value does not fit when a
// property bag holds anything, a field the spoke requires (no pointer there)
// is missing, or a spec was written at another version (OriginalVersion). It
// is written for no struct of a version whose spoke hand-written code
// augments: the comparison then stays the only answer.
func writeFitsSpoke(s *gosrc.Scope) {
	g := s.Module.Graph
	if g.Augmented.SpokeAugmented(s.Version) {
		return
	}
	for _, link := range g.Links {
		if link.Host.Side == layout.Spoke && link.Host.Version == s.Version && link.Other.Side == layout.Storage {
			writeStructFits(s, link)
		}
	}
	for _, r := range g.Versions[s.Version].Storage.Resources {
		s.File.Write(resourceFitsCode, r)
	}
}

var resourceFitsCode = gosrc.Code(`
// FitsSpoke reports whether this version's spoke represents all of the spec
// and status of this {{.Kind}}.
func (resource *{{.Kind}}) FitsSpoke() bool {
	return resource.Spec.FitsSpoke() && resource.Status.FitsSpoke()
}
`)

func writeStructFits(s *gosrc.Scope, link *conversion.Link) {
	var body strings.Builder
	body.WriteString("if len(value.PropertyBag) > 0 {\n\treturn false\n}\n")
	if hasOriginalVersion(link.Other.Struct) {
		fmt.Fprintf(&body, "if value.OriginalVersion != %q {\n\treturn false\n}\n", s.Module.Graph.Versions[s.Version].Spoke.Version)
	}
	last := "return true\n"
	for _, plan := range link.Fields {
		check := fieldFits("value."+plan.Other.Name, plan.Other.Type, plan.Host.Type)
		if check == neverFits { // nothing after it would run
			last = "return false // " + plan.Other.Name + ": structs in nested collections are left to the round-trip comparison\n"
			break
		}
		body.WriteString(check)
	}
	body.WriteString(last)
	s.File.Write(structFitsCode, gosrc.Args{"Name": link.Other.Struct.Name, "Body": body.String()})
}

var structFitsCode = gosrc.Code(`
// FitsSpoke reports whether this version's spoke represents all of this {{.Name}}.
func (value *{{.Name}}) FitsSpoke() bool {
{{.Body -}}
}
`)

// neverFits is the check of a field that never fits the spoke (see
// collectionFits): the value does not fit, whatever the other fields hold.
const neverFits = "return false\n"

// fieldFits returns the statements returning false when the field at (of
// storage type st, spoke type ht) does not fit the spoke.
func fieldFits(at string, st, ht *golang.Type) string {
	switch {
	case st.Kind == model.KindObject && !gosrc.IsRuntimeNamed(st.Named):
		return objectFits(at, st, ht)
	case (st.Kind == model.KindArray || st.Kind == model.KindMap) && conversion.ContainsObject(st):
		return collectionFits(at, st, ht)
	case st.Pointer && !ht.Pointer: // a scalar, free-form JSON or one of the runtime's types the spoke requires
		return fmt.Sprintf("if %s == nil {\n\treturn false\n}\n", at)
	}
	return "" // copied as they are
}

func objectFits(at string, st, ht *golang.Type) string {
	switch {
	case st.Pointer && !ht.Pointer:
		return fmt.Sprintf("if %s == nil || !%s.FitsSpoke() {\n\treturn false\n}\n", at, at)
	case st.Pointer:
		return fmt.Sprintf("if %s != nil && !%s.FitsSpoke() {\n\treturn false\n}\n", at, at)
	}
	return fmt.Sprintf("if !%s.FitsSpoke() {\n\treturn false\n}\n", at)
}

// collectionFits checks every struct of a slice or map of structs, nested
// collections included (a slice of slices of structs: a loop in a loop); a
// collection of pointers to structs never fits, which only costs the
// comparison.
func collectionFits(at string, st, ht *golang.Type) string {
	return elemsFit(at, st, ht, 0)
}

// elemsFit checks the elements of the collection at, depth collections deep.
func elemsFit(at string, st, ht *golang.Type, depth int) string {
	elem, spokeElem := st.Elem, ht.Elem
	index, item := "index", "item"
	if depth > 0 {
		index, item = fmt.Sprintf("index%d", depth), fmt.Sprintf("item%d", depth)
	}
	switch {
	case (elem.Kind == model.KindArray || elem.Kind == model.KindMap) && spokeElem.Kind == elem.Kind && !elem.Pointer && !spokeElem.Pointer:
		inner := elemsFit(item, elem, spokeElem, depth+1)
		if inner == neverFits {
			return neverFits
		}
		return fmt.Sprintf("for _, %s := range %s {\n%s}\n", item, at, indented(inner))
	case elem.Kind != model.KindObject || elem.Pointer || spokeElem.Pointer:
		return neverFits
	case st.Kind == model.KindArray:
		return fmt.Sprintf("for %s := range %s {\n\tif !%s[%s].FitsSpoke() {\n\t\treturn false\n\t}\n}\n", index, at, at, index)
	}
	return fmt.Sprintf("for _, %s := range %s {\n\tif !%s.FitsSpoke() {\n\t\treturn false\n\t}\n}\n", item, at, item)
}

// indented is code one tab deeper.
func indented(code string) string {
	lines := strings.SplitAfter(code, "\n")
	for i, line := range lines {
		if strings.TrimSpace(line) != "" {
			lines[i] = "\t" + line
		}
	}
	return strings.Join(lines, "")
}
