package buildfiles

import (
	"testing"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/layout"
)

// A module's go.mod, the BUILD files of a Go package, of the crd package, of
// the webhook command and of a conformance suite, and a service's root BUILD
// file.
func TestGolden(t *testing.T) {
	goMod, err := GoMod(emittest.Module, []Requirement{
		{Path: layout.RuntimeModule, Version: "v0.1.0"}, {Path: "k8s.io/apimachinery", Version: "v0.34.4"},
		{Path: "github.com/google/go-cmp", Version: "v0.7.0", Indirect: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	emittest.Golden(t, map[string][]byte{
		layout.GoModFile:                           goMod,
		"v20220101/" + layout.BuildFile:            BuildFile("v20220101", emittest.Module+"/v20220101", []string{"//runtime", "@io_k8s_apimachinery//pkg/runtime"}),
		layout.CRDDir + "/" + layout.BuildFile:     CRDBuildFile(emittest.Module + "/" + layout.CRDDir),
		layout.CommandDir + "/" + layout.BuildFile: CommandBuildFile(layout.CommandName, []string{"//runtime/conversionwebhook", "//register"}),
		"conformance/" + layout.BuildFile:          TestBuildFile("things_test", []string{"//conformance/harness", "//apis/things/v20220101"}),
		"external/" + layout.BuildFile:             ExternalRootBuildFile([]string{"//v20220101/storage:storage", "//crd:crd", "//v20220101:v20220101"}),
		layout.BuildFile: ServiceBuildFile(ServiceBuild{
			Service: emittest.Service, Metadata: "//metadata:things.yaml",
			Schemas:     []string{"//metadata:schemas/2022-01-01/Example.Things.json", "//metadata:schemas/2020-01-01/Example.Things.json"},
			Packages:    []string{"v20220101", "crd", "v20220101/storage"},
			Handwritten: []string{"v20220101/storage", "v20220101"},
		}),
	})
}
