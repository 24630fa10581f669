package schemawalk

import (
	"os"
	"sort"
	"sync"

	"github.com/armhub/armhub/generator/internal/model"
)

// Files reads input files, each at most once however many versions and
// $refs ask for it, and remembers which it read. It is safe for concurrent
// use.
type Files struct {
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

// NewFiles returns an empty cache.
func NewFiles() *Files {
	return &Files{files: map[string]*cached{}}
}

// Get returns the file at path, known as rel, parsed by parse the first time
// it is asked for. missing reports that it could not be read at all, as
// opposed to read and found malformed.
func (fs *Files) Get(path, rel string, parse Parse) (f *File, missing bool, err error) {
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

// Load reads and parses the file at path, known as rel, and records it as
// read without keeping it: for a file only one version reads.
func (fs *Files) Load(path, rel string, parse Parse) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, model.Errorf(model.Location{File: path}, "cannot read schema: %v", err)
	}
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
