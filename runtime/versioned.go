package runtime

import (
	"fmt"
	"reflect"

	kruntime "k8s.io/apimachinery/pkg/runtime"
)

// GetVersionedSpec returns the spec of resource in the API version it was created
// with (its OriginalGVK), converting when resource is held in another version.
func GetVersionedSpec(resource MetaObject, scheme *kruntime.Scheme) (ConvertibleSpec, error) {
	held, original, err := originalVersionOf(resource, scheme)
	if err != nil {
		return nil, err
	}
	if original == nil {
		return held.GetSpec(), nil
	}
	spec := original.GetSpec()
	if err := held.GetSpec().ConvertSpecTo(spec); err != nil {
		return nil, fmt.Errorf("converting spec of %s to %s: %w", describe(resource), resource.OriginalGVK(), err)
	}
	return spec, nil
}

// GetVersionedStatus returns the status of resource in the API version it was
// created with (its OriginalGVK), converting when resource is held in another version.
func GetVersionedStatus(resource MetaObject, scheme *kruntime.Scheme) (ConvertibleStatus, error) {
	held, original, err := originalVersionOf(resource, scheme)
	if err != nil {
		return nil, err
	}
	if original == nil {
		return held.GetStatus(), nil
	}
	status := original.NewEmptyStatus()
	if err := held.GetStatus().ConvertStatusTo(status); err != nil {
		return nil, fmt.Errorf("converting status of %s to %s: %w", describe(resource), resource.OriginalGVK(), err)
	}
	return status, nil
}

// NewEmptyVersionedStatus returns a blank status of the API version resource was
// created with (its OriginalGVK).
func NewEmptyVersionedStatus(resource MetaObject, scheme *kruntime.Scheme) (ConvertibleStatus, error) {
	held, original, err := originalVersionOf(resource, scheme)
	if err != nil {
		return nil, err
	}
	if original == nil {
		return held.NewEmptyStatus(), nil
	}
	return original.NewEmptyStatus(), nil
}

// originalVersionOf returns resource as a KubernetesResource and, when the scheme
// maps its OriginalGVK to another Go type, a new empty resource of that type; nil
// when resource already is of the original version's type.
func originalVersionOf(resource MetaObject, scheme *kruntime.Scheme) (KubernetesResource, KubernetesResource, error) {
	held, ok := resource.(KubernetesResource)
	if !ok {
		return nil, nil, fmt.Errorf("%s does not implement KubernetesResource", describe(resource))
	}
	gvk := resource.OriginalGVK()
	if gvk == nil {
		return nil, nil, fmt.Errorf("%s reports no original group, version and kind", describe(resource))
	}
	object, err := scheme.New(*gvk)
	if err != nil {
		return nil, nil, fmt.Errorf("creating %s for %s: %w", gvk, describe(resource), err)
	}
	original, ok := object.(KubernetesResource)
	if !ok {
		return nil, nil, fmt.Errorf("%T, registered for %s, does not implement KubernetesResource", object, gvk)
	}
	if reflect.TypeOf(original) == reflect.TypeOf(held) {
		return held, nil, nil
	}
	return held, original, nil
}

func describe(resource MetaObject) string {
	return fmt.Sprintf("%T %s/%s", resource, resource.GetNamespace(), resource.GetName())
}
