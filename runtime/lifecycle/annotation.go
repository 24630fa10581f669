package lifecycle

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"
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

// Status returns the status of version at instant now, and false when there
// is no such version.
func (v Versions) Status(version string, now time.Time) (Status, bool) {
	l, ok := v[version]
	if !ok {
		return Status{}, false
	}
	return l.Evaluate(now), true
}

// Statuses returns the status of every version at instant now.
func (v Versions) Statuses(now time.Time) map[string]Status {
	out := make(map[string]Status, len(v))
	for name, l := range v {
		out[name] = l.Evaluate(now)
	}
	return out
}

// At parses an RFC 3339 start time of generated code; it panics on a bad one
// (generated tables hold only times the generator wrote).
func At(value string) *time.Time {
	t, err := time.Parse(time.RFC3339Nano, value)
	if err != nil {
		panic("lifecycle: start time " + value + ": " + err.Error())
	}
	return &t
}
