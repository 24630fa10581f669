package pipeline

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/crds"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/runtime/lifecycle"
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
			Leaves: leaves(svc, api.Version, lifecycles[i]), Stored: svc.CRDs.IsStored(api.Version),
		}
	}
	g, err := conversion.Build(graphVersions, renamesOf(svc))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: planning conversions: %w", svc.File, err)
	}
	if !g.HoldsAny() {
		return nil, nil, model.Errorf(model.Location{File: svc.File, Line: svc.CRDs.Line},
			"every version has expired at the generation's instant and crds.stored names none: the module would hold nothing; name the versions objects are stored at in crds.stored, or keep one (versions[].keep with the reason)")
	}
	return versions, g, nil
}

// leaves reports whether a version's spoke leaves the module: it has expired
// at the generation's instant and its metadata entry does not keep it.
func leaves(svc *metadata.Service, version string, l crds.Lifecycle) bool {
	return l.Status.Classification == lifecycle.Expired && svc.Version(version).Keep == ""
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
