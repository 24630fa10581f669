// Command armhub-release releases one module of the repository (the runtime
// or a service's generated module) into a release directory that Go reads as
// a module proxy (GOPROXY=file://DIR). The version follows from apidiff
// against the module's previous release there:
//
//	incompatible API change  next major version (next minor while at v0)
//	compatible additions     next minor version
//	no API change, new files next patch version
//	nothing changed          no release
//
// tools/release.sh resolves a service name to its module and runs this.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/armhub/armhub/release/internal/release"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "armhub-release:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("armhub-release", flag.ContinueOnError)
	var o release.Options
	var when string
	flags.StringVar(&o.ModuleDir, "module-dir", "", "the folder of the module to release (required)")
	flags.StringVar(&o.Proxy, "proxy", "", "the release directory: a module proxy tree (required)")
	flags.StringVar(&o.RepoModule, "repo-module", "github.com/armhub/armhub", "the repository's module path prefix; tags are module paths relative to it")
	flags.StringVar(&o.Version, "version", "", "release this version instead of the computed one (never less than the changes need)")
	flags.StringVar(&when, "time", "", "the release time (RFC 3339) for the .info file; default the module folder's last git commit time")
	flags.StringVar(&o.Report, "report", "", "the generator's property-change report (armhub-gen -report) to quote in the changelog")
	flags.StringVar(&o.CRDs, "crds", "", "the folder of the service's CRD files to bundle with the release")
	flags.StringVar(&o.License, "license", "", "the license file to ship as LICENSE in the released module (unless it has one)")
	flags.BoolVar(&o.DryRun, "dry-run", false, "compute and print the release, write nothing")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if o.ModuleDir == "" || o.Proxy == "" || flags.NArg() > 0 {
		return fmt.Errorf("usage: armhub-release -module-dir DIR -proxy DIR [flags]")
	}
	t, err := releaseTime(when, o.ModuleDir)
	if err != nil {
		return err
	}
	o.Time = t
	o.Log = stdout
	_, err = release.Run(o)
	return err
}

// releaseTime parses -time, or takes the time of the last commit of the
// module's folder (the release never reads the clock: the same commit gives
// the same .info).
func releaseTime(when, dir string) (time.Time, error) {
	if when == "" {
		out, err := exec.Command("git", "-C", dir, "log", "-1", "--format=%cI").Output()
		if err != nil || strings.TrimSpace(string(out)) == "" {
			return time.Time{}, fmt.Errorf("-time: %s is in no git history; give the release time", dir)
		}
		when = strings.TrimSpace(string(out))
	}
	t, err := time.Parse(time.RFC3339, when)
	if err != nil {
		return t, fmt.Errorf("-time %q: want RFC 3339, like 2026-11-24T00:00:00Z", when)
	}
	return t, nil
}
