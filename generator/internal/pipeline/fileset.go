package pipeline

import (
	"fmt"
	"sort"

	"github.com/armhub/armhub/generator/internal/emit/gosrc"
)

// fileSet is the files of one output (the module, or the conformance suite)
// with what produced each. Every write goes through add, which refuses a
// second output at a path already taken instead of overwriting it.
type fileSet struct {
	owner     string // what the files are of, for errors: the service's metadata file
	files     gosrc.Files
	producers map[string]string // path -> what produced it ("the CRD of kind Widget")
}

func newFileSet(owner string) *fileSet {
	return &fileSet{owner: owner, files: gosrc.Files{}, producers: map[string]string{}}
}

// add records data at path as produced by producer; it fails, naming the path
// and both producers, when path is already taken.
func (s *fileSet) add(path, producer string, data []byte) error {
	if first, taken := s.producers[path]; taken {
		return fmt.Errorf("%s: two outputs at %s: %s and %s (one would overwrite the other)", s.owner, path, first, producer)
	}
	s.files[path] = data
	s.producers[path] = producer
	return nil
}

// addAll adds every file of files, in path order, as produced by producer.
func (s *fileSet) addAll(files gosrc.Files, producer string) error {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if err := s.add(p, producer, files[p]); err != nil {
			return err
		}
	}
	return nil
}

// has reports whether path is taken.
func (s *fileSet) has(path string) bool {
	_, taken := s.producers[path]
	return taken
}
