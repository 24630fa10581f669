package metadata

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/armhub/armhub/runtime/lifecycle"
)

const valid = `service: person
provider: Example.People
group: people.example.armhub.io
module:
  path: github.com/armhub/armhub/apis/person
  version: v1.2.0
schemas: schemas
now: 2026-01-01T00:00:00Z
resources: [people]
versions:
  - version: "2019-01-01"
    lifecycle:
      - classification: supported
      - classification: deprecated
        startTime: 2025-06-01T00:00:00Z
  - version: "2020-01-01-preview"
renames:
  properties:
    - {type: Person, from: postalAddress, to: mailingAddress, since: "2020-01-01-preview"}
  types:
    - {from: Address, to: Location, since: "2020-01-01-preview"}
removals:
  - {type: Person, property: nickname, since: "2020-01-01-preview", note: folded into knownAs}
`

func TestParseValid(t *testing.T) {
	s, err := Parse("people.yaml", []byte(valid))
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "person" || s.Module.Version != "v1.2.0" || len(s.Versions) != 2 || s.Versions[1].Line != 16 {
		t.Errorf("unexpected result: %+v", s)
	}
	if got := s.Renames.Properties[0].Line; got != 19 {
		t.Errorf("rename line = %d, want 19", got)
	}
	status := s.Versions[0].Status(*s.Now)
	if status.Classification != lifecycle.Deprecated || status.Next != nil {
		t.Errorf("2019-01-01 at %s: %+v, want deprecated with no next stage", s.Now, status)
	}
	status = s.Versions[0].Status(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	if status.Classification != lifecycle.Supported || status.Next == nil || status.Next.Classification != lifecycle.Deprecated ||
		!status.Next.StartTime.Equal(time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("2019-01-01 at 2025-01-01: %+v, want supported until deprecated at 2025-06-01", status)
	}
	if got := s.Versions[1].Resolved; len(got) != 1 || got[0].Classification != lifecycle.Supported || got[0].StartTime != nil {
		t.Errorf("2020-01-01-preview (no lifecycle): %+v, want one supported stage", got)
	}
}

// The old style (classification and an optional expirationDate) is translated
// into a lifecycle.
func TestParseOldStyle(t *testing.T) {
	text := strings.Replace(valid, `  - version: "2020-01-01-preview"`,
		`  - version: "2020-01-01-preview"`+"\n    classification: deprecated\n    expirationDate: 2026-06-01T00:00:00Z", 1)
	s, err := Parse("people.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	got := s.Versions[1].Resolved
	if len(got) != 2 || got[0].Classification != lifecycle.Deprecated || got[0].StartTime != nil ||
		got[1].Classification != lifecycle.Expired || !got[1].StartTime.Equal(time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("old style: %+v, want deprecated, then expired from 2026-06-01", got)
	}
	if status := s.Versions[1].Status(*s.Now); status.Classification != lifecycle.Deprecated || status.Next == nil {
		t.Errorf("old style at %s: %+v, want deprecated, expiring", s.Now, status)
	}
}

func TestCRDPolicyDefaults(t *testing.T) {
	s, err := Parse("people.yaml", []byte(valid))
	if err != nil {
		t.Fatal(err)
	}
	if s.CRDs.StorageVersions != StorageAll || s.CRDs.MaxBytes != DefaultMaxBytes || s.CRDs.StoredOnly() {
		t.Errorf("crds = %+v, want every storage variant and the default budget", s.CRDs)
	}
	s, err = Parse("people.yaml", []byte(valid+"crds:\n  maxBytes: 100000\n  storageVersions: stored\n  stored: [\"2019-01-01\"]\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !s.CRDs.StoredOnly() || s.CRDs.MaxBytes != 100000 || !s.CRDs.IsStored("2019-01-01") || s.CRDs.StoredLine != 27 {
		t.Errorf("crds = %+v", s.CRDs)
	}
}

func TestWebhookDefaultsAndOverrides(t *testing.T) {
	s, err := Parse("people.yaml", []byte(valid))
	if err != nil {
		t.Fatal(err)
	}
	if s.Webhook != DefaultWebhook {
		t.Errorf("webhook = %+v, want the defaults %+v", s.Webhook, DefaultWebhook)
	}
	s, err = Parse("people.yaml", []byte(valid+"webhook:\n  service: people-webhook\n  namespace: people\n  path: /convert/people\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Webhook{Service: "people-webhook", Namespace: "people", Path: "/convert/people", Port: 443, Certificate: "people/people-webhook"}
	if s.Webhook != want {
		t.Errorf("webhook = %+v, want %+v", s.Webhook, want)
	}
}

func TestParseErrorsNameFileAndLine(t *testing.T) {
	cases := map[string]struct {
		edit func(string) string
		want string
	}{
		"unknown top-level key": {func(s string) string { return s + "colour: blue\n" }, "people.yaml: line 24: field colour not found"},
		"unknown input format":  {func(s string) string { return s + "input:\n  format: openapi3\n" }, `people.yaml:25: input format "openapi3": expected "arm" or "swagger"`},
		"unknown input key":     {func(s string) string { return s + "input:\n  format: swagger\n  folder: x\n" }, "people.yaml: line 26: field folder not found"},
		"swagger without dir":   {func(s string) string { return s + "input:\n  format: swagger\n" }, "people.yaml:25: input.dir is required for the swagger format"},
		"dir outside the root":  {func(s string) string { return s + "input:\n  format: swagger\n  dir: ../specs\n" }, `people.yaml:26: input.dir "../specs": expected a clean relative path`},
		"dir for arm":           {func(s string) string { return s + "input:\n  dir: specification/x\n" }, "people.yaml:25: input.dir is for the swagger format only"},
		"status for swagger": {func(s string) string {
			return s + "input:\n  format: swagger\n  dir: specification/x\n  status:\n    - dir: specification/y\n      versions: [\"2019-01-01\"]\n"
		}, "people.yaml:28: input.status is for the arm format"},
		"status dir outside the root": {func(s string) string {
			return s + "input:\n  status:\n    - dir: ../y\n      versions: [\"2019-01-01\"]\n"
		}, `people.yaml:26: input.status[0].dir "../y": expected the Swagger folder`},
		"status without versions": {func(s string) string { return s + "input:\n  status:\n    - dir: specification/y\n" },
			"people.yaml:26: input.status[0] names no versions"},
		"status of an unlisted version": {func(s string) string {
			return s + "input:\n  status:\n    - dir: specification/y\n      versions: [\"2019-01-01\", \"2030-01-01\"]\n"
		}, `people.yaml:27: input.status[0]: version "2030-01-01" is not one of the versions listed`},
		"status from a version that is not one": {func(s string) string {
			return s + "input:\n  status:\n    - dir: specification/y\n      versions: [\"2019-01-01\"]\n      from: latest\n"
		}, `people.yaml:28: input.status[0].from "latest": expected an API version`},
		"status given twice by one folder": {func(s string) string {
			return s + "input:\n  status:\n    - dir: specification/y\n      versions: [\"2019-01-01\"]\n    - dir: specification/y\n      versions:\n        - \"2019-01-01\"\n"
		}, `people.yaml:30: input.status: version "2019-01-01" is given its status by specification/y twice`},
		"unknown nested key": {func(s string) string {
			return strings.Replace(s, "  version: v1.2.0", "  version: v1.2.0\n  branch: main", 1)
		}, "people.yaml: line 7: field branch not found"},
		"unknown stage key": {func(s string) string {
			return strings.Replace(s, "      - classification: supported", "      - classification: supported\n        endTime: x", 1)
		}, "line 14: field endTime not found"},
		"bad version": {func(s string) string { return strings.Replace(s, `"2019-01-01"`, `"2019-1-1"`, 1) },
			`people.yaml:11: version "2019-1-1" is not an API version`},
		"duplicate version": {func(s string) string { return strings.Replace(s, `"2020-01-01-preview"`+"\n", `"2019-01-01"`+"\n", 1) },
			`people.yaml:16: version "2019-01-01" is listed twice`},
		"bad lifecycle": {func(s string) string {
			return strings.Replace(s, "classification: deprecated", "classification: preview", 1)
		},
			"people.yaml:14: version 2019-01-01: stage 2: preview cannot follow supported (rule: stages ordered from unavailable to expired)"},
		"both styles": {func(s string) string {
			return strings.Replace(s, "    lifecycle:\n", "    classification: supported\n    lifecycle:\n", 1)
		},
			"people.yaml:12: version 2019-01-01: both lifecycle and classification/expirationDate are given (rule: lifecycle is not combined with classification or expirationDate)"},
		"old style unknown classification": {func(s string) string {
			return strings.Replace(s, `  - version: "2020-01-01-preview"`, `  - version: "2020-01-01-preview"`+"\n    classification: retired", 1)
		},
			`people.yaml:17: version 2020-01-01-preview: stage 1: unknown classification "retired"`},
		"keep without a reason": {func(s string) string {
			return strings.Replace(s, `  - version: "2020-01-01-preview"`, `  - version: "2020-01-01-preview"`+"\n    keep: true", 1)
		},
			`people.yaml:17: version "2020-01-01-preview": keep takes the reason the module keeps the version once it has expired`},
		"old style bad expiration": {func(s string) string {
			return strings.Replace(s, `  - version: "2020-01-01-preview"`, `  - version: "2020-01-01-preview"`+"\n    expirationDate: soon", 1)
		},
			`people.yaml:17: "soon" is not a time`},
		"rename of unknown version": {func(s string) string {
			return strings.Replace(s, `to: mailingAddress, since: "2020-01-01-preview"`, `to: mailingAddress, since: "2021-01-01"`, 1)
		},
			`people.yaml:19: rename since "2021-01-01": not a version`},
		"missing group": {func(s string) string { return strings.Replace(s, "group: people.example.armhub.io\n", "", 1) },
			`people.yaml:1: "group" is required`},
		"bad module version": {func(s string) string { return strings.Replace(s, "v1.2.0", "1.2", 1) },
			`people.yaml:6: module version "1.2" is not a semantic version`},
		"module version with build metadata": {func(s string) string { return strings.Replace(s, "v1.2.0", "v1.2.0+build", 1) },
			`people.yaml:6: module version "v1.2.0+build" is not a semantic version`},
		"group without a dot": {func(s string) string {
			return strings.Replace(s, "group: people.example.armhub.io", "group: people", 1)
		},
			`people.yaml:3: group "people" is not a DNS subdomain with at least one dot`},
		"group not lower case": {func(s string) string { return strings.Replace(s, "group: people.example", "group: People.example", 1) },
			`people.yaml:3: group "People.example.armhub.io" is not a DNS subdomain with at least one dot: a lowercase RFC 1123 subdomain`},
		"webhook service starting with a digit": {func(s string) string { return s + "webhook:\n  service: 1webhook\n" },
			`people.yaml:25: webhook service "1webhook" is not a DNS label: a DNS-1035 label`},
		"wrong type": {func(s string) string { return strings.Replace(s, "resources: [people]", "resources: people", 1) },
			"line 9: cannot unmarshal !!str `people` into []string"},
		"webhook service not a DNS label": {func(s string) string { return s + "webhook:\n  service: Armhub_Webhook\n" },
			`people.yaml:25: webhook service "Armhub_Webhook" is not a DNS label`},
		"webhook path without slash": {func(s string) string { return s + "webhook:\n  path: convert\n" },
			`people.yaml:25: webhook path "convert" must start with /`},
		"webhook port out of range": {func(s string) string { return s + "webhook:\n  port: 70000\n" },
			`people.yaml:25: webhook port 70000 is not between 1 and 65535`},
		"webhook certificate without namespace": {func(s string) string { return s + "webhook:\n  certificate: cert\n" },
			`people.yaml:25: webhook certificate "cert" is not namespace/name`},
		"unknown webhook key": {func(s string) string { return s + "webhook:\n  url: https://x\n" },
			"people.yaml: line 25: field url not found"},
		"provider with a path": {func(s string) string { return strings.Replace(s, "Example.People", "../Example.People", 1) },
			`people.yaml:2: provider "../Example.People" is not an ARM provider namespace`},
		"module path with ..": {func(s string) string { return strings.Replace(s, "armhub/apis/person", "armhub/../apis/person", 1) },
			`people.yaml:5: module path "github.com/armhub/armhub/../apis/person" is not a Go module path`},
		"module path without a domain": {func(s string) string { return strings.Replace(s, "github.com/", "github/", 1) },
			`people.yaml:5: module path "github/armhub/armhub/apis/person" is not a Go module path: missing dot in first path element`},
		"module path /v1": {func(s string) string { return strings.Replace(s, "apis/person\n", "apis/person/v1\n", 1) },
			`people.yaml:5: module path "github.com/armhub/armhub/apis/person/v1" is not a Go module path: expected a major version`},
		"property rename cycle": {func(s string) string {
			return strings.Replace(s, "  types:", `    - {type: Person, from: mailingAddress, to: postalAddress, since: "2019-01-01"}`+"\n  types:", 1)
		}, `people.yaml:20: property rename cycle: in type Person: postalAddress -> mailingAddress (line 19) -> postalAddress (line 20)`},
		"type rename cycle": {func(s string) string {
			return strings.Replace(s, "removals:", `    - {from: Location, to: Address, since: "2019-01-01"}`+"\nremovals:", 1)
		}, `people.yaml:22: type rename cycle: Address -> Location (line 21) -> Address (line 22)`},
		"type renamed twice": {func(s string) string {
			return strings.Replace(s, "removals:", `    - {from: address, to: Place, since: "2019-01-01"}`+"\nremovals:", 1)
		}, `people.yaml:22: type "address" is renamed twice (lines 21 and 22)`},
		"unknown crds key": {func(s string) string { return s + "crds:\n  budget: 1000\n" },
			"people.yaml: line 25: field budget not found"},
		"crds storageVersions unknown": {func(s string) string { return s + "crds:\n  storageVersions: some\n" },
			`people.yaml:25: crds.storageVersions "some" is not "all" or "stored"`},
		"crds maxBytes zero": {func(s string) string { return s + "crds:\n  maxBytes: 0\n" },
			`people.yaml:25: crds.maxBytes 0 is not between 1 and 1572864`},
		"crds maxBytes over etcd": {func(s string) string { return s + "crds:\n  maxBytes: 2000000\n" },
			`people.yaml:25: crds.maxBytes 2000000 is not between 1 and 1572864`},
		"crds stored with all": {func(s string) string { return s + "crds:\n  stored: [\"2019-01-01\"]\n" },
			`people.yaml:25: crds.stored is read only with storageVersions: stored`},
		"crds stored not listed": {func(s string) string {
			return s + "crds:\n  storageVersions: stored\n  stored:\n    - \"2019-01-01\"\n    - \"2018-01-01\"\n"
		}, `people.yaml:28: crds.stored "2018-01-01": not a version listed under "versions"`},
		"crds stored twice": {func(s string) string {
			return s + "crds:\n  storageVersions: stored\n  stored: [\"2019-01-01\", \"2019-01-01\"]\n"
		}, `people.yaml:26: crds.stored lists "2019-01-01" twice`},
		"second document": {func(s string) string { return s + "---\nservice: other\n" }, "people.yaml:24: expected one YAML document"},
		"malformed":       {func(s string) string { return s + "  - : [\n" }, "people.yaml: yaml: line"},
		"empty":           {func(string) string { return "" }, "people.yaml: the file is empty"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Parse("people.yaml", []byte(c.edit(valid)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v\nwant one containing %q", err, c.want)
			}
		})
	}
}

// A service made for a provider without metadata names the default webhook,
// as a metadata file that leaves webhook out does.
func TestForProviderHasTheDefaultWebhook(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "2021-01-01"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "2021-01-01", "Example.Things.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	svc, err := ForProvider("Example.Things", root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if svc.Webhook != DefaultWebhook {
		t.Errorf("webhook = %+v, want %+v", svc.Webhook, DefaultWebhook)
	}
}

func TestForProviderNamesFilesThatAreNoProvider(t *testing.T) {
	root := t.TempDir()
	for _, name := range []string{"deploymentTemplate", "subscriptionDeploymentParameters", "policyDefinition",
		"CreateUIDefinition.MultiVm", "uiFormDefinition.schema", "ViewDefinition", "definitions", "autogeneratedResources"} {
		_, err := ForProvider(name, root, nil)
		if err == nil || !strings.Contains(err.Error(), name+" is not a resource provider's schema: it is ") {
			t.Errorf("%s: got %v", name, err)
		}
	}
	for _, name := range []string{"Microsoft.Storage", "microsoft.aadiam", "Sendgrid.Email"} {
		if what := notAProvider(name); what != "" {
			t.Errorf("%s: %q, want a provider", name, what)
		}
	}
}
