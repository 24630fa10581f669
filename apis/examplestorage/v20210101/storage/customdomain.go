// Hand-written: not generated, and never touched by armhub-gen.

package storage

import (
	v20220901s "github.com/armhub/armhub/apis/examplestorage/v20220901/storage"
)

// In 2021-01-01 customDomain is the domain name as a string; from 2022-09-01 on it
// is an object with the name and whether indirect CNAME validation is used. The
// generated conversion cannot match the two, so each side keeps the other's value
// in its property bag (2021-01-01 under "CustomDomain@v20220901", 2022-09-01 under
// "CustomDomain"). This augmentation also maps the one onto the other, so that a
// resource created in one version reads naturally in the other, and drops a bag
// entry again when it only repeats what the mapping gives, so that round trips
// stay exact.

var _ augmentConversionForStorageAccountPropertiesCreateParameters = &StorageAccountPropertiesCreateParameters{}

// The bag keys the generated conversion uses for the two shapes of customDomain.
const (
	nameKey   = "CustomDomain"
	objectKey = "CustomDomain@v20220901"
)

// AssignPropertiesTo fills the 2022-09-01 custom domain from the 2021-01-01 name:
// a new object when the generated conversion found none to restore, and the
// restored object's name when the 2021-01-01 name differs (a client of 2021-01-01
// changed it, and its change wins). The name then needs no bag entry of its own.
func (source *StorageAccountPropertiesCreateParameters) AssignPropertiesTo(destination *v20220901s.StorageAccountPropertiesCreateParameters) error {
	if source.CustomDomain == nil {
		return nil
	}
	name := *source.CustomDomain
	if destination.CustomDomain == nil {
		destination.CustomDomain = &v20220901s.CustomDomain{}
	}
	destination.CustomDomain.Name = &name
	destination.PropertyBag.Remove(nameKey)
	return nil
}

// AssignPropertiesFrom fills the 2021-01-01 custom domain name from the
// 2022-09-01 object's name, which wins over a name the generated conversion found
// in the bag (one kept there before the object's name changed). The object
// needs no bag entry when it holds nothing but that name.
func (destination *StorageAccountPropertiesCreateParameters) AssignPropertiesFrom(source *v20220901s.StorageAccountPropertiesCreateParameters) error {
	if source.CustomDomain == nil || source.CustomDomain.Name == nil {
		return nil
	}
	name := *source.CustomDomain.Name
	destination.CustomDomain = &name
	if isDerived(source.CustomDomain, name) {
		destination.PropertyBag.Remove(objectKey)
	}
	return nil
}

// isDerived reports whether domain holds nothing but name, as the mapping makes it.
func isDerived(domain *v20220901s.CustomDomain, name string) bool {
	return domain != nil && domain.Name != nil && *domain.Name == name && domain.UseSubDomainName == nil && len(domain.PropertyBag) == 0
}
