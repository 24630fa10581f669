package emit

import (
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/runtime"
)

// tinyModule is the module of emittest's service.
func tinyModule() *Module {
	return &Module{Path: emittest.Module, Group: emittest.Group, Graph: emittest.Graph()}
}

// checkGoldens compares every file with testdata/golden/things/<path>.golden.
func checkGoldens(t *testing.T, files Files) {
	t.Helper()
	for _, path := range files.Paths() {
		checkGolden(t, emittest.Service+"/"+path, files[path])
	}
}

// The Go types of every package of the tiny service: spokes, storage variants
// and the compat package.
func TestTypesGolden(t *testing.T) {
	m := tinyModule()
	files := Files{}
	for i, v := range m.Graph.Versions {
		for _, p := range []struct {
			side layout.Side
			pkg  *golang.Package
			emit func(*golang.Package, Target) (Files, error)
		}{{layout.Spoke, v.Spoke, SpokeFiles}, {layout.Storage, v.Storage, SpokeFiles}, {layout.Compat, CompatPackage(m.Graph, i), CompatFiles}} {
			if p.pkg == nil {
				continue
			}
			target := Target{Group: m.Group, ImportPath: m.ImportPath(i, p.side), Dir: m.Dir(i, p.side), Version: p.pkg.Version}
			generated, err := p.emit(p.pkg, target)
			if err != nil {
				t.Fatal(err)
			}
			for path, data := range generated {
				files[path] = data
			}
		}
	}
	if CompatPackage(m.Graph, 1) == nil {
		t.Error("the tiny service has no compat package; the golden test misses one kind of output")
	}
	checkGoldens(t, files)
}

// The conversions of every package of the tiny service.
func TestConversionsGolden(t *testing.T) {
	m := tinyModule()
	files := Files{}
	for i, v := range m.Graph.Versions {
		packages := map[layout.Side]string{layout.Spoke: v.Spoke.Name, layout.Storage: v.Storage.Name}
		if CompatPackage(m.Graph, i) != nil {
			packages[layout.Compat] = "compat"
		}
		for side, name := range packages {
			source, err := ConversionFile(m, i, side, name)
			if err != nil {
				t.Fatal(err)
			}
			files[m.Dir(i, side)+"/"+layout.ConversionsFile] = source
		}
	}
	checkGoldens(t, files)
}

// The CRD of each kind, with a deprecated, a supported and an expired version.
func TestCRDsGolden(t *testing.T) {
	m := tinyModule()
	expiry := time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC)
	lifecycles := []Lifecycle{{Class: runtime.Expired}, {Class: runtime.Deprecated, Next: &expiry}, {Class: runtime.Supported}}
	webhook := Webhook{Service: "things-webhook", Namespace: "things", Path: "/convert", Port: 443, Certificate: "things/things-webhook"}
	files := Files{}
	for _, kind := range m.Graph.Kinds() {
		var versions []CRDVersion
		for _, i := range m.Graph.Chains[kind] {
			v := m.Graph.Versions[i]
			versions = append(versions, SpokeCRDVersion(v.Spoke, lifecycles[i]), StorageCRDVersion(v.Storage, lifecycles[i], i == m.Graph.Hubs[kind]))
		}
		data, err := CRD(m.Group, kind, versions, webhook)
		if err != nil {
			t.Fatal(err)
		}
		files[CRDPath(m.Group, kind)] = data
	}
	source, build := CRDPackage(m.Path + "/" + layout.CRDDir)
	files[layout.CRDDir+"/"+layout.CRDGoFile], files[layout.CRDDir+"/"+layout.BuildFile] = source, build
	checkGoldens(t, files)
}

// The service's entry point.
func TestRegisterGolden(t *testing.T) {
	source, err := RegisterFile(tinyModule(), emittest.Service, "/convert")
	if err != nil {
		t.Fatal(err)
	}
	checkGoldens(t, Files{layout.RegisterDir + "/" + layout.RegisterFile: source})
}

// The conformance suite, with golden tests for an augmented kind.
func TestSuiteGolden(t *testing.T) {
	source, err := ConformanceFile(tinyModule(), "conformance", []string{"Widget"})
	if err != nil {
		t.Fatal(err)
	}
	checkGoldens(t, Files{"conformance/" + layout.SuiteFile: source,
		"conformance/" + layout.BuildFile: TestBuildFile("things_test", []string{"//conformance/harness", "//apis/things/v20220101"})})
}

// The module's go.mod, a package's BUILD file and the service's root BUILD file.
func TestBazelAndGoModGolden(t *testing.T) {
	files := Files{
		layout.GoModFile: GoMod(emittest.Module, []Requirement{
			{Path: layout.RuntimeModule, Version: "v0.1.0"}, {Path: "k8s.io/apimachinery", Version: "v0.34.4"},
			{Path: "github.com/google/go-cmp", Version: "v0.7.0", Indirect: true},
		}),
		"v20220101/" + layout.BuildFile: BuildFile("v20220101", emittest.Module+"/v20220101", []string{"//runtime", "@io_k8s_apimachinery//pkg/runtime"}),
		layout.BuildFile: ServiceBuildFile(ServiceBuild{
			Service: emittest.Service, Metadata: "//metadata:things.yaml",
			Schemas:     []string{"//metadata:schemas/2022-01-01/Example.Things.json", "//metadata:schemas/2020-01-01/Example.Things.json"},
			Packages:    []string{"v20220101", "crd", "v20220101/storage"},
			Handwritten: []string{"v20220101/storage", "v20220101"},
		}),
	}
	checkGoldens(t, files)
}
