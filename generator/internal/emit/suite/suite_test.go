package suite

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// widgetVersion is a version of one resource, widgets, with a name.
func widgetVersion(t *testing.T, index conversion.VersionIndex, apiVersion string) *conversion.Version {
	t.Helper()
	str := &model.Type{Kind: model.KindPrimitive, Primitive: model.String}
	spoke, err := golang.BuildNamed(&model.APIVersion{
		Version: apiVersion, Provider: "Example.Things",
		Resources: []*model.Resource{{Name: "widgets", ARMType: "Example.Things/widgets", Spec: "widgets_Spec"}},
		Objects: map[string]*model.Object{"widgets_Spec": {Name: "widgets_Spec", Properties: []*model.Property{
			{Name: "azureName", Type: str},
		}}},
	}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &conversion.Version{Index: index, Spoke: spoke, Storage: golang.StoragePackage(spoke)}
}

// composed returns the conversions between versions, composed.
func composed(t *testing.T, versions ...*conversion.Version) *conversion.ComposedGraph {
	t.Helper()
	graph, err := conversion.Build(versions, conversion.Renames{})
	if err != nil {
		t.Fatal(err)
	}
	composed, err := conversion.Compose(graph, nil)
	if err != nil {
		t.Fatal(err)
	}
	return composed
}

// Every pair of adjacent storage versions is tested both ways, with the older
// version's methods.
func TestConformanceAssignsAdjacentStorageBothWays(t *testing.T) {
	graph := composed(t, widgetVersion(t, 0, "2020-01-01"), widgetVersion(t, 1, "2021-01-01"), widgetVersion(t, 2, "2022-01-01"))
	source, err := File(&gosrc.Module{Path: "example.com/things", Group: "things.example.armhub.io", Graph: graph}, "conformance", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, older := range []string{"v20200101s", "v20210101s"} {
		want := "NextTo: (*" + older + ".Widget).AssignProperties_To_Widget, NextFrom: (*" + older + ".Widget).AssignProperties_From_Widget}"
		if !strings.Contains(string(source), want) {
			t.Errorf("the table lacks\n%s\nin:\n%s", want, source)
		}
	}
	if n := strings.Count(string(source), "NextTo:"); n != 2 {
		t.Errorf("%d next storage versions in the table, want 2 (one per adjacent pair)", n)
	}
	for _, want := range []string{
		"func TestAssignNext(t *testing.T) { harness.NextAssignments(t, kinds) }",
		"func TestAssignNextBack(t *testing.T) { harness.NextAssignmentsBack(t, kinds) }",
	} {
		if !strings.Contains(string(source), want) {
			t.Errorf("the suite lacks\n%s\nin:\n%s", want, source)
		}
	}
}

// A service without two storage versions of a kind has no next-storage tests:
// they would run an empty table, which fails.
func TestConformanceWithoutNextStorageOmitsItsTests(t *testing.T) {
	graph := composed(t, widgetVersion(t, 0, "2020-01-01"))
	source, err := File(&gosrc.Module{Path: "example.com/things", Group: "things.example.armhub.io", Graph: graph}, "conformance", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, absent := range []string{"NextTo:", "TestAssignNext", "TestGolden", "compatTypes"} {
		if strings.Contains(string(source), absent) {
			t.Errorf("the suite has %s:\n%s", absent, source)
		}
	}
	for _, want := range []string{"func TestRoundTrip(t *testing.T) { harness.RoundTrips(t, kinds) }", "func TestJSON(t *testing.T) { harness.JSONRoundTrips(t, kinds, nil) }"} {
		if !strings.Contains(string(source), want) {
			t.Errorf("the suite lacks\n%s\nin:\n%s", want, source)
		}
	}
}
