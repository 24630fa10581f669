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
// generated module compiles and vets, and each property keeps its JSON name.
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
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command(goTool, args...)
		cmd.Dir = filepath.Join(dir, "module")
		cmd.Env = append(os.Environ(), "GOWORK="+filepath.Join(dir, "go.work"), "GOFLAGS=-mod=readonly")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
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

// writeModule writes the generated module into a temporary directory beside a
// go.work that builds it against this repository's runtime in place of the
// release its go.mod requires, with the repository's go.work.sum.
func writeModule(t *testing.T, result *Result) string {
	t.Helper()
	dir := t.TempDir()
	for path, data := range result.Files {
		file := filepath.Join(dir, "module", filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runtimeDir, err := filepath.Abs(filepath.Join(repo, "runtime"))
	if err != nil {
		t.Fatal(err)
	}
	work := "go 1.24.0\n\nuse (\n\t./module\n\t" + runtimeDir + "\n)\n\n" +
		"replace " + runtimeModule + " " + requiredVersion(t, result, runtimeModule) + " => " + runtimeDir + "\n"
	sum, err := os.ReadFile(filepath.Join(repo, "go.work.sum"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"go.work": []byte(work), "go.work.sum": sum} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const runtimeModule = "github.com/armhub/armhub/runtime"

// requiredVersion returns the version of module the generated go.mod requires.
func requiredVersion(t *testing.T, result *Result, module string) string {
	t.Helper()
	for _, r := range goModRequirements(string(result.Files["go.mod"])) {
		if r.path == module {
			return r.version
		}
	}
	t.Fatalf("the generated go.mod does not require %s", module)
	return ""
}
