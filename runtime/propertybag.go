package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
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
// cannot be encoded as JSON (a channel, a function, a NaN float...). Strings and
// free-form JSON are stored as they are: <, > and & are not escaped.
func (bag *PropertyBag) Add(name string, value any) error {
	data, err := encode(value)
	if err != nil {
		return fmt.Errorf("property bag: cannot store %q of type %T: %w", name, value, err)
	}
	if *bag == nil {
		*bag = make(PropertyBag)
	}
	(*bag)[name] = data
	return nil
}

// Keep stores value under name when set, and otherwise removes the entry.
func (bag *PropertyBag) Keep(name string, value any, set bool) error {
	if !set {
		bag.Remove(name)
		return nil
	}
	return bag.Add(name, value)
}

// encode returns the JSON encoding of value, like json.Marshal but without
// escaping <, > and & for HTML.
func encode(value any) (string, error) {
	if text, ok := encodeSimple(value); ok {
		return text, nil
	}
	return encodeJSON(value)
}

// encodeJSON is encode through encoding/json.
func encodeJSON(value any) (string, error) {
	var buffer bytes.Buffer
	encoder := json.NewEncoder(&buffer)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(value); err != nil {
		return "", err
	}
	return strings.TrimSuffix(buffer.String(), "\n"), nil
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

// Pulled is Pull into a new value of T, which it returns: the zero T when bag
// has no entry name. It allocates only when there is one, where a local whose
// address goes to Pull is allocated every time.
func Pulled[T any](bag *PropertyBag, name string) (T, error) {
	if _, ok := (*bag)[name]; !ok {
		var zero T
		return zero, nil
	}
	var value T
	_, err := bag.Pull(name, &value)
	return value, err
}

// Peek decodes the entry stored under name into target (a non-nil pointer) without
// removing it. It returns false with no error when there is no such entry. On an
// error target is left as it was.
//
// Decoding never loses data: it fails for fields target's type lacks, for numbers
// a float cannot hold exactly (its shortest form, the one Go writes, must be the
// stored number: 0.1 decodes, 2^53+1 does not), for integers out of range, and for
// null where the type cannot be absent (anything but a pointer, slice, map,
// interface or a type with its own UnmarshalJSON, such as JSON). Interface values
// hold numbers as json.Number, exactly as stored.
func (bag PropertyBag) Peek(name string, target any) (bool, error) {
	value := reflect.ValueOf(target)
	if value.Kind() != reflect.Pointer || value.IsNil() {
		return false, fmt.Errorf("property bag: target for %q must be a non-nil pointer, got %T", name, target)
	}
	data, ok := bag[name]
	if !ok {
		return false, nil
	}
	if decodeSimple(data, target) {
		return true, nil
	}
	fresh := reflect.New(value.Elem().Type())
	if err := decodeExact(data, fresh.Interface()); err != nil {
		return true, fmt.Errorf("property bag: entry %q holds %s, which does not decode into %s: %w",
			name, data, value.Elem().Type(), err)
	}
	value.Elem().Set(fresh.Elem())
	return true, nil
}

// decodeExact decodes data into target (a pointer) and then fails where the
// decoding lost data, as checkExact describes.
func decodeExact(data string, target any) error {
	if err := decodeStrict(data, target); err != nil {
		return err
	}
	if !strings.Contains(data, "null") && !holdsFloat(reflect.TypeOf(target).Elem()) {
		return nil // no null and no float: nothing checkExact could find
	}
	var tree any
	if err := decodeStrict(data, &tree); err != nil {
		return err
	}
	return checkExact(tree, reflect.TypeOf(target).Elem())
}

// decodeStrict decodes data into target, rejecting fields that target's type lacks,
// so that a value of another shape is reported rather than half-read. Interface
// values receive numbers as json.Number, holding the stored text.
func decodeStrict(data string, target any) error {
	decoder := json.NewDecoder(strings.NewReader(data))
	decoder.DisallowUnknownFields()
	decoder.UseNumber()
	if err := decoder.Decode(target); err != nil {
		return err
	}
	if decoder.More() {
		return fmt.Errorf("unexpected data after the value")
	}
	return nil
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()

// checkExact reports what of node, a decoded JSON value holding numbers as
// json.Number, a value of type typ cannot hold: null where typ cannot be absent, or
// a number a float cannot hold exactly. Types with their own UnmarshalJSON decide
// for themselves.
func checkExact(node any, typ reflect.Type) error {
	if reflect.PointerTo(typ).Implements(unmarshalerType) {
		return nil
	}
	if node == nil {
		return checkNullable(typ)
	}
	switch typ.Kind() {
	case reflect.Pointer:
		return checkExact(node, typ.Elem())
	case reflect.Float32, reflect.Float64:
		return checkFloat(node, typ)
	case reflect.Slice, reflect.Array:
		return checkItems(node, typ.Elem())
	case reflect.Map:
		return checkEntries(node, typ.Elem())
	case reflect.Struct:
		return checkFields(node, typ)
	}
	return nil
}

// floats caches holdsFloat by type.
var floats sync.Map

// holdsFloat reports whether a value of type typ holds, at any depth, a float
// (where its own UnmarshalJSON does not decide): the only values besides null
// where checkExact can find a loss.
func holdsFloat(typ reflect.Type) bool {
	if known, ok := floats.Load(typ); ok {
		return known.(bool)
	}
	result := walkFloats(typ, map[reflect.Type]bool{})
	floats.Store(typ, result)
	return result
}

func walkFloats(typ reflect.Type, seen map[reflect.Type]bool) bool {
	if seen[typ] || reflect.PointerTo(typ).Implements(unmarshalerType) {
		return false
	}
	seen[typ] = true
	switch typ.Kind() {
	case reflect.Float32, reflect.Float64:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return walkFloats(typ.Elem(), seen)
	case reflect.Struct:
		for _, field := range jsonFieldsOf(typ) {
			if walkFloats(field, seen) {
				return true
			}
		}
	}
	return false
}

// checkNullable fails unless a value of type typ can be absent, and so hold null.
func checkNullable(typ reflect.Type) error {
	switch typ.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
		return nil
	}
	return fmt.Errorf("null cannot be held by %s, which cannot be absent", typ)
}

// checkFloat fails unless node, a number, is the one Go writes for the float of
// type typ that it decodes into.
func checkFloat(node any, typ reflect.Type) error {
	number, ok := node.(json.Number)
	if !ok {
		return nil
	}
	value, err := strconv.ParseFloat(string(number), typ.Bits())
	if err != nil || decimal(string(number)) != decimal(strconv.FormatFloat(value, 'g', -1, typ.Bits())) {
		return fmt.Errorf("number %s cannot be held exactly by %s", number, typ)
	}
	return nil
}

// decimal returns text, a JSON number, as its sign, significant digits and
// exponent, so that numbers equal in value compare equal: 2.50E+1 and 25 both give
// 25e0.
func decimal(text string) string {
	sign, text := "", strings.ToLower(text)
	if rest, negative := strings.CutPrefix(text, "-"); negative {
		sign, text = "-", rest
	}
	mantissa, exponent, _ := strings.Cut(text, "e")
	whole, fraction, _ := strings.Cut(mantissa, ".")
	digits := strings.TrimLeft(whole+fraction, "0")
	significant := strings.TrimRight(digits, "0")
	if significant == "" {
		return sign + "0"
	}
	shift := 0
	if exponent != "" {
		var err error
		if shift, err = strconv.Atoi(exponent); err != nil {
			return "unreadable " + text
		}
	}
	shift += len(digits) - len(significant) - len(fraction)
	return sign + significant + "e" + strconv.Itoa(shift)
}

// checkItems checks each item of node, a JSON array, against elem.
func checkItems(node any, elem reflect.Type) error {
	items, _ := node.([]any)
	for i, item := range items {
		if err := checkExact(item, elem); err != nil {
			return fmt.Errorf("item %d: %w", i, err)
		}
	}
	return nil
}

// checkEntries checks each value of node, a JSON object, against elem.
func checkEntries(node any, elem reflect.Type) error {
	entries, _ := node.(map[string]any)
	for _, key := range slices.Sorted(maps.Keys(entries)) {
		if err := checkExact(entries[key], elem); err != nil {
			return fmt.Errorf("key %q: %w", key, err)
		}
	}
	return nil
}

// checkFields checks each member of node, a JSON object, against the field of
// struct type typ that encoding/json decodes it into.
func checkFields(node any, typ reflect.Type) error {
	entries, _ := node.(map[string]any)
	fields := jsonFieldsOf(typ)
	for _, key := range slices.Sorted(maps.Keys(entries)) {
		field, ok := fieldFor(fields, key)
		if !ok {
			continue
		}
		if err := checkExact(entries[key], field); err != nil {
			return fmt.Errorf("field %q: %w", key, err)
		}
	}
	return nil
}

// fieldFor returns the type of the field that key names among fields, as
// encoding/json matches it: the field of that JSON name, or else one whose name
// matches ignoring case.
func fieldFor(fields map[string]reflect.Type, key string) (reflect.Type, bool) {
	if field, ok := fields[key]; ok {
		return field, true
	}
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		if strings.EqualFold(name, key) {
			return fields[name], true
		}
	}
	return nil, false
}

