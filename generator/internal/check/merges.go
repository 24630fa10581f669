package check

import (
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
)

// typeMerges fails when the type renames give two types of one version the
// same latest name: conversions would take one for the other.
func (c *checker) typeMerges() error {
	for i := range c.g.Indexes() {
		seen := map[string]string{}
		for _, s := range c.g.Versions[i].Spoke.Structs {
			name := c.g.CanonicalType(s.Name, i)
			other, ok := seen[name]
			if !ok {
				seen[name] = s.Name
				continue
			}
			return c.errorf(c.typeRenameLine(i, other, s.Name), "type rename: version %s has types %s and %s, which the renames make one type %s; expected at most one of them in that version",
				c.apiVersion(i), other, s.Name, c.typeAsWritten(name))
		}
	}
	return nil
}

// typeRenameLine returns the line of the first type rename that applies in
// version i to one of the names given.
func (c *checker) typeRenameLine(i conversion.VersionIndex, names ...string) int {
	for _, r := range c.svc.Renames.Types {
		if c.before(i, r.Since) && equalsAny(r.From, names) {
			return r.Line
		}
	}
	return 0
}

// propertyMerges fails when the property renames give two properties of one
// struct the same latest name: they would share one bag key, and one of them
// would be lost.
func (c *checker) propertyMerges() error {
	for i := range c.g.Indexes() {
		for _, s := range c.g.Versions[i].Spoke.Structs {
			if err := c.propertyMerge(i, s); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *checker) propertyMerge(i conversion.VersionIndex, s *golang.Struct) error {
	seen := map[string]string{}
	for _, f := range s.Fields {
		name := c.g.CanonicalProp(s.Name, f.JSONName, i)
		other, ok := seen[name]
		if !ok {
			seen[name] = f.JSONName
			continue
		}
		if strings.EqualFold(other, f.JSONName) {
			continue // the schema's own business, not a rename's
		}
		return c.errorf(c.propertyRenameLine(i, s.Name, other, f.JSONName), "property rename: type %s of version %s has properties %s and %s, which the renames make one property %s; expected at most one of them in that version",
			s.Name, c.apiVersion(i), other, f.JSONName, c.propertyAsWritten(name))
	}
	return nil
}

// propertyRenameLine returns the line of the first property rename that applies
// to one of the properties given of struct structName in version i.
func (c *checker) propertyRenameLine(i conversion.VersionIndex, structName string, props ...string) int {
	typeName := c.g.CanonicalType(structName, i)
	for _, r := range c.svc.Renames.Properties {
		if strings.ToLower(r.Type) == typeName && c.before(i, r.Since) && equalsAny(r.From, props) {
			return r.Line
		}
	}
	return 0
}

func equalsAny(name string, names []string) bool {
	for _, n := range names {
		if strings.EqualFold(name, n) {
			return true
		}
	}
	return false
}

// typeAsWritten returns a lower-cased latest type name as a type rename writes
// it.
func (c *checker) typeAsWritten(name string) string {
	for _, r := range c.svc.Renames.Types {
		if strings.EqualFold(r.To, name) {
			return r.To
		}
	}
	return name
}

// propertyAsWritten returns a lower-cased latest property name as a property
// rename writes it.
func (c *checker) propertyAsWritten(name string) string {
	for _, r := range c.svc.Renames.Properties {
		if strings.EqualFold(r.To, name) {
			return r.To
		}
	}
	return name
}
