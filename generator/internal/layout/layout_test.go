package layout

import "testing"

func TestPackagesOfAVersion(t *testing.T) {
	cases := []struct {
		side       Side
		dir, alias string
	}{
		{Spoke, "v20210101", "v20210101"},
		{Storage, "v20210101/storage", "v20210101s"},
		{Compat, "v20210101/storage/compat", "v20210101c"},
	}
	for _, c := range cases {
		if got := PackageDir("v20210101", c.side); got != c.dir {
			t.Errorf("PackageDir(%d) = %q, want %q", c.side, got, c.dir)
		}
		if got := Alias("v20210101", c.side); got != c.alias {
			t.Errorf("Alias(%d) = %q, want %q", c.side, got, c.alias)
		}
		if got, want := ImportPath("example.com/m", "v20210101", c.side), "example.com/m/"+c.dir; got != want {
			t.Errorf("ImportPath(%d) = %q, want %q", c.side, got, want)
		}
	}
}

func TestServiceNamesAndPaths(t *testing.T) {
	names := map[string]string{
		"Microsoft.Storage": "storage", "Microsoft.KeyVault.Secrets": "keyvaultsecrets",
		"Microsoft.ServiceFabric": "servicefabric", "Example.Things-2": "examplethings2",
	}
	for provider, want := range names {
		if got := ServiceName(provider); got != want {
			t.Errorf("ServiceName(%q) = %q, want %q", provider, got, want)
		}
	}
	if got, want := ModulePath("storage"), "github.com/armhub/armhub/apis/storage"; got != want {
		t.Errorf("ModulePath = %q, want %q", got, want)
	}
	for path, ok := range map[string]bool{
		"github.com/armhub/armhub/apis/storage": true, "example.com/x/storage/v2": true,
		"example.com/x/storage/v1": false, "example.com/x/storage/v02": false, "example.com/x/storage/v10": true, "example.com/x/storagex": false, "example.com/x/storage/v0": false,
	} {
		if got := IsServiceModulePath("storage", path); got != ok {
			t.Errorf("IsServiceModulePath(storage, %q) = %v, want %v", path, got, ok)
		}
	}
}

func TestGeneratedAndHandwrittenFiles(t *testing.T) {
	if !IsGenerated([]byte(GeneratedGo+"\n\npackage x\n")) || !IsGenerated([]byte(GeneratedText+"\n")) {
		t.Error("a file with the header is not recognised as generated")
	}
	if IsGenerated([]byte("package x\n// " + GeneratedGo[3:])) {
		t.Error("a file with the header below its first line is taken as generated")
	}
	for name, want := range map[string]bool{
		"customdomain.go": true, "types_gen.go": false, "zz_generated.deepcopy.go": false,
		"customdomain_test.go": false, "notes.md": false,
	} {
		if got := IsHandwrittenGo(name); got != want {
			t.Errorf("IsHandwrittenGo(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestLabels(t *testing.T) {
	labels := LabelsFor("storage", "github.com/armhub/armhub/apis/storage")
	cases := map[string]string{
		"fmt":                              "",
		"github.com/armhub/armhub/runtime": "//runtime",
		"github.com/armhub/armhub/runtime/conversionwebhook":      "//runtime/conversionwebhook",
		"github.com/armhub/armhub/apis/storage/v20210101/storage": "//apis/storage/v20210101/storage",
		"k8s.io/apimachinery/pkg/apis/meta/v1":                    "@io_k8s_apimachinery//pkg/apis/meta/v1:meta",
		"sigs.k8s.io/controller-runtime/pkg/conversion":           "@io_k8s_sigs_controller_runtime//pkg/conversion",
		"sigs.k8s.io/controller-runtime":                          "@io_k8s_sigs_controller_runtime//:controller-runtime",
		"k8s.io/klog/v2":                                          "@io_k8s_klog_v2//:klog",
		"gopkg.in/yaml.v3":                                        "@in_gopkg_yaml_v3//:yaml_v3",
		"sigs.k8s.io/structured-merge-diff/v6/value":              "@io_k8s_sigs_structured_merge_diff_v6//value",
	}
	for path, want := range cases {
		if got, err := labels.Label(path); err != nil || got != want {
			t.Errorf("Label(%q) = %q, %v, want %q", path, got, err, want)
		}
	}
	if got, want := PackageLabel("storage", "v20210101/storage", FilesTarget), "//apis/storage/v20210101/storage:files"; got != want {
		t.Errorf("PackageLabel = %q, want %q", got, want)
	}
	if got, want := MetadataLabel("../x/metadata/storage.yaml"), "//metadata:storage.yaml"; got != want {
		t.Errorf("MetadataLabel = %q, want %q", got, want)
	}
}

func TestExternalLabels(t *testing.T) {
	labels := ExternalLabelsFor("github.com/armhub/armhub/apis/storage")
	cases := map[string]string{
		"github.com/armhub/armhub/runtime":                        "@//runtime",
		"github.com/armhub/armhub/conformance/harness":            "@//conformance/harness",
		"github.com/armhub/armhub/apis/storage/v20210101/storage": "//v20210101/storage",
		"k8s.io/apimachinery/pkg/runtime":                         "@io_k8s_apimachinery//pkg/runtime",
	}
	for path, want := range cases {
		if got, err := labels.Label(path); err != nil || got != want {
			t.Errorf("Label(%q) = %q, %v, want %q", path, got, err, want)
		}
	}
}
