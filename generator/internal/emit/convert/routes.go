package convert

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/emit/gosrc"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/layout"
)

// level is one of the three things that convert between versions of a resource:
// the resource itself (for controller-runtime), its spec and its status.
type level struct {
	typeName func(r *golang.Resource) string
	to, from string // the method names
	iface    string // the parameter type
	needsHub bool   // the parameter is a conversion.Hub
}

func levels() []level {
	return []level{
		{func(r *golang.Resource) string { return r.Kind }, "ConvertTo", "ConvertFrom", "conversion.Hub", true},
		{func(r *golang.Resource) string { return r.Spec.Name }, "ConvertSpecTo", "ConvertSpecFrom", "armruntime.ConvertibleSpec", false},
		{func(r *golang.Resource) string { return r.Status.Name }, "ConvertStatusTo", "ConvertStatusFrom", "armruntime.ConvertibleStatus", false},
	}
}

// writeRoutes writes, for resource kind in version i on side, the methods that
// convert it to and from any other version by way of the hub.
func writeRoutes(s *gosrc.Scope, kind string, r *golang.Resource) {
	g := s.Module.Graph
	hub := g.Hubs[kind]
	for _, l := range levels() {
		switch {
		case l.needsHub && twinned(s, r):
			writeTwinRoute(s, l, r)
		case s.Side == layout.Spoke && l.needsHub:
			writeCarryRoute(s, l, r)
		case s.Side == layout.Spoke:
			writeStepRoute(s, l, r, side{s.Version, layout.Storage}, "")
		case s.Version < hub:
			next, _ := g.Next(kind, s.Version) // a version before the hub has one
			writeDirectRoute(s, l, r, side{next, layout.Storage}, side{hub, layout.Storage})
		case s.Version == hub:
			writeHubRoute(s, l, kind, r)
		default:
			writeBeyondRoute(s, l, r)
		}
	}
}

// args returns what the route templates name of level l for the type name:
// the method names To and From, the parameter type Param and NeedsHub.
func (l level) args(name string) gosrc.Args {
	return gosrc.Args{"Name": name, "To": l.to, "From": l.from, "Param": l.iface, "NeedsHub": l.needsHub}
}

// writeStepRoute writes conversions that take one step towards the hub (to next)
// and let the next version carry on. At the resource level the argument is always
// the hub, so a step can only check for it when next is the hub. The methods'
// names are l's with prefix.
func writeStepRoute(s *gosrc.Scope, l level, r *golang.Resource, next side, prefix string) {
	a := stepArgs(s, l, r, next)
	a["Prefix"] = prefix
	s.File.Write(stepRouteCode, a)
}

// stepArgs returns the template args of l's conversions of r by way of next:
// the next type (which the templates allocate: the runtime's route helpers
// take pointers, runtime/route.go), and, as NextTo and NextFrom, next's
// conversions of level l, or "nil" at the resource level when next is the
// hub (only the hub itself converts to the hub).
func stepArgs(s *gosrc.Scope, l level, r *golang.Resource, next side) gosrc.Args {
	name := l.typeName(r)
	a := l.args(name)
	nextType := s.Qualifier(next.version, next.pkg) + name
	a["Next"], a["NextTo"], a["NextFrom"] = nextType, "(*"+nextType+")."+l.to, "(*"+nextType+")."+l.from
	if l.needsHub && next.version == s.Module.Graph.Hubs[r.Kind] {
		a["NextTo"], a["NextFrom"] = "nil", "nil"
	}
	return a
}

var stepRouteCode = gosrc.Code(`
// {{.Prefix}}{{.To}} converts this {{.Name}} to destination, by way of {{.Next}}.
func (source *{{.Name}}) {{.Prefix}}{{.To}}(destination {{.Param}}) error {
	newNext := func() *{{.Next}} {
		return new({{.Next}})
	}
	return armruntime.StepTo(source, destination, newNext, (*{{.Name}}).AssignProperties_To_{{.Name}}, {{.NextTo}})
}

// {{.Prefix}}{{.From}} populates this {{.Name}} from source, by way of {{.Next}}.
func (destination *{{.Name}}) {{.Prefix}}{{.From}}(source {{.Param}}) error {
	newNext := func() *{{.Next}} {
		return new({{.Next}})
	}
	return armruntime.StepFrom(destination, source, newNext, (*{{.Name}}).AssignProperties_From_{{.Name}}, {{.NextFrom}})
}
`)

