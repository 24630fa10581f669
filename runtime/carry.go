package runtime

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// CarriedAnnotation is the annotation, owned by the converter, in which a spoke
// carries what it cannot represent of the hub it was converted from: the hub's
// spec and status as JSON. Conversion webhooks are stateless, so without it a
// client that reads an object at an older version and writes it back would lose
// every property that version lacks (Kubernetes' guidance for lossless round
// trips of custom resources). Hubs never keep it.
const CarriedAnnotation = "conversion.armhub.io/carried"

// StatelessConvertible is implemented by every generated spoke resource: its
// stateless conversions to and from the hub drop what the spoke cannot represent.
// ConvertToHub and ConvertFromHub add the carried annotation around them.
type StatelessConvertible interface {
	conversion.Convertible
	metav1.Object
	StatelessConvertTo(hub conversion.Hub) error
	StatelessConvertFrom(hub conversion.Hub) error
}

// ConvertFromHub converts hub into spoke and, when the spoke cannot represent all
// of the hub (converted back it differs), records the hub's spec and status in
// the spoke's CarriedAnnotation.
//
// It is the entry point for hand-written spokes: a type written by hand that
// implements StatelessConvertible calls it from its ConvertFrom (and
// ConvertToHub from its ConvertTo) to get the same lossless round trips as
// generated spokes. Generated spokes call ConvertFromHubVia, which compares at
// their own storage variant instead; most first convert from the hub straight,
// finding on the way whether their storage variant would fit them, and call it
// (from StepConvertFrom) only when it would not (see DropCarried).
//
// For hubs that are KubernetesResources (every generated one) the comparison is
// of the typed specs and statuses by Kubernetes' semantic equality, which holds
// an empty collection equal to a missing one, as JSON does (omitempty): so their
// spokes' conversions must not tell the two apart, and generated ones never do
// (a property bag keeps only non-empty collections). Only a lossy conversion
// then pays for JSON, to write the annotation. Other hubs are compared as JSON,
// the spoke as a client receives it.
func ConvertFromHub(spoke StatelessConvertible, hub conversion.Hub) error {
	if err := spoke.StatelessConvertFrom(hub); err != nil {
		return err
	}
	lossless, err := representsAll(spoke, hub)
	if err != nil {
		return err
	}
	return carry(spoke, hub, lossless)
}

// ConvertFromHubVia is ConvertFromHub for a spoke whose own storage variant is
// PV (a new one from newV), which the spoke assigns from (from) and to (to),
// and which converts from the hub (next; nil when PV is the hub). It compares
// at PV rather than at the hub, which saves converting the spoke back through
// every storage version:
// the storage versions convert among themselves without loss, so the spoke
// represents all of the hub exactly when it represents all of its PV.
func ConvertFromHubVia[PS StatelessConvertible, PV any](spoke PS, hub conversion.Hub, newV func() PV, from, to func(PS, PV) error, next func(PV, conversion.Hub) error) error {
	staged, err := stage(hub, newV, next)
	if err != nil {
		return err
	}
	if err := from(spoke, staged); err != nil {
		return err
	}
	if fits, ok := any(staged).(SpokeFitter); ok && fits.FitsSpoke() {
		return carry(spoke, hub, true) // what the comparison below would find, without converting back
	}
	back := newV()
	if err := to(spoke, back); err != nil {
		return fmt.Errorf("converting %s back to %T: %w", describeObject(spoke), back, err)
	}
	return carry(spoke, hub, sameSpecAndStatus(staged, back))
}

// DropCarried removes the CarriedAnnotation from spoke, as ConvertFromHubVia
// does when the spoke represents all of the hub: for a spoke's ConvertFrom
// that converted straight from the hub and found that it does.
func DropCarried(spoke metav1.Object) {
	setAnnotation(spoke, "")
}

// SpokeFitter is a storage variant that can tell, without converting, whether
// its version's spoke represents all of it: FitsSpoke is true exactly when the
// value converted to the spoke and back has the same spec and status (the
// generated suites check that it agrees with the comparison, both ways).
type SpokeFitter interface {
	FitsSpoke() bool
}

