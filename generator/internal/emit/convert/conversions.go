// Package convert writes the conversions of a package (conversions_gen.go):
// property assignment between linked structs of adjacent packages, property
// bags and compat types for what one side cannot hold, the augmentation hooks,
// and the routes to and from each resource's hub (ConvertTo/ConvertFrom).
//
// The generated conversions keep the sharing contract of the runtime package
// (armruntime, "Sharing"): a result shares with its source what neither
// changes (pointers to scalars, also retyped to another named type of the same
// builtin; maps and slices of scalars or free-form JSON; free-form JSON and
// owner references; the object metadata), and never a generated struct, a
// slice of structs or conditions, or a property bag. Nothing generated writes through what it
// shares, and no conversion changes its source.
//
// generator/README.md, "Conversions: words and a worked example", defines the
// words of this package (the routes, twins, fits, the hub chain) and lists its
// templates; testdata/rules holds one golden per rule (TestRuleGoldens).
package convert

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
)

// File returns the conversions hosted by the package of version on side:
// property assignments for every link it hosts and, for spokes and storage
// versions, the resource-level assignments, the routes to and from the hub, and
// the KubernetesResource methods.
func File(m *gosrc.Module, version conversion.VersionIndex, pkgSide layout.Side, pkgName string) ([]byte, error) {
	g := gosrc.NewModuleFile(pkgName, m)
	g.Indented, g.PlainDocs = true, true
	s := &gosrc.Scope{Module: m, Version: version, Side: pkgSide, File: g}
	for _, link := range m.Graph.Links {
		if link.Host.Version == version && link.Host.Side == pkgSide {
			writeLink(s, link)
		}
	}
	writeTwins(s)
	if pkgSide == layout.Storage {
		writeFitsSpoke(s)
		for _, comp := range m.Graph.ComposedBy(version) {
			writeComposed(s, comp)
		}
	}
	if pkgSide != layout.Compat {
		pkg := m.Graph.Versions[version].Spoke
		if pkgSide == layout.Storage {
			pkg = m.Graph.Versions[version].Storage
		}
		for _, r := range pkg.Resources {
			writeResourceAssign(s, r)
			writeResourceDirect(s, r)
			if twinned(s, r) {
				writeResourceTwin(s, r)
			}
			writeRoutes(s, r.Kind, r)
			writeKubernetesResource(s, r)
		}
	}
	return g.Bytes()
}

// writeResourceAssign writes the assignments between a resource and the next
// version towards the hub (a spoke's own storage variant, or the next storage
// version), copying the metadata, spec and status.
func writeResourceAssign(s *gosrc.Scope, r *golang.Resource) {
	next := side{s.Version, layout.Storage}
	if s.Side == layout.Storage {
		n, ok := s.Module.Graph.Next(r.Kind, s.Version)
		if !ok {
			return
		}
		next = side{n, layout.Storage}
	}
	s.File.Write(resourceAssignCode, gosrc.Args{"Kind": r.Kind, "Next": s.Qualifier(next.version, next.pkg) + r.Kind,
		"Spec": r.Spec.Name, "Status": r.Status.Name})
}

var resourceAssignCode = gosrc.Code(`
// AssignProperties_To_{{.Kind}} copies this {{.Kind}} into destination.
func (source *{{.Kind}}) AssignProperties_To_{{.Kind}}(destination *{{.Next}}) error {
	destination.ObjectMeta = source.ObjectMeta // shared, see armruntime's "Sharing"
	if err := source.Spec.AssignProperties_To_{{.Spec}}(&destination.Spec); err != nil {
		return armruntime.Converting("the spec of {{.Kind}}", err)
	}
	if err := source.Status.AssignProperties_To_{{.Status}}(&destination.Status); err != nil {
		return armruntime.Converting("the status of {{.Kind}}", err)
	}
	return nil
}

// AssignProperties_From_{{.Kind}} copies source into this {{.Kind}}.
func (destination *{{.Kind}}) AssignProperties_From_{{.Kind}}(source *{{.Next}}) error {
	destination.ObjectMeta = source.ObjectMeta // shared, see armruntime's "Sharing"
	if err := destination.Spec.AssignProperties_From_{{.Spec}}(&source.Spec); err != nil {
		return armruntime.Converting("the spec of {{.Kind}}", err)
	}
	if err := destination.Status.AssignProperties_From_{{.Status}}(&source.Status); err != nil {
		return armruntime.Converting("the status of {{.Kind}}", err)
	}
	return nil
}
`)

