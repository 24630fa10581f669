package gosrc

import (
	"go/format"
	"testing"
)

// TestIndentIsGofmt checks Indent against gofmt on code of the shapes the
// indented emitters write.
func TestIndentIsGofmt(t *testing.T) {
	source := `package p

import "fmt"


// F converts (a comment with an open bracket: ( [ {).
func (s *T) F(d any) error {

if x, ok := d.(*T); ok {
return s.G(x, "}", '{')
} else {
d = nil
}
switch v := d.(type) {
case *T:
v.A = nil
default:
return fmt.Errorf("no %T", v)
}
s.Run(func() {
s.A = []string{"a", "b"}
})
call(t, func() any { return &T{} },
func() any { return &T{} },
)
for k, v := range s.M {

s.M[k] = v
}

return nil
}

var _ I = &T{}

// U is documented with a list:
// - first item
// - second
//   indented
// # Heading
type U struct {
// A field doc is not reformatted:
// - item
A string
}

// +kubebuilder:object:root=true

// The values of E.
const (
A = E("a")
)
`
	want, err := format.Source([]byte(source))
	if err != nil {
		t.Fatal(err)
	}
	if got := Indent([]byte(source)); string(got) != string(want) {
		t.Errorf("Indent differs from gofmt:\n%s\nwant:\n%s", got, want)
	}
}
