package tree

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/armhub/armhub/generator/internal/layout"
)

// A package no longer generated leaves no empty directory behind; a directory
// holding a hand-written file stays, with the file.
func TestWriteRemovesPackagesNoLongerGenerated(t *testing.T) {
	dir := t.TempDir()
	generated := []byte(layout.GeneratedGo + "\n\npackage p\n")
	all := Files{"v1/a_gen.go": generated, "v1/storage/b_gen.go": generated, "v2/c_gen.go": generated, "v3/d_gen.go": generated}
	if err := Write(dir, all); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "v3", "mine.go"), []byte("package p\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(dir, Files{"v2/c_gen.go": generated}); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]bool{"v1": false, "v2/c_gen.go": true, "v3": true, "v3/mine.go": true, "v3/d_gen.go": false} {
		_, err := os.Stat(filepath.Join(dir, path))
		if got := err == nil; got != want {
			t.Errorf("%s exists: %t, want %t", path, got, want)
		}
	}
}
