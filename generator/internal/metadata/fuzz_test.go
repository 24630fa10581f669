package metadata

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fuzzDeadline bounds one input: a fuzz target that takes longer crashes, which
// records the input.
const fuzzDeadline = 10 * time.Second

// FuzzParse parses metadata: it may not panic, and it either returns the
// service read from the file or an error naming the file.
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "metadata", "*.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(valid))
	f.Fuzz(func(t *testing.T, data []byte) {
		hang := time.AfterFunc(fuzzDeadline, func() { panic(fmt.Sprintf("Parse takes over %s on %q", fuzzDeadline, data)) })
		defer hang.Stop()
		s, err := Parse("fuzz.yaml", data)
		switch {
		case err != nil && !strings.Contains(err.Error(), "fuzz.yaml"):
			t.Fatalf("error %q does not name the file", err)
		case err == nil && (s == nil || s.File != "fuzz.yaml"):
			t.Fatalf("no error and no service read from the file: %+v", s)
		}
	})
}
