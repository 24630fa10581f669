package convert

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// writeLink writes the two property-assignment methods of a link on its host
// struct, and the augmentation interface they honour.
func writeLink(s *gosrc.Scope, link *conversion.Link) {
	host := side{link.Host.Version, link.Host.Side}
	other := side{link.Other.Version, link.Other.Side}
	otherName := s.Qualifier(other.version, other.pkg) + link.Other.Struct.Name
	hostName := link.Host.Struct.Name
	withBag := link.Host.Side != layout.Spoke
	linkName := s.Module.LinkName(link.Host, other.version, other.pkg, link.Other.Struct.Name)
	augment := "augmentConversionFor" + hostName + "_" + linkName
	if linkName == hostName {
		augment = "augmentConversionFor" + hostName
	}
	to := &assignWriter{scope: s, source: host, dest: other, hostIsSource: true}
	from := &assignWriter{scope: s, source: other, dest: host, hostIsSource: false}
	if withBag && sameLayout(to, link) {
		writeLayoutCopy(to, otherName)
		writeLayoutCopy(from, hostName)
	} else {
		writeAssignBody(to, link, true, withBag)
		writeAssignBody(from, link, false, withBag)
	}
	augmented := s.Module.Graph.Augmented.Has(link.Host.Version, link.Host.Side, hostName)
	s.File.Write(linkCode, gosrc.Args{"Augment": augment, "Host": hostName, "Other": otherName, "Link": linkName,
		"To": to.body.String(), "From": from.body.String(), "Augmented": augmented})
}

// linkCode is the assignments of a link and, where hand-written code augments
// the host struct (Augmented), the interface by which it does. The bodies To
// and From end with a line break, if any.
var linkCode = gosrc.Code(`
{{- if .Augmented}}
// {{.Augment}} is implemented by hand-written code that augments the generated
// conversion of {{.Host}}; its methods run after the generated copy.
type {{.Augment}} interface {
	AssignPropertiesTo(destination *{{.Other}}) error
	AssignPropertiesFrom(source *{{.Other}}) error
}
{{end}}
// AssignProperties_To_{{.Link}} copies this {{.Host}} into destination.
func (source *{{.Host}}) AssignProperties_To_{{.Link}}(destination *{{.Other}}) error {
{{.To -}}
{{if .Augmented}}	var asAny any = source
	if augmented, ok := asAny.({{.Augment}}); ok {
		return augmented.AssignPropertiesTo(destination)
	}
{{end}}	return nil
}

// AssignProperties_From_{{.Link}} copies source into this {{.Host}}.
func (destination *{{.Host}}) AssignProperties_From_{{.Link}}(source *{{.Other}}) error {
{{.From -}}
{{if .Augmented}}	var asAny any = destination
	if augmented, ok := asAny.({{.Augment}}); ok {
		return augmented.AssignPropertiesFrom(source)
	}
{{end}}	return nil
}
`)

// sameLayout reports whether the two structs of a link between storage
// variants (or a compat struct and the next version's) have the same layout:
// the same fields in the same order, of identical types the sharing contract
// lets a copy share, every property assigned. Go converts one such struct
// into the other (the field list is the language's, not written again per
// type and version); w's sides are the link's host and other.
func sameLayout(w *assignWriter, link *conversion.Link) bool {
	host, other := link.Host.Struct.Fields, link.Other.Struct.Fields
	if len(host) != len(other) {
		return false
	}
	for _, plan := range link.Fields {
		if plan.Mode != conversion.Assign {
			return false
		}
	}
	for i, f := range host {
		o := other[i]
		if f.Name != o.Name || !sharedAsIs(f.Type) || w.srcType(f.Type) != w.dstType(o.Type) {
			return false
		}
	}
	return true
}

