package gosrc

import (
	"fmt"
	"sync"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
)

// Module says where a service's packages are.
type Module struct {
	Path  string                    // the Go module path
	Group string                    // the Kubernetes group
	Graph *conversion.ComposedGraph // the conversion graph, composed

	countLinks sync.Once
	hostLinks  map[string]int // how many links each struct hosts
}

// LinkName returns the suffix of the property-assignment methods a host struct has
// for the other struct: the other's name, followed by its package alias when the
// host converts with more than one version (a struct shared by resources whose
// chains differ).
func (m *Module) LinkName(host conversion.End, otherVersion conversion.VersionIndex, otherSide layout.Side, otherName string) string {
	m.countLinks.Do(func() {
		m.hostLinks = map[string]int{}
		for _, l := range m.Graph.Links {
			m.hostLinks[hostKey(l.Host)]++
		}
	})
	if m.hostLinks[hostKey(host)] > 1 {
		return otherName + "_" + m.Alias(otherVersion, otherSide)
	}
	return otherName
}

func hostKey(e conversion.End) string {
	return fmt.Sprintf("%d/%d/%s", e.Version, e.Side, e.Struct.Name)
}

// ImportPath returns the import path of the package of side of version.
func (m *Module) ImportPath(version conversion.VersionIndex, side layout.Side) string {
	return layout.ImportPath(m.Path, m.Graph.Versions[version].Spoke.Name, side)
}

// Dir returns the module-relative directory of a package.
func (m *Module) Dir(version conversion.VersionIndex, side layout.Side) string {
	return layout.PackageDir(m.Graph.Versions[version].Spoke.Name, side)
}

// Alias returns the name generated code imports a package under.
func (m *Module) Alias(version conversion.VersionIndex, side layout.Side) string {
	return layout.Alias(m.Graph.Versions[version].Spoke.Name, side)
}

// Scope is the package code is being written for; it qualifies names from others.
type Scope struct {
	Module  *Module
	Version conversion.VersionIndex // conversion.NoVersion outside the version packages
	Side    layout.Side
	File    *File
}

// Qualifier returns the prefix for names of the package of (version, side):
// none in that package itself, else its alias (which newModuleFile knows).
func (s *Scope) Qualifier(version conversion.VersionIndex, side layout.Side) string {
	if version == s.Version && side == s.Side {
		return ""
	}
	return s.Module.Alias(version, side) + "."
}

// VersionPackages returns the qualifiers of the spoke and storage packages the
// module holds, in version order: those that register types with a scheme.
func (s *Scope) VersionPackages() []string {
	var out []string
	for v := range s.Module.Graph.Indexes() {
		for _, side := range []layout.Side{layout.Spoke, layout.Storage} {
			if s.Module.Graph.Holds(v, side) {
				out = append(out, s.Qualifier(v, side))
			}
		}
	}
	return out
}

// TypeName returns the Go source of t, a type of the package of (version, side).
func (s *Scope) TypeName(t *golang.Type, version conversion.VersionIndex, side layout.Side) string {
	prefix := ""
	if t.Pointer {
		prefix = "*"
	}
	switch t.Kind {
	case model.KindArray:
		return prefix + "[]" + s.TypeName(t.Elem, version, side)
	case model.KindMap:
		if t.Named != "" {
			return prefix + t.Named
		}
		return prefix + "map[string]" + s.TypeName(t.Elem, version, side)
	case model.KindPrimitive:
		return prefix + t.Builtin
	case model.KindEnum:
		return prefix + s.Qualifier(version, side) + t.Named
	}
	if IsRuntimeNamed(t.Named) { // already qualified
		return prefix + t.Named
	}
	return prefix + s.Qualifier(version, side) + t.Named
}

func IsRuntimeNamed(name string) bool {
	return name == golang.OwnerType || name == golang.JSONType || name == golang.Condition
}

// Base returns t without its pointer.
func Base(t *golang.Type) *golang.Type {
	copied := *t
	copied.Pointer = false
	return &copied
}
