package jsonfile

import (
	"errors"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/model"
)

func TestParse(t *testing.T) {
	v, err := Parse("f.json", []byte(`{"a": [1, "x", true, null, {"b": 2.5}]}`))
	if err != nil {
		t.Fatal(err)
	}
	a := v.(map[string]any)["a"].([]any)
	if len(a) != 5 || a[1] != "x" || a[2] != true || a[3] != nil {
		t.Errorf("parsed %#v", a)
	}
	tests := []struct {
		data, at, words string
	}{
		{"{\n  \"a\": 1,\n  \"a\": 2\n}", "f.json:3:6", "duplicate object key \"a\""},
		{"{\n  \"a\": [1,, 2]\n}", "f.json:2:", "malformed JSON"},
		{"{\"a\":", "f.json:1:6", "unexpected end"},
		{"{}\n[]", "f.json:2:", "after the top-level"},
		{strings.Repeat("[", 600) + strings.Repeat("]", 600), "f.json:1:", "deeper than 500"},
	}
	for _, tt := range tests {
		_, err := Parse("f.json", []byte(tt.data))
		var e *model.Error
		if !errors.As(err, &e) || !strings.HasPrefix(e.Error(), tt.at) || !strings.Contains(e.Message, tt.words) {
			t.Errorf("Parse(%q): got %v, want an error at %s saying %q", tt.data, err, tt.at, tt.words)
		}
	}
}

func TestPointerTokens(t *testing.T) {
	for _, s := range []string{"a/b", "~x", "/paths/{p}", "plain"} {
		if got := Unescape(Escape(s)); got != s {
			t.Errorf("Unescape(Escape(%q)) = %q", s, got)
		}
	}
	if got := Escape("/a~b"); got != "~1a~0b" {
		t.Errorf("Escape = %q", got)
	}
}

func TestLowerCamel(t *testing.T) {
	for in, want := range map[string]string{
		"NamedScheme": "namedScheme", "VMSSExtension": "vmssExtension", "ABC": "abc", "already": "already", "A": "a", "": "",
	} {
		if got := LowerCamel(in); got != want {
			t.Errorf("LowerCamel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEnumTexts(t *testing.T) {
	got, err := EnumTexts("f.json", []any{"b", "a", "b"}, "/enum", model.String)
	if err != nil || strings.Join(got, ",") != "a,b" {
		t.Errorf("EnumTexts = %q, %v", got, err)
	}
	if _, err := EnumTexts("f.json", []any{"A", "a"}, "/enum", model.String); err == nil || !strings.Contains(err.Error(), "differ only in case") {
		t.Errorf("case clash: %v", err)
	}
}
