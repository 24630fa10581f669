package emit

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// Module says where a service's packages are.
type Module struct {
	Path  string // the Go module path
	Group string // the Kubernetes group
	Graph *conversion.Graph

	hostLinks map[string]int // how many links each struct hosts
}

// LinkName returns the suffix of the property-assignment methods a host struct has
// for the other struct: the other's name, followed by its package alias when the
// host converts with more than one version (a struct shared by resources whose
// chains differ).
func (m *Module) LinkName(host conversion.End, otherVersion int, otherSide conversion.Side, otherName string) string {
	if m.hostLinks == nil {
		m.hostLinks = map[string]int{}
		for _, l := range m.Graph.Links {
			m.hostLinks[hostKey(l.Host)]++
		}
	}
	if m.hostLinks[hostKey(host)] > 1 {
		return otherName + "_" + m.Alias(otherVersion, otherSide)
	}
	return otherName
}

func hostKey(e conversion.End) string {
	return fmt.Sprintf("%d/%d/%s", e.Version, e.Side, e.Struct.Name)
}

// ImportPath returns the import path of the package of side of version.
func (m *Module) ImportPath(version int, side conversion.Side) string {
	return layout.ImportPath(m.Path, m.Graph.Versions[version].Spoke.Name, side)
}

// Dir returns the module-relative directory of a package.
func (m *Module) Dir(version int, side conversion.Side) string {
	return layout.PackageDir(m.Graph.Versions[version].Spoke.Name, side)
}

// Alias returns the name generated code imports a package under.
func (m *Module) Alias(version int, side conversion.Side) string {
	return layout.Alias(m.Graph.Versions[version].Spoke.Name, side)
}

// scope is the package code is being written for; it qualifies names from others.
type scope struct {
	module  *Module
	version int
	side    conversion.Side
	file    *goFile
}

// qualifier returns the prefix for names of the package of (version, side):
// none in that package itself, else its alias (which newModuleFile knows).
func (s *scope) qualifier(version int, side conversion.Side) string {
	if version == s.version && side == s.side {
		return ""
	}
	return s.module.Alias(version, side) + "."
}

// versionPackages returns the qualifiers of every version's spoke and storage
// packages, in version order: those that register types with a scheme.
func (s *scope) versionPackages() []string {
	var out []string
	for v := range s.module.Graph.Versions {
		out = append(out, s.qualifier(v, conversion.SpokeSide), s.qualifier(v, conversion.StorageSide))
	}
	return out
}

// typeName returns the Go source of t, a type of the package of (version, side).
func (s *scope) typeName(t *golang.Type, version int, side conversion.Side) string {
	prefix := ""
	if t.Pointer {
		prefix = "*"
	}
	switch t.Kind {
	case model.KindArray:
		return prefix + "[]" + s.typeName(t.Elem, version, side)
	case model.KindMap:
		if t.Named != "" {
			return prefix + t.Named
		}
		return prefix + "map[string]" + s.typeName(t.Elem, version, side)
	case model.KindPrimitive:
		return prefix + t.Builtin
	case model.KindEnum:
		return prefix + s.qualifier(version, side) + t.Named
	}
	if isRuntimeNamed(t.Named) { // already qualified
		return prefix + t.Named
	}
	return prefix + s.qualifier(version, side) + t.Named
}

func isRuntimeNamed(name string) bool {
	return name == golang.OwnerType || name == golang.JSONType || name == golang.Condition
}

// base returns t without its pointer.
func base(t *golang.Type) *golang.Type {
	copied := *t
	copied.Pointer = false
	return &copied
}
