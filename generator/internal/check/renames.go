package check

import (
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/metadata"
)

// typeRenames checks that each type rename's from is a type of a version before
// since, its to a type of a version from since on, and that no version from
// since on has both.
func (c *checker) typeRenames() error {
	for _, r := range c.svc.Renames.Types {
		if !c.anyVersion(r.Since, true, func(i conversion.VersionIndex) bool { return c.hasType(i, r.From) }) {
			return c.errorf(r.Line, "type rename: no version before %s has a type named %q; expected an object or enum type by its Go name%s", r.Since, r.From, c.goNameHint(r.From))
		}
		if !c.anyVersion(r.Since, false, func(i conversion.VersionIndex) bool { return c.hasType(i, r.To) }) {
			return c.errorf(r.Line, "type rename: no version from %s on has a type named %q; expected an object or enum type by its Go name%s", r.Since, r.To, c.goNameHint(r.To))
		}
		for _, i := range c.versions(r.Since, false) {
			if c.hasType(i, r.From) && c.hasType(i, r.To) {
				return c.errorf(r.Line, "type rename: version %s has both %s and %s; expected %s gone from %s on, where it is called %s", c.apiVersion(i), r.From, r.To, r.From, r.Since, r.To)
			}
		}
	}
	return nil
}

// propertyRenames checks each property rename the same way, within its type,
// which it must name by the type's latest name.
func (c *checker) propertyRenames() error {
	for _, r := range c.svc.Renames.Properties {
		if err := c.renamedType(r); err != nil {
			return err
		}
		has := func(prop string) func(conversion.VersionIndex) bool {
			return func(i conversion.VersionIndex) bool { return c.fieldOf(i, r.Type, prop) }
		}
		if !c.anyVersion(r.Since, true, has(r.From)) {
			return c.errorf(r.Line, "property rename: no version before %s has property %q in type %s; expected a property the type had before it was renamed", r.Since, r.From, r.Type)
		}
		if !c.anyVersion(r.Since, false, has(r.To)) {
			return c.errorf(r.Line, "property rename: no version from %s on has property %q in type %s; expected the property's new name", r.Since, r.To, r.Type)
		}
		for _, i := range c.versions(r.Since, false) {
			if has(r.From)(i) && has(r.To)(i) {
				return c.errorf(r.Line, "property rename: type %s of version %s has both %s and %s; expected %s gone from %s on, where it is called %s", r.Type, c.apiVersion(i), r.From, r.To, r.From, r.Since, r.To)
			}
		}
	}
	return nil
}

// renamedType checks that a property rename names a type by its latest name,
// which is how the conversion planner matches it.
func (c *checker) renamedType(r metadata.PropertyRename) error {
	for i := range c.g.Indexes() {
		for _, s := range c.g.Versions[i].Spoke.Structs {
			if c.g.CanonicalType(s.Name, i) == strings.ToLower(r.Type) {
				return nil
			}
		}
	}
	for _, t := range c.svc.Renames.Types {
		if strings.EqualFold(t.From, r.Type) {
			return c.errorf(r.Line, "property rename: type %s is renamed to %s (line %d); expected the type's latest name, %s", r.Type, t.To, t.Line, t.To)
		}
	}
	return c.errorf(r.Line, "property rename: no version has an object type named %q; expected an object type by its Go name%s", r.Type, c.goNameHint(r.Type))
}

// fieldOf reports whether version i has a struct that is the type named
// typeName in the latest version, with a property named prop.
func (c *checker) fieldOf(i conversion.VersionIndex, typeName, prop string) bool {
	for _, s := range c.g.Versions[i].Spoke.Structs {
		if c.g.CanonicalType(s.Name, i) == strings.ToLower(typeName) && fieldNamed(s, prop) != nil {
			return true
		}
	}
	return false
}

// anyVersion reports whether ok holds for a version before since (or, with
// before false, from since on).
func (c *checker) anyVersion(since string, before bool, ok func(conversion.VersionIndex) bool) bool {
	for _, i := range c.versions(since, before) {
		if ok(i) {
			return true
		}
	}
	return false
}