// writeCarryRoute writes a spoke resource's conversions for controller-runtime:
// stateless ones that drop what the spoke cannot represent, and ConvertTo and
// ConvertFrom, which keep it in the carried annotation (armruntime.ConvertToHub).
func writeCarryRoute(s *gosrc.Scope, l level, r *golang.Resource) {
	next := side{s.Version, layout.Storage}
	writeStepRoute(s, l, r, next, "Stateless")
	s.File.Write(carryRouteCode, stepArgs(s, l, r, next))
}

var carryRouteCode = gosrc.Code(`
// {{.To}} converts this {{.Name}} to the hub destination, restoring what this version
// cannot represent from the annotation armruntime.CarriedAnnotation.
func (source *{{.Name}}) {{.To}}(destination conversion.Hub) error {
	return armruntime.ConvertToHub(source, destination)
}

// {{.From}} populates this {{.Name}} from the hub source, carrying what this version
// cannot represent in the annotation armruntime.CarriedAnnotation.
func (destination *{{.Name}}) {{.From}}(source conversion.Hub) error {
	newNext := func() *{{.Next}} {
		return new({{.Next}})
	}
	return armruntime.ConvertFromHubVia(destination, source, newNext, (*{{.Name}}).AssignProperties_From_{{.Name}}, (*{{.Name}}).AssignProperties_To_{{.Name}}, {{.NextFrom}})
}
`)

// writeHubRoute writes the hub's side: Hub() for controller-runtime, and the
// conversions to and from the storage versions newer than the hub.
func writeHubRoute(s *gosrc.Scope, l level, kind string, r *golang.Resource) {
	name := l.typeName(r)
	beyond := beyondVersions(s.Module.Graph.Graph, kind, s.Version)
	if l.needsHub {
		s.File.Write(hubCode, l.args(name))
	} else {
		writeHubDispatch(s, l, name, beyond)
	}
	for _, b := range beyond {
		writeHubChain(s, l, kind, name, b)
	}
}

var hubCode = gosrc.Code(`
// Hub marks {{.Name}} as the version every other converts through.
{{emptyBody (printf "func (*%s) Hub()" .Name)}}
`)

// beyondHub is a storage version newer than the hub, as the hub converts it.
type beyondHub struct {
	Type   string // the qualified type of that version
	Suffix string // of the hub's methods converting it
}

func writeHubDispatch(s *gosrc.Scope, l level, name string, beyond []conversion.VersionIndex) {
	a := l.args(name)
	var types []beyondHub
	for _, b := range beyond {
		types = append(types, beyondHub{s.Qualifier(b, layout.Storage) + name, versionSuffix(s, b)})
	}
	a["Beyond"] = types
	s.File.Write(hubDispatchCode, a)
}

var hubDispatchCode = gosrc.Code(`
// {{.To}} converts this hub {{.Name}} to destination.
func (source *{{.Name}}) {{.To}}(destination {{.Param}}) error {
	switch d := destination.(type) {
	case *{{.Name}}:
		source.DeepCopyInto(d)
		return nil
{{- range .Beyond}}
	case *{{.Type}}:
		return source.{{$.To}}_{{.Suffix}}(d)
{{- end}}
	}
	return destination.{{.From}}(source)
}

// {{.From}} populates this hub {{.Name}} from source.
func (destination *{{.Name}}) {{.From}}(source {{.Param}}) error {
	switch s := source.(type) {
	case *{{.Name}}:
		s.DeepCopyInto(destination)
		return nil
{{- range .Beyond}}
	case *{{.Type}}:
		return destination.{{$.From}}_{{.Suffix}}(s)
{{- end}}
	}
	return source.{{.To}}(destination)
}
`)

func versionSuffix(s *gosrc.Scope, version conversion.VersionIndex) string {
	return s.Module.Graph.Versions[version].Storage.Version
}

// beyondVersions returns the versions of kind newer than its hub.
func beyondVersions(g *conversion.Graph, kind string, hub conversion.VersionIndex) []conversion.VersionIndex {
	var out []conversion.VersionIndex
	for _, v := range g.Chains[kind] {
		if v > hub {
			out = append(out, v)
		}
	}
	return out
}

