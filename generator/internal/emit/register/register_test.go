package register

import (
	"testing"
	"time"

	"github.com/armhub/armhub/generator/internal/emit/emittest"
	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// The tiny service's entry point.
func TestServiceGolden(t *testing.T) {
	m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: emittest.Graph()}
	source, err := File(m, emittest.Service, "/convert")
	if err != nil {
		t.Fatal(err)
	}
	emittest.Golden(t, map[string][]byte{emittest.Service + "/" + layout.RegisterDir + "/" + layout.RegisterFile: source})
}

// The tiny service's lifecycle table: versions with start times (one not at
// midnight) and one without.
func TestLifecyclesGolden(t *testing.T) {
	deprecation := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	expiry := time.Date(2027, 6, 1, 12, 30, 0, 0, time.UTC)
	source, err := Lifecycles(lifecycle.Versions{
		"v20200101": {{Classification: lifecycle.Preview}, {Classification: lifecycle.Expired, StartTime: &deprecation}},
		"v20210101": {{Classification: lifecycle.Supported}, {Classification: lifecycle.Deprecated, StartTime: &deprecation},
			{Classification: lifecycle.Expired, StartTime: &expiry}},
		"v20220101": {{Classification: lifecycle.Supported}},
	})
	if err != nil {
		t.Fatal(err)
	}
	emittest.Golden(t, map[string][]byte{emittest.Service + "/" + layout.RegisterDir + "/" + layout.LifecyclesFile: source})
}

// The tiny service's conversion webhook command.
func TestCommandGolden(t *testing.T) {
	m := &gosrc.Module{Path: emittest.Module, Group: emittest.Group, Graph: emittest.Graph()}
	source, err := Command(m, emittest.Service)
	if err != nil {
		t.Fatal(err)
	}
	emittest.Golden(t, map[string][]byte{emittest.Service + "/" + layout.CommandDir + "/" + layout.CommandFile: source})
}
