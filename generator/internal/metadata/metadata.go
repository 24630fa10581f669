// Package metadata reads and checks a service's metadata file
// (metadata/<service>.yaml). Unknown keys are errors, and every error names the
// file and the line.
package metadata

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/semver"
	"gopkg.in/yaml.v3"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/armhub/armhub/generator/internal/layout"
	"github.com/armhub/armhub/generator/internal/model"
	"github.com/armhub/armhub/runtime/lifecycle"
)

// Service is the metadata of one service.
type Service struct {
	Name      string     `yaml:"service"`   // the service's short name: apis/<name>
	Provider  string     `yaml:"provider"`  // the ARM provider namespace
	Group     string     `yaml:"group"`     // the Kubernetes API group
	Module    Module     `yaml:"module"`    // the generated Go module
	Schemas   string     `yaml:"schemas"`   // the schema root, relative to the file
	Input     Input      `yaml:"input"`     // the schemas' format (ARM deployment schemas unless said)
	Now       *time.Time `yaml:"now"`       // the instant lifecycles are evaluated at
	Resources []string   `yaml:"resources"` // the resources to generate; empty means all
	Versions  []Version  `yaml:"versions"`
	Renames   Renames    `yaml:"renames"`
	Removals  []Removal  `yaml:"removals"`
	Webhook   Webhook    `yaml:"webhook"` // the conversion webhook the CRDs name
	CRDs      CRDs       `yaml:"crds"`    // which versions CRDs list, and their budget

	ResourceLines []int `yaml:"-"` // the line of each entry of Resources

	File string `yaml:"-"` // the file this was read from
	Dir  string `yaml:"-"` // the directory of File

	// Found marks metadata ForProvider made from the version files found
	// under the schema root (a -provider run), not read from a file: a
	// version whose file describes no resource is left out of the run,
	// noted, where a metadata file listing it is refused.
	Found bool `yaml:"-"`
	// Policy marks a -provider run with a now: the versions' lifecycles are
	// the policy's for real Azure services (PolicyVersions) over the
	// versions generated.
	Policy bool `yaml:"-"`
}

// Module names the generated Go module and its released version.
type Module struct {
	Path    string `yaml:"path"`
	Version string `yaml:"version"`
}

// Webhook is the conversion webhook the service's CRDs name: a Kubernetes
// service (name, namespace, path, port) and the cert-manager Certificate
// (namespace/name) whose CA cert-manager injects. Empty fields take the defaults
// of DefaultWebhook.
type Webhook struct {
	Service     string `yaml:"service"`
	Namespace   string `yaml:"namespace"`
	Path        string `yaml:"path"`
	Port        int32  `yaml:"port"`
	Certificate string `yaml:"certificate"`
}

// DefaultWebhook is where the conversion webhook runs unless the metadata says
// otherwise: the service armhub-webhook in the namespace armhub-system, path
// /convert, port 443, with the cert-manager Certificate
// armhub-system/armhub-webhook.
var DefaultWebhook = Webhook{
	Service: "armhub-webhook", Namespace: "armhub-system", Path: "/convert", Port: 443,
	Certificate: "armhub-system/armhub-webhook",
}

// withDefaults returns w with empty fields set from DefaultWebhook.
func (w Webhook) withDefaults() Webhook {
	d := DefaultWebhook
	if w.Service == "" {
		w.Service = d.Service
	}
	if w.Namespace == "" {
		w.Namespace = d.Namespace
	}
	if w.Path == "" {
		w.Path = d.Path
	}
	if w.Port == 0 {
		w.Port = d.Port
	}
	if w.Certificate == "" {
		w.Certificate = w.Namespace + "/" + w.Service
	}
	return w
}