// chainStep is one assignment of a hub chain: Receiver's method taking Arg,
// after declaring the variable Declare of Type, if any. The Last step's error is
// the method's result.
type chainStep struct {
	Declare, Type, Receiver, Arg string
	Last                         bool
}

// writeHubChain writes the hub's conversions to and from version b, newer than
// the hub: a step through every version in between, each hosted by the earlier.
func writeHubChain(s *gosrc.Scope, l level, kind, name string, b conversion.VersionIndex) {
	var types []string // the type at every version from the hub to b
	for v, ok := s.Version, true; ok; v, ok = s.Module.Graph.Next(kind, v) {
		types = append(types, s.Qualifier(v, layout.Storage)+name)
		if v == b {
			break
		}
	}
	a := l.args(name)
	a["Target"], a["Suffix"] = types[len(types)-1], versionSuffix(s, b)
	a["ToSteps"], a["FromSteps"] = chainTo(types), chainFrom(types)
	s.File.Write(hubChainCode, a)
}

// chainTo returns the steps from the hub (types[0], source) to the last of
// types (destination), each version assigning itself to the next.
func chainTo(types []string) []chainStep {
	var steps []chainStep
	previous := "source"
	for n := 1; n < len(types); n++ {
		step := chainStep{Receiver: previous, Arg: "destination"}
		if n < len(types)-1 {
			previous = fmt.Sprintf("step%d", n)
			step.Declare, step.Type, step.Arg = previous, types[n], "&"+previous
		}
		steps = append(steps, step)
	}
	steps[len(steps)-1].Last = true
	return steps
}

// chainFrom returns the steps from the last of types (source) back to the hub
// (types[0], destination), each version assigning itself from the next.
func chainFrom(types []string) []chainStep {
	var steps []chainStep
	arg := "source"
	for n := len(types) - 2; n >= 0; n-- {
		step := chainStep{Receiver: "destination", Arg: arg}
		if n > 0 {
			step.Receiver = fmt.Sprintf("step%d", n)
			step.Declare, step.Type = step.Receiver, types[n]
		}
		steps = append(steps, step)
		arg = "&" + step.Receiver
	}
	steps[len(steps)-1].Last = true
	return steps
}

var hubChainCode = gosrc.Code(`
// {{.To}}_{{.Suffix}} converts this hub into destination, newer than the hub.
func (source *{{.Name}}) {{.To}}_{{.Suffix}}(destination *{{.Target}}) error {
{{- range .ToSteps}}
{{- if .Declare}}
	var {{.Declare}} {{.Type}}
{{- end}}
{{- if .Last}}
	return {{.Receiver}}.AssignProperties_To_{{$.Name}}({{.Arg}})
{{- else}}
	if err := {{.Receiver}}.AssignProperties_To_{{$.Name}}({{.Arg}}); err != nil {
		return err
	}
{{- end}}
{{- end}}
}

// {{.From}}_{{.Suffix}} populates this hub from source, newer than the hub.
func (destination *{{.Name}}) {{.From}}_{{.Suffix}}(source *{{.Target}}) error {
{{- range .FromSteps}}
{{- if .Declare}}
	var {{.Declare}} {{.Type}}
{{- end}}
{{- if .Last}}
	return {{.Receiver}}.AssignProperties_From_{{$.Name}}({{.Arg}})
{{- else}}
	if err := {{.Receiver}}.AssignProperties_From_{{$.Name}}({{.Arg}}); err != nil {
		return err
	}
{{- end}}
{{- end}}
}
`)

// writeBeyondRoute writes the conversions of a storage version newer than the hub:
// only the hub can convert it, through the methods the hub hosts.
func writeBeyondRoute(s *gosrc.Scope, l level, r *golang.Resource) {
	a := l.args(l.typeName(r))
	a["Suffix"] = versionSuffix(s, s.Version)
	s.File.Write(beyondRouteCode, a)
}

