package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"

	jsonpatch "github.com/evanphx/json-patch/v5"
)

// absent stands for a member an object does not have, unlike JSON null.
type absentValue struct{}

var absent any = absentValue{}

// Merge3 merges three JSON documents the way a write through a lossy version must
// be merged: previous is what was stored, baseline is what the client saw of it
// (previous, through the client's version and back), current is what the client
// wrote back. Wherever current differs from baseline the client changed something
// and current wins; everywhere else previous is kept. Objects merge member by
// member, arrays of one length element by element; numbers are compared as
// written, never through floating point. The result is encoded with object
// members sorted and HTML characters as they are.
//
// This is a JSON merge patch (RFC 7386) from baseline to current applied to
// previous, and Merge3 lets github.com/evanphx/json-patch/v5 compute and apply
// it (CreateMergePatch, MergePatch) whenever that gives the merge above. Our own
// three-way walk (merge3) is kept only for what a merge patch cannot say:
//   - an array the client changed in place (previous, baseline and current of one
//     length): a merge patch replaces the whole array, losing what previous held
//     in elements the client did not touch; ours merges element by element;
//   - a null the client wrote: in a merge patch null means "remove", ours keeps
//     null as a value;
//   - an object the client changed where previous has no object: a merge patch
//     carries only the changed members, ours takes the client's whole object;
//   - documents that are not all objects.
func Merge3(previous, baseline, current []byte) ([]byte, error) {
	var trees [3]any
	for i, data := range [][]byte{previous, baseline, current} {
		tree, err := decodeTree(data)
		if err != nil {
			return nil, fmt.Errorf("merging: document %d: %w", i+1, err)
		}
		trees[i] = tree
	}
	if !mergePatchFits(trees[0], trees[1], trees[2]) {
		return encodeTree(merge3(trees[0], trees[1], trees[2]))
	}
	merged, err := mergePatch(previous, baseline, current)
	if err != nil {
		return nil, fmt.Errorf("merging: %w", err)
	}
	return encodeTree(merged)
}

// mergePatch merges through a JSON merge patch from baseline to current.
func mergePatch(previous, baseline, current []byte) (any, error) {
	patch, err := jsonpatch.CreateMergePatch(baseline, current)
	if err != nil {
		return nil, err
	}
	merged, err := jsonpatch.MergePatch(previous, patch)
	if err != nil {
		return nil, err
	}
	return decodeTree(merged)
}

// mergePatchFits tells whether a JSON merge patch from baseline to current,
// applied to previous, gives what merge3 gives (see Merge3): the three are
// objects, and none of the cases merge3 is kept for occurs.
func mergePatchFits(previous, baseline, current any) bool {
	if _, _, _, ok := asObjects(previous, baseline, current); !ok {
		return false
	}
	return patchFits(previous, baseline, current)
}

func patchFits(previous, baseline, current any) bool {
	if current == absent || reflect.DeepEqual(baseline, current) {
		return true
	}
	c, currentIsObject := current.(map[string]any)
	b, baselineIsObject := baseline.(map[string]any)
	p, previousIsObject := previous.(map[string]any)
	switch {
	case currentIsObject && baselineIsObject:
		if !previousIsObject {
			return false
		}
		for _, name := range memberNames(b, c) {
			if !patchFits(member(p, name), member(b, name), member(c, name)) {
				return false
			}
		}
		return true
	case currentIsObject && previousIsObject:
		return false
	}
	if x, y, z, ok := asArrays(previous, baseline, current); ok && len(x) == len(y) && len(y) == len(z) {
		return false
	}
	return !containsNull(current)
}

func containsNull(value any) bool {
	switch v := value.(type) {
	case nil:
		return true
	case map[string]any:
		for _, member := range v {
			if containsNull(member) {
				return true
			}
		}
	case []any:
		for _, element := range v {
			if containsNull(element) {
				return true
			}
		}
	}
	return false
}

func encodeTree(tree any) ([]byte, error) {
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(tree); err != nil {
		return nil, fmt.Errorf("merging: %w", err)
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

func decodeTree(data []byte) (any, error) {
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var tree any
	if err := decoder.Decode(&tree); err != nil {
		return nil, err
	}
	if decoder.More() {
		return nil, fmt.Errorf("unexpected data after the value")
	}
	return tree, nil
}

func merge3(previous, baseline, current any) any {
	if reflect.DeepEqual(baseline, current) {
		return previous
	}
	if p, b, c, ok := asObjects(previous, baseline, current); ok {
		return mergeObjects(p, b, c)
	}
	if p, b, c, ok := asArrays(previous, baseline, current); ok && len(p) == len(b) && len(b) == len(c) {
		merged := make([]any, len(c))
		for i := range c {
			merged[i] = merge3(p[i], b[i], c[i])
		}
		return merged
	}
	return current
}

func mergeObjects(previous, baseline, current map[string]any) any {
	merged := make(map[string]any, len(current))
	for _, name := range memberNames(previous, baseline, current) {
		value := merge3(member(previous, name), member(baseline, name), member(current, name))
		if value != absent {
			merged[name] = value
		}
	}
	return merged
}

func member(object map[string]any, name string) any {
	if value, ok := object[name]; ok {
		return value
	}
	return absent
}

func memberNames(objects ...map[string]any) []string {
	seen := map[string]bool{}
	var names []string
	for _, object := range objects {
		for name := range object {
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
	}
	sort.Strings(names)
	return names
}

func asObjects(a, b, c any) (map[string]any, map[string]any, map[string]any, bool) {
	x, ok1 := a.(map[string]any)
	y, ok2 := b.(map[string]any)
	z, ok3 := c.(map[string]any)
	return x, y, z, ok1 && ok2 && ok3
}

func asArrays(a, b, c any) ([]any, []any, []any, bool) {
	x, ok1 := a.([]any)
	y, ok2 := b.([]any)
	z, ok3 := c.([]any)
	return x, y, z, ok1 && ok2 && ok3
}
