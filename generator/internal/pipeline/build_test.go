package pipeline

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// caseVersion returns a version with one resource and its child, named in
// the given spellings.
func caseVersion(version, parent, child string) *model.APIVersion {
	v := &model.APIVersion{Version: version, Provider: "P", Objects: map[string]*model.Object{}, Enums: map[string]*model.Enum{}}
	for _, name := range []string{parent, child} {
		owner := ""
		if name == child {
			owner = parent
		}
		v.Resources = append(v.Resources, &model.Resource{Name: name, ARMType: "P/" + name, Owner: owner, Spec: name + "_Spec", Source: version + "#/resourceDefinitions/" + name})
		v.Objects[name+"_Spec"] = &model.Object{Name: name + "_Spec", Source: version}
	}
	return v
}

func TestResourceNameCaseChangeKeepsOneKind(t *testing.T) {
	apis := []*model.APIVersion{
		caseVersion("2019-01-01", "virtualnetworks", "virtualnetworks_subnets"),
		caseVersion("2021-01-01-preview", "virtualNetworks", "virtualNetworks_subnets"),
		caseVersion("2020-01-01", "VirtualNetworks", "VirtualNetworks_subnets"),
	}
	spokes, err := build(&metadata.Service{Provider: "P"}, apis)
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range spokes {
		var kinds []string
		for _, r := range pkg.Resources {
			kinds = append(kinds, r.Kind+"<"+r.OwnerKind+">")
		}
		got := strings.Join(kinds, " ")
		if want := "VirtualNetwork<> VirtualNetworksSubnet<VirtualNetwork>"; got != want {
			t.Errorf("%s: kinds %s, want %s", pkg.APIVersion, got, want)
		}
		if pkg.Struct("VirtualNetwork_Spec") == nil {
			t.Errorf("%s: no VirtualNetwork_Spec", pkg.APIVersion)
		}
	}
	if got := spokes[0].Resources[0].SchemaName; got != "virtualnetworks" {
		t.Errorf("schema name %q, want the version's own spelling", got)
	}
}