// Version is one API version to generate, with its lifecycle in either style:
// lifecycle (stages), or the old classification with an optional
// expirationDate; not both.
type Version struct {
	Version        string     `yaml:"version"`
	Lifecycle      []Stage    `yaml:"lifecycle"`
	Classification string     `yaml:"classification"` // the old style
	ExpirationDate *time.Time `yaml:"expirationDate"` // the old style
	// Keep is why the module keeps the version's packages once it has
	// expired (teams still compile against its Go types); empty means an
	// expired version leaves the module unless crds.stored names it.
	Keep string `yaml:"keep"`
	Line int    `yaml:"-"`

	// Resolved is the version's lifecycle, whichever style gave it (one
	// supported stage when it gives none); set by Parse.
	Resolved lifecycle.Lifecycle `yaml:"-"`
}

// Status returns the version's classification and next transition at now.
func (v Version) Status(now time.Time) lifecycle.Status {
	return v.Resolved.Evaluate(now)
}

// Stage is one stage of a version's lifecycle.
type Stage struct {
	Classification string     `yaml:"classification"`
	StartTime      *time.Time `yaml:"startTime"`
}

// Renames lists property and type renames.
type Renames struct {
	Properties []PropertyRename `yaml:"properties"`
	Types      []TypeRename     `yaml:"types"`
}

// PropertyRename says that property From of object type Type is called To from
// API version Since on.
type PropertyRename struct {
	Type  string `yaml:"type"`
	From  string `yaml:"from"`
	To    string `yaml:"to"`
	Since string `yaml:"since"`
	Line  int    `yaml:"-"`
}

// TypeRename says that object or enum type From is called To from API version
// Since on.
type TypeRename struct {
	From  string `yaml:"from"`
	To    string `yaml:"to"`
	Since string `yaml:"since"`
	Line  int    `yaml:"-"`
}

// Removal records the assessment of a property of object type Type that is not in
// API version Since although it was in the version before.
type Removal struct {
	Type     string `yaml:"type"`
	Property string `yaml:"property"`
	Since    string `yaml:"since"`
	Note     string `yaml:"note"`
	Line     int    `yaml:"-"`
}

// Load reads and checks the metadata file at path.
func Load(path string) (*Service, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads and checks metadata held in data, read from file.
func Parse(file string, data []byte) (*Service, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	lines := &lineFinder{root: &root}
	if err := checkTimes(file, lines); err != nil {
		return nil, err
	}
	service, err := decode(file, data)
	if err != nil {
		return nil, err
	}
	service.File = file
	service.Dir = dirOf(file)
	service.Webhook = service.Webhook.withDefaults()
	service.recordLines(lines)
	if err := service.check(lines); err != nil {
		return nil, err
	}
	return service, nil
}

// decode decodes the one YAML document in data, failing on unknown keys.
func decode(file string, data []byte) (*Service, error) {
	decoder := yaml.NewDecoder(bytes.NewReader(data))
	decoder.KnownFields(true)
	var service Service
	if err := decoder.Decode(&service); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: the file is empty", file)
		}
		return nil, fmt.Errorf("%s: %s", file, strings.TrimPrefix(err.Error(), "yaml: unmarshal errors:\n  "))
	}
	if err := oneDocument(file, decoder); err != nil {
		return nil, err
	}
	return &service, nil
}

// checkTimes decodes each time in the document on its own, as a time the YAML
// decoder cannot parse stops decoding with an error that has no line.
func checkTimes(file string, lines *lineFinder) error {
	nodes := []*yaml.Node{lines.node("now")}
	for _, version := range lines.items("versions") {
		for _, stage := range (&lineFinder{root: version}).items("lifecycle") {
			nodes = append(nodes, (&lineFinder{root: stage}).node("startTime"))
		}
		nodes = append(nodes, (&lineFinder{root: version}).node("expirationDate"))
	}
	for _, n := range nodes {
		var t time.Time
		if n != nil && n.Kind == yaml.AliasNode {
			n = n.Alias
		}
		if n == nil || n.Kind != yaml.ScalarNode {
			continue
		}
		if err := n.Decode(&t); err != nil {
			return model.Errorf(model.Location{File: file, Line: n.Line}, "%q is not a time like 2024-01-31T00:00:00Z (RFC 3339)", n.Value)
		}
	}
	return nil
}

