package harness

import (
	"reflect"
	"testing"
)

// assigner calls a pair of generated assignment methods, given as method
// expressions of the same type func(*A, *B) error, on values it makes of A and B.
type assigner struct {
	a, b     reflect.Type // A and B
	to, from reflect.Value
}

var errorType = reflect.TypeOf((*error)(nil)).Elem()

// newAssigner returns the assigner of to and from, failing t if they are not
// both of one type func(*A, *B) error.
func newAssigner(t *testing.T, to, from any) *assigner {
	t.Helper()
	toValue, fromValue := reflect.ValueOf(to), reflect.ValueOf(from)
	if !isAssignment(toValue) || !isAssignment(fromValue) || toValue.Type() != fromValue.Type() {
		t.Fatalf("want two assignment methods of one type func(*A, *B) error, got %T and %T", to, from)
	}
	method := toValue.Type()
	return &assigner{a: method.In(0).Elem(), b: method.In(1).Elem(), to: toValue, from: fromValue}
}

// isAssignment says whether f is a non-nil func(*A, *B) error.
func isAssignment(f reflect.Value) bool {
	if f.Kind() != reflect.Func || f.IsNil() {
		return false
	}
	method := f.Type()
	return method.NumIn() == 2 && method.NumOut() == 1 && method.Out(0) == errorType &&
		method.In(0).Kind() == reflect.Pointer && method.In(1).Kind() == reflect.Pointer
}

// newA and newB return pointers to new zero values of A and B.
func (s *assigner) newA() any { return reflect.New(s.a).Interface() }
func (s *assigner) newB() any { return reflect.New(s.b).Interface() }

// call calls method (s.to or s.from) with a (*A) and b (*B).
func (s *assigner) call(method reflect.Value, a, b any) error {
	out := method.Call([]reflect.Value{reflect.ValueOf(a), reflect.ValueOf(b)})
	err, _ := out[0].Interface().(error)
	return err
}
