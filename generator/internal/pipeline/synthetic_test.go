package pipeline

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// syntheticService returns the metadata of a service of the given versions
// (with no lifecycles) that tests build in Go, without schema files.
func syntheticService(versions ...string) *metadata.Service {
	svc := &metadata.Service{
		Name: "synthetic", Provider: "Example.Synthetic", Group: "synthetic.example.armhub.io",
		Module: metadata.Module{Path: "example.com/apis/synthetic", Version: "v0.1.0"},
		File:   "synthetic.yaml", Webhook: metadata.DefaultWebhook,
		CRDs: metadata.CRDs{StorageVersions: metadata.StorageAll, MaxBytes: metadata.DefaultMaxBytes},
	}
	for _, v := range versions {
		svc.Versions = append(svc.Versions, metadata.Version{Version: v})
	}
	return svc
}

// syntheticVersion returns an API version holding one resource of each name
// (an ARM resource type name such as "virtualNetworks"), each with the given
// number of string properties.
func syntheticVersion(version string, properties int, names ...string) *model.APIVersion {
	api := &model.APIVersion{Version: version, Provider: "Example.Synthetic", Objects: map[string]*model.Object{}}
	for _, name := range names {
		spec := &model.Object{Name: name + "_Spec", Description: "The desired state of " + name + "."}
		for i := 0; i < properties; i++ {
			spec.Properties = append(spec.Properties, &model.Property{
				Name:        "setting" + string(rune('A'+i%26)) + strings.Repeat("x", i/26),
				Type:        &model.Type{Kind: model.KindPrimitive, Primitive: model.String},
				Description: "A setting of the resource, described at the length upstream descriptions often have.",
			})
		}
		api.Objects[spec.Name] = spec
		api.Resources = append(api.Resources, &model.Resource{
			Name: name, ARMType: "Example.Synthetic/" + name, Spec: spec.Name, Description: "A " + name + " resource.",
		})
	}
	return api
}

// Two kinds whose CRDs land on one path (policies gives the kind Policy,
// policie the kind Policie; both are "policies" in the plural) are an error
// naming the path and both kinds, not a CRD silently overwritten.
func TestTwoOutputsOnOnePathAreAnError(t *testing.T) {
	svc := syntheticService("2020-01-01", "2021-01-01")
	apis := []*model.APIVersion{
		syntheticVersion("2020-01-01", 2, "policies"),
		syntheticVersion("2021-01-01", 2, "policie"),
	}
	_, err := fromModels(svc, Options{}, &loaded{apis: apis})
	if err == nil {
		t.Fatal("generation succeeded")
	}
	t.Log(err)
	for _, want := range []string{"crd/synthetic.example.armhub.io_policies.yaml", "kind Policy", "kind Policie"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
}

// longLived returns a service of 120 API versions of one resource, virtual
// machines of 12 properties, monthly from 2010-01-01, and their models.
func longLived() (*metadata.Service, []*model.APIVersion) {
	var names []string
	var apis []*model.APIVersion
	for i := 0; i < 120; i++ {
		name := fmt.Sprintf("%d-%02d-01", 2010+i/12, 1+i%12)
		names = append(names, name)
		apis = append(apis, syntheticVersion(name, 12, "virtualMachines"))
	}
	return syntheticService(names...), apis
}

// A CRD listing every version of a resource of 120 API versions is over the
// default budget: generation fails naming the CRD, its size and the budget.
// With the versions but the last ten expired and storageVersions: stored
// (the hub and one earlier hub, expired since) it is within budget.
func TestCRDBudgetOf120Versions(t *testing.T) {
	svc, apis := longLived()
	_, err := fromModels(svc, Options{}, &loaded{apis: apis})
	if err == nil {
		t.Fatal("a CRD of 240 versions is within budget")
	}
	t.Log(err)
	path := "crd/synthetic.example.armhub.io_virtualmachines.yaml"
	for _, want := range []string{"synthetic.yaml:", path + " (kind VirtualMachine, 240 versions) is ", "budget of 262144 bytes", "crds.storageVersions: stored"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not hold %q", want)
		}
	}

	expiry := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range svc.Versions[:110] {
		svc.Versions[i].Resolved = lifecycle.Lifecycle{{Classification: lifecycle.Supported}, {Classification: lifecycle.Expired, StartTime: &expiry}}
	}
	svc.CRDs.StorageVersions = metadata.StorageStored
	svc.CRDs.Stored = []string{"2018-12-01", "2019-12-01"}
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	result, err := fromModels(svc, Options{Now: &now}, &loaded{apis: apis})
	if err != nil {
		t.Fatal(err)
	}
	size, err := emittest.CRDJSONSize(result.Files[path])
	if err != nil {
		t.Fatal(err)
	}
	listed := strings.Count(string(result.Files[path]), "\n    - name: v")
	t.Logf("with the policy: %d versions listed, %d bytes as JSON", listed, size)
	if size > metadata.DefaultMaxBytes || listed != 12 {
		t.Errorf("with the policy: %d versions, %d bytes; want the 10 served spokes and 2 storage variants within %d bytes", listed, size, metadata.DefaultMaxBytes)
	}
}

