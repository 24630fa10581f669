package runtime

import (
	"strings"
	"unicode/utf8"
)

// The property bag's fast paths: most entries are strings and booleans, which
// encoding/json reads and writes through reflection and a decoder. For the
// JSON those simple values have, these give exactly what encoding/json gives
// (bagfast_test.go compares them on many values); anything else takes the
// general path.

// encodeSimple returns the JSON encoding of value when it is a string, a
// pointer to one, a boolean or a pointer to one, as encode would write it
// (HTML characters unescaped), and whether it could.
func encodeSimple(value any) (string, bool) {
	switch v := value.(type) {
	case string:
		return quoteSimple(v)
	case *string:
		if v == nil {
			return "null", true
		}
		return quoteSimple(*v)
	case bool:
		return boolText(v), true
	case *bool:
		if v == nil {
			return "null", true
		}
		return boolText(*v), true
	}
	return "", false
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// quoteSimple quotes s when encoding/json would write it with no escape: valid
// UTF-8 without quotes, backslashes, control characters, U+2028 or U+2029.
func quoteSimple(s string) (string, bool) {
	if !plainJSON(s) {
		return "", false
	}
	return `"` + s + `"`, true
}

func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			return plainUnicode(s[i:])
		}
	}
	return true
}

// plainUnicode is plainJSON for text that has a non-ASCII byte.
func plainUnicode(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r == '"' || r == '\\' || r == '\u2028' || r == '\u2029' {
			return false
		}
	}
	return true
}

// decodeSimple decodes data into target when target is a pointer to a string,
// a *string, a bool or a *bool and data is null, a boolean or a string with no
// escape, exactly as decodeExact would; it reports whether it did.
func decodeSimple(data string, target any) bool {
	switch t := target.(type) {
	case **string:
		if data == "null" {
			*t = nil
			return true
		}
		if s, ok := unquoteSimple(data); ok {
			*t = &s
			return true
		}
	case *string:
		if s, ok := unquoteSimple(data); ok {
			*t = s
			return true
		}
	case **bool:
		switch data {
		case "null":
			*t = nil
			return true
		case "true", "false":
			b := data == "true"
			*t = &b
			return true
		}
	case *bool:
		if data == "true" || data == "false" {
			*t = data == "true"
			return true
		}
	}
	return false
}

// unquoteSimple returns the text of a JSON string without escapes.
func unquoteSimple(data string) (string, bool) {
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return "", false
	}
	inner := data[1 : len(data)-1]
	if strings.ContainsAny(inner, `"\`) || !plainJSON(inner) {
		return "", false
	}
	return inner, true
}
