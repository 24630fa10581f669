package release

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"golang.org/x/exp/apidiff"
	"golang.org/x/tools/go/packages"
)

// loadModule type-checks every importable package of the module in dir: its
// main and internal packages are no one else's API.
func loadModule(dir, modulePath string, env []string) (*apidiff.Module, error) {
	config := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes,
		Dir:  dir,
		Env:  env,
	}
	loaded, err := packages.Load(config, "./...")
	if err != nil {
		return nil, fmt.Errorf("loading %s: %v", dir, err)
	}
	var problems []string
	m := &apidiff.Module{Path: modulePath}
	for _, p := range loaded {
		for _, e := range p.Errors {
			problems = append(problems, e.Error())
		}
		if p.Name == "main" || isInternal(p.PkgPath) || p.Types == nil {
			continue
		}
		m.Packages = append(m.Packages, p.Types)
	}
	if len(problems) > 0 {
		return nil, fmt.Errorf("loading %s:\n%s", dir, strings.Join(problems, "\n"))
	}
	sort.Slice(m.Packages, func(i, j int) bool { return m.Packages[i].Path() < m.Packages[j].Path() })
	return m, nil
}

func isInternal(path string) bool {
	return strings.HasSuffix(path, "/internal") || strings.Contains(path, "/internal/")
}

// jsonField returns a string field of a JSON object, or "".
func jsonField(data []byte, name string) string {
	var fields map[string]any
	if json.Unmarshal(data, &fields) != nil {
		return ""
	}
	s, _ := fields[name].(string)
	return s
}
