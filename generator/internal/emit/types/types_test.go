package types

import (
	"testing"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
)

// The Go types of one version that uses each kind of type once.
func TestOneVersionGolden(t *testing.T) {
	pkg, err := golang.BuildNamed(emittest.OneVersion(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	target := Target{Group: emittest.Group, ImportPath: emittest.Module + "/v20210401", Dir: "v20210401", Version: "v20210401"}
	files, err := SpokeFiles(pkg, target)
	if err != nil {
		t.Fatal(err)
	}
	emittest.Golden(t, files)
}

// The Go types of every package of the tiny service: spokes, storage variants
// and the compat package.
func TestServiceGolden(t *testing.T) {
	m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: emittest.Graph()}
	files := gosrc.Files{}
	for _, v := range m.Graph.Versions {
		i := v.Index
		for _, p := range []struct {
			side layout.Side
			pkg  *golang.Package
			emit func(*golang.Package, Target) (gosrc.Files, error)
		}{{layout.Spoke, v.Spoke, SpokeFiles}, {layout.Storage, v.Storage, SpokeFiles}, {layout.Compat, CompatPackage(m.Graph.Graph, i), CompatFiles}} {
			if p.pkg == nil {
				continue
			}
			target := Target{Group: m.Group, ImportPath: m.ImportPath(i, p.side), Dir: m.Dir(i, p.side), Version: p.pkg.Version}
			generated, err := p.emit(p.pkg, target)
			if err != nil {
				t.Fatal(err)
			}
			for path, data := range generated {
				files[emittest.Service+"/"+path] = data
			}
		}
	}
	if CompatPackage(m.Graph.Graph, 1) == nil {
		t.Error("the tiny service has no compat package; the golden test misses one kind of output")
	}
	emittest.Golden(t, files)
}
