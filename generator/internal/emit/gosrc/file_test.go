package gosrc

import (
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
