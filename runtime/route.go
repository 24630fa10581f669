package runtime

import "fmt"

// StepTo converts source towards the hub: when destination is an N (the next
// version) it assigns source to it; otherwise it assigns source to a new N and
// has that convert on (next), or, when next is nil (N is the hub, which only
// itself can be converted to), fails.
func StepTo[S, N, D any](source *S, destination D, assign func(*S, *N) error, next func(*N, D) error) error {
	if n, ok := any(destination).(*N); ok {
		return assign(source, n)
	}
	if next == nil {
		return fmt.Errorf("cannot convert %T to %T: not the hub %T", source, destination, new(N))
	}
	var staged N
	if err := assign(source, &staged); err != nil {
		return fmt.Errorf("converting %T to %T: %w", source, &staged, err)
	}
	return next(&staged, destination)
}

// StepFrom populates destination from source by way of N, the next version
// towards the hub: directly when source is an N, otherwise from a new N that
// converts from source first (next), or, when next is nil (N is the hub),
// fails.
func StepFrom[S, N, D any](destination *S, source D, assign func(*S, *N) error, next func(*N, D) error) error {
	staged, err := stage(source, next)
	if err != nil {
		return err
	}
	return assign(destination, staged)
}

// stage returns source when it is an N, else a new N converted from source by
// next, or, when next is nil (N is the hub, which only itself converts to), an
// error.
func stage[N, D any](source D, next func(*N, D) error) (*N, error) {
	if n, ok := any(source).(*N); ok {
		return n, nil
	}
	staged := new(N)
	if next == nil {
		return nil, fmt.Errorf("cannot convert %T to %T: not the hub", source, staged)
	}
	if err := next(staged, source); err != nil {
		return nil, fmt.Errorf("converting %T to %T: %w", source, staged, err)
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
