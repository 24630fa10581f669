// Command armhub-sync compares or copies a service's freshly generated files
// (a directory written by armhub-gen, such as a Bazel generation's output) with
// the checked-in copy. The Bazel rule of tools/armhub.bzl uses it for the
// staleness test and for "bazel run //apis/<service>:update".
//
//	armhub-sync -check [-skip DIR] GENERATED CHECKED_IN   # list differences, fail on any
//	armhub-sync GENERATED CHECKED_IN          # bring CHECKED_IN up to date
//
// Only generated files (with the generator's header) are compared, written or
// removed; hand-written files beside them are left alone.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/armhub/armhub/generator/internal/tree"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "armhub-sync:", err)
		os.Exit(1)
	}
}

func run(args []string, stdout io.Writer) error {
	flags := flag.NewFlagSet("armhub-sync", flag.ContinueOnError)
	check := flags.Bool("check", false, "compare only; fail, listing the files, when they differ")
	hint := flags.String("hint", "", "the command that brings the files up to date, for the error message")
	var skip []string
	flags.Func("skip", "a subdirectory of CHECKED_IN (relative) not to compare; repeatable", func(dir string) error {
		skip = append(skip, dir)
		return nil
	})
	if err := flags.Parse(args); err != nil {
		return err
	}
	if flags.NArg() != 2 {
		return errors.New("usage: armhub-sync [-check] GENERATED CHECKED_IN")
	}
	from, to := flags.Arg(0), flags.Arg(1)
	files, err := readTree(from)
	if err != nil {
		return err
	}
	if !*check {
		if err := tree.Write(to, files); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %d generated files up to date\n", to, len(files))
		return nil
	}
	problems, err := tree.Diff(to, files, skip...)
	if err != nil {
		return err
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s is out of date (%s):\n  %s", to, *hint, strings.Join(problems, "\n  "))
	}
	fmt.Fprintf(stdout, "%s: %d generated files up to date\n", to, len(files))
	return nil
}

// readTree reads every file under dir, keyed by its slash-separated path.
func readTree(dir string) (tree.Files, error) {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil, err
	}
	files := tree.Files{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		files[filepath.ToSlash(rel)] = data
		return err
	})
	return files, err
}
