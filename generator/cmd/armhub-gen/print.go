package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/pipeline"
)

// printable are the facts -print gives scripts, so that no script re-derives
// where things are (see package layout).
var printable = map[string]func(*metadata.Service) string{
	"service":         func(s *metadata.Service) string { return s.Name },
	"input-format":    func(s *metadata.Service) string { return s.InputFormat() },
	"module-path":     func(s *metadata.Service) string { return s.Module.Path },
	"module-version":  func(s *metadata.Service) string { return s.Module.Version },
	"module-dir":      func(s *metadata.Service) string { return layout.ModuleDir(s.Name) },
	"suite-dir":       func(s *metadata.Service) string { return layout.SuiteDir(s.Name) },
	"runtime-module":  func(*metadata.Service) string { return layout.RuntimeModule },
	"runtime-version": func(*metadata.Service) string { return pipeline.RequiredVersion(layout.RuntimeModule) },
	"runtime-dir":     func(*metadata.Service) string { return layout.RuntimeDir },
	"harness-module":  func(*metadata.Service) string { return layout.ConformanceModule },
	"harness-dir":     func(*metadata.Service) string { return layout.ConformanceDir },
}

// checkPrint checks a -print list of comma-separated fields.
func checkPrint(fields string) error {
	for _, f := range strings.Split(fields, ",") {
		if printable[f] == nil {
			return fmt.Errorf("-print %q: unknown field %q; known: %s", fields, f, strings.Join(printableNames(), ", "))
		}
	}
	return nil
}

func printableNames() []string {
	names := make([]string, 0, len(printable))
	for name := range printable {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// printFields writes the fields named in fields, space-separated, on one line;
// an empty value is written as "-".
func printFields(w io.Writer, svc *metadata.Service, fields string) error {
	var values []string
	for _, f := range strings.Split(fields, ",") {
		v := printable[f](svc)
		if v == "" {
			v = "-"
		}
		values = append(values, v)
	}
	_, err := fmt.Fprintln(w, strings.Join(values, " "))
	return err
}
