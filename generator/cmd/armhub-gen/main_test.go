package main

import (
	"bytes"
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
	want := "2022-01-31-preview: expired, no further transition\n" +
		"2023-01-31: deprecated, next transition at 2027-06-01T00:00:00Z\n" +
		"2024-11-30: supported, no further transition\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
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
