package harness

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
	"sigs.k8s.io/randfill"

	armruntime "github.com/armhub/armhub/runtime"
)

// withoutCarried compares objects as a client sees them: the converter's own
// annotation aside.
var withoutCarried = cmpopts.IgnoreMapEntries(func(key, _ string) bool {
	return key == armruntime.CarriedAnnotation
})

// NewHubFiller is NewFiller with property bags filled too, as conversions from
// other versions leave them: entries under names no version has, holding any JSON.
func NewHubFiller(seed int64) *randfill.Filler {
	return NewFiller(seed).Funcs(func(bag *armruntime.PropertyBag, c randfill.Continue) {
		*bag = nil
		for n := c.Intn(3); n > 0; n-- {
			name := "Unknown" + strconv.Itoa(c.Intn(1000)) + "@v20991231"
			if err := bag.Add(name, c.Int63()); err != nil {
				panic(err)
			}
		}
	})
}

// HubRoundTrip fills hubs (property bags included), serves each at the spoke's
// version as the API server does (converted, then through JSON) and writes it
// back unchanged: the hub must come back as it was, whatever the spoke lacks.
func HubRoundTrip(t *testing.T, newHub func() conversion.Hub, newSpoke func() conversion.Convertible) {
	t.Helper()
	fuzzedWith(t, NewHubFiller(Seed()), newHub, func(i int, hub conversion.Hub) error {
		read, err := serve(hub, newSpoke)
		if err != nil {
			return err
		}
		back := newHub()
		if err := read.ConvertTo(back); err != nil {
			return fmt.Errorf("writing back %T: %w", read, err)
		}
		if diff := cmp.Diff(hub, back, Equal...); diff != "" {
			return fmt.Errorf("hub -> %T -> hub lost data (-before +after):\n%s", read, diff)
		}
		return nil
	})
}

// ReadModifyWrite fills hubs, reads each at the spoke's version, changes every
// spec field the spoke has (to those of another fuzzed spoke) and a label, and
// writes it back: read again at the spoke's version it shows exactly what was
// written, the status nobody changed is the hub's as it was, and a further read
// and unchanged write loses nothing.
func ReadModifyWrite(t *testing.T, newHub func() conversion.Hub, newSpoke func() conversion.Convertible) {
	t.Helper()
	specs := NewFiller(Seed() + 1)
	fuzzedWith(t, NewHubFiller(Seed()), newHub, func(i int, hub conversion.Hub) error {
		read, err := serve(hub, newSpoke)
		if err != nil {
			return err
		}
		written, err := modify(read, newSpoke, specs)
		if err != nil {
			return err
		}
		back := newHub()
		if err := written.ConvertTo(back); err != nil {
			return fmt.Errorf("writing back %T: %w", written, err)
		}
		return checkWrite(hub, back, written, newHub, newSpoke)
	})
}

// modify returns a copy of read with a new label and every spec field replaced
// by those of a fuzzed spoke; the status and the carried annotation stay.
func modify(read conversion.Convertible, newSpoke func() conversion.Convertible, specs *randfill.Filler) (conversion.Convertible, error) {
	written := newSpoke()
	specs.Fill(written)
	source, ok1 := read.(armruntime.KubernetesResource)
	target, ok2 := written.(armruntime.KubernetesResource)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("%T is not an armruntime.KubernetesResource", read)
	}
	from, to := read.(metav1.Object), written.(metav1.Object)
	to.SetName(from.GetName())
	to.SetNamespace(from.GetNamespace())
	to.SetAnnotations(from.GetAnnotations())
	to.SetLabels(map[string]string{"changed": "yes"})
	if err := target.SetStatus(source.GetStatus()); err != nil {
		return nil, err
	}
	return written, nil
}

func checkWrite(before, after conversion.Hub, written conversion.Convertible, newHub func() conversion.Hub, newSpoke func() conversion.Convertible) error {
	reread, err := serve(after, newSpoke)
	if err != nil {
		return err
	}
	if diff := cmp.Diff(written, reread, append(Equal, withoutCarried)...); diff != "" {
		return fmt.Errorf("the write through %T did not win (-written +read again):\n%s", written, diff)
	}
	if diff := cmp.Diff(statusOf(before), statusOf(after), Equal...); diff != "" {
		return fmt.Errorf("a write through %T changed the status it did not touch (-before +after):\n%s", written, diff)
	}
	again := newHub()
	if err := reread.ConvertTo(again); err != nil {
		return fmt.Errorf("writing back %T: %w", reread, err)
	}
	if diff := cmp.Diff(after, again, Equal...); diff != "" {
		return fmt.Errorf("hub -> %T -> hub lost data after a write (-before +after):\n%s", reread, diff)
	}
	return nil
}

func statusOf(object conversion.Hub) any {
	if resource, ok := object.(armruntime.KubernetesResource); ok {
		return resource.GetStatus()
	}
	return nil
}

// serve converts hub to a new spoke and passes it through JSON, as a client
// receives it from the API server.
func serve(hub conversion.Hub, newSpoke func() conversion.Convertible) (conversion.Convertible, error) {
	spoke := newSpoke()
	if err := spoke.ConvertFrom(hub); err != nil {
		return nil, fmt.Errorf("converting %T to %T: %w", hub, spoke, err)
	}
	data, err := json.Marshal(spoke)
	if err != nil {
		return nil, fmt.Errorf("encoding %T: %w", spoke, err)
	}
	read := newSpoke()
	if err := json.Unmarshal(data, read); err != nil {
		return nil, fmt.Errorf("decoding %T: %w", read, err)
	}
	return read, nil
}