// oneDocument fails if the decoder holds a further YAML document, which would be
// ignored.
func oneDocument(file string, decoder *yaml.Decoder) error {
	var next yaml.Node
	err := decoder.Decode(&next)
	switch {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return fmt.Errorf("%s: expected one YAML document, found more: %w", file, err)
	}
	return model.Errorf(model.Location{File: file, Line: next.Line}, "expected one YAML document, found a second")
}

func dirOf(file string) string {
	if i := strings.LastIndex(file, "/"); i >= 0 {
		return file[:i]
	}
	return "."
}

func (s *Service) recordLines(lines *lineFinder) {
	s.ResourceLines = make([]int, len(s.Resources))
	for i := range s.Resources {
		s.ResourceLines[i] = lines.find("resources", i)
	}
	for i := range s.Versions {
		s.Versions[i].Line = lines.find("versions", i)
	}
	for i := range s.Renames.Properties {
		s.Renames.Properties[i].Line = lines.find("renames", "properties", i)
	}
	for i := range s.Renames.Types {
		s.Renames.Types[i].Line = lines.find("renames", "types", i)
	}
	for i := range s.Removals {
		s.Removals[i].Line = lines.find("removals", i)
	}
	s.recordCRDLines(lines)
}

func (s *Service) errorf(line int, format string, args ...any) error {
	return model.Errorf(model.Location{File: s.File, Line: line}, format, args...)
}

