package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFlagErrors(t *testing.T) {
	cases := map[string]struct {
		args []string
		want string
	}{
		"neither":          {[]string{"-out", "x"}, "exactly one of -metadata or -provider"},
		"both":             {[]string{"-metadata", "m.yaml", "-provider", "P", "-out", "x"}, "exactly one of -metadata or -provider"},
		"provider alone":   {[]string{"-provider", "P", "-out", "x"}, "-provider needs -schemas"},
		"no out":           {[]string{"-metadata", "m.yaml"}, "-out or -root is required"},
		"root and out":     {[]string{"-metadata", "m.yaml", "-root", ".", "-out", "x"}, "without -out"},
		"unknown fact":     {[]string{"-metadata", "m.yaml", "-print", "service,colour"}, `unknown field "colour"`},
		"json alone":       {[]string{"-metadata", "m.yaml", "-out", "x", "-json"}, "-json goes with -lifecycles"},
		"missing metadata": {[]string{"-metadata", "does-not-exist.yaml", "-out", "x"}, "does-not-exist.yaml"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			err := run(c.args, &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v, want one containing %q", err, c.want)
			}
		})
	}
}

func TestLifecyclesListing(t *testing.T) {
	var out bytes.Buffer
	err := run([]string{"-metadata", "../../../metadata/identity.yaml", "-lifecycles", "-now", "2026-11-01T00:00:00Z"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	want := "VERSION             KUBERNETES VERSION  CLASSIFICATION  NEXT                             LIFECYCLE\n" +
		"2022-01-31-preview  v20220131preview    expired         -                                preview, expired from 2024-01-31T00:00:00Z\n" +
		"2023-01-31          v20230131           deprecated      expired at 2027-06-01T00:00:00Z  supported, deprecated from 2026-06-01T00:00:00Z, expired from 2027-06-01T00:00:00Z\n" +
		"2024-11-30          v20241130           supported       -                                supported\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

// -lifecycles -json prints the array README.md documents: every field, next
// null when no transition is ahead, start times in UTC.
func TestLifecyclesJSON(t *testing.T) {
	var out bytes.Buffer
	err := run([]string{"-metadata", "../../../metadata/identity.yaml", "-lifecycles", "-json", "-now", "2026-11-01T00:00:00Z"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	compact := func(v any) string {
		data, _ := json.Marshal(v)
		return string(data)
	}
	want := []string{
		`{"classification":"expired","kubernetesVersion":"v20220131preview","lifecycle":[{"classification":"preview"},{"classification":"expired","startTime":"2024-01-31T00:00:00Z"}],"next":null,"service":"identity","version":"2022-01-31-preview"}`,
		`{"classification":"deprecated","kubernetesVersion":"v20230131","lifecycle":[{"classification":"supported"},{"classification":"deprecated","startTime":"2026-06-01T00:00:00Z"},{"classification":"expired","startTime":"2027-06-01T00:00:00Z"}],"next":{"classification":"expired","startTime":"2027-06-01T00:00:00Z"},"service":"identity","version":"2023-01-31"}`,
		`{"classification":"supported","kubernetesVersion":"v20241130","lifecycle":[{"classification":"supported"}],"next":null,"service":"identity","version":"2024-11-30"}`,
	}
	if len(got) != len(want) {
		t.Fatalf("%d versions, want %d:\n%s", len(got), len(want), out.String())
	}
	for i := range want {
		if c := compact(got[i]); c != want[i] {
			t.Errorf("version %d:\n got %s\nwant %s", i, c, want[i])
		}
	}
	var again bytes.Buffer
	if err := run([]string{"-metadata", "../../../metadata/identity.yaml", "-lifecycles", "-json", "-now", "2026-11-01T00:00:00Z"}, &again); err != nil || again.String() != out.String() {
		t.Errorf("a second run printed something else (%v)", err)
	}
}

func TestPrintFacts(t *testing.T) {
	var out bytes.Buffer
	err := run([]string{"-metadata", "../../../metadata/examplestorage.yaml", "-print", "service,module-path,module-version,module-dir,suite-dir,runtime-module,runtime-dir"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	want := "examplestorage github.com/armhub/armhub/apis/examplestorage v0.1.0 apis/examplestorage conformance/examplestorage github.com/armhub/armhub/runtime runtime\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// A provider no version of which describes a resource (definitions only, as
// Microsoft.SerialConsole in the catalog) is noted, not refused: the run
// succeeds and writes nothing; onboarding it is refused, saying why.
func TestProviderWithoutResources(t *testing.T) {
	dir := t.TempDir()
	source := filepath.Join("testdata", "good", "provider-version-without-resources", "schemas", "2024-01-01", "Example.Things.json")
	data, err := os.ReadFile(source)
	if err != nil {
		t.Fatal(err)
	}
	for _, version := range []string{"2023-01-01", "2024-01-01"} {
		path := filepath.Join(dir, "schemas", version, "Example.Things.json")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out")
	args := []string{"-provider", "Example.Things", "-schemas", filepath.Join(dir, "schemas")}
	if err := run(append(args, "-out", out), &bytes.Buffer{}); err != nil {
		t.Fatalf("refused: %v", err)
	}
	if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("something was written to %s (%v)", out, err)
	}
	err = run(append(args, "-now", "2026-01-01T00:00:00Z", "-onboard", filepath.Join(dir, "things.yaml")), &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "describes no resource in any version: there is no service to onboard") {
		t.Errorf("onboarding: %v", err)
	}
}
