package runtime

import "fmt"

// The route helpers take pointers as their type parameters (PS, PN: *S and
// *N of the versions they convert), not the structs: every instantiation then
// has one shape, so a package of generated routes compiles one copy of each
// helper, not one per resource with the wrappers of its embedded metadata's
// methods. newN allocates the staged value of the next version.

// StepTo converts source towards the hub: when destination is a PN (the next
// version) it assigns source to it; otherwise it assigns source to a new one
// (newN) and has that convert on (next), or, when next is nil (PN is the hub,
// which only itself can be converted to), fails.
func StepTo[PS, PN, D any](source PS, destination D, newN func() PN, assign func(PS, PN) error, next func(PN, D) error) error {
	if n, ok := any(destination).(PN); ok {
		return assign(source, n)
	}
	if next == nil {
		return fmt.Errorf("cannot convert %T to %T: not the hub %T", source, destination, newN())
	}
	staged := newN()
	if err := assign(source, staged); err != nil {
		return fmt.Errorf("converting %T to %T: %w", source, staged, err)
	}
	return next(staged, destination)
}

// StepFrom populates destination from source by way of PN, the next version
// towards the hub: directly when source is a PN, otherwise from a new one
// (newN) that converts from source first (next), or, when next is nil (PN is
// the hub), fails.
func StepFrom[PS, PN, D any](destination PS, source D, newN func() PN, assign func(PS, PN) error, next func(PN, D) error) error {
	staged, err := stage(source, newN, next)
	if err != nil {
		return err
	}
	return assign(destination, staged)
}

// stage returns source when it is a PN, else a new one (newN) converted from
// source by next, or, when next is nil (PN is the hub, which only itself
// converts to), an error.
func stage[PN, D any](source D, newN func() PN, next func(PN, D) error) (PN, error) {
	if n, ok := any(source).(PN); ok {
		return n, nil
	}
	staged := newN()
	if next == nil {
		return staged, fmt.Errorf("cannot convert %T to %T: not the hub", source, staged)
	}
	if err := next(staged, source); err != nil {
		return staged, fmt.Errorf("converting %T to %T: %w", source, staged, err)
	}
	return staged, nil
}

// SetStatus sets *field, a resource's status, to status: a copy when it is of
// the field's type, else converted from it. name names the resource in errors.
func SetStatus[T any, PT interface {
	*T
	ConvertibleStatus
	DeepCopyInto(*T)
}](field *T, status ConvertibleStatus, name string) error {
	if own, ok := status.(PT); ok {
		own.DeepCopyInto(field)
		return nil
	}
	var converted T
	if err := PT(&converted).ConvertStatusFrom(status); err != nil {
		return fmt.Errorf("setting the status of %s: %w", name, err)
	}
	*field = converted
	return nil
}