// carry records hub's spec and status in spoke's CarriedAnnotation, or removes
// the annotation when the spoke lost nothing of the hub.
func carry(spoke metav1.Object, hub conversion.Hub, lossless bool) error {
	if lossless {
		setAnnotation(spoke, "")
		return nil
	}
	carried, err := payload(hub)
	if err != nil {
		return err
	}
	setAnnotation(spoke, string(carried))
	return nil
}

// sameSpecAndStatus reports whether a and b, both KubernetesResources, have
// semantically equal specs and statuses; anything else is not the same.
func sameSpecAndStatus(a, b any) bool {
	first, ok := a.(KubernetesResource)
	second, ok2 := b.(KubernetesResource)
	return ok && ok2 && equality.Semantic.DeepEqual(first.GetSpec(), second.GetSpec()) &&
		equality.Semantic.DeepEqual(first.GetStatus(), second.GetStatus())
}

// representsAll reports whether spoke, converted back to a new hub, gives hub's
// spec and status again.
func representsAll(spoke StatelessConvertible, hub conversion.Hub) (bool, error) {
	back := newLike(hub)
	if err := spoke.StatelessConvertTo(back); err != nil {
		return false, fmt.Errorf("converting %s back to %T: %w", describeObject(spoke), back, err)
	}
	if _, ok := hub.(KubernetesResource); !ok {
		return sameThroughJSON(spoke, hub)
	}
	return sameSpecAndStatus(hub, back), nil
}

// sameThroughJSON reports whether spoke, as a client receives it (through
// JSON), converted back gives hub's payload: the comparison for hubs that are
// not KubernetesResources, whose conversions may tell an empty collection from
// a missing one.
func sameThroughJSON(spoke StatelessConvertible, hub conversion.Hub) (bool, error) {
	want, err := payload(hub)
	if err != nil {
		return false, err
	}
	got, err := project(spoke, hub)
	if err != nil {
		return false, err
	}
	return bytes.Equal(want, got), nil
}

// ConvertToHub converts spoke into hub and restores from the spoke's carried
// annotation what the spoke cannot represent. A value the spoke does represent
// and that differs from what the carried hub gives the spoke was changed by the
// client, and wins; everything else comes from the carried hub.
func ConvertToHub(spoke StatelessConvertible, hub conversion.Hub) error {
	data, carried := spoke.GetAnnotations()[CarriedAnnotation]
	if err := spoke.StatelessConvertTo(hub); err != nil {
		return err
	}
	if meta, ok := hub.(metav1.Object); ok {
		setAnnotation(meta, "")
	}
	if !carried {
		return nil
	}
	previous, err := decodeCarried(spoke, hub, data)
	if err != nil {
		return err
	}
	return restore(spoke, hub, previous)
}

// restore merges into hub what previous (the carried hub) holds and spoke
// cannot represent.
func restore(spoke StatelessConvertible, hub, previous conversion.Hub) error {
	view := newLike(spoke)
	if err := view.StatelessConvertFrom(previous); err != nil {
		return fmt.Errorf("carried annotation of %s: %w", describeObject(spoke), err)
	}
	baseline, err := project(view, hub)
	if err != nil {
		return err
	}
	current, err := payload(hub)
	if err != nil {
		return err
	}
	before, err := payload(previous)
	if err != nil {
		return err
	}
	merged, err := Merge3(before, baseline, current)
	if err != nil {
		return err
	}
	if bytes.Equal(merged, current) {
		return nil
	}
	return replacePayload(hub, merged)
}

// project converts spoke, as a client receives it (through JSON, which drops
// empty collections and the like), back into a new hub of hub's type and returns
// its payload.
func project(spoke StatelessConvertible, hub conversion.Hub) ([]byte, error) {
	back := newLike(hub)
	copied, err := throughJSON(spoke)
	if err != nil {
		return nil, err
	}
	if err := copied.StatelessConvertTo(back); err != nil {
		return nil, fmt.Errorf("converting %s back to %T: %w", describeObject(spoke), back, err)
	}
	return payload(back)
}