// writeResourceDirect writes, for a storage version more than one step before
// its hub, the composed assignments between the resource and the hub.
func writeResourceDirect(s *gosrc.Scope, r *golang.Resource) {
	g := s.Module.Graph
	hub := g.Hubs[r.Kind]
	next, ok := g.Next(r.Kind, s.Version)
	if s.Side != layout.Storage || s.Version >= hub || !ok || next == hub {
		return
	}
	specTo, specFrom := composedNames(g, r.Kind, s.Version, hub, func(r *golang.Resource) string { return r.Spec.Name })
	statusTo, statusFrom := composedNames(g, r.Kind, s.Version, hub, func(r *golang.Resource) string { return r.Status.Name })
	s.File.Write(resourceDirectCode, gosrc.Args{"Kind": r.Kind, "Hub": s.Qualifier(hub, layout.Storage) + r.Kind,
		"SpecTo": specTo, "SpecFrom": specFrom, "StatusTo": statusTo, "StatusFrom": statusFrom})
}

var resourceDirectCode = gosrc.Code(`
// AssignPropertiesDirect_To_{{.Kind}} copies this {{.Kind}} into destination, the hub.
func (source *{{.Kind}}) AssignPropertiesDirect_To_{{.Kind}}(destination *{{.Hub}}) error {
	destination.ObjectMeta = source.ObjectMeta // shared, see armruntime's "Sharing"
	if err := source.Spec.{{.SpecTo}}(&destination.Spec); err != nil {
		return armruntime.Converting("the spec of {{.Kind}}", err)
	}
	if err := source.Status.{{.StatusTo}}(&destination.Status); err != nil {
		return armruntime.Converting("the status of {{.Kind}}", err)
	}
	return nil
}

// AssignPropertiesDirect_From_{{.Kind}} copies source, the hub, into this {{.Kind}}.
func (destination *{{.Kind}}) AssignPropertiesDirect_From_{{.Kind}}(source *{{.Hub}}) error {
	destination.ObjectMeta = source.ObjectMeta // shared, see armruntime's "Sharing"
	if err := destination.Spec.{{.SpecFrom}}(&source.Spec); err != nil {
		return armruntime.Converting("the spec of {{.Kind}}", err)
	}
	if err := destination.Status.{{.StatusFrom}}(&source.Status); err != nil {
		return armruntime.Converting("the status of {{.Kind}}", err)
	}
	return nil
}
`)

// writeKubernetesResource writes the methods of armruntime.KubernetesResource.
func writeKubernetesResource(s *gosrc.Scope, r *golang.Resource) {
	s.File.Write(kubernetesResourceCode, r)
}

var kubernetesResourceCode = gosrc.Code(`
// GetSpec returns the spec of the resource.
func (resource *{{.Kind}}) GetSpec() armruntime.ConvertibleSpec {
	return &resource.Spec
}

// GetStatus returns the status of the resource.
func (resource *{{.Kind}}) GetStatus() armruntime.ConvertibleStatus {
	return &resource.Status
}

// NewEmptyStatus returns a blank status of this version.
func (resource *{{.Kind}}) NewEmptyStatus() armruntime.ConvertibleStatus {
	return &{{.Status.Name}}{}
}

// SetStatus replaces the status of the resource, converting it to this version
// when it is of another.
func (resource *{{.Kind}}) SetStatus(status armruntime.ConvertibleStatus) error {
	return armruntime.SetStatus(&resource.Status, status, resource.Name)
}

var _ armruntime.KubernetesResource = &{{.Kind}}{}
`)
