package convert

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// A spoke's twins (conversion.ComposedGraph.Twin): the composed conversions its
// storage variant hosts, written on the spoke's structs, so that a spoke
// converts to and from the hub in one pass instead of two, without the storage
// object between. A twin from the hub also answers what FitsSpoke would say
// of that storage object: it sets *fits to false where it would not fit, and
// the spoke's ConvertFrom then converts by the steps (StepConvertFrom), which
// carry what the spoke lacks. The generated suites compare both routes.

// writeTwins writes the twins of version s.Version's spoke, if it has any.
func writeTwins(s *gosrc.Scope) {
	g := s.Module.Graph
	if s.Side != layout.Spoke || !g.Twinned(s.Version) {
		return
	}
	for _, comp := range g.ComposedBy(s.Version) {
		writeDirect(s, comp, true)
	}
}

// writeTwinFits writes the end of a twin from the hub: what FitsSpoke checks
// besides the fields (writeFieldFits) and the structs inside them (their own
// twins, or FitsSpoke of a struct of the storage variant): an empty bag and,
// for specs, this version as the original one.
func writeTwinFits(w *assignWriter, comp *conversion.Composed) {
	w.printf("if len(bag) > 0 {\n\t*fits = false\n}\n")
	if hasOriginalVersion(comp.Near.Struct) {
		version := w.scope.Module.Graph.Versions[comp.Near.Version].Spoke.Version
		if hasOriginalVersion(comp.Far.Struct) {
			w.printf("if source.OriginalVersion != %q {\n\t*fits = false\n}\n", version)
		} else {
			w.printf("*fits = false\n")
		}
	}
	w.printf("return nil\n")
}

// writeFieldFits writes, for the value src going into a spoke field of type
// ht (its storage variant's field has type st), what FitsSpoke checks of that
// field (fieldFits): a required field is set; a collection of structs whose
// FitsSpoke cannot look inside never fits.
func writeFieldFits(w *assignWriter, src string, st, ht *golang.Type) {
	collection := st.Kind == model.KindArray || st.Kind == model.KindMap
	switch {
	case collection && conversion.ContainsObject(st):
		if st.Elem.Kind != model.KindObject || st.Elem.Pointer || ht.Elem.Pointer {
			w.printf("*fits = false\n")
		}
	case st.Pointer && !ht.Pointer:
		w.printf("if %s == nil {\n\t*fits = false\n}\n", src)
	}
}

// writeResourceTwin writes, for a spoke resource whose storage variant comes
// before its hub, the twins of its storage variant's composed assignments with
// the hub, and its routes to and from the hub.
func writeResourceTwin(s *gosrc.Scope, r *golang.Resource) {
	g := s.Module.Graph
	hub := g.Hubs[r.Kind]
	part := func(name func(*golang.Resource) string, d conversion.Direction) string {
		comp, _ := g.Twin(s.Version, hub, name(g.Resource(r.Kind, s.Version, layout.Storage)), name(g.Resource(r.Kind, hub, layout.Storage)), d)
		return comp.Name
	}
	spec := func(r *golang.Resource) string { return r.Spec.Name }
	status := func(r *golang.Resource) string { return r.Status.Name }
	s.File.Write(resourceTwinCode, gosrc.Args{"Kind": r.Kind, "Hub": s.Qualifier(hub, layout.Storage) + r.Kind,
		"SpecTo": part(spec, conversion.ToFar), "SpecFrom": part(spec, conversion.FromFar),
		"StatusTo": part(status, conversion.ToFar), "StatusFrom": part(status, conversion.FromFar)})
}

// twinned reports whether the spoke resource r of the scope's version has
// twins: its storage variant comes before its hub.
func twinned(s *gosrc.Scope, r *golang.Resource) bool {
	g := s.Module.Graph
	return s.Side == layout.Spoke && g.Twinned(s.Version) && s.Version < g.Hubs[r.Kind]
}

