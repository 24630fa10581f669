package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/client-go/rest"
)

func noCluster() (*rest.Config, error) { return nil, errors.New("no cluster in this test") }

func TestFlagsAndOverridesFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(good, []byte("overrides:\n- group: storage.azure.armhub.io\n  version: v20210401\n  lifecycle:\n  - classification: deprecated\n    startTime: \"2026-06-01T00:00:00Z\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("overrides:\n- group: storage.azure.armhub.io\n  version: v20210401\n  lifecycle:\n  - classification: deprecated\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		args []string
		want string
	}{
		"check":          {[]string{"-overrides", good, "-check"}, ""},
		"invalid file":   {[]string{"-overrides", bad, "-check"}, bad + ":5: stage 1: deprecated has no startTime (rule: an override gives each stage it names a start time)"},
		"missing file":   {[]string{"-overrides", filepath.Join(dir, "none.yaml")}, "no such file"},
		"no cluster":     {[]string{"-overrides", good}, "no cluster in this test"},
		"extra argument": {[]string{"x"}, `unexpected arguments ["x"]`},
		"negative":       {[]string{"-max-requeue", "-1s"}, "-max-requeue -1s is negative"},
		"unknown flag":   {[]string{"-resync", "1h"}, "flag provided but not defined: -resync"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			stderr := &bytes.Buffer{}
			err := run(context.Background(), c.args, stderr, noCluster)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("error %v", err)
			case c.want == "" && !strings.Contains(stderr.String(), "1 overrides"):
				t.Errorf("output %q", stderr.String())
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("error %v, want one containing %q", err, c.want)
			}
		})
	}
}
