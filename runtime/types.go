package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
)

// OwnerReference names the Kubernetes resource, in the same namespace, that owns a
// child resource (a child ARM resource such as a storage container).
type OwnerReference struct {
	// Name is the Kubernetes name of the owner.
	Name string `json:"name"`
}

// DeepCopyInto copies the receiver into out.
func (in *OwnerReference) DeepCopyInto(out *OwnerReference) {
	*out = *in
}

// DeepCopy returns a copy of the receiver, or nil for nil.
func (in *OwnerReference) DeepCopy() *OwnerReference {
	if in == nil {
		return nil
	}
	out := new(OwnerReference)
	in.DeepCopyInto(out)
	return out
}

// JSON holds an arbitrary JSON value, for schema properties of any shape.
//
// Raw keeps the value as written except for whitespace between tokens, which
// UnmarshalJSON removes: the text of strings (<, > and & included, and escapes such
// as \u003c as they were written), the order of object members and the text of
// numbers (no float conversion, so 9007199254740993 stays exact) are kept byte for
// byte, also through a PropertyBag's Add and Pull. The value is JSON-equal, not
// byte-equal, to what was decoded, and that is enough: encoding/json compacts
// whatever MarshalJSON returns, so whitespace cannot survive json.Marshal anyway,
// and the Kubernetes API server decodes and re-encodes every object it stores, so
// whitespace a client sends never comes back. Compacting on decode gives equal values
// equal bytes, so objects compared after JSON round trips (as the conformance suites
// do) compare equal.
type JSON struct {
	Raw []byte `json:"-"`
}

// MarshalJSON returns the held value, or null when there is none.
func (j JSON) MarshalJSON() ([]byte, error) {
	if len(j.Raw) == 0 {
		return []byte("null"), nil
	}
	return j.Raw, nil
}

// UnmarshalJSON holds a copy of data without whitespace between tokens, so that
// equal values compare equal; null holds nothing.
func (j *JSON) UnmarshalJSON(data []byte) error {
	if j == nil {
		return errors.New("runtime.JSON: UnmarshalJSON on nil pointer")
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, data); err != nil {
		return err
	}
	if compact.String() == "null" {
		j.Raw = nil
		return nil
	}
	j.Raw = compact.Bytes()
	return nil
}

// DeepCopyInto copies the receiver into out.
func (in *JSON) DeepCopyInto(out *JSON) {
	*out = *in
	if in.Raw != nil {
		out.Raw = append([]byte(nil), in.Raw...)
	}
}

// DeepCopy returns a copy of the receiver, or nil for nil.
func (in *JSON) DeepCopy() *JSON {
	if in == nil {
		return nil
	}
	out := new(JSON)
	in.DeepCopyInto(out)
	return out
}
