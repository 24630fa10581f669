package check

import (
	"strings"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/metadata"
)

// removals checks that each removal names a property a version before since
// had, and that the conversion plan sees it removed in version since, which is
// where the removal report looks for the assessment.
func (c *checker) removals() error {
	for _, r := range c.svc.Removals {
		if err := c.removedExisted(r); err != nil {
			return err
		}
		if err := c.removedIn(r); err != nil {
			return err
		}
	}
	return nil
}

// removedExisted checks that a version before since has the type and the
// property.
func (c *checker) removedExisted(r metadata.Removal) error {
	typeFound, propFound := false, false
	for _, i := range c.versions(r.Since, true) {
		s := c.structNamed(i, r.Type)
		typeFound = typeFound || s != nil
		propFound = propFound || fieldNamed(s, r.Property) != nil
	}
	switch {
	case !typeFound:
		return c.errorf(r.Line, "removal: no version before %s has an object type named %q; expected an object type by its Go name, as named in the version before the removal%s", r.Since, r.Type, c.goNameHint(r.Type))
	case !propFound:
		return c.errorf(r.Line, "removal: no version before %s has property %q in type %s; expected a property the type had", r.Since, r.Property, r.Type)
	}
	return nil
}

// removedIn checks that the conversion plan records the removal in version
// since.
func (c *checker) removedIn(r metadata.Removal) error {
	var elsewhere []string
	for _, g := range c.g.Removals {
		if !strings.EqualFold(g.Struct, r.Type) || !strings.EqualFold(g.Property, r.Property) {
			continue
		}
		if g.To == r.Since {
			return nil
		}
		elsewhere = append(elsewhere, g.To)
	}
	if i, ok := c.versionIndex(r.Since); ok && fieldNamed(c.structNamed(i, r.Type), r.Property) != nil {
		return c.errorf(r.Line, "removal: version %s still has property %s of type %s; expected a version without it", r.Since, r.Property, r.Type)
	}
	if len(elsewhere) > 0 {
		return c.errorf(r.Line, "removal: %s.%s is removed in %s, not in %s; expected since to be the version it disappears in", r.Type, r.Property, strings.Join(elsewhere, " and "), r.Since)
	}
	return c.errorf(r.Line, "removal: %s.%s does not disappear in %s (a rename may carry it, or %s may not have the type); expected a property that the version before %s has and %s has not",
		r.Type, r.Property, r.Since, r.Since, r.Since, r.Since)
}

// versionIndex returns the version of an API version; ok is false when the
// service has none of that name.
func (c *checker) versionIndex(apiVersion string) (i conversion.VersionIndex, ok bool) {
	for i := range c.g.Indexes() {
		if c.apiVersion(i) == apiVersion {
			return i, true
		}
	}
	return conversion.NoVersion, false
}
