package pipeline

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// syntheticService returns the metadata of a service of the given versions
// (with no lifecycles) that tests build in Go, without schema files.
func syntheticService(versions ...string) *metadata.Service {
	svc := &metadata.Service{
		Name: "synthetic", Provider: "Example.Synthetic", Group: "synthetic.example.armhub.io",
		Module: metadata.Module{Path: "example.com/apis/synthetic", Version: "v0.1.0"},
		File:   "synthetic.yaml", Webhook: metadata.DefaultWebhook,
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

// Two kinds whose CRDs land on one path (ARM resource names that differ in
// case only) are an error naming the path and both kinds, not a CRD silently
// overwritten.
func TestTwoOutputsOnOnePathAreAnError(t *testing.T) {
	svc := syntheticService("2020-01-01", "2021-01-01")
	apis := []*model.APIVersion{
		syntheticVersion("2020-01-01", 2, "virtualnetworks"),
		syntheticVersion("2021-01-01", 2, "virtualNetworks"),
	}
	_, err := fromModels(svc, Options{}, &loaded{apis: apis})
	if err == nil {
		t.Fatal("generation succeeded")
	}
	t.Log(err)
	for _, want := range []string{"crd/synthetic.example.armhub.io_virtualnetworks.yaml", "kind VirtualNetwork", "kind Virtualnetwork"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
}
