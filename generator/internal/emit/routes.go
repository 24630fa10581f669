package emit

import (
	"fmt"

	"github.com/armhub/armhub/generator/internal/conversion"
	"github.com/armhub/armhub/generator/internal/golang"
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
func writeRoutes(s *scope, kind string, r *golang.Resource) {
	g := s.module.Graph
	hub := g.Hubs[kind]
	for _, l := range levels() {
		switch {
		case s.side == conversion.SpokeSide && l.needsHub:
			writeCarryRoute(s, l, r)
		case s.side == conversion.SpokeSide:
			writeStepRoute(s, l, r, side{s.version, conversion.StorageSide}, "")
		case s.version < hub:
			writeStepRoute(s, l, r, side{g.Next(kind, s.version), conversion.StorageSide}, "")
		case s.version == hub:
			writeHubRoute(s, l, kind, r)
		default:
			writeBeyondRoute(s, l, r)
		}
	}
}

// writeStepRoute writes conversions that take one step towards the hub (to next)
// and let the next version carry on. At the resource level the argument is always
// the hub, so a step can only check for it when next is the hub. The methods'
// names are l's with prefix.
func writeStepRoute(s *scope, l level, r *golang.Resource, next side, prefix string) {
	name := l.typeName(r)
	nextName := s.qualifier(next.version, next.pkg) + name
	nextIsHub := next.version == s.module.Graph.Hubs[r.Kind]
	args := []any{l.to, name, nextName, l.iface, l.from, prefix}
	s.file.printf("\n// %[6]s%[1]s converts this %[2]s to destination, by way of %[3]s.\nfunc (source *%[2]s) %[6]s%[1]s(destination %[4]s) error {\n", args...)
	if !l.needsHub || nextIsHub {
		s.file.printf("\tif next, ok := destination.(*%[3]s); ok {\n\t\treturn source.AssignProperties_To_%[2]s(next)\n\t}\n", args...)
	}
	if l.needsHub && nextIsHub {
		s.file.printf("\treturn fmt.Errorf(\"cannot convert %%T to %%T: not the hub %%T\", source, destination, &%[3]s{})\n}\n", args...)
	} else {
		s.file.printf(`	var staged %[3]s
	if err := source.AssignProperties_To_%[2]s(&staged); err != nil {
		return fmt.Errorf("converting %%T to %%T: %%w", source, &staged, err)
	}
	return staged.%[1]s(destination)
}
`, args...)
	}
	s.file.printf("\n// %[6]s%[5]s populates this %[2]s from source, by way of %[3]s.\nfunc (destination *%[2]s) %[6]s%[5]s(source %[4]s) error {\n", args...)
	if !l.needsHub || nextIsHub {
		s.file.printf("\tif next, ok := source.(*%[3]s); ok {\n\t\treturn destination.AssignProperties_From_%[2]s(next)\n\t}\n", args...)
	}
	if l.needsHub && nextIsHub {
		s.file.printf("\treturn fmt.Errorf(\"cannot convert %%T to %%T: not the hub %%T\", source, destination, &%[3]s{})\n}\n", args...)
		return
	}
	s.file.printf(`	var staged %[3]s
	if err := staged.%[5]s(source); err != nil {
		return fmt.Errorf("converting %%T to %%T: %%w", source, &staged, err)
	}
	return destination.AssignProperties_From_%[2]s(&staged)
}
`, args...)
}

// writeCarryRoute writes a spoke resource's conversions for controller-runtime:
// stateless ones that drop what the spoke cannot represent, and ConvertTo and
// ConvertFrom, which keep it in the carried annotation (armruntime.ConvertToHub).
func writeCarryRoute(s *scope, l level, r *golang.Resource) {
	writeStepRoute(s, l, r, side{s.version, conversion.StorageSide}, "Stateless")
	s.file.printf(`
// %[1]s converts this %[3]s to the hub destination, restoring what this version
// cannot represent from the annotation armruntime.CarriedAnnotation.
func (source *%[3]s) %[1]s(destination conversion.Hub) error {
	return armruntime.ConvertToHub(source, destination)
}

// %[2]s populates this %[3]s from the hub source, carrying what this version
// cannot represent in the annotation armruntime.CarriedAnnotation.
func (destination *%[3]s) %[2]s(source conversion.Hub) error {
	return armruntime.ConvertFromHub(destination, source)
}
`, l.to, l.from, l.typeName(r))
}

// writeHubRoute writes the hub's side: Hub() for controller-runtime, and the
// conversions to and from the storage versions newer than the hub.
func writeHubRoute(s *scope, l level, kind string, r *golang.Resource) {
	name := l.typeName(r)
	beyond := beyondVersions(s.module.Graph, kind, s.version)
	if l.needsHub {
		s.file.printf("\n// Hub marks %s as the version every other converts through.\nfunc (*%s) Hub() {}\n", name, name)
	} else {
		writeHubDispatch(s, l, name, beyond)
	}
	for _, b := range beyond {
		writeHubChain(s, l, kind, name, b)
	}
}

func writeHubDispatch(s *scope, l level, name string, beyond []int) {
	s.file.printf(`
// %[1]s converts this hub %[2]s to destination.
func (source *%[2]s) %[1]s(destination %[3]s) error {
	switch d := destination.(type) {
	case *%[2]s:
		source.DeepCopyInto(d)
		return nil
`, l.to, name, l.iface)
	for _, b := range beyond {
		s.file.printf("\tcase *%s%s:\n\t\treturn source.%s_%s(d)\n", s.qualifier(b, conversion.StorageSide), name, l.to, versionSuffix(s, b))
	}
	s.file.printf("\t}\n\treturn destination.%s(source)\n}\n", l.from)
	s.file.printf(`
// %[1]s populates this hub %[2]s from source.
func (destination *%[2]s) %[1]s(source %[3]s) error {
	switch s := source.(type) {
	case *%[2]s:
		s.DeepCopyInto(destination)
		return nil
`, l.from, name, l.iface)
	for _, b := range beyond {
		s.file.printf("\tcase *%s%s:\n\t\treturn destination.%s_%s(s)\n", s.qualifier(b, conversion.StorageSide), name, l.from, versionSuffix(s, b))
	}
	s.file.printf("\t}\n\treturn source.%s(destination)\n}\n", l.to)
}

func versionSuffix(s *scope, version int) string {
	return s.module.Graph.Versions[version].Storage.Version
}

// beyondVersions returns the versions of kind newer than its hub.
func beyondVersions(g *conversion.Graph, kind string, hub int) []int {
	var out []int
	for _, v := range g.Chains[kind] {
		if v > hub {
			out = append(out, v)
		}
	}
	return out
}

// writeHubChain writes the hub's conversions to and from version b, newer than
// the hub: a step through every version in between, each hosted by the earlier.
func writeHubChain(s *scope, l level, kind, name string, b int) {
	g := s.module.Graph
	path := []int{s.version}
	for v := s.version; v != b; {
		v = g.Next(kind, v)
		path = append(path, v)
	}
	suffix := versionSuffix(s, b)
	target := s.qualifier(b, conversion.StorageSide) + name
	s.file.printf("\n// %s_%s converts this hub into destination, newer than the hub.\nfunc (source *%s) %s_%s(destination *%s) error {\n", l.to, suffix, name, l.to, suffix, target)
	previous := "source"
	for n := 1; n < len(path); n++ {
		current := "destination"
		if n < len(path)-1 {
			current = fmt.Sprintf("step%d", n)
			s.file.printf("\tvar %s %s%s\n", current, s.qualifier(path[n], conversion.StorageSide), name)
			current = "&" + current
		}
		s.file.printf("\tif err := %s.AssignProperties_To_%s(%s); err != nil {\n\t\treturn err\n\t}\n", trimAmp(previous), name, current)
		previous = current
	}
	s.file.printf("\treturn nil\n}\n")
	s.file.printf("\n// %s_%s populates this hub from source, newer than the hub.\nfunc (destination *%s) %s_%s(source *%s) error {\n", l.from, suffix, name, l.from, suffix, target)
	previous = "source"
	for n := len(path) - 2; n >= 0; n-- {
		current := "destination"
		if n > 0 {
			current = fmt.Sprintf("step%d", n)
			s.file.printf("\tvar %s %s%s\n", current, s.qualifier(path[n], conversion.StorageSide), name)
		}
		arg := previous
		if arg != "source" {
			arg = "&" + arg
		}
		s.file.printf("\tif err := %s.AssignProperties_From_%s(%s); err != nil {\n\t\treturn err\n\t}\n", current, name, arg)
		previous = current
	}
	s.file.printf("\treturn nil\n}\n")
}

func trimAmp(s string) string {
	if len(s) > 0 && s[0] == '&' {
		return s[1:]
	}
	return s
}

// writeBeyondRoute writes the conversions of a storage version newer than the hub:
// only the hub can convert it, through the methods the hub hosts.
func writeBeyondRoute(s *scope, l level, r *golang.Resource) {
	name := l.typeName(r)
	suffix := versionSuffix(s, s.version)
	s.file.printf(`
// %[1]s converts this %[2]s, newer than the hub, to destination through the hub.
func (source *%[2]s) %[1]s(destination %[3]s) error {
	if hub, ok := destination.(interface{ %[4]s_%[5]s(*%[2]s) error }); ok {
		return hub.%[4]s_%[5]s(source)
	}
`, l.to, name, l.iface, l.from, suffix)
	if l.needsHub {
		s.file.printf("\treturn fmt.Errorf(\"hub %%T cannot convert from %%T\", destination, source)\n}\n")
	} else {
		s.file.printf("\tif _, beyond := destination.(armruntime.BeyondHub); beyond {\n\t\treturn fmt.Errorf(\"cannot convert %%T to %%T directly: convert through the hub\", source, destination)\n\t}\n\treturn destination.%s(source)\n}\n", l.from)
	}
	s.file.printf(`
// %[1]s populates this %[2]s, newer than the hub, from source through the hub.
func (destination *%[2]s) %[1]s(source %[3]s) error {
	if hub, ok := source.(interface{ %[4]s_%[5]s(*%[2]s) error }); ok {
		return hub.%[4]s_%[5]s(destination)
	}
`, l.from, name, l.iface, l.to, suffix)
	if l.needsHub {
		s.file.printf("\treturn fmt.Errorf(\"hub %%T cannot convert to %%T\", source, destination)\n}\n")
	} else {
		s.file.printf("\tif _, beyond := source.(armruntime.BeyondHub); beyond {\n\t\treturn fmt.Errorf(\"cannot convert %%T to %%T directly: convert through the hub\", source, destination)\n\t}\n\treturn source.%s(destination)\n}\n", l.to)
	}
	s.file.printf("\n// ConvertsThroughHub marks %s as newer than the hub.\nfunc (*%s) ConvertsThroughHub() {}\n", name, name)
}
