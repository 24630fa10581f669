package metadata

import (
	"fmt"
	"strings"
)

// rename is a property or type rename as the chain checks see it: within a scope
// (the type, for property renames), name from becomes name to.
type rename struct {
	scope, from, to string
	line            int
}

func (r rename) key() string { return strings.ToLower(r.scope + "\x00" + r.from) }

// checkRenameChains fails on a rename to the same name, a name renamed twice and
// a chain of renames that comes back to a name it left (A -> B, B -> A), which
// leaves no latest name to match versions by.
func (s *Service) checkRenameChains(*lineFinder) error {
	var props, types []rename
	for _, r := range s.Renames.Properties {
		props = append(props, rename{r.Type, r.From, r.To, r.Line})
	}
	for _, r := range s.Renames.Types {
		types = append(types, rename{"", r.From, r.To, r.Line})
	}
	if err := s.checkChains("property", props); err != nil {
		return err
	}
	return s.checkChains("type", types)
}

func (s *Service) checkChains(what string, renames []rename) error {
	next := map[string]rename{}
	for _, r := range renames {
		if strings.EqualFold(r.from, r.to) {
			return s.errorf(r.line, "%s rename from %q to %q: expected another name", what, r.from, r.to)
		}
		if earlier, ok := next[r.key()]; ok {
			return s.errorf(r.line, "%s %q is renamed twice (lines %d and %d): expected one rename for each name", what, r.from, earlier.line, r.line)
		}
		next[r.key()] = r
	}
	for _, r := range renames {
		if cycle := cycleFrom(next, r); cycle != nil {
			return s.errorf(lastLine(cycle), "%s rename cycle: %s; expected a chain of renames that never comes back to a name", what, describeChain(cycle))
		}
	}
	return nil
}

// cycleFrom follows the renames from first and returns them if they come back to
// first's name, or nil. It takes at most one step for each rename.
func cycleFrom(next map[string]rename, first rename) []rename {
	chain := []rename{first}
	for len(chain) <= len(next) {
		last := chain[len(chain)-1]
		if strings.EqualFold(last.to, first.from) {
			return chain
		}
		r, ok := next[rename{scope: first.scope, from: last.to}.key()]
		if !ok {
			return nil
		}
		chain = append(chain, r)
	}
	return nil
}

func lastLine(chain []rename) int {
	line := 0
	for _, r := range chain {
		line = max(line, r.line)
	}
	return line
}

// describeChain writes a chain as "a -> b (line 3) -> a (line 7)".
func describeChain(chain []rename) string {
	var b strings.Builder
	if chain[0].scope != "" {
		fmt.Fprintf(&b, "in type %s: ", chain[0].scope)
	}
	b.WriteString(chain[0].from)
	for _, r := range chain {
		fmt.Fprintf(&b, " -> %s (line %d)", r.to, r.line)
	}
	return b.String()
}
