//go:build ignore

// crd-size prints the largest CRD under a directory of generated CRD files
// (*.yaml), by its size as JSON (what the API server and client-side
// `kubectl apply` measure), with its size as YAML. tools/check-real-schemas.sh
// runs it inside a generated module, whose go.mod provides sigs.k8s.io/yaml:
//
//	go run /path/to/tools/crd-size.go crd
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"sigs.k8s.io/yaml"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run crd-size.go DIR")
		os.Exit(2)
	}
	files, err := filepath.Glob(filepath.Join(os.Args[1], "*.yaml"))
	if err != nil || len(files) == 0 {
		fmt.Fprintf(os.Stderr, "crd-size: no *.yaml under %s\n", os.Args[1])
		os.Exit(1)
	}
	var largest string
	var largestJSON, largestYAML int
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			fmt.Fprintln(os.Stderr, "crd-size:", err)
			os.Exit(1)
		}
		j, err := yaml.YAMLToJSON(data)
		if err != nil {
			fmt.Fprintf(os.Stderr, "crd-size: %s: %v\n", f, err)
			os.Exit(1)
		}
		if len(j) > largestJSON {
			largest, largestJSON, largestYAML = filepath.Base(f), len(j), len(data)
		}
	}
	fmt.Printf("%s %d %d\n", largest, largestJSON, largestYAML)
}
