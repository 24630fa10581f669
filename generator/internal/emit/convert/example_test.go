package convert

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/google/go-cmp/cmp"
)

// readme is generator/README.md, whose section "Conversions: words and a
// worked example" shows what TestREADMEWorkedExample renders.
var readme = filepath.Join("..", "..", "..", "README.md")

// The markers that precede the worked example's two fenced blocks in the
// README.
const (
	opsMarker    = "<!-- worked example: operations -->"
	methodMarker = "<!-- worked example: method -->"
)

// The worked example of generator/README.md: the operations Compose plans to
// convert the tiny service's Widget_Spec from the storage version of
// 2020-01-01 straight to its hub, 2022-01-01, and the method the emitter
// writes from them. The README's blocks must be this test's output; with
// -update it rewrites them.
func TestREADMEWorkedExample(t *testing.T) {
	m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: emittest.Graph()}
	comp := composedOf(t, m.Graph, 0, "Widget_Spec", conversion.ToFar)
	ops := describeOps(m.Graph, comp)
	method := declarations(t, conversionsFile(t, m, 0, layout.Storage), "Widget_Spec."+directPrefix+"To_"+comp.Name) + "\n"

	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	for _, block := range []struct{ marker, want string }{{opsMarker, ops}, {methodMarker, method}} {
		start, end := fencedAfter(t, lines, block.marker)
		got := strings.Join(lines[start:end], "")
		if emittest.Updating() {
			lines = slices.Replace(lines, start, end, strings.SplitAfter(strings.TrimSuffix(block.want, "\n")+"\n", "\n")...)
			lines = slices.DeleteFunc(lines, func(l string) bool { return l == "" })
			continue
		}
		if diff := cmp.Diff(strings.Split(block.want, "\n"), strings.Split(got, "\n")); diff != "" {
			t.Errorf("%s: the block after %q is not what the generator gives (-generator +README):\n%s\nrun go test -update and review the diff", readme, block.marker, diff)
		}
	}
	if emittest.Updating() {
		if err := os.WriteFile(readme, []byte(strings.Join(lines, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// The README's section on conversions names every rule golden.
func TestREADMENamesEveryRule(t *testing.T) {
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ruleCases() {
		if !strings.Contains(string(data), "`"+c.name+"`") {
			t.Errorf("%s does not name the rule golden %s (testdata/rules/%s.golden)", readme, c.name, c.name)
		}
	}
}

// fencedAfter returns the lines [start, end) inside the first fenced block
// after the line holding marker.
func fencedAfter(t *testing.T, lines []string, marker string) (int, int) {
	t.Helper()
	at := slices.IndexFunc(lines, func(l string) bool { return strings.Contains(l, marker) })
	if at < 0 {
		t.Fatalf("%s has no line %q", readme, marker)
	}
	start := -1
	for n := at + 1; n < len(lines); n++ {
		if !strings.HasPrefix(lines[n], "```") {
			continue
		}
		if start < 0 {
			start = n + 1
			continue
		}
		return start, n
	}
	t.Fatalf("%s: no fenced block after %q", readme, marker)
	return 0, 0
}

// composedOf returns the composed conversion the storage struct name of
// version near hosts to or from the hub of the tiny service.
func composedOf(t *testing.T, g *conversion.ComposedGraph, near conversion.VersionIndex, name string, d conversion.Direction) *conversion.Composed {
	t.Helper()
	for _, comp := range g.ComposedBy(near) {
		if comp.Near.Struct.Name == name && comp.Direction == d && comp.Far.Version == g.Hubs["Widget"] {
			return comp
		}
	}
	t.Fatalf("no composed conversion of %s from version %d", name, near)
	return nil
}

// describeOps prints comp's operations, one a line: the kind; the bag key
// (Keep, Pull, Move) or the destination's field (Set); the value (a field of
// the source, or the local a Pull or Move fills); for an operation on the bag,
// the step it happens at; and the way the value went (each field it was
// assigned to, with its version), for a Pull the field its local stands for.
func describeOps(g *conversion.ComposedGraph, comp *conversion.Composed) string {
	name := func(i conversion.VersionIndex) string { return g.Versions[i].Spoke.Name }
	value := func(v conversion.Value) string {
		if v.Local == 0 {
			return "source." + v.First().Name
		}
		return fmt.Sprintf("pulled%d", v.Local)
	}
	way := func(v conversion.Value) string {
		var parts []string
		fields, versions := v.Trail()
		for n, f := range fields {
			parts = append(parts, f.Name+"@"+name(versions[n]))
		}
		return strings.Join(parts, " -> ")
	}
	step := func(op *conversion.Op) string { return fmt.Sprintf("step %d", slices.Index(comp.Steps, op.Step)+1) }
	compat := func(op *conversion.Op) string {
		if op.Plan.Compat == nil {
			return ""
		}
		return fmt.Sprintf(", through compat %s of %s", op.Plan.Compat.Name, name(op.Step.Host.Version))
	}
	var buf bytes.Buffer
	direction := "to"
	if comp.Direction == conversion.FromFar {
		direction = "from"
	}
	fmt.Fprintf(&buf, "%s of %s %s %s of %s (the hub)\n", comp.Near.Struct.Name, name(comp.Near.Version), direction,
		comp.Far.Struct.Name, name(comp.Far.Version))
	for n, s := range comp.Steps {
		fmt.Fprintf(&buf, "step %d: %s -> %s\n", n+1, name(s.Host.Version), name(s.Other.Version))
	}
	w := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	for _, op := range comp.Ops {
		switch op.Kind {
		case conversion.Keep:
			fmt.Fprintf(w, "Keep\t%q\t%s\t%s\t%s%s\n", op.Key, value(op.Value), step(op), way(op.Value), compat(op))
		case conversion.Pull:
			fmt.Fprintf(w, "Pull\t%q\t%s\t%s\t%s%s\n", op.Key, value(op.Value), step(op), way(op.Value), compat(op))
		case conversion.Move:
			fmt.Fprintf(w, "Move\t%q\t%s = %s\t%s\t%s\n", op.Key, value(op.Value), value(op.From), step(op), way(op.From))
		case conversion.Set:
			fmt.Fprintf(w, "Set\t%s\t%s\t\t%s\n", op.Target.Name, value(op.Value), way(op.Value))
		}
	}
	w.Flush()
	return buf.String()
}
