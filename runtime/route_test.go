package runtime

import (
	"errors"
	"strings"
	"testing"
)

type older struct{ A string }
type newer struct{ A string }
type newest struct{ A string }

func newNewer() *newer { return new(newer) }

func assignTo(s *older, n *newer) error   { n.A = s.A + ">"; return nil }
func assignFrom(s *older, n *newer) error { s.A = n.A + "<"; return nil }
func newerTo(n *newer, d any) error {
	if last, ok := d.(*newest); ok {
		last.A = n.A + ">>"
		return nil
	}
	return errors.New("unknown destination")
}
func newerFrom(n *newer, s any) error {
	if last, ok := s.(*newest); ok {
		n.A = last.A + "<<"
		return nil
	}
	return errors.New("unknown source")
}

func TestStepToAssignsTheNextOrConvertsOn(t *testing.T) {
	next := &newer{}
	if err := StepTo[*older, *newer, any](&older{A: "a"}, next, newNewer, assignTo, newerTo); err != nil || next.A != "a>" {
		t.Errorf("to the next version: %q, %v", next.A, err)
	}
	last := &newest{}
	if err := StepTo[*older, *newer, any](&older{A: "a"}, last, newNewer, assignTo, newerTo); err != nil || last.A != "a>>>" {
		t.Errorf("through the next version: %q, %v", last.A, err)
	}
	if err := StepTo[*older, *newer, any](&older{}, last, newNewer, assignTo, nil); err == nil || !strings.Contains(err.Error(), "not the hub") {
		t.Errorf("past the hub: %v, want an error", err)
	}
}

func TestStepFromAssignsTheNextOrConvertsFirst(t *testing.T) {
	got := &older{}
	if err := StepFrom[*older, *newer, any](got, &newer{A: "n"}, newNewer, assignFrom, newerFrom); err != nil || got.A != "n<" {
		t.Errorf("from the next version: %q, %v", got.A, err)
	}
	if err := StepFrom[*older, *newer, any](got, &newest{A: "z"}, newNewer, assignFrom, newerFrom); err != nil || got.A != "z<<<" {
		t.Errorf("through the next version: %q, %v", got.A, err)
	}
	if err := StepFrom[*older, *newer, any](got, &newest{}, newNewer, assignFrom, nil); err == nil || !strings.Contains(err.Error(), "not the hub") {
		t.Errorf("past the hub: %v, want an error", err)
	}
	if err := StepFrom[*older, *newer, any](got, "other", newNewer, assignFrom, newerFrom); err == nil || !strings.Contains(err.Error(), "unknown source") {
		t.Errorf("an unknown source: %v, want its error", err)
	}
}

type testStatus struct{ Phase string }

func (s *testStatus) DeepCopyInto(out *testStatus) { *out = *s }
func (s *testStatus) ConvertStatusTo(d ConvertibleStatus) error {
	return d.ConvertStatusFrom(s)
}
func (s *testStatus) ConvertStatusFrom(source ConvertibleStatus) error {
	if other, ok := source.(*otherStatus); ok {
		s.Phase = "converted " + other.State
		return nil
	}
	return errors.New("cannot convert")
}

type otherStatus struct{ State string }

func (s *otherStatus) ConvertStatusTo(d ConvertibleStatus) error { return d.ConvertStatusFrom(s) }
func (s *otherStatus) ConvertStatusFrom(ConvertibleStatus) error { return errors.New("no") }

func TestSetStatusCopiesOrConverts(t *testing.T) {
	var field testStatus
	own := &testStatus{Phase: "ready"}
	if err := SetStatus(&field, own, "r"); err != nil || field.Phase != "ready" {
		t.Fatalf("own type: %+v, %v", field, err)
	}
	own.Phase = "changed"
	if field.Phase != "ready" {
		t.Error("SetStatus shares the given status")
	}
	if err := SetStatus(&field, &otherStatus{State: "up"}, "r"); err != nil || field.Phase != "converted up" {
		t.Errorf("other type: %+v, %v", field, err)
	}
	field.Phase = "kept"
	if err := SetStatus(&field, nil, "r1"); err == nil || !strings.Contains(err.Error(), "r1") || field.Phase != "kept" {
		t.Errorf("a failed conversion: %+v, %v; want an error naming r1 and the field kept", field, err)
	}
}
