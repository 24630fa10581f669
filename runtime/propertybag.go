package runtime

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// PropertyBag holds properties that a storage version has no field for, each as the
// JSON encoding of its value, keyed by property name.
type PropertyBag map[string]string

// NewPropertyBag returns a new bag holding the entries of every given bag; where
// several hold the same name, the later bag wins. It returns nil when all are empty.
func NewPropertyBag(bags ...PropertyBag) PropertyBag {
	var result PropertyBag
	for _, bag := range bags {
		for name, value := range bag {
			if result == nil {
				result = make(PropertyBag, len(bag))
			}
			result[name] = value
		}
	}
	return result
}

// Add stores value under name, replacing any earlier entry. It fails when value
// cannot be encoded as JSON (a channel, a function, a NaN float...).
func (bag *PropertyBag) Add(name string, value any) error {
	data, err := json.Marshal(value)
	if err != nil {
		return fmt.Errorf("property bag: cannot store %q of type %T: %w", name, value, err)
	}
	if *bag == nil {
		*bag = make(PropertyBag)
	}
	(*bag)[name] = string(data)
	return nil
}

// Pull decodes the entry stored under name into target (a non-nil pointer) and
// removes it. It returns false with no error when there is no such entry, and
// keeps the entry when it does not decode into target's type.
func (bag *PropertyBag) Pull(name string, target any) (bool, error) {
	found, err := bag.Peek(name, target)
	if found && err == nil {
		bag.Remove(name)
	}
	return found, err
}

// Peek decodes the entry stored under name into target (a non-nil pointer) without
// removing it. It returns false with no error when there is no such entry. On an
// error target is left as it was.
func (bag PropertyBag) Peek(name string, target any) (bool, error) {
	value := reflect.ValueOf(target)
	if value.Kind() != reflect.Pointer || value.IsNil() {
		return false, fmt.Errorf("property bag: target for %q must be a non-nil pointer, got %T", name, target)
	}
	data, ok := bag[name]
	if !ok {
		return false, nil
	}
	fresh := reflect.New(value.Elem().Type())
	if err := decodeStrict(data, fresh.Interface()); err != nil {
		return true, fmt.Errorf("property bag: entry %q holds %s, which does not decode into %s: %w",
			name, data, value.Elem().Type(), err)
	}
	value.Elem().Set(fresh.Elem())
	return true, nil
}

// decodeStrict decodes data into target, rejecting fields that target's type lacks,
// so that a value of another shape is reported rather than half-read.
func decodeStrict(data string, target any) error {
	decoder := json.NewDecoder(strings.NewReader(data))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(target); err != nil {
		return err
	}
	if decoder.More() {
		return fmt.Errorf("unexpected data after the value")
	}
	return nil
}

// Remove deletes the entry stored under name, if any; removing the last entry
// leaves a nil bag.
func (bag *PropertyBag) Remove(name string) {
	delete(*bag, name)
	if len(*bag) == 0 {
		*bag = nil
	}
}

// Contains reports whether the bag holds an entry under name.
func (bag PropertyBag) Contains(name string) bool {
	_, ok := bag[name]
	return ok
}

// Clone returns an independent copy of the bag, or nil when it is empty.
func (bag PropertyBag) Clone() PropertyBag {
	return NewPropertyBag(bag)
}

// Names returns the names of the bag's entries, sorted.
func (bag PropertyBag) Names() []string {
	names := make([]string, 0, len(bag))
	for name := range bag {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
