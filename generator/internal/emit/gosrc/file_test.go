package gosrc

import (
	"go/format"
	"strings"
	"testing"
)

// A file imports exactly the packages of its table whose names its code uses.
func TestImportsFollowSelectors(t *testing.T) {
	g := NewFile("things")
	g.Printf("func f(runtime int) error {\n\treturn fmt.Errorf(\"%%v %%v\", metav1.Now(), unknown.X)\n}\n")
	got, err := g.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	want := "import (\n\t\"fmt\"\n\tmetav1 \"k8s.io/apimachinery/pkg/apis/meta/v1\"\n)\n"
	if !strings.Contains(string(got), want) || strings.Contains(string(got), "runtime\"") {
		t.Errorf("imports of\n%s\nwant\n%s", got, want)
	}
}

// Selectors count only outside comments and literals, and only their first name.
func TestSelectorNames(t *testing.T) {
	body := "// fmt.Println in a comment\n/* time.Now */ x := \"strings.Cut\" + `os.Exit` + string('.')\n" +
		"y := a.b.c; z := w.(T); n := 1.5e3\nm := p.\n\tq()\nv := r .s\n"
	got, err := selectorNames(body)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"a": true, "p": true, "r": true}
	if len(got) != len(want) {
		t.Errorf("selectorNames = %v, want %v", got, want)
	}
	for name := range want {
		if !got[name] {
			t.Errorf("selectorNames = %v, want %v", got, want)
		}
	}
	if _, err := selectorNames("x := \"open\n"); err == nil {
		t.Error("an unterminated string is not an error")
	}
}

func TestAddressOf(t *testing.T) {
	cases := map[string]string{
		"out.Part":        "&out.Part",
		"(*out.Part)":     "out.Part",
		"(*a).b":          "&(*a).b",
		"(*a).b[(*c)]":    "&(*a).b[(*c)]",
		"(*a)[i]":         "&(*a)[i]",
		"(*s.m[k])":       "s.m[k]",
		"valueSku":        "&valueSku",
		"(*source.X.Y)":   "source.X.Y",
		"(x)":             "&(x)",
		"(*a)(b)":         "&(*a)(b)",
		"(*items[(*i)])":  "items[(*i)]",
		"(*f(x))":         "f(x)",
		"(*source.Items)": "source.Items",
	}
	for expr, want := range cases {
		if got := AddressOf(expr); got != want {
			t.Errorf("AddressOf(%q) = %q, want %q", expr, got, want)
		}
	}
}

// EmptyBody prints what gofmt keeps, on either side of its one-line limit.
func TestEmptyBodyIsGofmtClean(t *testing.T) {
	for n := 60; n <= 80; n++ {
		name := strings.Repeat("A", n)
		src := "package p\n\ntype " + name + " struct{}\n\n" + EmptyBody("func (*"+name+") ConvertsThroughHub()") + "\n"
		formatted, err := format.Source([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if string(formatted) != src {
			t.Errorf("a receiver of %d letters: gofmt gives\n%s\nnot\n%s", n, formatted, src)
		}
	}
}
