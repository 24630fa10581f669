package metadata

import (
	"errors"

	"github.com/armhub/armhub/runtime/lifecycle"
)

// resolveLifecycle returns the lifecycle version i's fields give, in either
// style (lifecycle, or the old classification and expirationDate, translated
// by lifecycle.Style), with the rules of runtime/lifecycle checked. An error
// names the line of the stage, or of the field, that breaks a rule, and the
// rule. A version that gives neither is one supported stage. Start times are
// in UTC.
func (s *Service) resolveLifecycle(lines *lineFinder, i int) (lifecycle.Lifecycle, error) {
	v := s.Versions[i]
	stages := make(lifecycle.Lifecycle, len(v.Lifecycle))
	for n, stage := range v.Lifecycle {
		stages[n] = lifecycle.Stage{Classification: lifecycle.Classification(stage.Classification), StartTime: stage.StartTime}
	}
	style := lifecycle.Style{Lifecycle: stages, Classification: lifecycle.Classification(v.Classification), ExpirationDate: v.ExpirationDate}
	resolved, err := style.Resolve()
	var broken *lifecycle.Error
	if err != nil && errors.As(err, &broken) {
		line := v.Line
		switch {
		case broken.Rule == lifecycle.RuleMixedStyles:
			line = lines.find("versions", i, "lifecycle")
			for _, key := range []string{"classification", "expirationDate"} {
				if n := lines.node("versions", i, key); n != nil {
					line = n.Line
					break
				}
			}
		case len(v.Lifecycle) > 0 && broken.Stage > 0:
			line = lines.find("versions", i, "lifecycle", broken.Stage-1)
		case v.Classification != "":
			line = lines.find("versions", i, "classification")
		}
		return nil, s.errorf(line, "version %s: %v", v.Version, err)
	}
	if err != nil {
		return nil, s.errorf(v.Line, "version %s: %v", v.Version, err)
	}
	for n := range resolved {
		if t := resolved[n].StartTime; t != nil {
			utc := t.UTC()
			resolved[n].StartTime = &utc
		}
	}
	if len(resolved) == 0 {
		resolved = Supported()
	}
	return resolved, nil
}

// Supported returns the lifecycle of a version whose metadata gives none: one
// supported stage.
func Supported() lifecycle.Lifecycle {
	return lifecycle.Lifecycle{{Classification: lifecycle.Supported}}
}
