package swagger

import (
	"path"
	"strconv"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// sections a $ref can point into, with what each holds.
var sections = map[string]string{"definitions": "definition", "parameters": "parameter"}

// resolve finds what the $ref v of the node at d#ptr points at:
// #/<section>/<name> of d, or of another file by a path relative to d's
// folder. A definition of one of the version's files is the version's.
func (x *loader) resolve(d *schemawalk.File, v any, ptr, section string) (node, error) {
	rptr := ptr + "/$ref"
	ref, ok := v.(string)
	if !ok {
		return node{}, schemawalk.Errf(d, rptr, "expected $ref to be a string, found %s", jsonfile.Kind(v))
	}
	file, _, _ := strings.Cut(ref, "#")
	td := d
	if file != "" {
		var err error
		if td, err = x.refDoc(d, ref, file, rptr); err != nil {
			return node{}, err
		}
	}
	t, name, err := schemawalk.Target(d, rptr, ref, td, section, sections[section])
	if err == nil && section == "definitions" && x.version[td] {
		return x.local[name], nil
	}
	return t, err
}

// refDoc returns the file a $ref names by a relative path.
func (x *loader) refDoc(d *schemawalk.File, ref, file, rptr string) (*schemawalk.File, error) {
	if strings.Contains(file, "://") || path.IsAbs(file) || strings.Contains(file, `\`) {
		return nil, schemawalk.Errf(d, rptr, "$ref %q: expected a file path relative to %s, with slashes", ref, d.Rel)
	}
	rel := path.Clean(path.Join(path.Dir(d.Rel), file))
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return nil, schemawalk.Errf(d, rptr, "$ref %q leads outside the root", ref)
	}
	td, missing, err := x.l.files.Get(rel, parseDoc)
	if missing {
		return nil, schemawalk.Errf(d, rptr, "dangling $ref %q: %v", ref, err)
	}
	return td, err
}

// deref follows nd's $refs to the schema they end at, checking the keywords
// beside each.
func (x *loader) deref(nd node) (node, error) {
	var seen []string
	for {
		ref, ok := nd.N["$ref"]
		if !ok {
			return nd, nil
		}
		for _, k := range seen {
			if k == nd.Key() {
				return node{}, schemawalk.Errf(nd.File, nd.Ptr, "$ref cycle with no type in between: %s", strings.Join(append(seen, k), " -> "))
			}
		}
		seen = append(seen, nd.Key())
		t, err := x.follow(nd, ref)
		if err != nil {
			return node{}, err
		}
		nd = t
	}
}

// Follow returns the definition the $ref schema nd points at, and its label.
func (x *loader) Follow(nd node) (node, schemawalk.Label, error) {
	t, err := x.follow(nd, nd.N["$ref"])
	if err != nil {
		return node{}, schemawalk.Label{}, err
	}
	return t, schemawalk.DefLabel(t), nil
}

// follow returns the definition the $ref schema nd points at, checking the
// keywords beside the $ref. A type there (common-types v4 has one) must be the
// type of the definition.
func (x *loader) follow(nd node, ref any) (node, error) {
	if err := x.checkBesideRef(nd); err != nil {
		return node{}, err
	}
	t, err := x.resolve(nd.File, ref, nd.Ptr, "definitions")
	if err != nil {
		return node{}, err
	}
	v, ok := nd.N["type"]
	if !ok {
		return t, nil
	}
	want, _ := t.N["type"].(string)
	if want == "" && isObject(t.N) {
		want = "object"
	}
	if v != want || want == "" {
		return node{}, schemawalk.Errf(nd.File, nd.Ptr+"/type", "type %s beside a $ref: expected the type of the definition it points at (%s), or none", schemawalk.DescribeValue(v), schemawalk.DescribeValue(want))
	}
	return t, nil
}

// derived returns the definitions that inherit from base through allOf, at
// any depth: the version's and those of base's own file, in name order.
func (x *loader) derived(base node) ([]node, error) {
	key := base.Key()
	if ds, ok := x.derivedOf[key]; ok {
		return ds, nil
	}
	var candidates []node
	for _, k := range jsonfile.SortedKeys(x.local) {
		candidates = append(candidates, x.local[k])
	}
	if !x.version[base.File] {
		defs, err := base.File.Definitions()
		if err != nil {
			return nil, err
		}
		candidates = append(candidates, defs...)
	}
	var out []node
	for _, c := range candidates {
		if c.Key() == key {
			continue
		}
		ok, err := x.inherits(c, key, map[string]bool{})
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, c)
		}
	}
	x.derivedOf[key] = out
	return out, nil
}

// inherits reports whether the schema c includes the definition base through
// the $refs of its allOf, at any depth.
func (x *loader) inherits(c node, base string, seen map[string]bool) (bool, error) {
	if seen[c.Key()] {
		return false, nil
	}
	seen[c.Key()] = true
	list, _ := c.N["allOf"].([]any)
	for i, item := range list {
		m, ok := item.(map[string]any)
		if !ok || m["$ref"] == nil {
			continue // not a definition; converting c reports what is wrong
		}
		t, err := x.resolve(c.File, m["$ref"], c.Ptr+"/allOf/"+strconv.Itoa(i), "definitions")
		if err != nil {
			return false, err
		}
		if t.Key() == base {
			return true, nil
		}
		if ok, err := x.inherits(t, base, seen); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}
