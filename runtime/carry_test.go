package runtime

import (
	"encoding/json"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// testHub has a property, B, that testSpoke lacks.
type testHub struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              testHubSpec `json:"spec"`
}

type testHubSpec struct {
	A string `json:"a,omitempty"`
	B string `json:"b,omitempty"`
}

func (*testHub) Hub() {}

func (h *testHub) DeepCopyObject() kruntime.Object {
	c := *h
	h.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

type testSpoke struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		A string `json:"a,omitempty"`
		// Seen is non-nil and empty exactly when the hub's B is "seen": a
		// difference JSON drops (omitempty), as it drops any empty collection.
		Seen []string `json:"seen,omitempty"`
	} `json:"spec"`
}

func (s *testSpoke) DeepCopyObject() kruntime.Object {
	c := *s
	s.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

func (s *testSpoke) StatelessConvertTo(hub conversion.Hub) error {
	h := hub.(*testHub)
	s.ObjectMeta.DeepCopyInto(&h.ObjectMeta)
	h.Spec = testHubSpec{A: s.Spec.A}
	if s.Spec.Seen != nil {
		h.Spec.B = "seen"
	}
	return nil
}

func (s *testSpoke) StatelessConvertFrom(hub conversion.Hub) error {
	h := hub.(*testHub)
	h.ObjectMeta.DeepCopyInto(&s.ObjectMeta)
	s.Spec.A = h.Spec.A
	if h.Spec.B == "seen" {
		s.Spec.Seen = []string{}
	}
	return nil
}

func (s *testSpoke) ConvertTo(hub conversion.Hub) error   { return ConvertToHub(s, hub) }
func (s *testSpoke) ConvertFrom(hub conversion.Hub) error { return ConvertFromHub(s, hub) }

func read(t *testing.T, hub *testHub) *testSpoke {
	t.Helper()
	spoke := &testSpoke{}
	if err := spoke.ConvertFrom(hub); err != nil {
		t.Fatal(err)
	}
	return spoke
}

func write(t *testing.T, spoke *testSpoke) *testHub {
	t.Helper()
	hub := &testHub{}
	if err := spoke.ConvertTo(hub); err != nil {
		t.Fatal(err)
	}
	return hub
}

func TestCarriedAnnotationKeepsWhatTheSpokeLacks(t *testing.T) {
	spoke := read(t, &testHub{Spec: testHubSpec{A: "a", B: "b"}})
	if got := spoke.Annotations[CarriedAnnotation]; got != `{"spec":{"a":"a","b":"b"}}` {
		t.Fatalf("carried annotation = %q", got)
	}
	spoke.Labels = map[string]string{"changed": "yes"}
	hub := write(t, spoke)
	if hub.Spec != (testHubSpec{A: "a", B: "b"}) {
		t.Errorf("written back: %+v, want B kept", hub.Spec)
	}
	if _, found := hub.Annotations[CarriedAnnotation]; found || hub.Labels["changed"] != "yes" {
		t.Errorf("hub metadata = %+v, want the label and no carried annotation", hub.ObjectMeta)
	}
}

func TestCarriedAnnotationLosesToTheClientsChange(t *testing.T) {
	spoke := read(t, &testHub{Spec: testHubSpec{A: "a", B: "b"}})
	spoke.Spec.A = "changed"
	if hub := write(t, spoke); hub.Spec != (testHubSpec{A: "changed", B: "b"}) {
		t.Errorf("written back: %+v, want the client's A and the carried B", hub.Spec)
	}
}

func TestNoCarriedAnnotationWhenNothingIsLost(t *testing.T) {
	hub := &testHub{Spec: testHubSpec{A: "a"}}
	hub.Annotations = map[string]string{CarriedAnnotation: `{"spec":{"b":"stale"}}`, "keep": "me"}
	spoke := read(t, hub)
	if _, found := spoke.Annotations[CarriedAnnotation]; found || spoke.Annotations["keep"] != "me" {
		t.Errorf("annotations = %v, want only keep", spoke.Annotations)
	}
}

func TestCarriedAnnotationThatDoesNotDecode(t *testing.T) {
	for _, data := range []string{`{`, `{"spec":{"c":1}}`, `{"spec":{"a":1}}`, `{"spec":{}} x`} {
		spoke := &testSpoke{}
		spoke.Name = "s"
		spoke.Annotations = map[string]string{CarriedAnnotation: data}
		err := spoke.ConvertTo(&testHub{})
		if err == nil || !strings.Contains(err.Error(), CarriedAnnotation) || !strings.Contains(err.Error(), "/s") {
			t.Errorf("annotation %s: error %v, want one naming the annotation and the object", data, err)
		}
	}
}

// What the spoke holds but JSON cannot show (an empty collection) is lost on
// the way to the client, so it must be carried too.
func TestCarriedAnnotationKeepsWhatJSONCannotShow(t *testing.T) {
	spoke := read(t, &testHub{Spec: testHubSpec{A: "a", B: "seen"}})
	data, err := json.Marshal(spoke)
	if err != nil {
		t.Fatal(err)
	}
	served := &testSpoke{}
	if err := json.Unmarshal(data, served); err != nil {
		t.Fatal(err)
	}
	if hub := write(t, served); hub.Spec != (testHubSpec{A: "a", B: "seen"}) {
		t.Errorf("written back after JSON: %+v, want B kept", hub.Spec)
	}
}
