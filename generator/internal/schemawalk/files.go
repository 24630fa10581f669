package schemawalk

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/model"
)

// Files reads the input files under one root, each at most once however
// many versions and $refs ask for it, and remembers which it read. It is safe
// for concurrent use.
type Files struct {
	Root  string
	mu    sync.Mutex
	files map[string]*cached // by the path relative to the root
}

// cached is one file, read at most once.
type cached struct {
	once    sync.Once
	read    bool // its bytes were read (guarded by Files.mu)
	missing bool // it could not be read at all
	f       *File
	err     error
}

// Parse turns the bytes of the file at path (rel relative to the root) into
// a File, checking what its format requires of the top level.
type Parse func(path, rel string, data []byte) (*File, error)

// ParseObject parses data, the file at path (rel relative to the root), which
// must hold a JSON object: each top-level key one known accepts (else an error
// ending in hint) and each of objects, if present, an object.
func ParseObject(path, rel string, data []byte, known func(string) bool, hint string, objects ...string) (*File, error) {
	v, err := jsonfile.Parse(path, data)
	if err != nil {
		return nil, err
	}
	top, ok := v.(map[string]any)
	if !ok {
		return nil, model.Errorf(model.Location{File: path}, "expected a JSON object at the top level, found %s", jsonfile.Kind(v))
	}
	f := &File{Path: path, Rel: rel, Top: top}
	for _, k := range jsonfile.SortedKeys(top) {
		if !known(k) {
			return nil, Errf(f, "/"+jsonfile.Escape(k), "unsupported top-level key %q%s", k, hint)
		}
	}
	for _, k := range objects {
		if v, has := top[k]; has && jsonfile.Kind(v) != "an object" {
			return nil, Errf(f, "/"+k, "expected %s to be an object, found %s", k, jsonfile.Kind(v))
		}
	}
	return f, nil
}

// NewFiles returns an empty cache of the files under root.
func NewFiles(root string) *Files {
	return &Files{Root: root, files: map[string]*cached{}}
}

// Get returns the file at rel (relative to the root, slash-separated),
// parsed by parse the first time it is asked for. missing reports that it
// could not be read at all, as opposed to read and found malformed.
func (fs *Files) Get(rel string, parse Parse) (f *File, missing bool, err error) {
	path := filepath.Join(fs.Root, filepath.FromSlash(rel))
	c := fs.entry(rel)
	c.once.Do(func() {
		data, err := os.ReadFile(path)
		if err != nil {
			c.missing, c.err = true, model.Errorf(model.Location{File: path}, "cannot read schema: %v", err)
			return
		}
		c.markRead(&fs.mu)
		c.f, c.err = parse(path, rel, data)
	})
	return c.f, c.missing, c.err
}

// Load reads and parses the file at path and records it as read without
// keeping it: for a file only one version reads. Its Rel is path relative to
// the root, with slashes, or path itself outside the root.
func (fs *Files) Load(path string, parse Parse) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, model.Errorf(model.Location{File: path}, "cannot read schema: %v", err)
	}
	rel, err := filepath.Rel(fs.Root, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		rel = path
	}
	rel = filepath.ToSlash(rel)
	fs.entry(rel).markRead(&fs.mu)
	return parse(path, rel, data)
}

func (fs *Files) entry(rel string) *cached {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	c := fs.files[rel]
	if c == nil {
		c = &cached{}
		fs.files[rel] = c
	}
	return c
}

// Read returns every file read so far, relative to the root, sorted.
func (fs *Files) Read() []string {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	var out []string
	for rel, c := range fs.files {
		if c.read {
			out = append(out, rel)
		}
	}
	sort.Strings(out)
	return out
}

// markRead records that the file's bytes were read.
func (c *cached) markRead(mu *sync.Mutex) {
	mu.Lock()
	c.read = true
	mu.Unlock()
}
