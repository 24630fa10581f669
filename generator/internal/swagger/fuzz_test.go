package swagger

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

// fuzzDeadline bounds one input: a fuzz target that takes longer crashes, which
// records the input.
const fuzzDeadline = 10 * time.Second

// The fuzzed tree is laid out as testdata/specs: two files of one version and
// the common types, which the version's files reach as
// ../../../../../common-types/v1/types.json (testdata) or
// ../../../common/types.json (the tests' files).
const (
	fuzzDir     = "widgets/resource-manager/Contoso.Widgets"
	fuzzVersion = "2024-05-01"
)

var fuzzFiles = [3]string{
	fuzzDir + "/stable/" + fuzzVersion + "/a.json",
	fuzzDir + "/stable/" + fuzzVersion + "/b.json",
	"common-types/v1/types.json",
}

// fuzzSeeds returns the seeds: the testdata service, and the files of the
// error cases with the tests' common types.
func fuzzSeeds(f *testing.F) [][3][]byte {
	read := func(rel string) []byte {
		data, err := os.ReadFile(filepath.Join("testdata", "specs", filepath.FromSlash(rel)))
		if err != nil {
			f.Fatal(err)
		}
		return data
	}
	stable := "widgets/resource-manager/Contoso.Widgets/stable/2024-05-01/"
	seeds := [][3][]byte{{read(stable + "factories.json"), read(stable + "widgets.json"), read("common-types/v1/types.json")}}
	for _, group := range [][]errorCase{schemaErrors, fileErrors, pathErrors} {
		for _, tt := range group {
			common := testCommon
			if c, ok := tt.files["common/types.json"]; ok {
				common = c
			}
			seeds = append(seeds, [3][]byte{[]byte(tt.files[mainRel]), []byte(tt.files["svc/stable/2024-01-01/other.json"]), []byte(common)})
		}
	}
	drift := withOther(`"a": {"type": "string", "description": "An a."}`, `"ThingProperties": {"type": "object", "title": "T", "properties": {"a": {"type": "string"}}}`)
	return append(seeds,
		[3][]byte{[]byte(thingFile(`"s": {"type": "string", "format": "password"}`, "")), nil, []byte(testCommon)},
		[3][]byte{[]byte(drift[mainRel]), []byte(drift["svc/stable/2024-01-01/other.json"]), []byte(testCommon)},
		[3][]byte{[]byte(thingFile(`"n": {"type": "integer", "readOnly": true, "minimum": 1, "maximum": 25}, "at": {"type": "string", "format": "date-time"}`, "")), nil, []byte(testCommon)})
}

// FuzzLoad loads a version of two files and common types, and builds the Go
// view of what loads: neither may panic, and each either succeeds or fails
// with a *model.Error.
func FuzzLoad(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s[0], s[1], s[2])
	}
	root := f.TempDir()
	for _, rel := range append(fuzzFiles[:], "widgets/resource-manager/common/types.json") {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, rel)), 0o755); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, a, b, common []byte) {
		hang := time.AfterFunc(fuzzDeadline, func() {
			panic(fmt.Sprintf("loading takes over %s on %q, %q with common %q", fuzzDeadline, a, b, common))
		})
		defer hang.Stop()
		for i, data := range [][]byte{a, b, common} {
			writeOrRemove(t, filepath.Join(root, fuzzFiles[i]), data)
		}
		writeOrRemove(t, filepath.Join(root, "widgets/resource-manager/common/types.json"), common)
		v, _, err := NewLoader(root).Load(fuzzDir, fuzzVersion)
		if err == nil {
			checkWellFormed(t, v)
			_, err = golang.BuildNamed(v, nil, nil)
		}
		var e *model.Error
		if err != nil && !errors.As(err, &e) {
			t.Fatalf("error %v (%T) is not a *model.Error", err, err)
		}
	})
}

// writeOrRemove writes data at path, or removes the file if data is empty.
func writeOrRemove(t *testing.T, path string, data []byte) {
	if len(data) == 0 {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		return
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