var (
	serviceName = regexp.MustCompile(`^[a-z][a-z0-9]*$`)
	apiVersion  = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}(-preview)?$`)
)

func (s *Service) check(lines *lineFinder) error {
	checks := []func(*lineFinder) error{s.checkHeader, s.checkInput, s.checkVersions, s.checkRenames, s.checkRenameChains, s.checkRemovals, s.checkWebhook, s.checkCRDs}
	for _, check := range checks {
		if err := check(lines); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) checkHeader(lines *lineFinder) error {
	required := []struct{ key, value string }{
		{"service", s.Name}, {"provider", s.Provider}, {"group", s.Group}, {"module", s.Module.Path},
	}
	for _, r := range required {
		if r.value == "" {
			return s.errorf(lines.find(r.key), "%q is required", r.key)
		}
	}
	if err := checkProvider(s.Provider); err != nil {
		return s.errorf(lines.find("provider"), "%v", err)
	}
	if !serviceName.MatchString(s.Name) {
		return s.errorf(lines.find("service"), "service %q must be lower-case letters and digits", s.Name)
	}
	if problems := validation.IsDNS1123Subdomain(s.Group); len(problems) > 0 || !strings.Contains(s.Group, ".") {
		return s.errorf(lines.find("group"), "group %q is not a DNS subdomain with at least one dot%s", s.Group, explained(problems))
	}
	if v := s.Module.Version; v != "" && (!semver.IsValid(v) || semver.Canonical(v) != v) {
		return s.errorf(lines.find("module", "version"), "module version %q is not a semantic version like v1.2.3", v)
	}
	if err := checkModulePath(s.Module.Path); err != nil {
		return s.errorf(lines.find("module", "path"), "module path %q is not a Go module path: %v", s.Module.Path, err)
	}
	if !layout.IsServiceModulePath(s.Name, s.Module.Path) {
		return s.errorf(lines.find("module", "path"), "module path %q must end in /%s (or /%s/vN)", s.Module.Path, s.Name, s.Name)
	}
	return checkUnique(s, lines, "resources", s.Resources)
}

func checkUnique(s *Service, lines *lineFinder, key string, values []string) error {
	seen := map[string]bool{}
	for i, value := range values {
		if seen[strings.ToLower(value)] {
			return s.errorf(lines.find(key, i), "%s lists %q twice", key, value)
		}
		seen[strings.ToLower(value)] = true
	}
	return nil
}

func (s *Service) checkVersions(lines *lineFinder) error {
	if len(s.Versions) == 0 {
		return s.errorf(lines.find("versions"), "at least one API version is required under \"versions\"")
	}
	seen := map[string]bool{}
	for i, v := range s.Versions {
		if !apiVersion.MatchString(v.Version) {
			return s.errorf(v.Line, "version %q is not an API version like 2021-04-01 or 2021-04-01-preview", v.Version)
		}
		if seen[v.Version] {
			return s.errorf(v.Line, "version %q is listed twice", v.Version)
		}
		seen[v.Version] = true
		if k := strings.ToLower(strings.TrimSpace(v.Keep)); k == "true" || k == "yes" || k == "false" || k == "no" {
			return s.errorf(lines.find("versions", i, "keep"), "version %q: keep takes the reason the module keeps the version once it has expired (who still compiles against its Go types), not %q", v.Version, v.Keep)
		}
		resolved, err := s.resolveLifecycle(lines, i)
		if err != nil {
			return err
		}
		s.Versions[i].Resolved = resolved
	}
	return nil
}

func (s *Service) knownVersion(version string) bool {
	for _, v := range s.Versions {
		if v.Version == version {
			return true
		}
	}
	return false
}

func (s *Service) checkRenames(*lineFinder) error {
	for _, r := range s.Renames.Properties {
		if r.Type == "" || r.From == "" || r.To == "" || r.Since == "" {
			return s.errorf(r.Line, "a property rename needs type, from, to and since")
		}
		if !s.knownVersion(r.Since) {
			return s.errorf(r.Line, "rename since %q: not a version listed under \"versions\"", r.Since)
		}
	}
	for _, r := range s.Renames.Types {
		if r.From == "" || r.To == "" || r.Since == "" {
			return s.errorf(r.Line, "a type rename needs from, to and since")
		}
		if !s.knownVersion(r.Since) {
			return s.errorf(r.Line, "rename since %q: not a version listed under \"versions\"", r.Since)
		}
	}
	return nil
}

func (s *Service) checkRemovals(*lineFinder) error {
	for _, r := range s.Removals {
		if r.Type == "" || r.Property == "" || r.Since == "" {
			return s.errorf(r.Line, "a removal needs type, property and since")
		}
		if !s.knownVersion(r.Since) {
			return s.errorf(r.Line, "removal since %q: not a version listed under \"versions\"", r.Since)
		}
	}
	return nil
}

var webhookPath = regexp.MustCompile(`^/[A-Za-z0-9/._~-]*$`)

// checkWebhook checks the webhook's names as Kubernetes validates them: a
// Service's name is a DNS-1035 label, a namespace's a DNS-1123 label, and a
// cert-manager Certificate's (a custom resource's) a DNS-1123 subdomain.
func (s *Service) checkWebhook(lines *lineFinder) error {
	w := s.Webhook
	names := []struct {
		key, value string
		check      func(string) []string
	}{{"service", w.Service, validation.IsDNS1035Label}, {"namespace", w.Namespace, validation.IsDNS1123Label}}
	for _, f := range names {
		if problems := f.check(f.value); len(problems) > 0 {
			return s.errorf(lines.find("webhook", f.key), "webhook %s %q is not a DNS label%s", f.key, f.value, explained(problems))
		}
	}
	if !webhookPath.MatchString(w.Path) {
		return s.errorf(lines.find("webhook", "path"), "webhook path %q must start with / and hold only URL path characters", w.Path)
	}
	if w.Port < 1 || w.Port > 65535 {
		return s.errorf(lines.find("webhook", "port"), "webhook port %d is not between 1 and 65535", w.Port)
	}
	namespace, name, ok := strings.Cut(w.Certificate, "/")
	if !ok || len(validation.IsDNS1123Label(namespace)) > 0 || len(validation.IsDNS1123Subdomain(name)) > 0 {
		return s.errorf(lines.find("webhook", "certificate"), "webhook certificate %q is not namespace/name", w.Certificate)
	}
	return nil
}

// explained returns ": " and the problems apimachinery's validation found,
// or "" when it found none.
func explained(problems []string) string {
	if len(problems) == 0 {
		return ""
	}
	return ": " + strings.Join(problems, "; ")
}

// VersionNames returns the API versions to generate, oldest first.
func (s *Service) VersionNames() []string {
	names := make([]string, 0, len(s.Versions))
	for _, v := range s.Versions {
		names = append(names, v.Version)
	}
	sort.Strings(names)
	return names
}