// throughJSON returns a copy of spoke made by encoding and decoding it.
func throughJSON(spoke StatelessConvertible) (StatelessConvertible, error) {
	data, err := json.Marshal(spoke)
	if err != nil {
		return nil, fmt.Errorf("encoding %s: %w", describeObject(spoke), err)
	}
	copied := newLike(spoke)
	if err := json.Unmarshal(data, copied); err != nil {
		return nil, fmt.Errorf("decoding %s: %w", describeObject(spoke), err)
	}
	return copied, nil
}

// decodeCarried decodes a carried annotation into a new hub, strictly: data that
// is not the spec and status of the hub's type is an error naming the object.
func decodeCarried(spoke StatelessConvertible, hub conversion.Hub, data string) (conversion.Hub, error) {
	previous := newLike(hub)
	decoder := json.NewDecoder(bytes.NewReader([]byte(data)))
	decoder.DisallowUnknownFields()
	err := decoder.Decode(previous)
	if err == nil && decoder.More() {
		err = fmt.Errorf("unexpected data after the value")
	}
	if err != nil {
		return nil, fmt.Errorf("annotation %s of %s does not hold the spec and status of %T: %w",
			CarriedAnnotation, describeObject(spoke), hub, err)
	}
	return previous, nil
}

// payload returns the JSON of object's spec and status, the part conversions
// change (the metadata is copied as it is).
func payload(object kruntime.Object) ([]byte, error) {
	if r, ok := object.(KubernetesResource); ok { // encoded once, not the whole object and back
		return json.Marshal(struct {
			Spec   any `json:"spec"`
			Status any `json:"status"`
		}{r.GetSpec(), r.GetStatus()})
	}
	fields, err := fieldsOf(object)
	if err != nil {
		return nil, err
	}
	kept := map[string]json.RawMessage{}
	for _, name := range []string{"spec", "status"} {
		if value, ok := fields[name]; ok {
			kept[name] = value
		}
	}
	return json.Marshal(kept)
}

// replacePayload sets object's spec and status to those of data.
func replacePayload(object kruntime.Object, data []byte) error {
	fields, err := fieldsOf(object)
	if err != nil {
		return err
	}
	var replaced map[string]json.RawMessage
	if err := json.Unmarshal(data, &replaced); err != nil {
		return fmt.Errorf("merged payload of %T: %w", object, err)
	}
	delete(fields, "spec")
	delete(fields, "status")
	for name, value := range replaced {
		fields[name] = value
	}
	merged, err := json.Marshal(fields)
	if err != nil {
		return err
	}
	fresh := newLike(object)
	if err := json.Unmarshal(merged, fresh); err != nil {
		return fmt.Errorf("restoring carried properties of %T: %w", object, err)
	}
	reflect.ValueOf(object).Elem().Set(reflect.ValueOf(fresh).Elem())
	return nil
}

// fieldsOf returns object's JSON as its top-level members.
func fieldsOf(object kruntime.Object) (map[string]json.RawMessage, error) {
	whole, err := json.Marshal(object)
	if err != nil {
		return nil, fmt.Errorf("encoding %T: %w", object, err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(whole, &fields); err != nil {
		return nil, fmt.Errorf("encoding %T: %w", object, err)
	}
	return fields, nil
}

// setAnnotation sets the carried annotation of object to value, or removes it
// when value is empty.
func setAnnotation(object metav1.Object, value string) {
	annotations := object.GetAnnotations()
	if value == "" {
		if _, ok := annotations[CarriedAnnotation]; !ok {
			return
		}
		copied := make(map[string]string, len(annotations))
		for k, v := range annotations {
			if k != CarriedAnnotation {
				copied[k] = v
			}
		}
		if len(copied) == 0 {
			copied = nil
		}
		object.SetAnnotations(copied)
		return
	}
	copied := make(map[string]string, len(annotations)+1)
	for k, v := range annotations {
		copied[k] = v
	}
	copied[CarriedAnnotation] = value
	object.SetAnnotations(copied)
}

// newLike returns a new zero object of the same (pointer) type as object.
func newLike[T any](object T) T {
	return reflect.New(reflect.TypeOf(object).Elem()).Interface().(T)
}

func describeObject(object metav1.Object) string {
	return fmt.Sprintf("%T %s/%s", object, object.GetNamespace(), object.GetName())
}
