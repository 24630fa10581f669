package harness

import (
	"context"
	"time"

	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// WaitEstablished waits (30 s at most) until the API server that c talks to
// reports the CRD named name established, ready to serve its resources.
func WaitEstablished(ctx context.Context, c client.Client, name string) error {
	return wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		crd := &apix.CustomResourceDefinition{}
		if err := c.Get(ctx, client.ObjectKey{Name: name}, crd); err != nil {
			return false, err
		}
		for _, condition := range crd.Status.Conditions {
			if condition.Type == apix.Established && condition.Status == apix.ConditionTrue {
				return true, nil
			}
		}
		return false, nil
	})
}
