package convert

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
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
	writeAssignBody(to, link, true, withBag)
	from := &assignWriter{scope: s, source: other, dest: host, hostIsSource: false}
	writeAssignBody(from, link, false, withBag)
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
