package emit

import (
	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
)

// ConversionFile returns the conversions hosted by the package of version on side:
// property assignments for every link it hosts and, for spokes and storage
// versions, the resource-level assignments, the routes to and from the hub, and
// the KubernetesResource methods.
func ConversionFile(m *Module, version int, pkgSide conversion.Side, pkgName string) ([]byte, error) {
	g := newModuleFile(pkgName, m)
	s := &scope{module: m, version: version, side: pkgSide, file: g}
	for _, link := range m.Graph.Links {
		if link.Host.Version == version && link.Host.Side == pkgSide {
			writeLink(s, link)
		}
	}
	if pkgSide != conversion.CompatSide {
		pkg := m.Graph.Versions[version].Spoke
		if pkgSide == conversion.StorageSide {
			pkg = m.Graph.Versions[version].Storage
		}
		for _, r := range pkg.Resources {
			writeResourceAssign(s, r)
			writeRoutes(s, r.Kind, r)
			writeKubernetesResource(s, r)
		}
	}
	return g.bytes()
}

// writeResourceAssign writes the assignments between a resource and the next
// version towards the hub (a spoke's own storage variant, or the next storage
// version), copying the metadata, spec and status.
func writeResourceAssign(s *scope, r *golang.Resource) {
	next := side{s.version, conversion.StorageSide}
	if s.side == conversion.StorageSide {
		n := s.module.Graph.Next(r.Kind, s.version)
		if n < 0 {
			return
		}
		next = side{n, conversion.StorageSide}
	}
	other := s.qualifier(next.version, next.pkg) + r.Kind
	s.file.printf(`
// AssignProperties_To_%[1]s copies this %[1]s into destination.
func (source *%[1]s) AssignProperties_To_%[1]s(destination *%[2]s) error {
	source.ObjectMeta.DeepCopyInto(&destination.ObjectMeta)
	if err := source.Spec.AssignProperties_To_%[3]s(&destination.Spec); err != nil {
		return fmt.Errorf("converting the spec of %[1]s: %%w", err)
	}
	if err := source.Status.AssignProperties_To_%[4]s(&destination.Status); err != nil {
		return fmt.Errorf("converting the status of %[1]s: %%w", err)
	}
	return nil
}

// AssignProperties_From_%[1]s copies source into this %[1]s.
func (destination *%[1]s) AssignProperties_From_%[1]s(source *%[2]s) error {
	source.ObjectMeta.DeepCopyInto(&destination.ObjectMeta)
	if err := destination.Spec.AssignProperties_From_%[3]s(&source.Spec); err != nil {
		return fmt.Errorf("converting the spec of %[1]s: %%w", err)
	}
	if err := destination.Status.AssignProperties_From_%[4]s(&source.Status); err != nil {
		return fmt.Errorf("converting the status of %[1]s: %%w", err)
	}
	return nil
}
`, r.Kind, other, r.Spec.Name, r.Status.Name)
}

// writeKubernetesResource writes the methods of armruntime.KubernetesResource.
func writeKubernetesResource(s *scope, r *golang.Resource) {
	s.file.printf(`
// GetSpec returns the spec of the resource.
func (resource *%[1]s) GetSpec() armruntime.ConvertibleSpec {
	return &resource.Spec
}

// GetStatus returns the status of the resource.
func (resource *%[1]s) GetStatus() armruntime.ConvertibleStatus {
	return &resource.Status
}

// NewEmptyStatus returns a blank status of this version.
func (resource *%[1]s) NewEmptyStatus() armruntime.ConvertibleStatus {
	return &%[2]s{}
}

// SetStatus replaces the status of the resource, converting it to this version
// when it is of another.
func (resource *%[1]s) SetStatus(status armruntime.ConvertibleStatus) error {
	if own, ok := status.(*%[2]s); ok {
		resource.Status = *own.DeepCopy()
		return nil
	}
	var converted %[2]s
	if err := converted.ConvertStatusFrom(status); err != nil {
		return fmt.Errorf("setting the status of %%s: %%w", resource.Name, err)
	}
	resource.Status = converted
	return nil
}

var _ armruntime.KubernetesResource = &%[1]s{}
`, r.Kind, r.Status.Name)
}
