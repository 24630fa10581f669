package runtime

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// viaSpec is the spec of viaStorage: A, which the spoke shows, and B, which it lacks.
type viaSpec struct {
	A string `json:"a,omitempty"`
	B string `json:"b,omitempty"`
}

func (*viaSpec) ConvertSpecTo(ConvertibleSpec) error   { return errors.New("unused") }
func (*viaSpec) ConvertSpecFrom(ConvertibleSpec) error { return errors.New("unused") }

type viaStatus struct{}

func (*viaStatus) ConvertStatusTo(ConvertibleStatus) error   { return errors.New("unused") }
func (*viaStatus) ConvertStatusFrom(ConvertibleStatus) error { return errors.New("unused") }

// viaStorage is a spoke's storage variant, and (being a conversion.Hub) may be the hub.
type viaStorage struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              viaSpec   `json:"spec"`
	Status            viaStatus `json:"status"`
}

func (*viaStorage) Hub() {}
func (s *viaStorage) DeepCopyObject() kruntime.Object {
	c := *s
	s.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}
func (*viaStorage) OriginalGVK() *schema.GroupVersionKind     { return &schema.GroupVersionKind{} }
func (s *viaStorage) GetSpec() ConvertibleSpec                { return &s.Spec }
func (s *viaStorage) GetStatus() ConvertibleStatus            { return &s.Status }
func (*viaStorage) NewEmptyStatus() ConvertibleStatus         { return &viaStatus{} }
func (*viaStorage) SetStatus(ConvertibleStatus) error         { return errors.New("unused") }
func (*viaStorage) StatelessConvertTo(conversion.Hub) error   { return errors.New("unused") }
func (*viaStorage) StatelessConvertFrom(conversion.Hub) error { return errors.New("unused") }
func (s *viaStorage) ConvertTo(h conversion.Hub) error        { return s.StatelessConvertTo(h) }
func (s *viaStorage) ConvertFrom(h conversion.Hub) error      { return s.StatelessConvertFrom(h) }
func viaFrom(spoke *viaSpoke, storage *viaStorage) error      { spoke.Spec.A = storage.Spec.A; return nil }
func viaTo(spoke *viaSpoke, storage *viaStorage) error {
	storage.Spec = viaSpec{A: spoke.Spec.A}
	return nil
}
func viaNext(storage *viaStorage, hub conversion.Hub) error {
	*storage = *hub.(*otherHub).stored
	return nil
}
func readVia(hub conversion.Hub, next func(*viaStorage, conversion.Hub) error) (*viaSpoke, error) {
	spoke := &viaSpoke{}
	return spoke, ConvertFromHubVia(spoke, hub, func() *viaStorage { return new(viaStorage) }, viaFrom, viaTo, next)
}

// viaSpoke shows A only.
type viaSpoke struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		A string `json:"a,omitempty"`
	} `json:"spec"`
}

func (s *viaSpoke) DeepCopyObject() kruntime.Object {
	c := *s
	s.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}
func (*viaSpoke) StatelessConvertTo(conversion.Hub) error   { return errors.New("unused") }
func (*viaSpoke) StatelessConvertFrom(conversion.Hub) error { return errors.New("unused") }
func (*viaSpoke) ConvertTo(conversion.Hub) error            { return errors.New("unused") }
func (*viaSpoke) ConvertFrom(conversion.Hub) error          { return errors.New("unused") }

// otherHub is a hub that is not the spoke's storage variant: next stages it.
type otherHub struct {
	viaStorage
	stored *viaStorage
}

func TestConvertFromHubViaCarriesOnlyWhatIsLost(t *testing.T) {
	spoke, err := readVia(&viaStorage{Spec: viaSpec{A: "a"}}, nil)
	if err != nil || spoke.Spec.A != "a" || spoke.Annotations[CarriedAnnotation] != "" {
		t.Fatalf("lossless read: %+v, %v; want A and no carried annotation", spoke, err)
	}
	spoke, err = readVia(&viaStorage{Spec: viaSpec{A: "a", B: "b"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var carried map[string]json.RawMessage
	if err := json.Unmarshal([]byte(spoke.Annotations[CarriedAnnotation]), &carried); err != nil || !strings.Contains(string(carried["spec"]), `"b":"b"`) {
		t.Errorf("lossy read carries %q (%v), want the hub's spec with b", spoke.Annotations[CarriedAnnotation], err)
	}
}

func TestConvertFromHubViaStagesThroughNext(t *testing.T) {
	hub := &otherHub{stored: &viaStorage{Spec: viaSpec{A: "staged"}}}
	spoke, err := readVia(hub, viaNext)
	if err != nil || spoke.Spec.A != "staged" || spoke.Annotations[CarriedAnnotation] != "" {
		t.Fatalf("read through next: %+v, %v", spoke, err)
	}
	if _, err := readVia(hub, nil); err == nil || !strings.Contains(err.Error(), "not the hub") {
		t.Errorf("no next and a hub of another type: %v, want an error", err)
	}
}
