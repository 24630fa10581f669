package metadata

// Version returns the metadata of API version name; a version the metadata
// does not list is supported (one supported stage).
func (s *Service) Version(name string) Version {
	for _, v := range s.Versions {
		if v.Version == name {
			return v
		}
	}
	return Version{Version: name, Resolved: Supported()}
}
