package readme

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"strings"
	"testing"
	"time"
)

// examples maps the module path of a real service to its bundled example's.
var examples = strings.NewReplacer(
	"github.com/armhub/armhub/apis/storage/", "github.com/armhub/armhub/apis/examplestorage/",
	"github.com/armhub/armhub/apis/cache/", "github.com/armhub/armhub/apis/examplecache/",
	"github.com/armhub/armhub/apis/servicefabric/", "github.com/armhub/armhub/apis/exampleservicefabric/",
)

// block is one ```go block of the README or of a page of docs/.
type block struct {
	file string // the Markdown file, relative to the repository
	line int    // of its first line of code
	code string
}

// documents are the Markdown files whose Go blocks are compiled: the README
// and every page of docs/.
func documents(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("..", "..", "docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no page in docs/ (%v)", err)
	}
	return append([]string{filepath.Join("..", "..", "README.md")}, pages...)
}

func TestGoBlocksCompile(t *testing.T) {
	var blocks []block
	for _, doc := range documents(t) {
		blocks = append(blocks, goBlocks(t, doc)...)
	}
	if len(blocks) < 2 {
		t.Fatalf("the README and docs/ have %d Go blocks, want the downstream snippets (at least 2)", len(blocks))
	}
	for _, b := range blocks {
		if !strings.HasPrefix(b.code, "package ") && !strings.Contains(b.code, "\npackage ") {
			t.Fatalf("%s:%d: a Go block must be a whole file (package clause, imports, code), so that it compiles", b.file, b.line)
		}
	}
	if os.Getenv("TEST_SRCDIR") != "" {
		t.Skip("compiling needs the go command and the module cache, which Bazel's sandbox lacks; tools/test.sh runs it with plain Go (cd conformance && go test ./readme)")
	}
	overlay, packages, where := overlayOf(t, blocks)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// go build, not vet: vet runs in the package's directory, which only the
	// overlay holds. Several packages are compiled, not linked.
	out, err := exec.CommandContext(ctx, goCommand(), append([]string{"build", "-overlay=" + overlay}, packages...)...).CombinedOutput()
	if err != nil {
		t.Errorf("go build of the Go blocks of the README and docs/: %v\n%s\n(%s)", err, out, strings.Join(where, "; "))
	}
}

// overlayOf writes each block, mapped to the examples, as the main.go of a
// package snippetN of this directory that only the overlay it returns holds
// (the tree is not touched); it returns the overlay file, the packages and
// where in the documents each one is.
func overlayOf(t *testing.T, blocks []block) (string, []string, []string) {
	t.Helper()
	here, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	replace := map[string]string{}
	var packages, where []string
	for i, b := range blocks {
		name := fmt.Sprintf("snippet%d", i+1)
		file := filepath.Join(tmp, name+".go")
		if err := os.WriteFile(file, []byte(examples.Replace(b.code)), 0o644); err != nil {
			t.Fatal(err)
		}
		replace[filepath.Join(here, name, "main.go")] = file
		packages = append(packages, "./"+name)
		where = append(where, fmt.Sprintf("%s/main.go:N is %s:%d+N-1", name, b.file, b.line))
	}
	data, err := json.Marshal(map[string]any{"Replace": replace})
	if err != nil {
		t.Fatal(err)
	}
	overlay := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(overlay, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return overlay, packages, where
}

// goBlocks returns the ```go blocks of the Markdown file at path.
func goBlocks(t *testing.T, path string) []block {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var blocks []block
	var current *block
	scanner := bufio.NewScanner(f)
	for n := 1; scanner.Scan(); n++ {
		line := scanner.Text()
		switch {
		case current == nil && line == "```go":
			current = &block{file: strings.TrimPrefix(filepath.ToSlash(path), "../../"), line: n + 1}
		case current != nil && line == "```":
			blocks = append(blocks, *current)
			current = nil
		case current != nil:
			current.code += line + "\n"
		}
	}
	if err := scanner.Err(); err != nil {
		t.Fatal(err)
	}
	if current != nil {
		t.Fatalf("%s:%d: a Go block is not closed", path, current.line)
	}
	return blocks
}

func goCommand() string {
	if path, err := exec.LookPath("go"); err == nil {
		return path
	}
	// Bazel's sandbox has no go command on PATH: the toolchain that built this test.
	//lint:ignore SA1019 the build machine's GOROOT is meant: the test runs where it was built
	return filepath.Join(goruntime.GOROOT(), "bin", "go")
}

// shellNote is the comment every ```sh block of the documents follows: it
// says where the tests run the block, or why they cannot.
var shellNote = regexp.MustCompile(`^<!-- shell: (runs in (\S+) .+|not run.*) -->$`)

// Every shell block of the README and docs/ says whether the tests run it
// (<!-- shell: runs in <script or target> ... -->, naming a file of the
// repository) or why not (<!-- shell: not run...: <why> -->), on the line
// before it.
func TestShellBlocksSayWhetherTheyRun(t *testing.T) {
	blocks := 0
	for _, doc := range documents(t) {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			if line != "```sh" {
				continue
			}
			blocks++
			where := fmt.Sprintf("%s:%d", strings.TrimPrefix(filepath.ToSlash(doc), "../../"), i+1)
			m := shellNote.FindStringSubmatch(prevLine(lines, i))
			switch {
			case m == nil:
				t.Errorf("%s: a shell block without <!-- shell: runs in ... --> or <!-- shell: not run: why --> on the line before it", where)
			case m[2] != "" && os.Getenv("TEST_SRCDIR") == "": // Bazel's runfiles hold the documents only
				if _, err := os.Stat(filepath.Join("..", "..", m[2])); err != nil {
					t.Errorf("%s: the shell block says it runs in %s, which is not in the repository", where, m[2])
				}
			}
		}
	}
	if blocks == 0 {
		t.Fatal("no shell block in the README or docs/")
	}
}

func prevLine(lines []string, i int) string {
	if i == 0 {
		return ""
	}
	return lines[i-1]
}