// With storageVersions: stored, a hub missing from crds.stored is an error
// naming the version and the kind: a later release would leave it out.
func TestStoredPolicyNeedsTheHub(t *testing.T) {
	svc := syntheticService("2020-01-01", "2021-01-01")
	svc.CRDs.StorageVersions = metadata.StorageStored
	svc.CRDs.Stored = []string{"2020-01-01"}
	apis := []*model.APIVersion{
		syntheticVersion("2020-01-01", 2, "virtualMachines", "disks"),
		syntheticVersion("2021-01-01", 2, "virtualMachines"),
	}
	_, err := fromModels(svc, Options{}, &loaded{apis: apis})
	if err == nil || !strings.Contains(err.Error(), `lacks "2021-01-01" (the hub of VirtualMachine)`) {
		t.Fatalf("error %v, want one naming 2021-01-01, the hub of VirtualMachine", err)
	}
	svc.CRDs.Stored = append(svc.CRDs.Stored, "2021-01-01")
	if _, err := fromModels(svc, Options{}, &loaded{apis: apis}); err != nil {
		t.Fatal(err)
	}
}

// A CRD over etcd's 1.5 MiB, which no cluster stores, is written without
// descriptions, noted; every field and every validation stays. A -provider
// run has no budget, so this is what keeps its CRDs storable.
func TestCRDOverEtcdLosesItsDescriptions(t *testing.T) {
	svc := syntheticService("2020-01-01")
	svc.CRDs.MaxBytes, svc.CRDs.Descriptions = 0, metadata.DescriptionsNewest
	api := syntheticVersion("2020-01-01", 2000, "virtualMachines")
	for _, p := range api.Objects["virtualMachines_Spec"].Properties {
		p.Description = strings.Repeat("A description as long as the longest upstream ones. ", 20)
	}
	result, err := fromModels(svc, Options{}, &loaded{apis: []*model.APIVersion{api}})
	if err != nil {
		t.Fatal(err)
	}
	path := "crd/synthetic.example.armhub.io_virtualmachines.yaml"
	size, err := emittest.CRDJSONSize(result.Files[path])
	if err != nil {
		t.Fatal(err)
	}
	crd := string(result.Files[path])
	if size > metadata.EtcdMaxBytes || strings.Contains(crd, "as long as the longest") {
		t.Errorf("the CRD is %d bytes, descriptions kept: %v; want within %d bytes, without them", size, strings.Contains(crd, "as long as the longest"), metadata.EtcdMaxBytes)
	}
	for _, field := range []string{"settingA:", "settingZxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx:"} {
		if !strings.Contains(crd, field) {
			t.Errorf("the CRD lost the field %s", field)
		}
	}
	noted := false
	for _, note := range result.Notes {
		noted = noted || strings.Contains(note, path+" (kind VirtualMachine) is ") && strings.Contains(note, "written without descriptions")
	}
	if !noted {
		t.Errorf("no note says the CRD lost its descriptions: %q", result.Notes)
	}
}
