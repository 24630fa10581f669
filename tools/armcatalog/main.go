// Command armcatalog unpacks the ARM schema catalog (one tar.xz archive of
// Azure/azure-resource-manager-schemas' schemas/ folder, pinned by the
// SHA256SUMS beside it) once into a cache and prints the path of the unpacked
// schemas/ folder. It is plain Go (the xz decoder is github.com/ulikunitz/xz),
// so it needs neither xz nor tar on the machine. tools/arm-catalog.sh builds
// and runs it with the project's defaults.
//
//	armcatalog -catalog DIR -cache DIR
//
// DIR of -catalog holds SHA256SUMS and the one *.tar.xz archive it names. The
// tree goes to <cache>/arm-catalog/<sha256>/schemas; a second run finds it
// complete and only prints its path.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("armcatalog", flag.ContinueOnError)
	fl.SetOutput(stderr)
	catalog := fl.String("catalog", "", "folder holding SHA256SUMS and the *.tar.xz archive it names")
	cache := fl.String("cache", "", "cache folder; the tree goes to <cache>/arm-catalog/<sha256>/schemas")
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if *catalog == "" || *cache == "" || fl.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: armcatalog -catalog DIR -cache DIR")
		return 2
	}
	res, err := Ensure(*catalog, *cache, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "arm-catalog: ERROR: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, res.Schemas)
	return 0
}
