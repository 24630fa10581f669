package pipeline

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armhub/armhub/generator/internal/metadata"
	"github.com/armhub/armhub/generator/internal/model"
)

// statusNames are the properties given the status of every widget: the names
// generated code declares on a status struct, which no ARM deployment schema
// can describe (the loader reads no statuses), so the test adds them to the
// model.
var statusNames = []string{
	"deepCopy", "deepCopyInto", "propertyBag", "assignPropertiesTo", "assignPropertiesFrom",
	"assignProperties_To_Widget_Status", "assignProperties_From_Widget_Status", "convertStatusTo",
	"convertStatusFrom", "convertStatusTo_v20230101previewstorage", "convertsThroughHub", "conditions-",
	"originalVersion", "owner", "hub", "getStatus",
}

// addStatus gives the widgets of api a status object of statusNames.
func addStatus(api *model.APIVersion) {
	status := &model.Object{Name: "widgets_Status", Source: api.Source + "#/status"}
	for _, name := range statusNames {
		status.Properties = append(status.Properties, &model.Property{
			Name: name, Type: &model.Type{Kind: model.KindPrimitive, Primitive: model.String},
			Source: status.Source + "/properties/" + name,
		})
	}
	api.Objects[status.Name] = status
	api.Resource("widgets").Status = status.Name
}

// The properties and types of testdata/reserved take every name generated code
// declares (DeepCopy, PropertyBag, GroupVersion, the list type WidgetList, ...)
// or that a resource's methods have (Hub, ConvertTo, GetSpec, ...): the
// generated module compiles and vets, each property keeps its JSON name, and
// the generated conformance suite passes (every version round-trips through
// the hub, renamed fields included).
func TestReservedNamesCompile(t *testing.T) {
	goTool := goCommand(t)
	svc, err := metadata.Load(filepath.Join("testdata", "reserved", "reserved.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	loaded, err := load(svc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, api := range loaded.apis {
		addStatus(api)
	}
	result, err := fromModels(svc, Options{}, loaded)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"DeepCopyProperty_1 *string `json:\"deepCopy,omitempty\"`",
		"DeepCopyProperty *string `json:\"deepCopyProperty,omitempty\"`",
		"PropertyBagProperty *string `json:\"propertyBag,omitempty\"`",
		"OriginalVersionProperty *string `json:\"original-version,omitempty\"`",
		"Hub *string `json:\"hub,omitempty\"`",
	} {
		if !strings.Contains(string(result.Files["v20210101/types_gen.go"]), want) {
			t.Errorf("v20210101/types_gen.go lacks %s", want)
		}
	}
	dir := writeModule(t, result)
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}, {"test", "-count=1", "./conformance"}} {
		cmd := exec.Command(goTool, args...)
		cmd.Dir = filepath.Join(dir, "module")
		cmd.Env = append(os.Environ(), "GOWORK="+filepath.Join(dir, "go.work"), "GOFLAGS=-mod=readonly")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		t.Logf("go %s: ok\n%s", strings.Join(args, " "), out)
	}
}

// goCommand returns the go command, skipping the test where it cannot build a
// module: in -short mode, under Bazel (whose sandbox has no module cache) and
// without a go command.
func goCommand(t *testing.T) string {
	t.Helper()
	if testing.Short() || os.Getenv("TEST_SRCDIR") != "" {
		t.Skip("compiles a generated module with the go command: not in -short mode or under Bazel")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	return goTool
}

// writeModule writes the generated module, with its conformance suite in
// conformance/ (as tools/check-real-schemas.sh places it), into a temporary
// directory beside a go.work: the repository's, with every path made
// absolute, so that the module builds against this repository's runtime and
// the suite against its harness, with the repository's go.work.sum.
func writeModule(t *testing.T, result *Result) string {
	t.Helper()
	dir := t.TempDir()
	for prefix, files := range map[string]map[string][]byte{"module": result.Files, "module/conformance": result.Conformance} {
		for path, data := range files {
			writeFile(t, filepath.Join(dir, filepath.FromSlash(prefix), filepath.FromSlash(path)), data)
		}
	}
	top, err := filepath.Abs(repo)
	if err != nil {
		t.Fatal(err)
	}
	work, err := os.ReadFile(filepath.Join(top, "go.work"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(string(work), "\n") {
		fields := strings.Fields(line)
		for i, f := range fields {
			if strings.HasPrefix(f, "./") {
				fields[i] = filepath.Join(top, f)
			}
		}
		if len(fields) > 0 && strings.HasPrefix(strings.TrimSpace(line), "./") {
			fields[0] = "\t" + fields[0]
		}
		lines = append(lines, strings.Join(fields, " "))
		if line == "use (" {
			lines = append(lines, "\t./module")
		}
	}
	writeFile(t, filepath.Join(dir, "go.work"), []byte(strings.Join(lines, "\n")))
	sum, err := os.ReadFile(filepath.Join(top, "go.work.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go.work.sum"), sum)
	return dir
}

func writeFile(t *testing.T, file string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
