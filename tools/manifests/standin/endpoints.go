package standin

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// publish does what the EndpointSlice controller does for each Service
// whose selector matches the pod: one ready endpoint, at host, with each of
// the Service's ports resolved against the container's.
func publish(ctx context.Context, c client.Client, services []*unstructured.Unstructured, p *pod, host string) error {
	published := 0
	for _, u := range services {
		var svc corev1.Service
		if err := kruntime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &svc); err != nil {
			return err
		}
		if len(svc.Spec.Selector) == 0 || !labels.SelectorFromSet(svc.Spec.Selector).Matches(labels.Set(p.labels)) {
			continue
		}
		slice, err := sliceOf(&svc, p, host)
		if err != nil {
			return err
		}
		if err := c.Create(ctx, slice); err != nil {
			return fmt.Errorf("the EndpointSlice of Service %s: %w", name(u), err)
		}
		published++
	}
	if published == 0 {
		return fmt.Errorf("no Service selects the Deployment's pods (labels %v)", p.labels)
	}
	return nil
}

func sliceOf(svc *corev1.Service, p *pod, host string) (*discoveryv1.EndpointSlice, error) {
	ready := true
	slice := &discoveryv1.EndpointSlice{
		ObjectMeta: metav1.ObjectMeta{Name: svc.Name + "-standin", Namespace: svc.Namespace, Labels: map[string]string{
			discoveryv1.LabelServiceName: svc.Name,
			discoveryv1.LabelManagedBy:   "armhub-standin",
		}},
		AddressType: discoveryv1.AddressTypeIPv4,
		Endpoints:   []discoveryv1.Endpoint{{Addresses: []string{host}, Conditions: discoveryv1.EndpointConditions{Ready: &ready}}},
	}
	for _, sp := range svc.Spec.Ports {
		target := sp.TargetPort.String()
		if sp.TargetPort.IntVal == 0 && sp.TargetPort.StrVal == "" {
			target = fmt.Sprint(sp.Port) // unset: the Service's port
		}
		port, err := p.port(target)
		if err != nil {
			return nil, fmt.Errorf("the Service %s/%s, port %s: %w", svc.Namespace, svc.Name, sp.Name, err)
		}
		name, protocol := sp.Name, corev1.ProtocolTCP
		slice.Ports = append(slice.Ports, discoveryv1.EndpointPort{Name: &name, Port: &port, Protocol: &protocol})
	}
	return slice, nil
}
