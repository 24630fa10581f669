package runtime

import (
	"math/rand"
	"testing"
	"unicode/utf8"
)

// simpleCases are strings at the edges of what the fast paths take.
var simpleCases = []string{"", "a", "plain text", "<b>&amp;</b>", "tab\there", "new\nline", `quote"d`, `back\slash`,
	"\x00", "\x1f", "\x7f", "é", "日本語", "\u2028", "\u2029", "a\u2029b", "\xff", "a\xc3", "emoji 🎉", "\ufffd"}

// randomStrings returns n strings of random bytes and runes.
func randomStrings(n int) []string {
	rnd := rand.New(rand.NewSource(1))
	var out []string
	for i := 0; i < n; i++ {
		b := make([]byte, 0, 12)
		for len(b) < rnd.Intn(12) {
			switch rnd.Intn(3) {
			case 0:
				b = append(b, byte(rnd.Intn(256)))
			case 1:
				b = append(b, byte(0x20+rnd.Intn(0x60)))
			default:
				b = utf8.AppendRune(b, rune(rnd.Intn(0x3000)))
			}
		}
		out = append(out, string(b))
	}
	return out
}

func TestEncodeSimpleIsEncodingJSON(t *testing.T) {
	yes, no := true, false
	values := []any{true, false, &yes, &no, (*bool)(nil), (*string)(nil)}
	for _, s := range append(simpleCases, randomStrings(20000)...) {
		values = append(values, s, &s)
	}
	taken := 0
	for _, v := range values {
		fast, ok := encodeSimple(v)
		if !ok {
			continue
		}
		taken++
		want, err := encodeJSON(v)
		if err != nil || fast != want {
			t.Fatalf("%#v: fast path %q, encoding/json %q (%v)", v, fast, want, err)
		}
	}
	if taken < len(values)/4 {
		t.Errorf("the fast path took only %d of %d values", taken, len(values))
	}
}

func TestDecodeSimpleIsDecodeExact(t *testing.T) {
	var inputs []string
	for _, s := range append(simpleCases, randomStrings(20000)...) {
		inputs = append(inputs, `"`+s+`"`, s)
	}
	inputs = append(inputs, "null", "true", "false", " true", `"a" `, `"`, `""`, "1", "{}")
	taken := 0
	for _, data := range inputs {
		for _, target := range []func() any{func() any { return new(*string) }, func() any { return new(string) },
			func() any { return new(*bool) }, func() any { return new(bool) }} {
			fast, slow := target(), target()
			if !decodeSimple(data, fast) {
				continue
			}
			taken++
			if err := decodeExact(data, slow); err != nil {
				t.Fatalf("%q into %T: the fast path decoded it, decodeExact fails: %v", data, fast, err)
			}
			if got, want := describeTarget(fast), describeTarget(slow); got != want {
				t.Fatalf("%q into %T: fast path %s, decodeExact %s", data, fast, got, want)
			}
		}
	}
	if taken < len(inputs)/4 {
		t.Errorf("the fast path took only %d decodings", taken)
	}
}

func describeTarget(v any) string {
	switch t := v.(type) {
	case **string:
		if *t == nil {
			return "nil"
		}
		return "&" + **t
	case *string:
		return *t
	case **bool:
		if *t == nil {
			return "nil"
		}
		return map[bool]string{true: "&true", false: "&false"}[**t]
	case *bool:
		return map[bool]string{true: "true", false: "false"}[*t]
	}
	return "?"
}