var beyondRouteCode = gosrc.Code(`
// {{.To}} converts this {{.Name}}, newer than the hub, to destination through the hub.
func (source *{{.Name}}) {{.To}}(destination {{.Param}}) error {
	if hub, ok := destination.(interface {
		{{.From}}_{{.Suffix}}(*{{.Name}}) error
	}); ok {
		return hub.{{.From}}_{{.Suffix}}(source)
	}
{{- if .NeedsHub}}
	return fmt.Errorf("hub %T cannot convert from %T", destination, source)
{{- else}}
	if _, beyond := destination.(armruntime.BeyondHub); beyond {
		return fmt.Errorf("cannot convert %T to %T directly: convert through the hub", source, destination)
	}
	return destination.{{.From}}(source)
{{- end}}
}

// {{.From}} populates this {{.Name}}, newer than the hub, from source through the hub.
func (destination *{{.Name}}) {{.From}}(source {{.Param}}) error {
	if hub, ok := source.(interface {
		{{.To}}_{{.Suffix}}(*{{.Name}}) error
	}); ok {
		return hub.{{.To}}_{{.Suffix}}(destination)
	}
{{- if .NeedsHub}}
	return fmt.Errorf("hub %T cannot convert to %T", source, destination)
{{- else}}
	if _, beyond := source.(armruntime.BeyondHub); beyond {
		return fmt.Errorf("cannot convert %T to %T directly: convert through the hub", source, destination)
	}
	return source.{{.To}}(destination)
{{- end}}
}

// ConvertsThroughHub marks {{.Name}} as newer than the hub.
{{emptyBody (printf "func (*%s) ConvertsThroughHub()" .Name)}}
`)

// writeDirectRoute writes the conversions of a storage version before the
// hub: to and from the hub straight (the composed conversions), and to and
// from any other version step by step, with the same result (the Step
// methods, which the generated suites compare them with).
func writeDirectRoute(s *gosrc.Scope, l level, r *golang.Resource, next, hub side) {
	a := stepArgs(s, l, r, next)
	name := l.typeName(r)
	if next.version != hub.version {
		nextType := s.Qualifier(next.version, next.pkg) + name
		a["NextTo"], a["NextFrom"] = "(*"+nextType+").Step"+l.to, "(*"+nextType+").Step"+l.from
	}
	a["Prefix"] = "Step"
	s.File.Write(stepRouteCode, a)
	a["Hub"] = s.Qualifier(hub.version, hub.pkg) + name
	a["DirectTo"], a["DirectFrom"] = directNames(s, l, r, next, hub)
	s.File.Write(directRouteCode, a)
}

// directNames returns the methods converting l's type of r to and from the
// hub: the step's own when the hub is next, else the composed ones.
func directNames(s *gosrc.Scope, l level, r *golang.Resource, next, hub side) (string, string) {
	name := l.typeName(r)
	switch {
	case next.version == hub.version:
		return "AssignProperties_To_" + name, "AssignProperties_From_" + name
	case l.needsHub:
		return directPrefix + "To_" + name, directPrefix + "From_" + name
	}
	return composedNames(s.Module.Graph, r.Kind, s.Version, hub.version, l.typeName)
}

// composedNames returns the composed methods converting part (spec or status)
// of kind at storage version i to and from the hub, as Compose named them.
func composedNames(g *conversion.ComposedGraph, kind string, i, hub conversion.VersionIndex, part func(*golang.Resource) string) (string, string) {
	near, far := part(g.Resource(kind, i, layout.Storage)), part(g.Resource(kind, hub, layout.Storage))
	to, _ := g.Direct(i, hub, near, far, conversion.ToFar)
	from, _ := g.Direct(i, hub, near, far, conversion.FromFar)
	return directPrefix + "To_" + to.Name, directPrefix + "From_" + from.Name
}

var directRouteCode = gosrc.Code(`
// {{.To}} converts this {{.Name}} to destination: straight when it is the hub,
// else step by step.
func (source *{{.Name}}) {{.To}}(destination {{.Param}}) error {
	if hub, ok := destination.(*{{.Hub}}); ok {
		return source.{{.DirectTo}}(hub)
	}
	return source.Step{{.To}}(destination)
}

// {{.From}} populates this {{.Name}} from source: straight when it is the hub,
// else step by step.
func (destination *{{.Name}}) {{.From}}(source {{.Param}}) error {
	if hub, ok := source.(*{{.Hub}}); ok {
		return destination.{{.DirectFrom}}(hub)
	}
	return destination.Step{{.From}}(source)
}
`)
