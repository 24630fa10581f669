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
// Raw keeps the value as decoded except for whitespace between tokens, which
// UnmarshalJSON removes: the text of strings (escapes as they were written), the
// order of object members and the text of numbers (no float conversion, so
// 9007199254740993 stays exact) are kept, and a PropertyBag's Add and Pull keep
// them byte for byte. An object holding a JSON, encoded with json.Marshal, is
// JSON-equal but not always byte-equal to what was decoded: encoding/json compacts
// what MarshalJSON returns and escapes <, > and & in it (as \u003c and so on).
// JSON-equal is enough: the Kubernetes API server decodes and re-encodes every
// object it stores, so no client sees the bytes another sent. The conformance
// suites therefore compare JSON values, not their text (number text excepted, so
// that a lost digit shows).
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
