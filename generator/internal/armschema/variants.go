package armschema

import (
	"regexp"
	"strings"

	"github.com/armhub/armhub/generator/internal/jsonfile"
	"github.com/armhub/armhub/generator/internal/schemawalk"
)

// spec makes a resource's spec from its members m: the object of them, or,
// for a resource whose schema is a oneOf (or anyOf) of variants
// (sites_config's web, appsettings, ...; a data connection's kinds), the
// union of the variants, each merged with the members beside the oneOf and
// made a spec of its own (specMembers), named by variantNames.
func (x *loader) spec(n schemawalk.Node, l schemawalk.Label, m *schemawalk.Members) (schemawalk.Shape, error) {
	if m.Union != nil {
		return x.union(n, l, m, unionRule{names: x.variantNames(m.Union.Alts), finish: x.specMembers})
	}
	if err := x.specMembers(m); err != nil {
		return schemawalk.Shape{}, err
	}
	return x.BuildObject(n, schemawalk.Spec, l, m)
}

// word is a name a variant can take.
var word = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9]*$`)

// namePattern is a variant's name pattern that ends in a fixed segment.
var namePattern = regexp.MustCompile(`^\^\.\*/([A-Za-z][A-Za-z0-9]*)\$$`)

// variantNames names the variants of a resource after what tells them apart:
// the one value of a property each declares as an enum of one value (kind
// "EventHub" is eventHub; the properties tried in name order), else the
// fixed last segment of its name pattern "^.*/web$" (web). It returns nil,
// for altName's names, unless one of those names every variant with a word
// of letters and digits, distinct ignoring case.
func (x *loader) variantNames(alts []schemawalk.Alt) []string {
	props, _ := alts[0].Node.N["properties"].(map[string]any)
	for _, p := range jsonfile.SortedKeys(props) {
		if names := distinctNames(alts, func(a schemawalk.Node) string { return x.oneValue(a, p) }); names != nil {
			return names
		}
	}
	return distinctNames(alts, x.nameSegment)
}

// distinctNames returns the name of each alternative in lowerCamel, or nil
// unless all are words, distinct ignoring case.
func distinctNames(alts []schemawalk.Alt, name func(schemawalk.Node) string) []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range alts {
		s := name(a.Node)
		if !word.MatchString(s) || seen[strings.ToLower(s)] {
			return nil
		}
		seen[strings.ToLower(s)] = true
		out = append(out, jsonfile.LowerCamel(s))
	}
	return out
}

// declared returns the schema of property p that the inline alternative a
// declares, its one alternative beside a template expression if it is a
// oneOf (or anyOf); nil if there is none.
func (x *loader) declared(a schemawalk.Node, p string) map[string]any {
	props, _ := a.N["properties"].(map[string]any)
	s, _ := props[p].(map[string]any)
	alts, ok := s[schemawalk.UnionKey(s)].([]any)
	if !ok {
		return s
	}
	var real []map[string]any
	for _, v := range alts {
		if an, ok := v.(map[string]any); ok && !x.isExpression(schemawalk.Node{File: a.File, N: an}) {
			real = append(real, an)
		}
	}
	if len(real) != 1 {
		return nil
	}
	return real[0]
}

// oneValue returns the value of property p of alternative a if a declares
// it as an enum (or const) of one string, else "".
func (x *loader) oneValue(a schemawalk.Node, p string) string {
	s := x.declared(a, p)
	values, _ := s["enum"].([]any)
	if c, ok := s["const"]; ok {
		values = []any{c}
	}
	if len(values) != 1 {
		return ""
	}
	v, _ := values[0].(string)
	return v
}

// nameSegment returns the fixed last segment of alternative a's name
// pattern ^.*/<segment>$, or "".
func (x *loader) nameSegment(a schemawalk.Node) string {
	p, _ := x.declared(a, "name")["pattern"].(string)
	if m := namePattern.FindStringSubmatch(p); m != nil {
		return m[1]
	}
	return ""
}
