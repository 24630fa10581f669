package harness

import (
	"io/fs"
	"sort"
	"strings"
	"testing"

	"github.com/armhub/armhub/runtime/conversionwebhook"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// Lifecycles checks that every CRD YAML file in files (a service's crd.Files)
// carries the annotation lifecycle.Annotation, that it decodes, that it names
// exactly the spoke versions the CRD lists (not their storage variants, named
// <version>storage), and that each version's lifecycle there is the one the
// service's generated table gives (register.Lifecycles()).
func Lifecycles(t *testing.T, files fs.FS, table lifecycle.Versions) {
	t.Helper()
	names, err := fs.Glob(files, "*.yaml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no CRD files found (%v)", err)
	}
	for _, name := range names {
		t.Run(strings.TrimSuffix(name, ".yaml"), func(t *testing.T) {
			crd, err := conversionwebhook.ReadCRD(files, name)
			if err != nil {
				t.Fatal(err)
			}
			value, ok := crd.Annotations[lifecycle.Annotation]
			if !ok {
				t.Fatalf("%s: no annotation %s", name, lifecycle.Annotation)
			}
			listed, err := lifecycle.Decode(value)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			var spokes []string
			for _, v := range crd.Spec.Versions {
				if !strings.HasSuffix(v.Name, "storage") {
					spokes = append(spokes, v.Name)
				}
			}
			sort.Strings(spokes)
			if got, want := strings.Join(listed.Names(), " "), strings.Join(spokes, " "); got != want {
				t.Errorf("%s: the annotation names %q, the CRD lists the spokes %q", name, got, want)
			}
			for _, version := range listed.Names() {
				l, ok := table[version]
				if !ok {
					t.Errorf("%s: version %s is not in the lifecycle table", name, version)
					continue
				}
				got, err := (lifecycle.Versions{version: listed[version]}).Encode()
				if err != nil {
					t.Fatal(err)
				}
				want, err := (lifecycle.Versions{version: l}).Encode()
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Errorf("%s: version %s: the annotation holds %s, the table %s", name, version, got, want)
				}
			}
		})
	}
}
