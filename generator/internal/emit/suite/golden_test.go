package suite

import (
	"testing"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
)

// The tiny service's conformance suite, with golden tests for an augmented kind.
func TestServiceGolden(t *testing.T) {
	m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: emittest.Graph()}
	source, err := File(m, "conformance", []string{"Widget"})
	if err != nil {
		t.Fatal(err)
	}
	emittest.Golden(t, map[string][]byte{emittest.Service + "/conformance/" + layout.SuiteFile: source})
}
