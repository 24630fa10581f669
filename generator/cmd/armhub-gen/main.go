// Command armhub-gen generates the Go module of one armhub service from its
// metadata file and ARM schemas.
//
//	armhub-gen -metadata metadata/examplestorage.yaml -out apis/examplestorage
//	armhub-gen -metadata metadata/examplestorage.yaml -out apis/examplestorage -check
//	armhub-gen -provider Microsoft.Storage -schemas DIR -out /tmp/storage
//	armhub-gen -metadata metadata/examplestorage.yaml -root .        # apis/examplestorage and conformance/examplestorage
//	armhub-gen -metadata metadata/examplestorage.yaml -print module-path,module-dir
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/pipeline"
	"github.com/armhub/armhub/generator/internal/tree"
	"github.com/armhub/armhub/runtime/lifecycle"
)

type options struct {
	metadata     string
	provider     string
	onboard      string
	schemas      string
	out          string
	root         string
	print        string
	suite        string
	handwritten  string
	now          string
	nowTime      *time.Time // -now, parsed
	check        bool
	external     bool
	lifecycles   bool
	json         bool
	strict       bool
	report       bool
	inputs       bool
	swagger      string
	swaggerFiles bool
	descriptions string
	workers      int
	cpuprofile   string
	memprofile   string
	memoryLimit  int64
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "armhub-gen:", err)
		os.Exit(1)
	}
}

func parseFlags(args []string) (*options, error) {
	o := &options{}
	flags := flag.NewFlagSet("armhub-gen", flag.ContinueOnError)
	flags.StringVar(&o.metadata, "metadata", "", "the service's metadata file")
	flags.StringVar(&o.provider, "provider", "", "generate every version and resource of this provider found under -schemas, without a metadata file")
	flags.StringVar(&o.schemas, "schemas", "", "the schema root (holding <api-version>/<Provider>.json and common/); overrides the metadata's")
	flags.StringVar(&o.out, "out", "", "the module directory to write (or, with -check, to compare)")
	flags.StringVar(&o.root, "root", "", "the repository root: write the module and its conformance suite where the repository keeps them (instead of -out and -conformance-out)")
	flags.StringVar(&o.print, "print", "", "print these comma-separated facts about the service and stop: "+strings.Join(printableNames(), ", "))
	flags.StringVar(&o.suite, "conformance-out", "", "the directory of the service's generated conformance suite (optional)")
	flags.StringVar(&o.handwritten, "handwritten", "", "the checked-in module, scanned for hand-written augmentations; default -out")
	flags.StringVar(&o.now, "now", "", "the instant (RFC 3339) to evaluate lifecycles at; overrides the metadata's (with -provider: the versions get the lifecycles of the policy for real Azure services, and expired ones leave the module)")
	flags.BoolVar(&o.external, "bazel-external", false, "the module is generated into an external Bazel repository of its own: BUILD files name its packages from that repository's root and the runtime as @//runtime")
	flags.BoolVar(&o.check, "check", false, "compare the generated files with those under -out and fail on any difference")
	flags.BoolVar(&o.lifecycles, "lifecycles", false, "print each version's lifecycle, classification and next transition (a table), then stop")
	flags.BoolVar(&o.json, "json", false, "with -lifecycles: print JSON (see README.md) instead of a table")
	flags.BoolVar(&o.strict, "strict", false, "fail when a property disappears between versions without an assessment in the metadata")
	flags.StringVar(&o.descriptions, "crd-descriptions", "", "which versions' CRD schemas keep descriptions (newest, all or none); overrides the metadata's crds.descriptions")
	flags.BoolVar(&o.inputs, "list-inputs", false, "after generating, print the schema files read (relative to the schema root), one a line")
	flags.StringVar(&o.swagger, "swagger", "", "the folder holding specification/ of Azure/azure-rest-api-specs, for a metadata whose input.status reads status from Swagger")
	flags.BoolVar(&o.swaggerFiles, "list-swagger-inputs", false, "after generating, print the Swagger files read (the schema files of a Swagger input, or those input.status read, relative to their root), one a line")
	flags.StringVar(&o.onboard, "onboard", "", "with -provider and -now: write this metadata file for the provider (the policy's lifecycles, every removal recorded as not reviewed, the CRD policy) instead of a module; refuses to overwrite a file")
	flags.BoolVar(&o.report, "report", false, "print every property that disappears between versions, assessed or not")
	flags.Int64Var(&o.memoryLimit, "memory-limit", 896, "a soft limit, in MiB, on the generator's memory, above which it collects garbage harder (GOMEMLIMIT, when set, wins; 0: none)")
	flags.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile of the run to this file (for go tool pprof)")
	flags.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to this file once the module is generated, before it is written (for go tool pprof)")
	flags.IntVar(&o.workers, "workers", runtime.GOMAXPROCS(0), "how many schema files to load at once (never changes the output)")
	if err := flags.Parse(args); err != nil {
		return nil, err
	}
	if (o.metadata == "") == (o.provider == "") {
		return nil, errors.New("give exactly one of -metadata or -provider")
	}
	if o.provider != "" && o.schemas == "" {
		return nil, errors.New("-provider needs -schemas")
	}
	if o.root != "" && (o.out != "" || o.suite != "") {
		return nil, errors.New("-root sets the output directories: give it without -out and -conformance-out")
	}
	if o.onboard != "" && (o.provider == "" || o.now == "" || o.out != "" || o.root != "") {
		return nil, errors.New("-onboard writes a metadata file for -provider at -now (and no module): give it with -provider, -schemas and -now, without -out or -root")
	}
	if o.out == "" && o.root == "" && !o.lifecycles && o.print == "" && o.onboard == "" {
		return nil, errors.New("-out or -root is required")
	}
	if o.json && !o.lifecycles {
		return nil, errors.New("-json goes with -lifecycles")
	}
	if o.now != "" {
		now, err := time.Parse(time.RFC3339, o.now)
		if err != nil {
			return nil, fmt.Errorf("-now %q: %w", o.now, err)
		}
		o.nowTime = &now
	}
	if o.print != "" {
		return o, checkPrint(o.print)
	}
	return o, nil
}

