// Package harness holds the helpers that the generated conformance suites share.
package harness

import (
	"fmt"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// RoundTripViaHub converts src to the hub and back into dst, the way
// controller-runtime's conversion webhook would for a multi-version CRD.
func RoundTripViaHub(src conversion.Convertible, hub conversion.Hub, dst conversion.Convertible) error {
	if err := src.ConvertTo(hub); err != nil {
		return fmt.Errorf("converting %T to hub %T: %w", src, hub, err)
	}
	if err := dst.ConvertFrom(hub); err != nil {
		return fmt.Errorf("converting hub %T to %T: %w", hub, dst, err)
	}
	return nil
}

// NewScheme returns a scheme with every given registration applied.
func NewScheme(adders ...func(*runtime.Scheme) error) (*runtime.Scheme, error) {
	scheme := runtime.NewScheme()
	for _, add := range adders {
		if err := add(scheme); err != nil {
			return nil, err
		}
	}
	return scheme, nil
}
