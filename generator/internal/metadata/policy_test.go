package metadata

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/armhub/armhub/runtime/lifecycle"
)

// The versions of every real service's metadata follow the policy: the
// lifecycles PolicyVersions gives their names are the ones each file lists
// (written by the policy's first form, tools/azure-lifecycles.sh, and kept
// by hand since).
func TestRealServicesFollowThePolicy(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "metadata", "azure", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no metadata/azure/*.yaml (%v)", err)
	}
	checked := 0
	for _, file := range files {
		svc, err := Load(file)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, v := range svc.Versions {
			names = append(names, v.Version)
		}
		for i, want := range PolicyVersions(names) {
			got := svc.Versions[i]
			if got.Version != want.Version || !reflect.DeepEqual(got.Resolved, want.Resolved) {
				t.Errorf("%s: version %s has %s, the policy gives %s %s", file, got.Version, show(got.Resolved), want.Version, show(want.Resolved))
			}
			checked++
		}
	}
	t.Logf("%d versions of %d services", checked, len(files))
}

func TestPolicyVersions(t *testing.T) {
	at := func(day string) *time.Time {
		d, err := time.Parse("2006-01-02", day)
		if err != nil {
			t.Fatal(err)
		}
		return &d
	}
	got := PolicyVersions([]string{"2024-01-01", "2023-01-01", "2024-01-01-preview", "2022-06-01-preview", "2025-03-01-preview"})
	want := []Version{
		{Version: "2022-06-01-preview", Resolved: lifecycle.Lifecycle{{Classification: lifecycle.Preview, StartTime: at("2022-06-01")},
			{Classification: lifecycle.Expired, StartTime: at("2024-01-01")}}}, // the next newer, 2023-01-01, plus a year
		{Version: "2023-01-01", Resolved: lifecycle.Lifecycle{{Classification: lifecycle.Supported, StartTime: at("2023-01-01")},
			{Classification: lifecycle.Deprecated, StartTime: at("2025-01-01")}, {Classification: lifecycle.Expired, StartTime: at("2026-01-01")}}},
		{Version: "2024-01-01", Resolved: lifecycle.Lifecycle{{Classification: lifecycle.Supported, StartTime: at("2024-01-01")}}},
		// the stable version of its date is newer than the preview
		{Version: "2024-01-01-preview", Resolved: lifecycle.Lifecycle{{Classification: lifecycle.Preview, StartTime: at("2024-01-01")},
			{Classification: lifecycle.Expired, StartTime: at("2025-01-01")}}},
		{Version: "2025-03-01-preview", Resolved: lifecycle.Lifecycle{{Classification: lifecycle.Preview, StartTime: at("2025-03-01")}}},
	}
	if !reflect.DeepEqual(got, want) {
		for i := range got {
			t.Errorf("%s: %s", got[i].Version, show(got[i].Resolved))
		}
		t.Fatal("PolicyVersions differs from the policy's rules (above: what it gave)")
	}
}

func show(l lifecycle.Lifecycle) string {
	s := ""
	for _, stage := range l {
		s += string(stage.Classification)
		if stage.StartTime != nil {
			s += "@" + stage.StartTime.Format("2006-01-02")
		}
		s += " "
	}
	return s
}

// A -provider run with a now gives the versions it finds the policy's
// lifecycles and lists in CRDs what a cluster serves (the served spokes and
// the hubs' storage variants); without one every version is supported and
// listed.
func TestForProviderWithNowFollowsThePolicy(t *testing.T) {
	root := t.TempDir()
	for _, v := range []string{"2020-01-01", "2021-01-01", "2022-01-01-preview"} {
		if err := os.MkdirAll(filepath.Join(root, v), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, v, "Example.Things.json"), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	svc, err := ForProvider("Example.Things", root, &now)
	if err != nil {
		t.Fatal(err)
	}
	want := PolicyVersions([]string{"2020-01-01", "2021-01-01", "2022-01-01-preview"})
	if !reflect.DeepEqual(svc.Versions, want) || svc.Now != &now || svc.CRDs.StorageVersions != StorageStored {
		t.Errorf("with now: versions %v, now %v, crds %+v; want the policy's, %v and stored", svc.Versions, svc.Now, svc.CRDs, now)
	}
	if got := svc.Versions[0].Status(now).Classification; got != lifecycle.Expired {
		t.Errorf("2020-01-01, a year past deprecation since 2023-01-01, is %s at %v", got, now)
	}
	svc, err = ForProvider("Example.Things", root, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range svc.Versions {
		if !reflect.DeepEqual(v.Resolved, Supported()) {
			t.Errorf("without now: %s is %s, want supported", v.Version, show(v.Resolved))
		}
	}
	if svc.Now != nil || svc.CRDs.StorageVersions != StorageAll {
		t.Errorf("without now: now %v, crds %+v", svc.Now, svc.CRDs)
	}
}

// The file the onboarding writes reads back as the service it describes:
// the policy's lifecycles, the removals with their notes, the hubs as
// crds.stored, and etcd's limit as crds.maxBytes when the largest CRD is
// over client-side kubectl's.
func TestOnboardingFileReadsBack(t *testing.T) {
	now := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	svc := &Service{Name: "things", Provider: "Example.Things", Group: "things.azure.armhub.io",
		Module: Module{Path: "github.com/armhub/armhub/apis/things"}, Now: &now,
		Versions: PolicyVersions([]string{"2020-01-01", "2021-01-01", "2022-01-01-preview"})}
	removal := Removal{Type: "Thing_Spec", Property: "size", Since: "2021-01-01", Note: `not reviewed: "size" gone`}
	for _, largest := range []int{1000, DefaultMaxBytes + 1} {
		file := Onboarding{Service: svc, Hubs: []string{"2021-01-01"}, Removals: []Removal{removal}, LargestCRD: largest, Command: "a test"}.File()
		got, err := Parse("things.yaml", file)
		if err != nil {
			t.Fatalf("%v\n%s", err, file)
		}
		wantMax := DefaultMaxBytes
		if largest > DefaultMaxBytes {
			wantMax = EtcdMaxBytes
		}
		if len(got.Versions) != 3 || got.Now == nil || !got.Now.Equal(now) || got.Module.Version != "v0.1.0" {
			t.Errorf("read back: versions %d, now %v, module %+v", len(got.Versions), got.Now, got.Module)
		}
		for i, v := range got.Versions {
			if !reflect.DeepEqual(v.Resolved, svc.Versions[i].Resolved) {
				t.Errorf("%s reads back as %s, written %s", v.Version, show(v.Resolved), show(svc.Versions[i].Resolved))
			}
		}
		if len(got.Removals) != 1 || got.Removals[0].Note != removal.Note || got.Removals[0].Since != "2021-01-01" {
			t.Errorf("removals read back as %+v", got.Removals)
		}
		if !got.CRDs.StoredOnly() || !reflect.DeepEqual(got.CRDs.Stored, []string{"2021-01-01"}) || got.CRDs.MaxBytes != wantMax {
			t.Errorf("largest CRD %d: crds read back as %+v, want stored [2021-01-01], maxBytes %d", largest, got.CRDs, wantMax)
		}
	}
}

// The seven hand-curated real services read a status for every version a
// cluster serves at their now (expired and unavailable versions aside): from
// Swagger as their input, or through input.status. The onboarded services
// have none yet (docs/real-services.md says so).
func TestCuratedServicesHaveStatusAtEveryServedVersion(t *testing.T) {
	curated := []string{"cache", "eventhub", "keyvault", "keyvaultsecrets", "managedidentity", "servicefabric", "storage"}
	for _, name := range curated {
		svc, err := Load(filepath.Join("..", "..", "..", "metadata", "azure", name+".yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if svc.Now == nil {
			t.Fatalf("%s: no now: served versions are undefined", name)
		}
		served := 0
		for _, v := range svc.Versions {
			if !v.Status(*svc.Now).Classification.Served() {
				continue
			}
			served++
			if svc.InputFormat() != FormatSwagger && len(svc.StatusSources(v.Version)) == 0 {
				t.Errorf("%s: version %s is served at %s but reads no status (input.status does not list it)", name, v.Version, svc.Now.Format(time.RFC3339))
			}
		}
		if served == 0 {
			t.Errorf("%s: no version served at %s", name, svc.Now.Format(time.RFC3339))
		}
	}
}
