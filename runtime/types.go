package runtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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
// Raw holds the value in a canonical form (UnmarshalJSON): no whitespace between
// tokens, strings written the one way encoding/json writes them without HTML
// escaping ("\u003c" and "<" both become "<"), numbers and the order of object
// members exactly as written (no float conversion, so 9007199254740993 stays
// exact). Equal values therefore hold equal bytes whichever encoder wrote them:
// json.Marshal escapes <, > and & in what MarshalJSON returns, and the value
// still reads back byte for byte; a PropertyBag's Add and Pull keep it too. What
// is not kept is the writer's choice of escapes and whitespace, which no client
// sees anyway: the Kubernetes API server decodes and re-encodes every object it
// stores.
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

// UnmarshalJSON holds data in its canonical form, so that equal values hold
// equal bytes whichever encoder wrote them; null holds nothing.
func (j *JSON) UnmarshalJSON(data []byte) error {
	if j == nil {
		return errors.New("runtime.JSON: UnmarshalJSON on nil pointer")
	}
	canonical, err := canonicalJSON(data)
	if err != nil {
		return err
	}
	if string(canonical) == "null" {
		j.Raw = nil
		return nil
	}
	j.Raw = canonical
	return nil
}

// canonicalJSON rewrites one JSON value token by token: no whitespace, strings
// re-encoded the one way encoding/json writes them without HTML escaping (so
// "\u003c" and "<" become "<"), numbers and member order exactly as written.
func canonicalJSON(data []byte) ([]byte, error) {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var out bytes.Buffer
	var counts []int // per open object or array: tokens written so far
	var objects []bool
	for {
		token, err := decoder.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if d, ok := token.(json.Delim); ok && (d == '}' || d == ']') {
			out.WriteByte(byte(d))
			counts, objects = counts[:len(counts)-1], objects[:len(objects)-1]
			continue
		}
		if n := len(counts); n > 0 {
			writeSeparator(&out, objects[n-1], counts[n-1])
			counts[n-1]++
		}
		if d, ok := token.(json.Delim); ok {
			out.WriteByte(byte(d))
			counts, objects = append(counts, 0), append(objects, d == '{')
			continue
		}
		if err := writeScalar(&out, token); err != nil {
			return nil, err
		}
	}
	return out.Bytes(), nil
}

// writeSeparator writes what comes before the n-th token inside an object or array.
func writeSeparator(out *bytes.Buffer, object bool, n int) {
	switch {
	case object && n%2 == 1:
		out.WriteByte(':')
	case n > 0:
		out.WriteByte(',')
	}
}

func writeScalar(out *bytes.Buffer, token json.Token) error {
	switch v := token.(type) {
	case json.Number:
		out.WriteString(string(v))
		return nil
	case nil:
		out.WriteString("null")
		return nil
	}
	encoder := json.NewEncoder(out)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(token); err != nil {
		return err
	}
	out.Truncate(out.Len() - 1) // Encode's newline
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
