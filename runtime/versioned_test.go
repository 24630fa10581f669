package runtime

import (
	"fmt"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Two hand-written versions of one resource: a spoke (v1) and a hub (v2storage),
// shaped the way generated code is.

const testGroup = "test.armhub.io"

type specV1 struct{ Colour string }
type statusV1 struct{ State string }
type specHub struct {
	Colour          *string
	OriginalVersion string
}
type statusHub struct{ State *string }

func (s *specV1) OriginalVersion() string { return "v1" }

func (s *specV1) ConvertSpecTo(destination ConvertibleSpec) error {
	hub, ok := destination.(*specHub)
	if !ok {
		return fmt.Errorf("cannot convert to %T", destination)
	}
	colour := s.Colour
	*hub = specHub{Colour: &colour, OriginalVersion: s.OriginalVersion()}
	return nil
}

func (s *specV1) ConvertSpecFrom(source ConvertibleSpec) error {
	hub, ok := source.(*specHub)
	if !ok {
		return fmt.Errorf("cannot convert from %T", source)
	}
	s.Colour = ""
	if hub.Colour != nil {
		s.Colour = *hub.Colour
	}
	return nil
}

func (s *specHub) ConvertSpecTo(destination ConvertibleSpec) error {
	return destination.ConvertSpecFrom(s)
}

func (s *specHub) ConvertSpecFrom(source ConvertibleSpec) error {
	return source.ConvertSpecTo(s)
}

func (s *statusV1) ConvertStatusTo(destination ConvertibleStatus) error {
	hub, ok := destination.(*statusHub)
	if !ok {
		return fmt.Errorf("cannot convert to %T", destination)
	}
	state := s.State
	hub.State = &state
	return nil
}

func (s *statusV1) ConvertStatusFrom(source ConvertibleStatus) error {
	hub, ok := source.(*statusHub)
	if !ok {
		return fmt.Errorf("cannot convert from %T", source)
	}
	s.State = ""
	if hub.State != nil {
		s.State = *hub.State
	}
	return nil
}

func (s *statusHub) ConvertStatusTo(destination ConvertibleStatus) error {
	return destination.ConvertStatusFrom(s)
}

func (s *statusHub) ConvertStatusFrom(source ConvertibleStatus) error {
	return source.ConvertStatusTo(s)
}

type widgetV1 struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   specV1
	Status statusV1
}

func (w *widgetV1) DeepCopyObject() kruntime.Object {
	copied := *w
	w.ObjectMeta.DeepCopyInto(&copied.ObjectMeta)
	return &copied
}

func (w *widgetV1) OriginalGVK() *schema.GroupVersionKind {
	return &schema.GroupVersionKind{Group: testGroup, Version: w.Spec.OriginalVersion(), Kind: "Widget"}
}

func (w *widgetV1) GetSpec() ConvertibleSpec          { return &w.Spec }
func (w *widgetV1) GetStatus() ConvertibleStatus      { return &w.Status }
func (w *widgetV1) NewEmptyStatus() ConvertibleStatus { return &statusV1{} }

func (w *widgetV1) SetStatus(status ConvertibleStatus) error {
	typed, ok := status.(*statusV1)
	if !ok {
		return fmt.Errorf("expected *statusV1, got %T", status)
	}
	w.Status = *typed
	return nil
}

type widgetHub struct {
	metav1.TypeMeta
	metav1.ObjectMeta
	Spec   specHub
	Status statusHub
}

func (w *widgetHub) DeepCopyObject() kruntime.Object {
	copied := *w
	w.ObjectMeta.DeepCopyInto(&copied.ObjectMeta)
	return &copied
}

func (w *widgetHub) OriginalGVK() *schema.GroupVersionKind {
	return &schema.GroupVersionKind{Group: testGroup, Version: w.Spec.OriginalVersion, Kind: "Widget"}
}

func (w *widgetHub) GetSpec() ConvertibleSpec          { return &w.Spec }
func (w *widgetHub) GetStatus() ConvertibleStatus      { return &w.Status }
func (w *widgetHub) NewEmptyStatus() ConvertibleStatus { return &statusHub{} }

func (w *widgetHub) SetStatus(status ConvertibleStatus) error {
	typed, ok := status.(*statusHub)
	if !ok {
		return fmt.Errorf("expected *statusHub, got %T", status)
	}
	w.Status = *typed
	return nil
}

func testScheme(t *testing.T) *kruntime.Scheme {
	t.Helper()
	scheme := kruntime.NewScheme()
	scheme.AddKnownTypeWithName(schema.GroupVersionKind{Group: testGroup, Version: "v1", Kind: "Widget"}, &widgetV1{})
	scheme.AddKnownTypeWithName(schema.GroupVersionKind{Group: testGroup, Version: "v2storage", Kind: "Widget"}, &widgetHub{})
	return scheme
}

func hubWidget(originalVersion string) *widgetHub {
	colour, state := "blue", "Ready"
	return &widgetHub{
		ObjectMeta: metav1.ObjectMeta{Name: "w", Namespace: "ns"},
		Spec:       specHub{Colour: &colour, OriginalVersion: originalVersion},
		Status:     statusHub{State: &state},
	}
}

func TestGetVersionedSpecPivotsFromHubToOriginalVersion(t *testing.T) {
	spec, err := GetVersionedSpec(hubWidget("v1"), testScheme(t))
	if err != nil {
		t.Fatal(err)
	}
	v1, ok := spec.(*specV1)
	if !ok {
		t.Fatalf("spec is %T, want *specV1", spec)
	}
	if v1.Colour != "blue" {
		t.Errorf("Colour = %q, want blue", v1.Colour)
	}
}

func TestGetVersionedSpecReturnsOwnSpecWhenAlreadyOriginal(t *testing.T) {
	widget := hubWidget("v2storage")
	spec, err := GetVersionedSpec(widget, testScheme(t))
	if err != nil {
		t.Fatal(err)
	}
	if spec != ConvertibleSpec(&widget.Spec) {
		t.Errorf("got %p, want the resource's own spec %p", spec, &widget.Spec)
	}
}

func TestGetVersionedStatusPivotsFromHubToOriginalVersion(t *testing.T) {
	status, err := GetVersionedStatus(hubWidget("v1"), testScheme(t))
	if err != nil {
		t.Fatal(err)
	}
	v1, ok := status.(*statusV1)
	if !ok || v1.State != "Ready" {
		t.Fatalf("status = %#v, want *statusV1 with State Ready", status)
	}
}

func TestNewEmptyVersionedStatusHasOriginalType(t *testing.T) {
	scheme := testScheme(t)
	for version, want := range map[string]string{"v1": "*runtime.statusV1", "v2storage": "*runtime.statusHub"} {
		status, err := NewEmptyVersionedStatus(hubWidget(version), scheme)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprintf("%T", status); got != want {
			t.Errorf("original %s: status type %s, want %s", version, got, want)
		}
	}
}

func TestVersionedHelpersReportUnknownVersion(t *testing.T) {
	_, err := GetVersionedSpec(hubWidget("v9"), testScheme(t))
	if err == nil || !strings.Contains(err.Error(), "v9") || !strings.Contains(err.Error(), "ns/w") {
		t.Errorf("error = %v, want one naming the version and the resource", err)
	}
}
