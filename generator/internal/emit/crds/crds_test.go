package crds

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// The CRD of one version that uses each kind of type once, with a webhook
// other than the default.
func TestOneVersionGolden(t *testing.T) {
	pkg, err := golang.BuildNamed(emittest.OneVersion(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	webhook := Webhook{Service: "things-webhook", Namespace: "things", Path: "/convert/things", Port: 8443, Certificate: "things/things-cert"}
	crd := render(t, emittest.Group, "Widget", []Version{{Name: "v20210401", Package: pkg, Served: true, Storage: true, Descriptions: true}}, webhook)
	emittest.Golden(t, map[string][]byte{"crd/widgets.yaml": crd})
}

// The CRD of each kind of the tiny service, with an expired, a deprecated and a
// supported version, and its crd package.
func TestServiceGolden(t *testing.T) {
	g := emittest.Graph()
	deprecation := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	expiry := time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC)
	expired := lifecycle.Lifecycle{{Classification: lifecycle.Preview}, {Classification: lifecycle.Expired, StartTime: &deprecation}}
	deprecated := lifecycle.Lifecycle{{Classification: lifecycle.Supported}, {Classification: lifecycle.Deprecated, StartTime: &deprecation},
		{Classification: lifecycle.Expired, StartTime: &expiry}}
	supported := lifecycle.Lifecycle{{Classification: lifecycle.Supported}}
	lifecycles := []Lifecycle{
		{expired, lifecycle.Status{Classification: lifecycle.Expired}},
		{deprecated, lifecycle.Status{Classification: lifecycle.Deprecated, Next: &deprecated[2]}},
		{supported, lifecycle.Status{Classification: lifecycle.Supported}},
	}
	webhook := Webhook{Service: "things-webhook", Namespace: "things", Path: "/convert", Port: 443, Certificate: "things/things-webhook"}
	files := map[string][]byte{}
	for _, kind := range g.Kinds() {
		var versions []Version
		for _, i := range g.Chains[kind] {
			v := g.Versions[i]
			versions = append(versions, SpokeVersion(v.Spoke, lifecycles[i]), StorageVersion(v.Storage, lifecycles[i], i == g.Hubs[kind]))
		}
		KeepDescriptions(versions, "newest")
		files[emittest.Service+"/"+Path(emittest.Group, kind)] = render(t, emittest.Group, kind, versions, webhook)
	}
	files[emittest.Service+"/"+layout.CRDDir+"/"+layout.CRDGoFile] = PackageFile()
	emittest.Golden(t, files)
}

// render returns the YAML of the CRD Build returns, after checking that it
// reads back (as the API server and kubectl read it) into that same CRD, and
// that the size Write gives is its compact JSON's.
func render(t *testing.T, group, kind string, versions []Version, webhook Webhook) []byte {
	t.Helper()
	built, err := Build(group, kind, versions, webhook)
	if err != nil {
		t.Fatal(err)
	}
	data, size, err := Write(built)
	if err != nil {
		t.Fatal(err)
	}
	if rendered, _, err := Render(group, kind, versions, webhook); err != nil || !bytes.Equal(rendered, data) {
		t.Errorf("%s: Render differs from Build and Write (%v)", kind, err)
	}
	var back apiextensionsv1.CustomResourceDefinition
	if err := sigsyaml.UnmarshalStrict(data, &back); err != nil {
		t.Fatalf("%s: reading the CRD back: %v", kind, err)
	}
	if diff := cmp.Diff(built, &back, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("%s: the CRD read back differs from Build's (-built +read back):\n%s", kind, diff)
	}
	if measured, err := emittest.CRDJSONSize(data); err != nil || measured != size {
		t.Errorf("%s: Write says %d bytes as JSON, its YAML read back is %d (%v)", kind, size, measured, err)
	}
	return data
}

// Enum values of every base type read back as the values they are.
func TestEnumValues(t *testing.T) {
	for _, c := range []struct {
		text   string
		string bool
		want   string
	}{{"1", false, "1"}, {"1000000", false, "1000000"}, {"1.50", false, "1.5"}, {"true", false, "true"},
		{"On", true, `"On"`}, {"1", true, `"1"`}, {"a<b", true, `"a\u003cb"`}, {"0x1F", false, "31"}} {
		value := enumValue(c.text, c.string)
		if string(value.Raw) != c.want {
			t.Errorf("enum value %q (string %v): %s, want %s", c.text, c.string, value.Raw, c.want)
		}
		view, err := enumView([]apiextensionsv1.JSON{value})
		if err != nil {
			t.Fatal(err)
		}
		data, err := json.Marshal(view[0])
		if err != nil || string(data) != c.want {
			t.Errorf("enum value %q (string %v) is written as %s (%v), want %s", c.text, c.string, data, err, c.want)
		}
	}
}

// With StoredOnly a CRD lists the spokes that have not expired, the hub's
// storage variant and those of the stored versions; without it, everything.
func TestListing(t *testing.T) {
	g := emittest.Graph()
	lifecycles := []Lifecycle{
		{Status: lifecycle.Status{Classification: lifecycle.Expired}},
		{Status: lifecycle.Status{Classification: lifecycle.Deprecated}},
		{Status: lifecycle.Status{Classification: lifecycle.Supported}},
	}
	listed := func(l Listing) []string {
		var names []string
		for _, i := range g.Chains["Widget"] {
			v := g.Versions[i]
			for _, c := range l.Versions(v.Spoke, v.Storage, lifecycles[i], i == g.Hubs["Widget"]) {
				names = append(names, c.Name)
			}
		}
		return names
	}
	all := strings.Join(listed(Listing{}), " ")
	if want := "v20200101 v20200101storage v20210101 v20210101storage v20220101 v20220101storage"; all != want {
		t.Errorf("every version: %s, want %s", all, want)
	}
	stored := strings.Join(listed(Listing{StoredOnly: true, Stored: func(v string) bool { return v == "2021-01-01" }}), " ")
	if want := "v20210101 v20210101storage v20220101 v20220101storage"; stored != want {
		t.Errorf("stored only: %s, want %s", stored, want)
	}
}

// A CRD's size is that of its compact JSON.
func TestCRDJSONSize(t *testing.T) {
	size, err := emittest.CRDJSONSize([]byte("# comment\nkind: CustomResourceDefinition\nspec:\n  versions:\n    - name: v1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := len(`{"kind":"CustomResourceDefinition","spec":{"versions":[{"name":"v1"}]}}`); size != want {
		t.Errorf("size %d, want %d", size, want)
	}
}

// Descriptions stay in the newest served spoke's schema only ("newest"), in
// every version's ("all") or in none; a version without them has no
// description anywhere in its schema.
func TestKeepDescriptions(t *testing.T) {
	g := emittest.Graph()
	expired := lifecycle.Lifecycle{{Classification: lifecycle.Expired}}
	supported := lifecycle.Lifecycle{{Classification: lifecycle.Supported}}
	var versions []Version
	for i, v := range g.Versions {
		l := Lifecycle{supported, lifecycle.Status{Classification: lifecycle.Supported}}
		if i == len(g.Versions)-1 {
			l = Lifecycle{expired, lifecycle.Status{Classification: lifecycle.Expired}}
		}
		versions = append(versions, SpokeVersion(v.Spoke, l), StorageVersion(v.Storage, l, false))
	}
	kept := func(policy string) []string {
		listed := append([]Version(nil), versions...)
		KeepDescriptions(listed, policy)
		var names []string
		for _, v := range listed {
			if v.Descriptions {
				names = append(names, v.Name)
			}
		}
		return names
	}
	newestServed := versions[len(versions)-4].Name // the last version expired: its spoke is not served
	if got := kept("newest"); len(got) != 1 || got[0] != newestServed {
		t.Errorf("newest keeps %v, want [%s]", got, newestServed)
	}
	if got := kept("all"); len(got) != len(versions) {
		t.Errorf("all keeps %v, want all %d versions", got, len(versions))
	}
	if got := kept("none"); len(got) != 0 {
		t.Errorf("none keeps %v", got)
	}
	one := []Version{{Name: "v1", Package: versions[0].Package, Served: true, Storage: true}}
	data, _, err := Render(emittest.Group, g.Kinds()[0], one, Webhook{Certificate: "x/y"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "description:") {
		t.Errorf("a version without descriptions still has some:\n%s", data)
	}
	one[0].Descriptions = true
	if data, _, _ = Render(emittest.Group, g.Kinds()[0], one, Webhook{Certificate: "x/y"}); !strings.Contains(string(data), "description:") {
		t.Errorf("a version keeping descriptions has none")
	}
}
