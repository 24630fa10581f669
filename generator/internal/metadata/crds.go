package metadata

// CRDs is the CRD policy of a service: which storage variants each CRD lists,
// and how large a CRD may be.
//
//	crds:
//	  maxBytes: 262144        # the budget of each CRD as compact JSON
//	  storageVersions: stored # all (the default) or stored
//	  stored: ["2021-01-01"]  # with stored: the versions objects may be stored at
//	  descriptions: newest    # newest (the default), all or none
type CRDs struct {
	// MaxBytes is the budget of each CRD, measured as compact JSON (what etcd
	// stores, and what client-side kubectl apply keeps in an annotation).
	// A metadata file's default is DefaultMaxBytes; 0 means no budget, which
	// only ForProvider (a run with no metadata) sets.
	MaxBytes int `yaml:"maxBytes"`
	// StorageVersions is StorageAll (every version's spoke and storage variant,
	// expired ones unserved) or StorageStored (the served spokes, the hub's
	// storage variant and those of the versions in Stored; no expired spoke).
	StorageVersions string `yaml:"storageVersions"`
	// Stored lists the API versions whose storage variants objects may still be
	// stored at: the hubs of this and of earlier releases. Only with
	// StorageStored.
	Stored []string `yaml:"stored"`
	// Descriptions says which versions' schemas keep their descriptions
	// (what kubectl explain shows): DescriptionsNewest (the default) the newest
	// served spoke's only, DescriptionsAll every version's, DescriptionsNone
	// none. Descriptions are most of a large CRD's bytes.
	Descriptions string `yaml:"descriptions"`

	Line        int   `yaml:"-"` // the line of "crds" (0 when absent)
	StoredLine  int   `yaml:"-"` // the line of "stored"
	StoredLines []int `yaml:"-"` // the line of each entry of Stored
}

// The values of crds.storageVersions, and the budgets.
const (
	StorageAll    = "all"
	StorageStored = "stored"

	DescriptionsNewest = "newest"
	DescriptionsAll    = "all"
	DescriptionsNone   = "none"

	DefaultMaxBytes = 262144  // what client-side kubectl apply accepts (its annotation limit)
	EtcdMaxBytes    = 1572864 // 1.5 MiB, the largest object etcd stores
)

// StoredOnly reports whether CRDs list only the storage variants objects may
// be stored at.
func (c CRDs) StoredOnly() bool { return c.StorageVersions == StorageStored }

// IsStored reports whether crds.stored lists the API version.
func (c CRDs) IsStored(version string) bool {
	for _, v := range c.Stored {
		if v == version {
			return true
		}
	}
	return false
}

func (s *Service) recordCRDLines(lines *lineFinder) {
	if lines.node("crds") != nil {
		s.CRDs.Line = lines.find("crds")
	}
	s.CRDs.StoredLine = lines.find("crds", "stored")
	s.CRDs.StoredLines = make([]int, len(s.CRDs.Stored))
	for i := range s.CRDs.Stored {
		s.CRDs.StoredLines[i] = lines.find("crds", "stored", i)
	}
}

func (s *Service) checkCRDs(lines *lineFinder) error {
	c := &s.CRDs
	switch c.StorageVersions {
	case "":
		c.StorageVersions = StorageAll
	case StorageAll, StorageStored:
	default:
		return s.errorf(lines.find("crds", "storageVersions"), "crds.storageVersions %q is not %q or %q", c.StorageVersions, StorageAll, StorageStored)
	}
	switch c.Descriptions {
	case "":
		c.Descriptions = DescriptionsNewest
	case DescriptionsNewest, DescriptionsAll, DescriptionsNone:
	default:
		return s.errorf(lines.find("crds", "descriptions"), "crds.descriptions %q: expected %q, %q or %q", c.Descriptions, DescriptionsNewest, DescriptionsAll, DescriptionsNone)
	}
	if lines.node("crds", "maxBytes") == nil {
		c.MaxBytes = DefaultMaxBytes
	} else if c.MaxBytes < 1 || c.MaxBytes > EtcdMaxBytes {
		return s.errorf(lines.find("crds", "maxBytes"), "crds.maxBytes %d is not between 1 and %d (1.5 MiB, the largest object etcd stores)", c.MaxBytes, EtcdMaxBytes)
	}
	return s.checkStored()
}

func (s *Service) checkStored() error {
	c := s.CRDs
	if len(c.Stored) > 0 && !c.StoredOnly() {
		return s.errorf(c.StoredLine, "crds.stored is read only with storageVersions: %s (with %s every storage variant is listed)", StorageStored, c.StorageVersions)
	}
	seen := map[string]bool{}
	for i, v := range c.Stored {
		if !s.knownVersion(v) {
			return s.errorf(c.StoredLines[i], "crds.stored %q: not a version listed under \"versions\"", v)
		}
		if seen[v] {
			return s.errorf(c.StoredLines[i], "crds.stored lists %q twice", v)
		}
		seen[v] = true
	}
	return nil
}