// structFields caches jsonFields by struct type; the maps are only read.
var structFields sync.Map

// jsonFieldsOf returns jsonFields(typ), computed once per type.
func jsonFieldsOf(typ reflect.Type) map[string]reflect.Type {
	if known, ok := structFields.Load(typ); ok {
		return known.(map[string]reflect.Type)
	}
	fields := jsonFields(typ, map[reflect.Type]bool{})
	structFields.Store(typ, fields)
	return fields
}

// jsonFields returns the types of the fields encoding/json sees in struct type
// typ, by JSON name; the fields of embedded structs are promoted unless a
// shallower field has their name. seen holds the structs being listed, which
// guards against structs embedding themselves.
func jsonFields(typ reflect.Type, seen map[reflect.Type]bool) map[string]reflect.Type {
	seen[typ] = true
	defer delete(seen, typ)
	fields := make(map[string]reflect.Type)
	var embedded []reflect.Type
	for i := range typ.NumField() {
		field := typ.Field(i)
		tag := field.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		inner := field.Type
		if inner.Kind() == reflect.Pointer {
			inner = inner.Elem()
		}
		switch {
		case tag == "-":
		case field.Anonymous && name == "" && inner.Kind() == reflect.Struct:
			embedded = append(embedded, inner)
		case field.IsExported() && name == "":
			fields[field.Name] = field.Type
		case field.IsExported():
			fields[name] = field.Type
		}
	}
	for _, inner := range embedded {
		if seen[inner] {
			continue
		}
		for name, field := range jsonFields(inner, seen) {
			if _, taken := fields[name]; !taken {
				fields[name] = field
			}
		}
	}
	return fields
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
