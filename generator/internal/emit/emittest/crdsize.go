package emittest

import (
	"encoding/json"
	"fmt"

	"gopkg.in/yaml.v3"
)

// CRDJSONSize returns the size of the CRD whose YAML is data as compact JSON:
// what etcd stores, and what client-side kubectl apply keeps in its
// last-applied-configuration annotation (whose limit, 262,144 bytes, also
// counts the annotation keys). It reads the YAML back, so tests use it to
// check the size crds.Render computes without doing so.
func CRDJSONSize(data []byte) (int, error) {
	var doc any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return 0, fmt.Errorf("measuring a CRD: %w", err)
	}
	compact, err := json.Marshal(doc)
	if err != nil {
		return 0, fmt.Errorf("measuring a CRD: %w", err)
	}
	return len(compact), nil
}