func run(args []string, stdout io.Writer) error {
	o, err := parseFlags(args)
	if err != nil {
		return err
	}
	if o.memoryLimit > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(o.memoryLimit << 20)
	}
	if o.cpuprofile != "" {
		stop, err := startProfile(o.cpuprofile)
		if err != nil {
			return err
		}
		defer stop()
	}
	svc, err := loadService(o)
	if err != nil {
		return err
	}
	if o.print != "" {
		return printFields(stdout, svc, o.print)
	}
	if err := overrideDescriptions(svc, o.descriptions); err != nil {
		return err
	}
	if o.root != "" {
		o.out = filepath.Join(o.root, filepath.FromSlash(layout.ModuleDir(svc.Name)))
		o.suite = filepath.Join(o.root, filepath.FromSlash(layout.SuiteDir(svc.Name)))
	}
	opts := pipeline.Options{SchemaRoot: o.schemas, SwaggerRoot: o.swagger, Workers: o.workers, ModuleDir: o.out, MetadataLabel: metadataLabel(o), External: o.external}
	if o.handwritten != "" {
		opts.ModuleDir = o.handwritten
	}
	opts.Now = o.nowTime
	if o.lifecycles {
		return printLifecycles(stdout, svc, opts, o.json)
	}
	result, err := pipeline.Run(svc, opts)
	if err != nil {
		return err
	}
	if err := writeHeapProfile(o.memprofile); err != nil {
		return err
	}
	for _, note := range result.Notes {
		fmt.Fprintln(os.Stderr, "armhub-gen: note:", note)
	}
	if result.Empty {
		return nothingToGenerate(o)
	}
	if o.onboard != "" {
		return writeOnboarding(stdout, o, svc, result)
	}
	if err := reportRemovals(stdout, o, result); err != nil {
		return err
	}
	if o.inputs {
		fmt.Fprintln(stdout, strings.Join(result.Inputs, "\n"))
	}
	if o.swaggerFiles {
		printSwaggerInputs(stdout, svc, result)
	}
	outputs := map[string]map[string][]byte{o.out: result.Files}
	if o.suite != "" {
		outputs[o.suite] = result.Conformance
	}
	for _, dir := range []string{o.out, o.suite} {
		files, ok := outputs[dir]
		if !ok {
			continue
		}
		var err error
		if o.check {
			err = check(dir, files)
		} else {
			err = tree.Write(dir, files)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// printSwaggerInputs prints the Swagger files the run read, one a line: the
// schema files of a service read from Swagger, else those its input.status
// read (none for a service without).
func printSwaggerInputs(stdout io.Writer, svc *metadata.Service, result *pipeline.Result) {
	files := result.StatusInputs
	if svc.InputFormat() == metadata.FormatSwagger {
		files = result.Inputs
	}
	for _, f := range files {
		fmt.Fprintln(stdout, f)
	}
}

// reportRemovals prints the removal report when asked, warns about unassessed
// removals, and fails on them in strict mode.
func reportRemovals(stdout io.Writer, o *options, result *pipeline.Result) error {
	for _, r := range result.Removals {
		if o.report {
			fmt.Fprintln(stdout, r)
		} else if !r.Assessed {
			fmt.Fprintln(os.Stderr, "armhub-gen: warning:", r)
		}
	}
	if open := result.Unassessed(); o.strict && open > 0 {
		return fmt.Errorf("%d removed properties are not assessed in the metadata (add them under \"removals\" or \"renames\")", open)
	}
	return nil
}

func metadataLabel(o *options) string {
	if o.metadata == "" {
		return ""
	}
	return layout.MetadataLabel(o.metadata)
}

func loadService(o *options) (*metadata.Service, error) {
	if o.metadata != "" {
		return metadata.Load(o.metadata)
	}
	return metadata.ForProvider(o.provider, o.schemas, o.nowTime)
}

func check(dir string, files map[string][]byte) error {
	problems, err := tree.Diff(dir, files)
	if err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("the generated files under %s are out of date; regenerate them:\n  %s", dir, strings.Join(problems, "\n  "))
	}
	return nil
}

// printLifecycles prints each version's lifecycle and its status: a table, or
// with -json the JSON array README.md documents.
func printLifecycles(w io.Writer, svc *metadata.Service, opts pipeline.Options, asJSON bool) error {
	versions := pipeline.Lifecycles(svc, opts)
	if asJSON {
		return printLifecyclesJSON(w, versions)
	}
	table := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(table, "VERSION\tKUBERNETES VERSION\tCLASSIFICATION\tNEXT\tLIFECYCLE")
	for _, v := range versions {
		next := "-"
		if n := v.Status.Next; n != nil {
			next = string(n.Classification) + " at " + formatTime(n.StartTime)
		}
		var stages []string
		for _, s := range v.Lifecycle {
			stage := string(s.Classification)
			if s.StartTime != nil {
				stage += " from " + formatTime(s.StartTime)
			}
			stages = append(stages, stage)
		}
		fmt.Fprintf(table, "%s\t%s\t%s\t%s\t%s\n", v.Version, v.KubernetesVersion, v.Status.Classification, next, strings.Join(stages, ", "))
	}
	return table.Flush()
}

func formatTime(t *time.Time) string { return t.UTC().Format(time.RFC3339) }

// lifecycleJSON is one element of -lifecycles -json; README.md documents it.
type lifecycleJSON struct {
	Service           string      `json:"service"`
	Version           string      `json:"version"`
	KubernetesVersion string      `json:"kubernetesVersion"`
	Classification    string      `json:"classification"`
	Next              *stageJSON  `json:"next"`
	Lifecycle         []stageJSON `json:"lifecycle"`
}

type stageJSON struct {
	Classification string  `json:"classification"`
	StartTime      *string `json:"startTime,omitempty"`
}

func stageOf(s lifecycle.Stage) stageJSON {
	out := stageJSON{Classification: string(s.Classification)}
	if s.StartTime != nil {
		t := formatTime(s.StartTime)
		out.StartTime = &t
	}
	return out
}

func printLifecyclesJSON(w io.Writer, versions []pipeline.VersionLifecycle) error {
	out := make([]lifecycleJSON, len(versions))
	for i, v := range versions {
		out[i] = lifecycleJSON{Service: v.Service, Version: v.Version, KubernetesVersion: v.KubernetesVersion,
			Classification: string(v.Status.Classification), Lifecycle: []stageJSON{}}
		if v.Status.Next != nil {
			next := stageOf(*v.Status.Next)
			out[i].Next = &next
		}
		for _, s := range v.Lifecycle {
			out[i].Lifecycle = append(out[i].Lifecycle, stageOf(s))
		}
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

// startProfile writes a CPU profile to path until the returned function is called.
func startProfile(path string) (func(), error) {
	file, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	if err := pprof.StartCPUProfile(file); err != nil {
		file.Close()
		return nil, fmt.Errorf("-cpuprofile: %w", err)
	}
	return func() { pprof.StopCPUProfile(); file.Close() }, nil
}

// writeHeapProfile writes the heap profile to path, when one is asked for.
func writeHeapProfile(path string) error {
	if path == "" {
		return nil
	}
	file, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("-memprofile: %w", err)
	}
	defer file.Close()
	if err := pprof.Lookup("allocs").WriteTo(file, 0); err != nil {
		return fmt.Errorf("-memprofile: %w", err)
	}
	return file.Close()
}

// overrideDescriptions sets the service's crds.descriptions from
// -crd-descriptions, when given.
func overrideDescriptions(svc *metadata.Service, policy string) error {
	switch policy {
	case "":
		return nil
	case metadata.DescriptionsNewest, metadata.DescriptionsAll, metadata.DescriptionsNone:
		svc.CRDs.Descriptions = policy
		return nil
	}
	return fmt.Errorf("-crd-descriptions %q: expected %s, %s or %s", policy, metadata.DescriptionsNewest, metadata.DescriptionsAll, metadata.DescriptionsNone)
}

// nothingToGenerate ends a -provider run that found no resource: nothing is
// written (a module directory is not emptied), and an onboarding, which
// needs a resource to build, is refused.
func nothingToGenerate(o *options) error {
	if o.onboard != "" {
		return fmt.Errorf("-onboard %s: %s describes no resource in any version: there is no service to onboard", o.onboard, o.provider)
	}
	fmt.Fprintf(os.Stderr, "armhub-gen: %s: nothing written\n", o.provider)
	return nil
}
