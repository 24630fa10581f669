package conversionwebhook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	k8stypes "k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	crconversion "sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// DefaultPath is the path the conversion webhook is served at unless the
// service's metadata names another.
const DefaultPath = "/convert"

// maxReviewBytes bounds the body of one ConversionReview (the API server sends
// at most a list's worth of objects of at most 3 MiB each in practice).
const maxReviewBytes = 64 << 20

// NewHandler returns the conversion webhook for every convertible kind of
// scheme. Every problem with a review (one that does not decode, an unknown
// version or kind, an object that does not convert, a carried annotation that
// does not decode, a panic) is answered with a Failure result that says what
// was wrong; a failed review converts no object at all. Objects are decoded
// by controller-runtime's conversion.Decoder (the scheme's deserializer).
func NewHandler(scheme *kruntime.Scheme) http.Handler {
	return &handler{scheme: scheme, decoder: crconversion.NewDecoder(scheme)}
}

// Register serves the conversion webhook of mgr's scheme at path on mgr's
// webhook server, once: a second registration of the same path is a no-op, so
// that every service of one manager can call it. It fails when a kind of the
// scheme is not convertible (CheckScheme).
func Register(mgr manager.Manager, path string) error {
	if err := CheckScheme(mgr.GetScheme()); err != nil {
		return err
	}
	server := mgr.GetWebhookServer()
	if mux := server.WebhookMux(); mux != nil {
		if h, pattern := mux.Handler(&http.Request{Method: http.MethodPost, URL: &url.URL{Path: path}}); h != nil && pattern == path {
			return nil
		}
	}
	server.Register(path, NewHandler(mgr.GetScheme()))
	return nil
}

type handler struct {
	scheme  *kruntime.Scheme
	decoder *crconversion.Decoder
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	review, err := readReview(r)
	if err != nil {
		respond(w, http.StatusBadRequest, &apix.ConversionReview{
			TypeMeta: metav1.TypeMeta{APIVersion: apix.SchemeGroupVersion.String(), Kind: "ConversionReview"},
			Response: failure("", err),
		})
		return
	}
	review.Response = h.convert(review.Request)
	review.Request = nil
	respond(w, http.StatusOK, review)
}

// readReview reads a ConversionReview of apiextensions.k8s.io/v1 with a request.
func readReview(r *http.Request) (*apix.ConversionReview, error) {
	if r.Method != http.MethodPost {
		return nil, fmt.Errorf("conversion review: method %s, want POST", r.Method)
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxReviewBytes+1))
	if err != nil {
		return nil, fmt.Errorf("conversion review: reading the body: %w", err)
	}
	if len(body) > maxReviewBytes {
		return nil, fmt.Errorf("conversion review: body larger than %d bytes", maxReviewBytes)
	}
	review := &apix.ConversionReview{}
	decoder := json.NewDecoder(bytes.NewReader(body))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(review); err != nil {
		return nil, fmt.Errorf("conversion review: the body is not a ConversionReview: %w", err)
	}
	want := apix.SchemeGroupVersion.String()
	switch {
	case review.APIVersion != want || review.Kind != "ConversionReview":
		return nil, fmt.Errorf("conversion review: apiVersion %q, kind %q: want %s ConversionReview", review.APIVersion, review.Kind, want)
	case review.Request == nil:
		return nil, errors.New("conversion review: no request")
	case review.Request.UID == "":
		return nil, errors.New("conversion review: the request has no uid")
	}
	return review, nil
}

func respond(w http.ResponseWriter, status int, review *apix.ConversionReview) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(review)
}

func failure(uid string, err error) *apix.ConversionResponse {
	return &apix.ConversionResponse{
		UID:    k8stypes.UID(uid),
		Result: metav1.Status{Status: metav1.StatusFailure, Message: err.Error()},
	}
}

// convert converts every object of request, or none.
func (h *handler) convert(request *apix.ConversionRequest) *apix.ConversionResponse {
	uid := string(request.UID)
	desired, err := schema.ParseGroupVersion(request.DesiredAPIVersion)
	if err != nil || desired.Version == "" {
		return failure(uid, fmt.Errorf("desiredAPIVersion %q is not group/version", request.DesiredAPIVersion))
	}
	converted := make([]kruntime.RawExtension, 0, len(request.Objects))
	for i, object := range request.Objects {
		out, err := h.convertObject(object.Raw, desired)
		if err != nil {
			return failure(uid, fmt.Errorf("object %d%s: %w", i, describeRaw(object.Raw), err))
		}
		converted = append(converted, kruntime.RawExtension{Raw: out})
	}
	return &apix.ConversionResponse{
		UID:              request.UID,
		ConvertedObjects: converted,
		Result:           metav1.Status{Status: metav1.StatusSuccess},
	}
}

// objectHeader is what a conversion reads of an object before knowing its type.
type objectHeader struct {
	metav1.TypeMeta `json:",inline"`
	Metadata        struct {
		Name      string `json:"name"`
		Namespace string `json:"namespace"`
	} `json:"metadata"`
}

func describeRaw(raw []byte) string {
	var header objectHeader
	if json.Unmarshal(raw, &header) != nil || header.Metadata.Name == "" {
		return ""
	}
	return fmt.Sprintf(" (%s %s/%s)", header.Kind, header.Metadata.Namespace, header.Metadata.Name)
}

