package main

import (
	"encoding/json"
	"fmt"

	"github.com/armhub/armhub/conformance/harness"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	k8stypes "k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// fixture is one filled object of a kind, as JSON at a spoke version and at
// the kind's hub.
type fixture struct {
	spoke, hub         schema.GroupVersionKind
	spokeJSON, hubJSON []byte
}

// direction is one way the reviews convert: objects as JSON, all at one
// version, to desired.
type direction struct {
	name    string
	object  []byte
	desired schema.GroupVersion
}

func newFixture(scheme *kruntime.Scheme, kind, version string) (*fixture, error) {
	spokeGVK, hubGVK, err := versionsOf(scheme, kind, version)
	if err != nil {
		return nil, err
	}
	spoke, err := scheme.New(spokeGVK)
	if err != nil {
		return nil, err
	}
	harness.NewFiller(1).NilChance(0).Fill(spoke)
	hub, err := scheme.New(hubGVK)
	if err != nil {
		return nil, err
	}
	if err := spoke.(conversion.Convertible).ConvertTo(hub.(conversion.Hub)); err != nil {
		return nil, fmt.Errorf("converting the filled %s to the hub %s: %w", spokeGVK, hubGVK, err)
	}
	f := &fixture{spoke: spokeGVK, hub: hubGVK}
	if f.spokeJSON, err = encodeAs(spoke, spokeGVK); err != nil {
		return nil, err
	}
	if f.hubJSON, err = encodeAs(hub, hubGVK); err != nil {
		return nil, err
	}
	return f, nil
}

// versionsOf finds kind at version in scheme, and the kind's hub: the one
// version whose type is a conversion.Hub.
func versionsOf(scheme *kruntime.Scheme, kind, version string) (spoke, hub schema.GroupVersionKind, err error) {
	var hubs []schema.GroupVersionKind
	for gvk := range scheme.AllKnownTypes() {
		if gvk.Kind != kind {
			continue
		}
		if gvk.Version == version {
			spoke = gvk
		}
		if object, err := scheme.New(gvk); err == nil {
			if _, ok := object.(conversion.Hub); ok {
				hubs = append(hubs, gvk)
			}
		}
	}
	switch {
	case spoke.Empty():
		return spoke, hub, fmt.Errorf("the services have no %s at version %s", kind, version)
	case len(hubs) != 1:
		return spoke, hub, fmt.Errorf("%s has %d hub versions, want one", kind, len(hubs))
	case hubs[0] == spoke:
		return spoke, hub, fmt.Errorf("%s %s is the hub; name a spoke", kind, version)
	}
	return spoke, hubs[0], nil
}

func encodeAs(object kruntime.Object, gvk schema.GroupVersionKind) ([]byte, error) {
	object.GetObjectKind().SetGroupVersionKind(gvk)
	return json.Marshal(object)
}

// directions are a read (what the API server sends to serve a read: the
// stored objects, at the hub, to the spoke asked for) and a write (an object
// at the spoke, to the storage version).
func (f *fixture) directions() []direction {
	return []direction{
		{name: "read  " + f.hub.Version + " -> " + f.spoke.Version, object: f.hubJSON, desired: f.spoke.GroupVersion()},
		{name: "write " + f.spoke.Version + " -> " + f.hub.Version, object: f.spokeJSON, desired: f.hub.GroupVersion()},
	}
}

// review encodes a ConversionReview request of n copies of d's object.
func (d direction) review(n int) ([]byte, error) {
	objects := make([]kruntime.RawExtension, n)
	for i := range objects {
		objects[i] = kruntime.RawExtension{Raw: d.object}
	}
	return json.Marshal(&apix.ConversionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: apix.SchemeGroupVersion.String(), Kind: "ConversionReview"},
		Request: &apix.ConversionRequest{
			UID:               k8stypes.UID(fmt.Sprintf("webhookbench-%d", n)),
			DesiredAPIVersion: d.desired.String(),
			Objects:           objects,
		},
	})
}
