package lifecycle

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Annotation is the CRD annotation that carries the lifecycle of each of the
// CRD's API versions (the spoke versions; storage variants are not listed):
// a JSON object from Kubernetes version name to its stages, for example
//
//	{"v20210401": [{"classification": "supported"},
//	               {"classification": "deprecated", "startTime": "2027-01-01T00:00:00Z"}]}
//
// The generator writes it; the lifecycle controller reads it.
const Annotation = "lifecycle.armhub.io/versions"

// Versions is the lifecycle of each API version, by Kubernetes version name.
type Versions map[string]Lifecycle

// Encode returns the annotation value: compact JSON with the versions in
// name order (encoding/json sorts map keys).
func (v Versions) Encode() (string, error) {
	for _, name := range v.Names() {
		if err := v[name].Validate(); err != nil {
			return "", fmt.Errorf("version %s: %w", name, err)
		}
	}
	data, err := json.Marshal(v)
	return string(data), err
}

// Decode parses an annotation value and validates every lifecycle in it.
func Decode(value string) (Versions, error) {
	var v Versions
	if err := json.Unmarshal([]byte(value), &v); err != nil {
		return nil, fmt.Errorf("annotation %s: %v", Annotation, err)
	}
	for _, name := range v.Names() {
		if err := v[name].Validate(); err != nil {
			return nil, fmt.Errorf("annotation %s: version %s: %w", Annotation, name, err)
		}
	}
	return v, nil
}

// Names returns the version names in order.
func (v Versions) Names() []string {
	names := make([]string, 0, len(v))
	for name := range v {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
