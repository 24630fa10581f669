package runtime

import "fmt"

// Helpers of generated property assignments: each copies a value, so a
// destination never shares memory with its source.

// Clone returns a pointer to a copy of *p, or nil when p is nil.
func Clone[T any](p *T) *T {
	if p == nil {
		return nil
	}
	copied := *p
	return &copied
}

// PointerTo returns a pointer to a copy of value.
func PointerTo[T any](value T) *T {
	return &value
}

// Deref returns *p, or the zero value when p is nil.
func Deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// ConvertString returns a pointer to *p converted to D, or nil when p is nil.
func ConvertString[D, S ~string](p *S) *D {
	if p == nil {
		return nil
	}
	converted := D(*p)
	return &converted
}

// ConvertNumber returns a pointer to *p converted to D, or nil when p is nil.
func ConvertNumber[D, S ~int | ~float64](p *S) *D {
	if p == nil {
		return nil
	}
	converted := D(*p)
	return &converted
}

// ConvertBool returns a pointer to *p converted to D, or nil when p is nil.
func ConvertBool[D, S ~bool](p *S) *D {
	if p == nil {
		return nil
	}
	converted := D(*p)
	return &converted
}

// Converting returns err wrapped with what was being converted, as the error
// of a generated conversion: "converting <what>: <err>". Generated code calls
// it on the error path only, so the path's formatting is written once here.
func Converting(what string, err error) error {
	return fmt.Errorf("converting %s: %w", what, err)
}
