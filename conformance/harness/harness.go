// Package harness holds the helpers that the generated conformance suites share.
package harness

import "k8s.io/apimachinery/pkg/runtime"

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