// convertObject converts one object, given as JSON, to the desired version.
func (h *handler) convertObject(raw []byte, desired schema.GroupVersion) ([]byte, error) {
	var header objectHeader
	if err := json.Unmarshal(raw, &header); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	from := header.GroupVersionKind()
	if from.Kind == "" || from.Version == "" {
		return nil, fmt.Errorf("no apiVersion or kind (apiVersion %q, kind %q)", header.APIVersion, header.Kind)
	}
	if from.Group != desired.Group {
		return nil, fmt.Errorf("a %s of group %q cannot convert to %s", from.Kind, from.Group, desired)
	}
	to := desired.WithKind(from.Kind)
	source, err := h.newObject(from)
	if err != nil {
		return nil, err
	}
	target, err := h.newObject(to)
	if err != nil {
		return nil, err
	}
	if err := h.decoder.DecodeInto(raw, source); err != nil {
		return nil, fmt.Errorf("does not decode as %s: %w", from, err)
	}
	if from == to {
		target = source
	} else if err := h.convertSafely(source, target, from.GroupKind()); err != nil {
		return nil, err
	}
	target.GetObjectKind().SetGroupVersionKind(to)
	return json.Marshal(target)
}

func (h *handler) newObject(gvk schema.GroupVersionKind) (kruntime.Object, error) {
	object, err := h.scheme.New(gvk)
	if err != nil {
		return nil, fmt.Errorf("%s is not a kind and version this webhook converts (it knows %s)", gvk, h.versionsOf(gvk.GroupKind()))
	}
	return object, nil
}

// versionsOf lists the registered versions of kind, for error messages.
func (h *handler) versionsOf(kind schema.GroupKind) string {
	var versions []string
	for gvk := range h.scheme.AllKnownTypes() {
		if gvk.GroupKind() == kind {
			versions = append(versions, gvk.Version)
		}
	}
	if len(versions) == 0 {
		return "no version of " + kind.String()
	}
	sort.Strings(versions)
	return fmt.Sprintf("%s in versions %v", kind, versions)
}

func (h *handler) convertSafely(source, target kruntime.Object, kind schema.GroupKind) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("converting %T to %T panicked: %v", source, target, r)
		}
	}()
	return h.convertObjects(source, target, kind)
}

// convertObjects converts source to target directly when one is the hub, and
// through a new hub otherwise.
func (h *handler) convertObjects(source, target kruntime.Object, kind schema.GroupKind) error {
	sourceHub, sourceIsHub := source.(conversion.Hub)
	targetHub, targetIsHub := target.(conversion.Hub)
	sourceSpoke, sourceIsSpoke := source.(conversion.Convertible)
	targetSpoke, targetIsSpoke := target.(conversion.Convertible)
	switch {
	case sourceIsHub && targetIsSpoke:
		return targetSpoke.ConvertFrom(sourceHub)
	case targetIsHub && sourceIsSpoke:
		return sourceSpoke.ConvertTo(targetHub)
	case sourceIsSpoke && targetIsSpoke:
		hub, err := h.hubOf(kind)
		if err != nil {
			return err
		}
		if err := sourceSpoke.ConvertTo(hub); err != nil {
			return fmt.Errorf("converting %T to the hub %T: %w", source, hub, err)
		}
		return targetSpoke.ConvertFrom(hub)
	}
	return fmt.Errorf("%T does not convert to %T (neither is the hub, or one is not convertible)", source, target)
}

// hubOf returns a new object of the one registered version of kind that is the hub.
func (h *handler) hubOf(kind schema.GroupKind) (conversion.Hub, error) {
	var hubs []conversion.Hub
	for gvk := range h.scheme.AllKnownTypes() {
		if gvk.GroupKind() != kind {
			continue
		}
		object, err := h.scheme.New(gvk)
		if err != nil {
			return nil, err
		}
		if hub, ok := object.(conversion.Hub); ok {
			hubs = append(hubs, hub)
		}
	}
	if len(hubs) != 1 {
		return nil, fmt.Errorf("%s has %d hub versions registered, want exactly one", kind, len(hubs))
	}
	return hubs[0], nil
}

// CheckScheme reports every kind of scheme that takes part in conversion (a
// version is a hub or convertible) without being convertible as
// controller-runtime's conversion.IsConvertible judges it: exactly one hub
// version, every other version convertible to and from it.
func CheckScheme(scheme *kruntime.Scheme) error {
	kinds := map[schema.GroupKind]kruntime.Object{}
	for gvk := range scheme.AllKnownTypes() {
		if _, seen := kinds[gvk.GroupKind()]; seen {
			continue
		}
		if object, err := scheme.New(gvk); err == nil && converts(object) {
			kinds[gvk.GroupKind()] = object
		}
	}
	var problems []error
	for kind, object := range kinds {
		if _, err := crconversion.IsConvertible(scheme, object); err != nil {
			problems = append(problems, fmt.Errorf("%s is not convertible: %w", kind, err))
		}
	}
	sort.Slice(problems, func(i, j int) bool { return problems[i].Error() < problems[j].Error() })
	return errors.Join(problems...)
}

func converts(object kruntime.Object) bool {
	_, hub := object.(conversion.Hub)
	_, convertible := object.(conversion.Convertible)
	return hub || convertible
}
