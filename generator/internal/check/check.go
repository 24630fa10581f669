// Package check checks a service's metadata against its schemas: every rename
// and removal names types and properties the versions have, and no rename
// merges two types or two properties into one. Each error names the metadata
// file and the line of the entry at fault, and says what was expected.
//
// Types are named by their Go names (PersonProperties, Person_Spec) and
// properties by their JSON names, both compared ignoring case, as the
// conversion planner compares them.
package check

import (
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// Metadata checks the renames and removals of svc against the versions of g,
// the conversion plan made with those renames.
func Metadata(svc *metadata.Service, g *conversion.Graph) error {
	c := &checker{svc: svc, g: g}
	checks := []func() error{c.typeRenames, c.propertyRenames, c.typeMerges, c.propertyMerges, c.removals}
	for _, check := range checks {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

type checker struct {
	svc *metadata.Service
	g   *conversion.Graph
}

func (c *checker) errorf(line int, format string, args ...any) error {
	return model.Errorf(model.Location{File: c.svc.File, Line: line}, format, args...)
}

func (c *checker) apiVersion(i conversion.VersionIndex) string {
	return c.g.Versions[i].Spoke.APIVersion
}

// before reports whether version i comes before API version since, in the
// order the conversion planner uses.
func (c *checker) before(i conversion.VersionIndex, since string) bool {
	return c.apiVersion(i) < since
}

// versions returns the indexes of the versions before since (or, with
// before false, from since on).
func (c *checker) versions(since string, before bool) []conversion.VersionIndex {
	var out []conversion.VersionIndex
	for i := range c.g.Indexes() {
		if c.before(i, since) == before {
			out = append(out, i)
		}
	}
	return out
}

// structNamed returns the struct of version i with the given Go name, ignoring
// case, or nil.
func (c *checker) structNamed(i conversion.VersionIndex, name string) *golang.Struct {
	for _, s := range c.g.Versions[i].Spoke.Structs {
		if strings.EqualFold(s.Name, name) {
			return s
		}
	}
	return nil
}

// hasType reports whether version i has a struct or enum with the given Go name.
func (c *checker) hasType(i conversion.VersionIndex, name string) bool {
	if c.structNamed(i, name) != nil {
		return true
	}
	for _, e := range c.g.Versions[i].Spoke.Enums {
		if strings.EqualFold(e.Name, name) {
			return true
		}
	}
	return false
}

// fieldNamed returns the field of s with the given JSON name, ignoring case,
// or nil.
func fieldNamed(s *golang.Struct, jsonName string) *golang.Field {
	if s == nil {
		return nil
	}
	for _, f := range s.Fields {
		if strings.EqualFold(f.JSONName, jsonName) {
			return f
		}
	}
	return nil
}

// goNameHint returns, for a name no version has as a Go type name, a hint
// naming the Go type of a schema definition called that.
func (c *checker) goNameHint(name string) string {
	for i := range c.g.Indexes() {
		for _, s := range c.g.Versions[i].Spoke.Structs {
			if strings.EqualFold(s.SchemaName, name) {
				return " (the schema's " + s.SchemaName + " is " + s.Name + " in Go)"
			}
		}
	}
	return ""
}
