package check

import (
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

var str = &model.Type{Kind: model.KindPrimitive, Primitive: model.String}

// graph plans a service with one resource, things, whose spec (Go name
// Thing_Spec) has the properties listed for each version.
func graph(t *testing.T, renames conversion.Renames, props map[string][]string) *conversion.Graph {
	t.Helper()
	var versions []*conversion.Version
	for i, apiVersion := range []string{"2020-01-01", "2020-02-01", "2020-03-01"} {
		spec := &model.Object{Name: "things_Spec"}
		for _, p := range props[apiVersion] {
			spec.Properties = append(spec.Properties, &model.Property{Name: p, Type: str})
		}
		api := &model.APIVersion{
			Version: apiVersion, Provider: "Example.Things",
			Resources: []*model.Resource{{Name: "things", ARMType: "Example.Things/things", Spec: "things_Spec"}},
			Objects:   map[string]*model.Object{"things_Spec": spec},
		}
		spoke, err := golang.BuildNamed(api, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		versions = append(versions, &conversion.Version{Index: conversion.VersionIndex(i), Spoke: spoke, Storage: golang.StoragePackage(spoke)})
	}
	g, err := conversion.Build(versions, renames)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func service(renames []metadata.PropertyRename, removals []metadata.Removal) *metadata.Service {
	return &metadata.Service{File: "things.yaml", Renames: metadata.Renames{Properties: renames}, Removals: removals}
}

func planned(t *testing.T, svc *metadata.Service, props map[string][]string) *conversion.Graph {
	var r conversion.Renames
	for _, p := range svc.Renames.Properties {
		r.Properties = append(r.Properties, conversion.PropertyRename{Type: p.Type, From: p.From, To: p.To, Since: p.Since})
	}
	return graph(t, r, props)
}

// A chain of renames in successive versions is history, not a cycle.
func TestRenameChainPasses(t *testing.T) {
	svc := service([]metadata.PropertyRename{
		{Type: "Thing_Spec", From: "colour", To: "color", Since: "2020-02-01", Line: 10},
		{Type: "Thing_Spec", From: "color", To: "hue", Since: "2020-03-01", Line: 11},
	}, []metadata.Removal{{Type: "Thing_Spec", Property: "size", Since: "2020-02-01", Line: 12}})
	props := map[string][]string{"2020-01-01": {"colour", "size"}, "2020-02-01": {"color"}, "2020-03-01": {"hue"}}
	if err := Metadata(svc, planned(t, svc, props)); err != nil {
		t.Fatal(err)
	}
}

func TestRenameAndRemovalErrors(t *testing.T) {
	cases := map[string]struct {
		renames  []metadata.PropertyRename
		removals []metadata.Removal
		props    map[string][]string
		want     string
	}{
		"rename onto an existing property": {
			renames: []metadata.PropertyRename{{Type: "Thing_Spec", From: "colour", To: "color", Since: "2020-02-01", Line: 7}},
			props:   map[string][]string{"2020-01-01": {"colour", "color"}, "2020-02-01": {"color"}},
			want:    "things.yaml:7: property rename: type Thing_Spec of version 2020-01-01 has properties color and colour, which the renames make one property color",
		},
		"old name kept": {
			renames: []metadata.PropertyRename{{Type: "Thing_Spec", From: "colour", To: "color", Since: "2020-02-01", Line: 7}},
			props:   map[string][]string{"2020-01-01": {"colour"}, "2020-02-01": {"color"}, "2020-03-01": {"color", "colour"}},
			want:    "things.yaml:7: property rename: type Thing_Spec of version 2020-03-01 has both colour and color",
		},
		"removal at the wrong version": {
			removals: []metadata.Removal{{Type: "Thing_Spec", Property: "size", Since: "2020-03-01", Line: 9}},
			props:    map[string][]string{"2020-01-01": {"size"}},
			want:     "things.yaml:9: removal: Thing_Spec.size is removed in 2020-02-01, not in 2020-03-01",
		},
		"removal of a property still there": {
			removals: []metadata.Removal{{Type: "Thing_Spec", Property: "size", Since: "2020-02-01", Line: 9}},
			props:    map[string][]string{"2020-01-01": {"size"}, "2020-02-01": {"size"}},
			want:     "things.yaml:9: removal: version 2020-02-01 still has property size",
		},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			svc := service(c.renames, c.removals)
			err := Metadata(svc, planned(t, svc, c.props))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v\nwant one containing %q", err, c.want)
			}
		})
	}
}
