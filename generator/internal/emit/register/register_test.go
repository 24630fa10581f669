package register

import (
	"testing"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
)

// The tiny service's entry point.
func TestServiceGolden(t *testing.T) {
	m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: emittest.Graph()}
	source, err := File(m, emittest.Service, "/convert")
	if err != nil {
		t.Fatal(err)
	}
	emittest.Golden(t, map[string][]byte{emittest.Service + "/" + layout.RegisterDir + "/" + layout.RegisterFile: source})
}