var resourceTwinCode = gosrc.Code(`
// AssignPropertiesDirect_To_{{.Kind}} copies this {{.Kind}} into destination, the hub, as
// the step to its storage variant and that variant's own conversion do.
func (source *{{.Kind}}) AssignPropertiesDirect_To_{{.Kind}}(destination *{{.Hub}}) error {
	destination.ObjectMeta = source.ObjectMeta // shared, see armruntime's "Sharing"
	if err := source.Spec.AssignPropertiesDirect_To_{{.SpecTo}}(&destination.Spec); err != nil {
		return armruntime.Converting("the spec of {{.Kind}}", err)
	}
	if err := source.Status.AssignPropertiesDirect_To_{{.StatusTo}}(&destination.Status); err != nil {
		return armruntime.Converting("the status of {{.Kind}}", err)
	}
	return nil
}

// AssignPropertiesDirect_From_{{.Kind}} copies source, the hub, into this {{.Kind}}, as its
// storage variant and the step from it do, setting *fits to false where that variant
// would not fit this version (FitsSpoke).
func (destination *{{.Kind}}) AssignPropertiesDirect_From_{{.Kind}}(source *{{.Hub}}, fits *bool) error {
	destination.ObjectMeta = source.ObjectMeta // shared, see armruntime's "Sharing"
	if err := destination.Spec.AssignPropertiesDirect_From_{{.SpecFrom}}(&source.Spec, fits); err != nil {
		return armruntime.Converting("the spec of {{.Kind}}", err)
	}
	if err := destination.Status.AssignPropertiesDirect_From_{{.StatusFrom}}(&source.Status, fits); err != nil {
		return armruntime.Converting("the status of {{.Kind}}", err)
	}
	return nil
}
`)

// writeTwinRoute writes a twinned spoke resource's conversions for
// controller-runtime (writeCarryRoute's, straight when the other end is the
// hub), and as StepConvertTo and StepConvertFrom the ones by way of the
// storage variant, which the generated suites compare them with.
func writeTwinRoute(s *gosrc.Scope, l level, r *golang.Resource) {
	next := side{s.Version, layout.Storage}
	a := stepArgs(s, l, r, next)
	a["Hub"] = s.Qualifier(s.Module.Graph.Hubs[r.Kind], layout.Storage) + r.Kind
	s.File.Write(twinRouteCode, a)
}

var twinRouteCode = gosrc.Code(`
// StatelessConvertTo converts this {{.Name}} to destination: straight when it is the hub,
// else by way of {{.Next}}.
func (source *{{.Name}}) StatelessConvertTo(destination conversion.Hub) error {
	if hub, ok := destination.(*{{.Hub}}); ok {
		return source.AssignPropertiesDirect_To_{{.Name}}(hub)
	}
	return source.StepConvertTo(destination)
}

// StepConvertTo converts this {{.Name}} to destination, by way of {{.Next}}.
func (source *{{.Name}}) StepConvertTo(destination conversion.Hub) error {
	newNext := func() *{{.Next}} {
		return new({{.Next}})
	}
	return armruntime.StepTo(source, destination, newNext, (*{{.Name}}).AssignProperties_To_{{.Name}}, {{.NextTo}})
}

// StatelessConvertFrom populates this {{.Name}} from source, by way of {{.Next}}.
func (destination *{{.Name}}) StatelessConvertFrom(source conversion.Hub) error {
	newNext := func() *{{.Next}} {
		return new({{.Next}})
	}
	return armruntime.StepFrom(destination, source, newNext, (*{{.Name}}).AssignProperties_From_{{.Name}}, {{.NextFrom}})
}

// ConvertTo converts this {{.Name}} to the hub destination, restoring what this version
// cannot represent from the annotation armruntime.CarriedAnnotation.
func (source *{{.Name}}) ConvertTo(destination conversion.Hub) error {
	return armruntime.ConvertToHub(source, destination)
}

// ConvertFrom populates this {{.Name}} from the hub source: straight when this version
// represents all of it, else by StepConvertFrom, which carries what it cannot.
func (destination *{{.Name}}) ConvertFrom(source conversion.Hub) error {
	if hub, ok := source.(*{{.Hub}}); ok {
		fits := true
		if err := destination.AssignPropertiesDirect_From_{{.Name}}(hub, &fits); err == nil && fits {
			armruntime.DropCarried(destination)
			return nil
		}
	}
	return destination.StepConvertFrom(source)
}

// StepConvertFrom populates this {{.Name}} from the hub source by way of {{.Next}},
// carrying what this version cannot represent in the annotation armruntime.CarriedAnnotation.
func (destination *{{.Name}}) StepConvertFrom(source conversion.Hub) error {
	newNext := func() *{{.Next}} {
		return new({{.Next}})
	}
	return armruntime.ConvertFromHubVia(destination, source, newNext, (*{{.Name}}).AssignProperties_From_{{.Name}}, (*{{.Name}}).AssignProperties_To_{{.Name}}, {{.NextFrom}})
}
`)
