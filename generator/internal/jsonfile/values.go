package jsonfile

import (
	"encoding/json"
	"errors"
	"math"
	"regexp"
	"regexp/syntax"
	"sort"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/model"
)

// SortedKeys returns the keys of m in byte order.
func SortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Kind names the JSON kind of a parsed value, for messages.
func Kind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case nil:
		return "null"
	}
	return "a number"
}

func errAt(file, ptr, format string, args ...any) error {
	return model.Errorf(model.Location{File: file, Pointer: ptr}, format, args...)
}

// Validation reads the validation keywords of the schema node n at file#ptr.
// Whether they apply to n's type is for the caller to check. A pattern that is
// not RE2 syntax is left out: the returned note, for ptr/pattern, says why.
func Validation(file, ptr string, n map[string]any) (model.Validation, string, error) {
	var v model.Validation
	ints := []struct {
		name string
		dst  **int64
	}{{"maxItems", &v.MaxItems}, {"maxLength", &v.MaxLength}, {"minItems", &v.MinItems}, {"minLength", &v.MinLength}}
	for _, f := range ints {
		if raw, ok := n[f.name]; ok {
			i, ok := count(raw)
			if !ok {
				return v, "", errAt(file, ptr+"/"+f.name, "expected %s to be a non-negative integer", f.name)
			}
			*f.dst = &i
		}
	}
	floats := []struct {
		name string
		dst  **float64
	}{{"maximum", &v.Maximum}, {"minimum", &v.Minimum}, {"multipleOf", &v.MultipleOf}}
	for _, f := range floats {
		if raw, ok := n[f.name]; ok {
			num, ok := number(raw)
			if !ok || (f.name == "multipleOf" && num <= 0) {
				want := "a number"
				if f.name == "multipleOf" {
					want = "a number above zero"
				}
				return v, "", errAt(file, ptr+"/"+f.name, "expected %s to be %s", f.name, want)
			}
			*f.dst = &num
		}
	}
	note, err := pattern(file, ptr, n, &v)
	return v, note, err
}

// pattern reads the pattern keyword into v.
func pattern(file, ptr string, n map[string]any, v *model.Validation) (string, error) {
	raw, ok := n["pattern"]
	if !ok {
		return "", nil
	}
	s, ok := raw.(string)
	if !ok {
		return "", errAt(file, ptr+"/pattern", "expected pattern to be a string")
	}
	if _, err := regexp.Compile(s); err != nil {
		// Kubernetes checks patterns with RE2 and refuses a CRD whose pattern
		// it cannot compile (ARM schemas use ECMAScript lookarounds).
		return "pattern " + strconv.Quote(s) + " is not RE2 syntax, which Kubernetes requires (" + unwrapRegexpErr(err) + "): not enforced", nil
	}
	v.Pattern = s
	return "", nil
}

func count(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	return i, err == nil && i >= 0
}

func number(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// unwrapRegexpErr returns the reason of a regexp error without the pattern,
// which the note already quotes.
func unwrapRegexpErr(err error) string {
	var bad *syntax.Error
	if errors.As(err, &bad) {
		return bad.Code.String() + " " + bad.Expr
	}
	return err.Error()
}

// valuePointer is the pointer of value i of an enum, or of a const (vptr
// ending in /const).
func valuePointer(vptr string, i int) string {
	if strings.HasSuffix(vptr, "/const") {
		return vptr
	}
	return vptr + "/" + strconv.Itoa(i)
}

// EnumBase works out the primitive of an enum that has no type from its
// values, the list at file#vptr.
func EnumBase(file string, values []any, vptr string) (string, error) {
	base := ""
	for i, v := range values {
		var b string
		switch v := v.(type) {
		case string:
			b = model.String
		case bool:
			b = model.Boolean
		case json.Number:
			b = model.Integer
			if _, err := strconv.ParseInt(string(v), 10, 64); err != nil {
				b = model.Number
			}
		default:
			return "", errAt(file, valuePointer(vptr, i), "enum value %s is not a string, number or boolean", Kind(v))
		}
		switch {
		case base == "" || base == b:
			base = b
		case (base == model.Integer && b == model.Number) || (base == model.Number && b == model.Integer):
			base = model.Number
		default:
			return "", errAt(file, valuePointer(vptr, i), "enum mixes %s and %s values and has no type", base, b)
		}
	}
	return base, nil
}

// EnumTexts checks the values of the list at file#vptr against base and
// returns them as sorted, distinct JSON texts (strings as themselves). String
// values differing only in case are an error.
func EnumTexts(file string, values []any, vptr, base string) ([]string, error) {
	seen := map[string]bool{}
	var texts []string
	for i, v := range values {
		s, ok := enumText(v, base)
		if !ok {
			return nil, errAt(file, valuePointer(vptr, i), "enum value %s is not a valid %s", Kind(v), base)
		}
		if !seen[s] {
			seen[s] = true
			texts = append(texts, s)
		}
	}
	if base == model.String {
		sort.Strings(texts)
		lower := map[string]string{}
		for _, s := range texts {
			if other, ok := lower[strings.ToLower(s)]; ok {
				return nil, errAt(file, vptr, "enum values %q and %q differ only in case", other, s)
			}
			lower[strings.ToLower(s)] = s
		}
		return texts, nil
	}
	sort.Slice(texts, func(i, j int) bool { return lessValue(texts[i], texts[j]) })
	return texts, nil
}

func enumText(v any, base string) (string, bool) {
	switch v := v.(type) {
	case string:
		return v, base == model.String
	case bool:
		return strconv.FormatBool(v), base == model.Boolean
	case json.Number:
		switch base {
		case model.Integer:
			_, err := strconv.ParseInt(string(v), 10, 64)
			return string(v), err == nil
		case model.Number:
			_, err := strconv.ParseFloat(string(v), 64)
			return string(v), err == nil
		}
	}
	return "", false
}

// lessValue orders numbers numerically and anything else as text.
func lessValue(a, b string) bool {
	fa, ea := strconv.ParseFloat(a, 64)
	fb, eb := strconv.ParseFloat(b, 64)
	if ea == nil && eb == nil && fa != fb {
		return fa < fb
	}
	return a < b
}
