package release

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/module"
	"golang.org/x/mod/zip"
)

// write puts a decided release in place: the new @v folder (the old one's
// files, the new version's .info, .mod and .zip, the longer list) and the
// release's records are made under scratch, then renamed into the proxy.
func (o Options) write(result Result, staged, scratch string) error {
	vdir, err := o.proxy().versionDir(result.Module)
	if err != nil {
		return err
	}
	next := filepath.Join(scratch, "v")
	if err := copyDir(vdir, next); err != nil {
		return err
	}
	if err := o.writeVersion(next, result, staged); err != nil {
		return err
	}
	notes := filepath.Join(scratch, "notes")
	if err := o.writeNotes(notes, next, result, staged); err != nil {
		return err
	}
	return install(vdir, next, o.proxy().notesDir(result.Tag), notes, scratch)
}

// writeVersion writes the version's .info, .mod, .zip and the new list.
func (o Options) writeVersion(dir string, result Result, staged string) error {
	version := module.Version{Path: result.Module, Version: result.Version}
	info, err := json.Marshal(struct {
		Version string
		Time    string
	}{result.Version, o.Time.UTC().Format(time.RFC3339)})
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, result.Version+".info"), info, 0o644); err != nil {
		return err
	}
	goMod, err := os.ReadFile(filepath.Join(staged, "go.mod"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, result.Version+".mod"), goMod, 0o644); err != nil {
		return err
	}
	out, err := os.Create(filepath.Join(dir, result.Version+".zip"))
	if err != nil {
		return err
	}
	if err := zip.CreateFromDir(out, version, staged); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	list, err := readList(dir)
	if err != nil {
		return err
	}
	list = append(list, result.Version)
	// The list may be a hard link to the released one: replace, never rewrite.
	if err := os.Remove(filepath.Join(dir, "list")); err != nil && !os.IsNotExist(err) {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "list"), []byte(strings.Join(list, "\n")+"\n"), 0o644)
}

// writeNotes writes release.json, CHANGELOG.md, apidiff.txt, crds.yaml and
// the module's REFERENCE.md when it has one.
func (o Options) writeNotes(dir, vdir string, result Result, staged string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	zipHash, modHash, err := hashes(vdir, result.Version)
	if err != nil {
		return err
	}
	rule := result.Change.String()
	if result.Previous == "" {
		rule = "first release"
	}
	record := Record{
		Module: result.Module, Version: result.Version, Tag: result.Tag, Previous: result.Previous,
		Rule: rule, Time: o.Time.UTC().Format(time.RFC3339), ZipHash: zipHash, ModHash: modHash,
	}
	data, err := json.MarshalIndent(record, "", "  ")
	if err != nil {
		return err
	}
	files := map[string][]byte{"release.json": append(data, '\n'), "apidiff.txt": []byte(result.Report.String())}
	if result.Previous == "" {
		files["apidiff.txt"] = []byte("first release: no previous version to compare with\n")
	}
	if files["CHANGELOG.md"], err = o.changelog(result, staged); err != nil {
		return err
	}
	if o.CRDs != "" {
		if files["crds.yaml"], err = bundle(o.CRDs); err != nil {
			return err
		}
	}
	// The module's API reference, beside the notes (it is in the module too).
	if data, err := os.ReadFile(filepath.Join(o.ModuleDir, "REFERENCE.md")); err == nil {
		files["REFERENCE.md"] = data
	} else if !os.IsNotExist(err) {
		return err
	}
	for _, name := range sortedKeys(files) {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// bundle concatenates the CRD files of dir, in name order, as one YAML stream.
func bundle(dir string) ([]byte, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*_*.yaml")) // <group>_<plural>.yaml; not the folder's kustomization.yaml
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no CRD (<group>_<plural>.yaml) in %s", dir)
	}
	var b strings.Builder
	for i, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteString("---\n")
		}
		b.Write(data)
	}
	return []byte(b.String()), nil
}

// install renames the staged @v folder and notes into place; should the
// notes fail to move, the previous @v folder is put back.
func install(vdir, next, notesDir, notes, scratch string) error {
	if _, err := os.Stat(notesDir); err == nil {
		return fmt.Errorf("%s exists already: the release directory is dirty", notesDir)
	}
	for _, dir := range []string{filepath.Dir(vdir), filepath.Dir(notesDir)} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	old := filepath.Join(scratch, "replaced")
	hadOld := os.Rename(vdir, old) == nil
	if err := os.Rename(next, vdir); err != nil {
		if hadOld {
			os.Rename(old, vdir)
		}
		return err
	}
	if err := os.Rename(notes, notesDir); err != nil {
		os.RemoveAll(vdir)
		if hadOld {
			os.Rename(old, vdir)
		}
		return err
	}
	return nil
}

// copyDir copies the files of from (if it exists) into a new folder to.
func copyDir(from, to string) error {
	if err := os.MkdirAll(to, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(from)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		source, target := filepath.Join(from, e.Name()), filepath.Join(to, e.Name())
		if os.Link(source, target) == nil {
			continue
		}
		data, err := os.ReadFile(source)
		if err != nil {
			return err
		}
		if err := os.WriteFile(target, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
