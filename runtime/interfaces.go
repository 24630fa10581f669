package runtime

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// ConvertibleSpec is implemented by every generated Spec type.
type ConvertibleSpec interface {
	// ConvertSpecTo populates destination by copying over all available
	// information from this spec.
	ConvertSpecTo(destination ConvertibleSpec) error

	// ConvertSpecFrom populates this spec by copying over all available
	// information from source.
	ConvertSpecFrom(source ConvertibleSpec) error
}

// ConvertibleStatus is implemented by every generated Status type.
type ConvertibleStatus interface {
	// ConvertStatusTo populates destination by copying over all available
	// information from this status.
	ConvertStatusTo(destination ConvertibleStatus) error

	// ConvertStatusFrom populates this status by copying over all available
	// information from source.
	ConvertStatusFrom(source ConvertibleStatus) error
}

// OriginalVersioned is implemented by every generated spoke Spec: it names the API
// version the spec belongs to, which storage specs persist as OriginalVersion.
type OriginalVersioned interface {
	OriginalVersion() string
}

// MetaObject is a Kubernetes object that knows the API version it was created with.
type MetaObject interface {
	kruntime.Object
	metav1.Object

	// OriginalGVK returns the group, version and kind of the API version the
	// resource was created with.
	OriginalGVK() *schema.GroupVersionKind
}

// KubernetesResource is implemented by every generated resource type.
type KubernetesResource interface {
	MetaObject

	// GetSpec returns the specification of the resource.
	GetSpec() ConvertibleSpec

	// GetStatus returns the current status of the resource.
	GetStatus() ConvertibleStatus

	// NewEmptyStatus returns a blank status ready for population.
	NewEmptyStatus() ConvertibleStatus

	// SetStatus replaces the status of the resource; it fails when status is
	// not of the resource's own status type.
	SetStatus(status ConvertibleStatus) error
}

// BeyondHub is implemented by the storage versions of a resource that are newer
// than its hub (previews after the latest stable version). They convert to and from
// other versions only through the hub, which hosts those conversions.
type BeyondHub interface {
	ConvertsThroughHub()
}
