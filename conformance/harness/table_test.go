package harness

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// wide and narrow stand for a version and the next: narrow lacks B, and wide's
// assignments drop it, as a broken conversion would.
type wide struct{ A, B string }
type narrow struct{ A string }

func (w *wide) to(n *narrow) error   { n.A = w.A; return nil }
func (w *wide) from(n *narrow) error { w.A = n.A; return nil }

// whole's assignments copy everything; blind's from forgets what the newer
// version holds.
type whole struct{ A string }
type blind struct{ A string }

func (w *whole) to(n *narrow) error   { n.A = w.A; return nil }
func (w *whole) from(n *narrow) error { w.A = n.A; return nil }
func (b *blind) to(n *narrow) error   { n.A = b.A; return nil }
func (b *blind) from(n *narrow) error { return nil }

// childEnv names the check a child process of TestChecksFail runs.
const childEnv = "ARMHUB_HARNESS_CHILD"

// TestFailingChild is the child's test: it runs the check named by childEnv,
// which must fail; run alone, it skips.
func TestFailingChild(t *testing.T) {
	switch os.Getenv(childEnv) {
	case "":
		t.Skip("runs only as a child of TestChecksFail")
	case "lossy":
		AssignRoundTrip(t, (*wide).to, (*wide).from)
	case "lossy-back":
		AssignRoundTripBack(t, (*blind).to, (*blind).from)
	case "mismatched":
		AssignRoundTrip(t, (*wide).to, (*whole).from)
	case "empty":
		RoundTrips(t, nil)
	case "no-next":
		NextAssignments(t, []Kind{{Name: "Whole", Versions: []Version{{Name: "v1", To: (*whole).to, From: (*whole).from}}}})
	}
}

// The checks fail, saying why, on a lossy assignment either way, on assignment
// methods of two types, and on a table without cases.
func TestChecksFail(t *testing.T) {
	if os.Getenv(childEnv) != "" {
		t.Skip("in a child")
	}
	for check, wants := range map[string][]string{
		"lossy":      {"*harness.wide -> *harness.narrow -> back lost data", "replay: go test -run '^TestFailingChild$' -args"},
		"lossy-back": {"*harness.narrow -> *harness.blind -> back lost data"},
		"mismatched": {"want two assignment methods of one type"},
		"empty":      {"the table has no cases"},
		"no-next":    {"the table has no cases"},
	} {
		t.Run(check, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestFailingChild$", "-test.v")
			cmd.Env = append(os.Environ(), childEnv+"="+check)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the check passed:\n%s", out)
			}
			for _, want := range wants {
				if !strings.Contains(string(out), want) {
					t.Errorf("the failure does not say %q:\n%s", want, out)
				}
			}
		})
	}
}

// Assignments that lose nothing pass both ways, and the subtests of a table are
// named after its rows.
func TestStorageAssignmentsNamesSubtests(t *testing.T) {
	AssignRoundTrip(t, (*whole).to, (*whole).from)
	AssignRoundTripBack(t, (*whole).to, (*whole).from)
	var names []string
	for _, c := range storageCases(eachVersion([]Kind{{Name: "Whole", Versions: []Version{{Name: "v1"}, {Name: "v2"}}}},
		func(k Kind, v Version) func(t *testing.T) { return func(t *testing.T) {} })) {
		names = append(names, c.name)
	}
	if got, want := strings.Join(names, " "), "Whole_v1s Whole_v2s"; got != want {
		t.Errorf("subtests %q, want %q", got, want)
	}
}
