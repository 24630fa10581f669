package convert

import (
	"testing"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
)

// The conversions of every package of the tiny service.
func TestServiceGolden(t *testing.T) {
	m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: emittest.Graph()}
	files := gosrc.Files{}
	for _, v := range m.Graph.Versions {
		i := v.Index
		packages := map[layout.Side]string{layout.Spoke: v.Spoke.Name, layout.Storage: v.Storage.Name}
		if len(m.Graph.Compat[i]) > 0 {
			packages[layout.Compat] = "compat"
		}
		for side, name := range packages {
			source, err := File(m, i, side, name)
			if err != nil {
				t.Fatal(err)
			}
			files[emittest.Service+"/"+m.Dir(i, side)+"/"+layout.ConversionsFile] = source
		}
	}
	emittest.Golden(t, files)
}
