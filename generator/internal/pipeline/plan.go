package pipeline

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/crds"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// plan returns every version with its storage variant, and the conversions
// between all of them.
func plan(svc *metadata.Service, apis []*model.APIVersion, spokes []*golang.Package, lifecycles []crds.Lifecycle) ([]Version, *conversion.Graph, error) {
	versions := make([]Version, len(apis))
	graphVersions := make([]*conversion.Version, len(apis))
	for i, api := range apis {
		versions[i] = Version{API: api, Spoke: spokes[i], Storage: golang.StoragePackage(spokes[i]), Lifecycle: lifecycles[i]}
		graphVersions[i] = &conversion.Version{
			Index: conversion.VersionIndex(i), Spoke: spokes[i], Storage: versions[i].Storage, Classification: lifecycles[i].Status.Classification,
		}
	}
	g, err := conversion.Build(graphVersions, renamesOf(svc))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: planning conversions: %w", svc.File, err)
	}
	return versions, g, nil
}

func renamesOf(svc *metadata.Service) conversion.Renames {
	var r conversion.Renames
	for _, p := range svc.Renames.Properties {
		r.Properties = append(r.Properties, conversion.PropertyRename{Type: p.Type, From: p.From, To: p.To, Since: p.Since})
	}
	for _, t := range svc.Renames.Types {
		r.Types = append(r.Types, conversion.TypeRename{From: t.From, To: t.To, Since: t.Since})
	}
	return r
}
