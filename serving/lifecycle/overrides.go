package lifecycle

import (
	"fmt"
	"os"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/armhub/armhub/runtime/lifecycle"
)

// Override is one entry of an overrides file: new start times for stages of
// one version's lifecycle, for one CRD (CRD, its metadata.name) or for every
// CRD of a group (Group). Exactly one of CRD and Group is set.
type Override struct {
	CRD       string
	Group     string
	Version   string
	Lifecycle lifecycle.Lifecycle

	// Where names the entry in its file ("overrides.yaml:12"), for messages.
	Where string
}

// Overrides are the entries of an overrides file.
type Overrides []Override

// For returns the overrides that apply to the CRD of that name and group, by
// version: an entry naming the CRD wins over one naming its group.
func (o Overrides) For(crd, group string) map[string]Override {
	out := map[string]Override{}
	for _, e := range o {
		if e.Group == group {
			if _, taken := out[e.Version]; !taken {
				out[e.Version] = e
			}
		}
	}
	for _, e := range o {
		if e.CRD == crd {
			out[e.Version] = e
		}
	}
	return out
}

// LoadOverrides reads an overrides file (see ParseOverrides).
func LoadOverrides(path string) (Overrides, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseOverrides(path, data)
}

// ParseOverrides parses an overrides file named name:
//
//	overrides:
//	- crd: storageaccounts.storage.azure.armhub.io   # or group: storage.azure.armhub.io
//	  version: v20210401
//	  lifecycle:
//	  - classification: deprecated
//	    startTime: "2026-06-01T00:00:00Z"
//
// Strictly: unknown or repeated keys, a missing or doubled target, a stage
// without a start time, an unknown classification, stages out of order and two
// entries for the same target and version are errors naming name:line and, for
// lifecycle rules, the rule broken. Whether the base lifecycle has the version
// and the stages is only known from the CRD, at reconcile time.
func ParseOverrides(name string, data []byte) (Overrides, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	p := parser{name: name}
	if len(doc.Content) == 0 { // an empty file overrides nothing
		return nil, nil
	}
	root := doc.Content[0]
	fields, err := p.mapping(root, "the file", "overrides")
	if err != nil {
		return nil, err
	}
	list, ok := fields["overrides"]
	if !ok {
		return nil, p.errorf(root, "no key overrides")
	}
	if list.Kind != yaml.SequenceNode {
		if list.Tag == "!!null" {
			return nil, nil
		}
		return nil, p.errorf(list, "overrides must be a list")
	}
	var out Overrides
	seen := map[string]string{}
	for _, node := range list.Content {
		o, err := p.override(node)
		if err != nil {
			return nil, err
		}
		key := "crd " + o.CRD + " version " + o.Version
		if o.Group != "" {
			key = "group " + o.Group + " version " + o.Version
		}
		if earlier, ok := seen[key]; ok {
			return nil, p.errorf(node, "%s is overridden a second time (first at %s)", key, earlier)
		}
		seen[key] = o.Where
		out = append(out, o)
	}
	return out, nil
}

type parser struct{ name string }

func (p parser) errorf(node *yaml.Node, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, node.Line, fmt.Sprintf(format, args...))
}

// mapping returns the values of a mapping node by key, refusing keys not in
// known and repeated keys.
func (p parser) mapping(node *yaml.Node, what string, known ...string) (map[string]*yaml.Node, error) {
	if node.Kind != yaml.MappingNode {
		return nil, p.errorf(node, "%s must be a mapping with keys %s", what, strings.Join(known, ", "))
	}
	out := map[string]*yaml.Node{}
	for i := 0; i+1 < len(node.Content); i += 2 {
		key, value := node.Content[i], node.Content[i+1]
		isKnown := false
		for _, k := range known {
			isKnown = isKnown || key.Value == k
		}
		switch {
		case !isKnown:
			return nil, p.errorf(key, "unknown key %q in %s (known: %s)", key.Value, what, strings.Join(known, ", "))
		case out[key.Value] != nil:
			return nil, p.errorf(key, "key %q appears twice in %s", key.Value, what)
		}
		out[key.Value] = value
	}
	return out, nil
}

func (p parser) scalar(fields map[string]*yaml.Node, key string) (string, error) {
	node, ok := fields[key]
	if !ok {
		return "", nil
	}
	if node.Kind != yaml.ScalarNode || node.Value == "" {
		return "", p.errorf(node, "%s must be a non-empty string", key)
	}
	return node.Value, nil
}

func (p parser) override(node *yaml.Node) (Override, error) {
	o := Override{Where: fmt.Sprintf("%s:%d", p.name, node.Line)}
	fields, err := p.mapping(node, "an override", "crd", "group", "version", "lifecycle")
	if err != nil {
		return o, err
	}
	for key, into := range map[string]*string{"crd": &o.CRD, "group": &o.Group, "version": &o.Version} {
		if *into, err = p.scalar(fields, key); err != nil {
			return o, err
		}
	}
	switch {
	case o.CRD == "" && o.Group == "":
		return o, p.errorf(node, "an override names a crd (metadata.name of the CustomResourceDefinition) or a group")
	case o.CRD != "" && o.Group != "":
		return o, p.errorf(node, "an override names a crd or a group, not both")
	case o.Version == "":
		return o, p.errorf(node, "an override names a version (the Kubernetes version name, as v20210401)")
	}
	stages, ok := fields["lifecycle"]
	if !ok || stages.Kind != yaml.SequenceNode || len(stages.Content) == 0 {
		return o, p.errorf(node, "an override has a lifecycle: a non-empty list of stages")
	}
	for i, s := range stages.Content {
		stage, err := p.stage(s)
		if err != nil {
			return o, err
		}
		if stage.StartTime == nil {
			e := &lifecycle.Error{Stage: i + 1, Rule: lifecycle.RuleOverrideNoStart, Detail: fmt.Sprintf("%s has no startTime", stage.Classification)}
			return o, p.errorf(s, "%v", e)
		}
		o.Lifecycle = append(o.Lifecycle, stage)
	}
	if err := o.Lifecycle.Validate(); err != nil {
		at := stages
		if e, ok := err.(*lifecycle.Error); ok && e.Stage > 0 && e.Stage <= len(stages.Content) {
			at = stages.Content[e.Stage-1]
		}
		return o, p.errorf(at, "%v", err)
	}
	return o, nil
}

func (p parser) stage(node *yaml.Node) (lifecycle.Stage, error) {
	var stage lifecycle.Stage
	fields, err := p.mapping(node, "a stage", "classification", "startTime")
	if err != nil {
		return stage, err
	}
	classification, err := p.scalar(fields, "classification")
	if err != nil {
		return stage, err
	}
	stage.Classification = lifecycle.Classification(classification)
	if !stage.Classification.Known() {
		e := &lifecycle.Error{Rule: lifecycle.RuleUnknownClassification, Detail: fmt.Sprintf("unknown classification %q (want unavailable, preview, supported, deprecated or expired)", classification)}
		return stage, p.errorf(node, "%v", e)
	}
	start, err := p.scalar(fields, "startTime")
	if err != nil || start == "" {
		return stage, err
	}
	t, err := time.Parse(time.RFC3339, start)
	if err != nil {
		return stage, p.errorf(fields["startTime"], "startTime %q is not an RFC 3339 time (as 2026-06-01T00:00:00Z)", start)
	}
	stage.StartTime = &t
	return stage, nil
}