// sharedAsIs reports whether a field of type t is copied by assignment alone
// under the sharing contract (see the package comment): a scalar or a pointer
// to one, a slice or map of scalars or free-form JSON (a property bag among
// them), free-form JSON, owner references and single conditions.
func sharedAsIs(t *golang.Type) bool {
	switch {
	case t.Kind == model.KindPrimitive:
		return true
	case t.Kind == model.KindArray || t.Kind == model.KindMap:
		e := t.Elem
		return !t.Pointer && e != nil && !e.Pointer && (e.Kind == model.KindPrimitive || e.Kind == model.KindAny || e.Named == golang.JSONType)
	}
	return isCopied(t)
}

// writeLayoutCopy writes the body of a link's assignment between structs of
// the same layout (sameLayout): a Go conversion of the whole struct, and a
// copy of the bag, which a result never shares.
func writeLayoutCopy(w *assignWriter, destination string) {
	w.printf("*destination = %s(*source)\ndestination.PropertyBag = armruntime.NewPropertyBag(source.PropertyBag)\n", destination)
}

// writeAssignBody writes the statements copying one end of link into the other;
// toOther says the host is the source.
func writeAssignBody(w *assignWriter, link *conversion.Link, toOther, withBag bool) {
	if withBag {
		w.printf("bag := armruntime.NewPropertyBag(source.PropertyBag)\n")
	}
	for _, plan := range link.Fields {
		writePlan(w, link, plan, toOther)
	}
	writeOriginalVersion(w, link, toOther)
	if withBag {
		w.printf("destination.PropertyBag = bag\n")
	} else if link.Other.Side == layout.Storage && toOther {
		w.printf("destination.PropertyBag = nil\n")
	}
}

func writePlan(w *assignWriter, link *conversion.Link, plan *conversion.FieldPlan, toOther bool) {
	w.property = fieldOf(plan).Name
	if plan.Mode == conversion.Assign {
		src, dst := plan.Host, plan.Other
		if !toOther {
			src, dst = plan.Other, plan.Host
		}
		w.assign("destination."+dst.Name, dst.Type, "source."+src.Name, src.Type, link.Host.Struct.Name+"."+plan.Host.Name)
		return
	}
	what := link.Host.Struct.Name + "." + fieldOf(plan).Name
	compat := side{link.Host.Version, layout.Compat}
	switch {
	case plan.Host != nil && toOther: // the host's field goes into the other's bag
		w.stash("source."+plan.Host.Name, plan.Host.Type, plan.Key)
	case plan.Host != nil: // and comes back from it
		w.recall("destination."+plan.Host.Name, plan.Host.Type, plan.Key)
	case toOther && plan.Compat != nil: // the other's field comes from the host's bag, in compat shape
		w.recallCompat("destination."+plan.Other.Name, plan.Other.Type, plan.Shape, compat, plan.Key, what)
	case toOther:
		w.recall("destination."+plan.Other.Name, plan.Other.Type, plan.Key)
	case plan.Compat != nil: // the other's field goes into the host's bag, in compat shape
		w.stashCompat("source."+plan.Other.Name, plan.Other.Type, plan.Shape, compat, plan.Key, what)
	default:
		w.stash("source."+plan.Other.Name, plan.Other.Type, plan.Key)
	}
}

func fieldOf(plan *conversion.FieldPlan) *golang.Field {
	if plan.Host != nil {
		return plan.Host
	}
	return plan.Other
}

// writeOriginalVersion carries the original API version of specs: a spoke gives
// its own, storage versions copy theirs.
func writeOriginalVersion(w *assignWriter, link *conversion.Link, toOther bool) {
	if !hasOriginalVersion(link.Other.Struct) {
		return
	}
	switch {
	case link.Host.Side == layout.Spoke && toOther:
		w.printf("destination.OriginalVersion = source.OriginalVersion()\n")
	case link.Host.Side != layout.Spoke && hasOriginalVersion(link.Host.Struct):
		w.printf("destination.OriginalVersion = source.OriginalVersion\n")
	}
}

func hasOriginalVersion(s *golang.Struct) bool {
	for _, f := range s.Fields {
		if f.Generated && f.Name == golang.OriginalVersionField {
			return true
		}
	}
	return false
}
