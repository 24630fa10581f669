package schemavalue

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"regexp"
	"sort"
	"strconv"
	"unicode/utf8"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
)

// Conformer rewrites fuzzed values (decoded JSON, numbers as json.Number) so
// that they pass a CRD version's schema: enums get one of their values,
// patterned strings a matching one, lengths, bounds and item counts are
// brought within limits. What it cannot make valid (a field the schema does
// not have, which the API server would prune; a missing required field; a
// pattern no candidate matches) is an error naming the path.
type Conformer struct {
	rnd *rand.Rand
}

// NewConformer returns a Conformer whose random choices (enum values, numbers
// within bounds, patterned strings) follow seed.
func NewConformer(seed int64) *Conformer {
	return &Conformer{rnd: rand.New(rand.NewSource(seed))}
}

// Value returns v made valid for s; path names v in errors.
func (c *Conformer) Value(v any, s *apix.JSONSchemaProps, path string) (any, error) {
	if s.Type == "" && len(s.Properties) == 0 && s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields {
		return v, nil // any JSON value
	}
	switch s.Type {
	case "object":
		return c.object(v, s, path)
	case "array":
		return c.array(v, s, path)
	case "string":
		return c.str(v, s, path)
	case "integer", "number":
		return c.number(v, s, path)
	case "boolean":
		return v, nil
	}
	return nil, fmt.Errorf("%s: schema type %q is not handled by schemavalue", path, s.Type)
}

func (c *Conformer) object(v any, s *apix.JSONSchemaProps, path string) (any, error) {
	fields, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: %T where the schema has an object", path, v)
	}
	for _, name := range sortedKeys(fields) {
		sub, err := c.field(fields[name], s, path, name)
		if err != nil {
			return nil, err
		}
		if sub == nil {
			delete(fields, name)
			continue
		}
		fields[name] = sub
	}
	for _, name := range s.Required {
		if _, ok := fields[name]; !ok {
			return nil, fmt.Errorf("%s: required field %s is missing", path, name)
		}
	}
	return fields, nil
}

// field conforms the value of one field of an object with schema s; null
// becomes absent.
func (c *Conformer) field(v any, s *apix.JSONSchemaProps, parent, name string) (any, error) {
	if v == nil {
		return nil, nil
	}
	path := parent + "." + name
	if sub, ok := s.Properties[name]; ok {
		return c.Value(v, &sub, path)
	}
	if s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
		return c.Value(v, s.AdditionalProperties.Schema, path)
	}
	if s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields {
		return v, nil
	}
	return nil, fmt.Errorf("%s: the Go type has the field, the CRD schema has not (the API server would prune it)", path)
}

func (c *Conformer) array(v any, s *apix.JSONSchemaProps, path string) (any, error) {
	items, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s: %T where the schema has an array", path, v)
	}
	if s.MaxItems != nil && int64(len(items)) > *s.MaxItems {
		items = items[:*s.MaxItems]
	}
	if s.MinItems != nil && int64(len(items)) < *s.MinItems {
		return nil, fmt.Errorf("%s: %d items, the schema wants at least %d", path, len(items), *s.MinItems)
	}
	if s.Items == nil || s.Items.Schema == nil {
		return items, nil
	}
	for i := range items {
		item, err := c.Value(items[i], s.Items.Schema, path+"["+strconv.Itoa(i)+"]")
		if err != nil {
			return nil, err
		}
		items[i] = item
	}
	return items, nil
}

func (c *Conformer) str(v any, s *apix.JSONSchemaProps, path string) (any, error) {
	text, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("%s: %T where the schema has a string", path, v)
	}
	if len(s.Enum) > 0 {
		var value any
		if err := json.Unmarshal(s.Enum[c.rnd.Intn(len(s.Enum))].Raw, &value); err != nil {
			return nil, fmt.Errorf("%s: enum: %w", path, err)
		}
		return value, nil
	}
	if s.Format != "" && s.Format != "date-time" {
		return nil, fmt.Errorf("%s: format %q is not handled by schemavalue", path, s.Format)
	}
	if s.Pattern != "" {
		return c.matching(s, path)
	}
	return fitLength(text, s), nil
}

// fitLength cuts text to maxLength characters or pads it to minLength.
func fitLength(text string, s *apix.JSONSchemaProps) string {
	if s.MaxLength != nil && int64(utf8.RuneCountInString(text)) > *s.MaxLength {
		text = string([]rune(text)[:*s.MaxLength])
	}
	for s.MinLength != nil && int64(utf8.RuneCountInString(text)) < *s.MinLength {
		text += "x"
	}
	return text
}

// alphabets are what candidates for patterned strings are made of.
var alphabets = []string{"abcdefghijklmnopqrstuvwxyz0123456789", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", "0123456789"}

// matching returns a string of s's lengths that matches s's pattern: the
// shortest the pattern spells, or else a random one.
func (c *Conformer) matching(s *apix.JSONSchemaProps, path string) (string, error) {
	re, err := regexp.Compile(s.Pattern)
	if err != nil {
		return "", fmt.Errorf("%s: pattern %q: %w", path, s.Pattern, err)
	}
	if candidate := fitLength(shortestMatch(s.Pattern), s); re.MatchString(candidate) {
		return candidate, nil
	}
	for attempt := 0; attempt < 300; attempt++ {
		candidate := fitLength(c.random(alphabets[attempt%len(alphabets)], 1+c.rnd.Intn(16)), s)
		if re.MatchString(candidate) {
			return candidate, nil
		}
	}
	return "", fmt.Errorf("%s: no candidate string matches the pattern %q", path, s.Pattern)
}

func (c *Conformer) random(alphabet string, n int) string {
	out := make([]byte, n)
	for i := range out {
		out[i] = alphabet[c.rnd.Intn(len(alphabet))]
	}
	return string(out)
}

func (c *Conformer) number(v any, s *apix.JSONSchemaProps, path string) (any, error) {
	n, ok := v.(json.Number)
	if !ok {
		return nil, fmt.Errorf("%s: %T where the schema has a number", path, v)
	}
	if s.Minimum == nil && s.Maximum == nil {
		return n, nil
	}
	f, err := n.Float64()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if (s.Minimum != nil && f < *s.Minimum) || (s.Maximum != nil && f > *s.Maximum) {
		low, high := bounds(s)
		f = low + float64(c.rnd.Int63n(int64(high-low)+1))
		return json.Number(strconv.FormatFloat(f, 'f', -1, 64)), nil
	}
	return n, nil
}

// bounds are s's minimum and maximum, with a default span where one is open.
func bounds(s *apix.JSONSchemaProps) (float64, float64) {
	switch {
	case s.Minimum != nil && s.Maximum != nil:
		return *s.Minimum, *s.Maximum
	case s.Minimum != nil:
		return *s.Minimum, *s.Minimum + 1000
	default:
		return *s.Maximum - 1000, *s.Maximum
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
