package conversionwebhook

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	armruntime "github.com/armhub/armhub/runtime"
)

type thingSpec struct {
	A     string `json:"a,omitempty"`
	B     string `json:"b,omitempty"`
	Panic bool   `json:"panic,omitempty"`
}

// hubThing (version v2) has B, which spokeThing (version v1) lacks.
type hubThing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              thingSpec `json:"spec"`
}

func (*hubThing) Hub() {}

func (h *hubThing) DeepCopyObject() kruntime.Object {
	c := *h
	h.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

type spokeThing struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              struct {
		A     string `json:"a,omitempty"`
		Panic bool   `json:"panic,omitempty"`
	} `json:"spec"`
}

func (s *spokeThing) DeepCopyObject() kruntime.Object {
	c := *s
	s.ObjectMeta.DeepCopyInto(&c.ObjectMeta)
	return &c
}

func (s *spokeThing) StatelessConvertTo(hub conversion.Hub) error {
	h := hub.(*hubThing)
	if s.Spec.Panic {
		panic("boom")
	}
	s.ObjectMeta.DeepCopyInto(&h.ObjectMeta)
	h.Spec = thingSpec{A: s.Spec.A}
	return nil
}

func (s *spokeThing) StatelessConvertFrom(hub conversion.Hub) error {
	h := hub.(*hubThing)
	h.ObjectMeta.DeepCopyInto(&s.ObjectMeta)
	s.Spec.A = h.Spec.A
	return nil
}

func (s *spokeThing) ConvertTo(hub conversion.Hub) error   { return armruntime.ConvertToHub(s, hub) }
func (s *spokeThing) ConvertFrom(hub conversion.Hub) error { return armruntime.ConvertFromHub(s, hub) }

var (
	v1 = schema.GroupVersion{Group: "things.example.io", Version: "v1"}
	v2 = schema.GroupVersion{Group: "things.example.io", Version: "v2"}
)

func testScheme(t *testing.T) *kruntime.Scheme {
	scheme := kruntime.NewScheme()
	scheme.AddKnownTypeWithName(v1.WithKind("Thing"), &spokeThing{})
	scheme.AddKnownTypeWithName(v2.WithKind("Thing"), &hubThing{})
	return scheme
}

func post(t *testing.T, body string) (int, *apix.ConversionReview) {
	t.Helper()
	recorder := httptest.NewRecorder()
	NewHandler(testScheme(t)).ServeHTTP(recorder, httptest.NewRequest(http.MethodPost, "/convert", strings.NewReader(body)))
	review := &apix.ConversionReview{}
	if err := json.Unmarshal(recorder.Body.Bytes(), review); err != nil {
		t.Fatalf("response %q is not a ConversionReview: %v", recorder.Body.String(), err)
	}
	if review.Response == nil {
		t.Fatalf("response %q has no response", recorder.Body.String())
	}
	return recorder.Code, review
}

func reviewOf(desired string, objects ...string) string {
	var b bytes.Buffer
	b.WriteString(`{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u1","desiredAPIVersion":"` + desired + `","objects":[`)
	b.WriteString(strings.Join(objects, ","))
	b.WriteString(`]}}`)
	return b.String()
}

const hubObject = `{"apiVersion":"things.example.io/v2","kind":"Thing","metadata":{"name":"t","namespace":"ns"},"spec":{"a":"x","b":"y"}}`

func TestConvertsThroughTheCarriedAnnotation(t *testing.T) {
	code, review := post(t, reviewOf("things.example.io/v1", hubObject))
	if code != http.StatusOK || review.Response.Result.Status != metav1.StatusSuccess || review.Response.UID != "u1" {
		t.Fatalf("code %d, response %+v", code, review.Response)
	}
	spoke := review.Response.ConvertedObjects[0].Raw
	_, back := post(t, reviewOf("things.example.io/v2", string(spoke)))
	var hub hubThing
	if err := json.Unmarshal(back.Response.ConvertedObjects[0].Raw, &hub); err != nil {
		t.Fatal(err)
	}
	if hub.APIVersion != "things.example.io/v2" || hub.Spec != (thingSpec{A: "x", B: "y"}) || len(hub.Annotations) != 0 {
		t.Errorf("v2 -> v1 -> v2 gave %s", back.Response.ConvertedObjects[0].Raw)
	}
}

func TestBadReviewsFailClearly(t *testing.T) {
	spokeWith := func(extra string) string {
		return `{"apiVersion":"things.example.io/v1","kind":"Thing","metadata":{"name":"t","namespace":"ns"` + extra + `},"spec":{"a":"x"}}`
	}
	cases := []struct {
		name, body string
		code       int
		want       string
	}{
		{"not JSON", `{"apiVersion":`, 400, "not a ConversionReview"},
		{"another kind of review", `{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{"uid":"u"}}`, 400, "want apiextensions.k8s.io/v1 ConversionReview"},
		{"no request", `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview"}`, 400, "no request"},
		{"unknown desired version", reviewOf("things.example.io/v9", hubObject), 200, "things.example.io/v9, Kind=Thing is not a kind and version this webhook converts (it knows Thing.things.example.io in versions [v1 v2])"},
		{"bad desired version", reviewOf("a/b/c", hubObject), 200, `desiredAPIVersion "a/b/c"`},
		{"object of another kind", reviewOf("things.example.io/v1", `{"apiVersion":"things.example.io/v2","kind":"Gadget","metadata":{"name":"g"}}`), 200, "object 0 (Gadget /g): things.example.io/v2, Kind=Gadget is not a kind"},
		{"object of another group", reviewOf("things.example.io/v1", `{"apiVersion":"other.io/v2","kind":"Thing"}`), 200, `a Thing of group "other.io" cannot convert to things.example.io/v1`},
		{"object without kind", reviewOf("things.example.io/v1", `{"metadata":{"name":"x"}}`), 200, "no apiVersion or kind"},
		{"object that does not decode", reviewOf("things.example.io/v1", `{"apiVersion":"things.example.io/v2","kind":"Thing","spec":{"a":1}}`), 200, "does not decode as things.example.io/v2, Kind=Thing"},
		{"carried annotation that does not decode", reviewOf("things.example.io/v2", spokeWith(`,"annotations":{"conversion.armhub.io/carried":"{\"spec\":{\"c\":1}}"}`)), 200, `annotation conversion.armhub.io/carried of *conversionwebhook.spokeThing ns/t does not hold the spec and status`},
		{"panic", reviewOf("things.example.io/v2", `{"apiVersion":"things.example.io/v1","kind":"Thing","spec":{"panic":true}}`), 200, "panicked: boom"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, review := post(t, c.body)
			r := review.Response
			if code != c.code || r.Result.Status != metav1.StatusFailure || !strings.Contains(r.Result.Message, c.want) {
				t.Errorf("code %d, result %+v; want %d and a failure containing %q", code, r.Result, c.code, c.want)
			}
			if len(r.ConvertedObjects) != 0 {
				t.Errorf("a failed review returned objects: %s", r.ConvertedObjects)
			}
		})
	}
}

func TestAFailedObjectFailsTheWholeReview(t *testing.T) {
	_, review := post(t, reviewOf("things.example.io/v1", hubObject, `{"apiVersion":"things.example.io/v2","kind":"Gadget"}`))
	if review.Response.Result.Status != metav1.StatusFailure || len(review.Response.ConvertedObjects) != 0 ||
		!strings.Contains(review.Response.Result.Message, "object 1") {
		t.Errorf("response %+v, want a failure naming object 1 and no objects", review.Response)
	}
}
