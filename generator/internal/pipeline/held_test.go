package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// expiredService is a service of five versions at 2026-01-01: 2018-01-01
// expired (with gadgets, a kind no later version has), 2019-01-01 expired
// but kept, 2019-06-01-preview expired between versions that remain,
// 2020-01-01 deprecated and 2021-01-01 supported, the hub.
func expiredService() (*metadata.Service, []*model.APIVersion) {
	svc := syntheticService("2018-01-01", "2019-01-01", "2019-06-01-preview", "2020-01-01", "2021-01-01")
	at := func(s string) *time.Time { t, _ := time.Parse(time.RFC3339, s); return &t }
	expired := lifecycle.Lifecycle{{Classification: lifecycle.Supported}, {Classification: lifecycle.Expired, StartTime: at("2025-01-01T00:00:00Z")}}
	svc.Versions[0].Resolved = expired
	svc.Versions[1].Resolved = expired
	svc.Versions[1].Keep = "teams still compile against its Go types"
	svc.Versions[2].Resolved = lifecycle.Lifecycle{{Classification: lifecycle.Preview}, {Classification: lifecycle.Expired, StartTime: at("2025-01-01T00:00:00Z")}}
	svc.Versions[3].Resolved = lifecycle.Lifecycle{{Classification: lifecycle.Supported}, {Classification: lifecycle.Deprecated, StartTime: at("2025-06-01T00:00:00Z")}}
	svc.Versions[4].Resolved = metadata.Supported()
	svc.Now = at("2026-01-01T00:00:00Z")
	apis := []*model.APIVersion{
		syntheticVersion("2018-01-01", 2, "widgets", "gadgets"),
		syntheticVersion("2019-01-01", 2, "widgets"),
		syntheticVersion("2019-06-01-preview", 3, "widgets"),
		syntheticVersion("2020-01-01", 3, "widgets"),
		syntheticVersion("2021-01-01", 4, "widgets"),
	}
	return svc, apis
}

// packageDirs returns the directories of the Go files generated, sorted.
func packageDirs(files map[string][]byte) []string {
	seen := map[string]bool{}
	for path := range files {
		if strings.HasSuffix(path, ".go") {
			seen[filepath.Dir(path)] = true
		}
	}
	var out []string
	for dir := range seen {
		out = append(out, dir)
	}
	sort.Strings(out)
	return out
}

// An expired version leaves the module: no spoke, and no storage variant
// unless a version after it remains (then it is a step of their chains); a
// kept one stays whole. The CRDs list, the register package registers and
// the suite tests only what the module holds; the module compiles and its
// suite passes.
func TestExpiredVersionsLeaveTheModule(t *testing.T) {
	svc, apis := expiredService()
	result, err := fromModels(svc, Options{}, &loaded{apis: apis})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"cmd/armhub-webhook", "crd", "register",
		"v20190101", "v20190101/storage",
		"v20190601preview/storage",
		"v20200101", "v20200101/storage",
		"v20210101", "v20210101/storage",
	}
	if got := packageDirs(result.Files); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("packages %v\nwant %v", got, want)
	}
	crd := string(result.Files["crd/synthetic.example.armhub.io_widgets.yaml"])
	var listed []string
	for _, line := range strings.Split(crd, "\n") {
		if name, ok := strings.CutPrefix(line, "    - name: "); ok {
			listed = append(listed, name)
		}
	}
	wantListed := "v20190101 v20190101storage v20190601previewstorage v20200101 v20200101storage v20210101 v20210101storage"
	if strings.Join(listed, " ") != wantListed {
		t.Errorf("the CRD lists %v, want %s", listed, wantListed)
	}
	if _, ok := result.Files["crd/synthetic.example.armhub.io_gadgets.yaml"]; ok {
		t.Error("gadgets, whose every version left, has a CRD")
	}
	register := string(result.Files["register/register_gen.go"])
	lifecycles := string(result.Files["register/lifecycles_gen.go"])
	for _, gone := range []string{"v20180101", "Gadget"} {
		if strings.Contains(register, gone) || strings.Contains(lifecycles, gone) || strings.Contains(string(result.Conformance["conformance_gen_test.go"]), gone) {
			t.Errorf("the register package or the suite names %s, which left", gone)
		}
	}
	if strings.Contains(lifecycles, `"v20190601preview"`) {
		t.Error("the lifecycle table lists v20190601preview, whose spoke left")
	}
	goTool := goCommand(t)
	dir := writeModule(t, result)
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "./conformance"}} {
		cmd := exec.Command(goTool, args...)
		cmd.Dir = filepath.Join(dir, "module")
		cmd.Env = append(os.Environ(), "GOWORK="+filepath.Join(dir, "go.work"), "GOFLAGS=-mod=readonly")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// A version named in crds.stored keeps its storage variant (objects may be
// stored there) but not its spoke; a service of which nothing remains is an
// error that says what to do.
func TestStoredVersionsKeepTheirStorageVariant(t *testing.T) {
	svc, apis := expiredService()
	svc.Versions[1].Keep = ""
	svc.CRDs.Stored = []string{"2018-01-01"}
	result, err := fromModels(svc, Options{}, &loaded{apis: apis})
	if err != nil {
		t.Fatal(err)
	}
	dirs := strings.Join(packageDirs(result.Files), " ")
	if !strings.Contains(dirs, "v20180101/storage") || strings.Contains(dirs, "v20180101 ") || strings.Contains(dirs, "v20190101 ") {
		t.Errorf("packages %s: want v20180101/storage and neither spoke of 2018-01-01 nor of 2019-01-01", dirs)
	}
	if _, ok := result.Files["crd/synthetic.example.armhub.io_gadgets.yaml"]; !ok {
		t.Error("gadgets, stored at 2018-01-01, has no CRD")
	}

	svc.CRDs.Stored = nil
	for i := range svc.Versions {
		svc.Versions[i].Resolved = svc.Versions[0].Resolved
	}
	_, err = fromModels(svc, Options{}, &loaded{apis: apis})
	if err == nil || !strings.Contains(err.Error(), "every version has expired") || !strings.Contains(err.Error(), "synthetic.yaml") {
		t.Fatalf("error %v, want one saying every version has expired", err)
	}
}
