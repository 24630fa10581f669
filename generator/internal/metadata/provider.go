package metadata

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/armhub/armhub/generator/internal/layout"
)

// ForProvider returns metadata that generates every API version of provider found
// under the schema root, with every resource, for trying the generator on a whole
// schema tree. Its CRDs list every version and have no budget (CRDs.MaxBytes 0).
func ForProvider(provider, root string) (*Service, error) {
	if err := checkProvider(provider); err != nil {
		return nil, fmt.Errorf("-provider: %w", err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, err
	}
	var versions []Version
	for _, e := range entries {
		if !e.IsDir() || !apiVersion.MatchString(e.Name()) {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, e.Name(), provider+".json")); err == nil {
			versions = append(versions, Version{Version: e.Name(), Resolved: Supported()})
		}
	}
	if len(versions) == 0 {
		return nil, fmt.Errorf("%s: no <api-version>/%s.json found", root, provider)
	}
	sort.Slice(versions, func(i, j int) bool { return versions[i].Version < versions[j].Version })
	name := layout.ServiceName(provider)
	return &Service{
		Name: name, Provider: provider, Group: name + ".azure.armhub.io",
		Module:   Module{Path: layout.ModulePath(name), Version: "v0.0.0"},
		Versions: versions, File: filepath.Join(root, provider), Dir: root, Schemas: ".",
		Webhook: Webhook{}.withDefaults(),
		// No metadata, so no policy to meet a budget with: list every version
		// and enforce no budget (the pipeline notes the largest CRD instead).
		CRDs: CRDs{StorageVersions: StorageAll, MaxBytes: 0, Descriptions: DescriptionsNewest},
	}, nil
}
