package register

import (
	"strings"
	"time"

	"github.com/armhub/armhub/generator/internal/emit/gosrc"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// Lifecycles returns the register package's table of lifecycles: every API
// version's lifecycle by Kubernetes version name (the spokes'), as the
// metadata gives it, and functions giving each version's status at an
// instant. The file never reads the clock: callers give the instant.
func Lifecycles(versions lifecycle.Versions) ([]byte, error) {
	g := gosrc.NewFile("register")
	type stage struct{ Classification, StartTime string }
	type version struct {
		Name   string
		Stages []stage
	}
	var table []version
	for _, name := range versions.Names() {
		v := version{Name: name}
		for _, s := range versions[name] {
			c := string(s.Classification)
			st := stage{Classification: strings.ToUpper(c[:1]) + c[1:]}
			if s.StartTime != nil {
				st.StartTime = s.StartTime.UTC().Format(time.RFC3339Nano)
			}
			v.Stages = append(v.Stages, st)
		}
		table = append(table, v)
	}
	g.Write(lifecyclesCode, gosrc.Args{"Versions": table})
	return g.Bytes()
}

var lifecyclesCode = gosrc.Code(`
// Lifecycles returns the lifecycle of every API version of the service, by
// Kubernetes version name (v20210401; a storage variant, v20210401storage,
// shares its API version's lifecycle), as the service's metadata gives it.
// The CRDs carry the same lifecycles in their annotation
// lifecycle.armhub.io/versions.
func Lifecycles() lifecycle.Versions {
	return lifecycle.Versions{
{{- range .Versions}}
		{{quote .Name}}: {
{{- range .Stages}}
			{Classification: lifecycle.{{.Classification}}{{if .StartTime}}, StartTime: lifecycle.At({{quote .StartTime}}){{end}}},
{{- end}}
		},
{{- end}}
	}
}

// Status returns the status of API version (a Kubernetes version name, as
// v20210401) at instant now: its classification and its next transition;
// false when the service has no such version.
func Status(version string, now time.Time) (lifecycle.Status, bool) {
	return Lifecycles().Status(version, now)
}

// Statuses returns the status of every API version at instant now, by
// Kubernetes version name.
func Statuses(now time.Time) map[string]lifecycle.Status {
	return Lifecycles().Statuses(now)
}
`)
