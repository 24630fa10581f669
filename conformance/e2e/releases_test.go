package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/util/wait"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/armhub/armhub/conformance/harness"
	"github.com/armhub/armhub/runtime/conversionwebhook"
)

// The releases tools/e2e-releases.sh builds: snapshots n, n1 and n2 of the
// person service, each with its CRD and its own armhub-webhook binary.
const releaseGroup = "releases.example.armhub.io"

type release struct {
	name string
	dir  string
	crd  *apix.CustomResourceDefinition
}

func (r *release) hub() string { return storageVersion(r.crd) }

func (r *release) serves(version string) bool {
	for _, v := range servedVersions(r.crd) {
		if v == version {
			return true
		}
	}
	return false
}

// loadReleases builds the releases (or takes ARMHUB_E2E_RELEASES) and loads
// their CRDs with the webhook at url.
func loadReleases(t *testing.T, url string) map[string]*release {
	t.Helper()
	dir := os.Getenv("ARMHUB_E2E_RELEASES")
	if dir == "" {
		dir = buildReleases(t)
	}
	releases := map[string]*release{}
	for _, name := range []string{"n", "n1", "n2"} {
		crds, err := conversionwebhook.LoadCRDs(os.DirFS(filepath.Join(dir, name, "crd")), conversionwebhook.Options{URL: url, CABundle: suite.caBundle})
		if err != nil || len(crds) != 1 {
			t.Fatalf("release %s in %s: %d CRDs, %v", name, dir, len(crds), err)
		}
		releases[name] = &release{name: name, dir: filepath.Join(dir, name), crd: crds[0]}
	}
	return releases
}

func buildReleases(t *testing.T) string {
	t.Helper()
	var stderr bytes.Buffer
	command := exec.Command(filepath.Join("..", "..", "tools", "e2e-releases.sh"))
	command.Stderr = &stderr
	out, err := command.Output()
	if err != nil {
		t.Fatalf("tools/e2e-releases.sh: %v\n%s", err, stderr.String())
	}
	return strings.TrimSpace(string(out))
}

// releaseWebhook runs one release's armhub-webhook binary on a free port of
// webhookHost (127.0.0.1 unless the API server runs elsewhere).
type releaseWebhook struct {
	addr    string
	command *exec.Cmd
	log     bytes.Buffer
}

func newReleaseWebhook(t *testing.T) *releaseWebhook {
	t.Helper()
	listener, err := net.Listen("tcp", net.JoinHostPort(webhookHost(), "0"))
	if err != nil {
		t.Fatal(err)
	}
	addr := listener.Addr().String()
	_ = listener.Close()
	return &releaseWebhook{addr: addr}
}

func (w *releaseWebhook) url() string { return "https://" + w.addr + "/convert" }

func (w *releaseWebhook) start(t *testing.T, r *release) {
	t.Helper()
	w.log.Reset()
	w.command = exec.Command(filepath.Join(r.dir, "armhub-webhook"),
		"-services", "person", "-addr", w.addr, "-cert-dir", suite.certDir, "-path", "/convert")
	w.command.Stdout, w.command.Stderr = &w.log, &w.log
	if err := w.command.Start(); err != nil {
		t.Fatalf("starting the webhook of release %s: %v", r.name, err)
	}
	err := wait.PollUntilContextTimeout(context.Background(), 20*time.Millisecond, 20*time.Second, true, func(context.Context) (bool, error) {
		conn, err := net.Dial("tcp", w.addr)
		if err != nil {
			return false, nil
		}
		return true, conn.Close()
	})
	if err != nil {
		t.Fatalf("the webhook of release %s does not listen on %s: %v\n%s", r.name, w.addr, err, w.log.String())
	}
}

func (w *releaseWebhook) stop() {
	if w.command == nil {
		return
	}
	_ = w.command.Process.Signal(syscall.SIGTERM)
	_ = w.command.Wait()
	w.command = nil
}

// scenario is one history of the release CRD: objects written under some
// releases, read under later ones.
type scenario struct {
	t        *testing.T
	releases map[string]*release
	webhook  *releaseWebhook
	current  *release
	ns       string
	written  []releaseRecord
}

// releaseRecord is an object as written: its name, version and spec, and
// whether the spec is fuzzed (or made by hand).
type releaseRecord struct {
	name, version string
	spec          map[string]any
	fuzzed        bool
}

// newScenario installs release n with its webhook; at the end the CRD (and
// every object) is deleted and the webhook stopped.
func newScenario(t *testing.T, name string) *scenario {
	requireEtcd(t) // the migrations check etcd
	webhook := newReleaseWebhook(t)
	s := &scenario{t: t, releases: loadReleases(t, webhook.url()), webhook: webhook, ns: newNamespace(t, name)}
	t.Cleanup(webhook.stop)
	t.Cleanup(s.deleteCRD)
	webhook.start(t, s.releases["n"])
	s.install("n")
	return s
}

// upgrade starts the webhook of release to (which converts every version of
// the current one), then installs its CRD.
func (s *scenario) upgrade(to string) {
	s.t.Helper()
	s.webhook.stop()
	s.webhook.start(s.t, s.releases[to])
	s.install(to)
}

// install applies release name's CRD and waits until it serves every version.
func (s *scenario) install(name string) {
	s.t.Helper()
	r := s.releases[name]
	ctx := context.Background()
	if err := apply(ctx, suite.client, r.crd.DeepCopy()); err != nil {
		s.t.Fatalf("installing the CRD of release %s: %v", name, err)
	}
	if err := harness.WaitEstablished(ctx, suite.client, r.crd.Name); err != nil {
		s.t.Fatal(err)
	}
	for _, version := range servedVersions(r.crd) {
		err := wait.PollUntilContextTimeout(ctx, 50*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
			return s.list(ctx, version) == nil, nil
		})
		if err != nil {
			s.t.Fatalf("release %s does not serve %s: %v", name, version, err)
		}
	}
	s.current = r
}

func (s *scenario) list(ctx context.Context, version string) error {
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion(releaseGroup + "/" + version)
	list.SetKind("PersonList")
	if err := suite.client.List(ctx, list, client.InNamespace(s.ns)); err != nil {
		return err
	}
	if len(list.Items) != len(s.written) {
		return fmt.Errorf("%d objects listed at %s, %d written", len(list.Items), version, len(s.written))
	}
	return nil
}

func (s *scenario) deleteCRD() {
	if s.current == nil {
		return
	}
	ctx := context.Background()
	crd := &apix.CustomResourceDefinition{}
	crd.Name = s.current.crd.Name
	if err := suite.client.Delete(ctx, crd); err != nil && !apierrors.IsNotFound(err) {
		s.t.Errorf("deleting the CRD %s: %v", crd.Name, err)
		return
	}
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, time.Minute, true, func(ctx context.Context) (bool, error) {
		err := suite.client.Get(ctx, client.ObjectKey{Name: crd.Name}, &apix.CustomResourceDefinition{})
		return apierrors.IsNotFound(err), nil
	})
	if err != nil {
		s.t.Errorf("the CRD %s is not gone: %v", crd.Name, err)
	}
}

// write creates a Person at version with spec.
func (s *scenario) write(version, name string, spec map[string]any) {
	s.t.Helper()
	object := s.object(version, name)
	object.Object["spec"] = spec
	if err := suite.client.Create(context.Background(), object); err != nil {
		s.t.Fatalf("release %s: creating %s at %s: %v", s.current.name, name, version, err)
	}
	s.written = append(s.written, releaseRecord{name: name, version: version, spec: spec})
}

func (s *scenario) object(version, name string) *unstructured.Unstructured {
	object := &unstructured.Unstructured{}
	object.SetAPIVersion(releaseGroup + "/" + version)
	object.SetKind("Person")
	object.SetNamespace(s.ns)
	object.SetName(name)
	return object
}

func (s *scenario) get(version, name string) *unstructured.Unstructured {
	s.t.Helper()
	object, err := s.read(context.Background(), version, name)
	if err != nil {
		s.t.Fatalf("release %s: %v", s.current.name, err)
	}
	return object
}

func (s *scenario) read(ctx context.Context, version, name string) (*unstructured.Unstructured, error) {
	object := s.object(version, name)
	if err := suite.client.Get(ctx, client.ObjectKeyFromObject(object), object); err != nil {
		return nil, fmt.Errorf("getting %s at %s: %w", name, version, err)
	}
	return object, nil
}

// checkReads lists every object at every served version (checkListed) and
// gets each hand-made one at the version it was written at: the spec is as
// written. A hand-made object written at a version the release no longer
// serves is read at the oldest served version: its full name is as written.
func (s *scenario) checkReads() {
	s.t.Helper()
	for _, l := range s.listAll() {
		s.checkListed(l)
	}
	for _, r := range s.written {
		if r.fuzzed {
			continue
		}
		if !s.current.serves(r.version) {
			s.checkFullName(r)
			continue
		}
		read := s.get(r.version, r.name)
		if diff := cmp.Diff(r.spec, read.Object["spec"], cmpopts.EquateEmpty()); diff != "" {
			s.t.Errorf("release %s: %s written at %s reads differently (-written +read):\n%s", s.current.name, r.name, r.version, diff)
		}
	}
}

// listing is the scenario's objects listed twice at one version: their specs
// by name.
type listing struct {
	version       string
	first, second map[string]map[string]any
}

// listAll lists every object twice at every served version,
// populationWorkers lists at a time.
func (s *scenario) listAll() []*listing {
	s.t.Helper()
	var listings []*listing
	for _, version := range servedVersions(s.current.crd) {
		listings = append(listings, &listing{version: version})
	}
	what := fmt.Sprintf("release %s: Persons listed twice at each of %d versions", s.current.name, len(listings))
	err := fig.timeStep(what, len(s.written), func() error {
		return forEach(context.Background(), listings, func(ctx context.Context, l *listing) error {
			var err error
			if l.first, err = s.listSpecs(ctx, l.version); err != nil {
				return err
			}
			l.second, err = s.listSpecs(ctx, l.version)
			return err
		})
	})
	if err != nil {
		s.t.Fatalf("release %s: %v", s.current.name, err)
	}
	return listings
}

// checkListed checks the objects listed twice at a version: each is listed
// both times, with the same spec both times and the full name it was written
// with; one written at that version is listed with the spec as written.
func (s *scenario) checkListed(l *listing) {
	s.t.Helper()
	version := l.version
	if len(l.first) != len(s.written) {
		s.t.Errorf("release %s: %d objects listed at %s, %d written", s.current.name, len(l.first), version, len(s.written))
	}
	failures := 0
	for _, r := range s.written {
		problem := listedProblem(r, version, l.first[r.name], l.second[r.name])
		if problem == "" {
			continue
		}
		if failures++; failures <= 3 {
			s.t.Errorf("release %s: %s", s.current.name, problem)
		}
	}
	if failures > 3 {
		s.t.Errorf("release %s: %d of %d objects listed wrongly at %s", s.current.name, failures, len(s.written), version)
	}
}

// listedProblem says what is wrong with r as listed twice at version (first,
// second; nil if not listed), or "".
func listedProblem(r releaseRecord, version string, first, second map[string]any) string {
	if first == nil || second == nil {
		return fmt.Sprintf("%s written at %s is not listed at %s", r.name, r.version, version)
	}
	if diff := specDiff(first, second); diff != "" {
		return fmt.Sprintf("%s written at %s lists differently twice at %s (-first +second):\n%s", r.name, r.version, version, diff)
	}
	if r.version == version {
		if diff := specDiff(r.spec, first); diff != "" {
			return fmt.Sprintf("%s written at %s lists differently there (-written +listed):\n%s", r.name, r.version, diff)
		}
	}
	if got, want := fullName(first), fullName(r.spec); got != want {
		return fmt.Sprintf("%s written at %s lists fullName %q at %s, want %q", r.name, r.version, got, version, want)
	}
	return ""
}

func fullName(spec map[string]any) string {
	name, _, _ := unstructured.NestedString(spec, "properties", "fullName")
	return name
}

// listSpecs lists the scenario's objects at version: their specs by name.
func (s *scenario) listSpecs(ctx context.Context, version string) (map[string]map[string]any, error) {
	list := &unstructured.UnstructuredList{}
	list.SetAPIVersion(releaseGroup + "/" + version)
	list.SetKind("PersonList")
	if err := suite.client.List(ctx, list, client.InNamespace(s.ns)); err != nil {
		return nil, fmt.Errorf("listing at %s: %w", version, err)
	}
	specs := map[string]map[string]any{}
	for _, item := range list.Items {
		spec, _, _ := unstructured.NestedMap(item.Object, "spec")
		if spec == nil {
			spec = map[string]any{}
		}
		specs[item.GetName()] = spec
	}
	return specs, nil
}

// specDiff compares two specs as decoded JSON, an empty object or array
// (at any depth) equal to an absent one.
func specDiff(a, b map[string]any) string {
	return cmp.Diff(pruned(a), pruned(b), cmpopts.EquateEmpty())
}

// pruned returns a copy of the JSON value v without nulls and empty objects
// and arrays, recursively (array items stay, to keep their positions).
func pruned(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for key, item := range v {
			if item = pruned(item); !emptyJSON(item) {
				out[key] = item
			}
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = pruned(item)
		}
		return out
	}
	return v
}

func emptyJSON(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return false
}

func (s *scenario) checkFullName(r releaseRecord) {
	s.t.Helper()
	oldest := servedVersions(s.current.crd)[0]
	read := s.get(oldest, r.name)
	got, _, _ := unstructured.NestedString(read.Object, "spec", "properties", "fullName")
	want, _, _ := unstructured.NestedString(r.spec, "properties", "fullName")
	if got != want {
		s.t.Errorf("release %s: %s written at the unserved %s reads fullName %q at %s, want %q", s.current.name, r.name, r.version, got, oldest, want)
	}
}

// relabelAll gets every object at version, labels it with the release and
// updates it there (populationWorkers at a time).
func (s *scenario) relabelAll(version string) {
	s.t.Helper()
	what := fmt.Sprintf("release %s: Persons relabelled at %s (get + update, %d workers)", s.current.name, version, populationWorkers)
	err := fig.timeStep(what, len(s.written), func() error {
		return forEach(context.Background(), s.written, func(ctx context.Context, r releaseRecord) error {
			return s.relabel(ctx, version, r.name)
		})
	})
	if err != nil {
		s.t.Fatalf("release %s: relabelling at %s: %v", s.current.name, version, err)
	}
}

func (s *scenario) relabel(ctx context.Context, version, name string) error {
	object, err := s.read(ctx, version, name)
	if err != nil {
		return err
	}
	object.SetLabels(map[string]string{"release": s.current.name})
	if err := suite.client.Update(ctx, object); err != nil {
		return fmt.Errorf("updating %s at %s: %w", name, version, err)
	}
	return nil
}

// migrate rewrites every object (Get and Update at the hub) until etcd holds
// each at the storage version, then reduces status.storedVersions to it.
func (s *scenario) migrate() {
	s.t.Helper()
	storage := storageVersion(s.currentCRD())
	ctx := context.Background()
	var stale []string
	err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		s.relabelAll(storage)
		stale = s.notStoredAt(ctx, storage)
		return len(stale) == 0, nil
	})
	if err != nil {
		s.t.Fatalf("release %s: etcd holds %v at another version than %s: %v", s.current.name, stale, storage, err)
	}
	setStoredVersions(s.t, s.current.crd.Name, storage)
	checkStoredVersions(s.t, s.current.crd.Name, []string{storage})
}

// notStoredAt returns the written objects etcd holds at another version.
func (s *scenario) notStoredAt(ctx context.Context, version string) []string {
	s.t.Helper()
	stored, err := storedResources(ctx, s.current.crd)
	if err != nil {
		s.t.Fatal(err)
	}
	var stale []string
	for _, r := range s.written {
		if stored[s.ns+"/"+r.name] != releaseGroup+"/"+version {
			stale = append(stale, r.name)
		}
	}
	return stale
}

// currentCRD reads the CRD as the API server has it.
func (s *scenario) currentCRD() *apix.CustomResourceDefinition {
	s.t.Helper()
	crd := &apix.CustomResourceDefinition{}
	if err := suite.client.Get(context.Background(), client.ObjectKey{Name: s.current.crd.Name}, crd); err != nil {
		s.t.Fatal(err)
	}
	return crd
}

// writeRelease n's objects: one at each version n serves, residentialAddress
// (dropped in 2020-04-01, back in another shape in 2020-05-01) included.
func (s *scenario) writeReleaseN() {
	s.write("v20200101", "ada", properties(map[string]any{"fullName": "Ada Lovelace", "familyName": "Lovelace", "knownAs": "Ada"}))
	s.write("v20200201", "grace", properties(map[string]any{"fullName": "Grace Hopper",
		"postalAddress": map[string]any{"label": "PO Box 2"}, "residentialAddress": map[string]any{"label": "2 Home Road"}}))
	s.write("v20200301", "alan", properties(map[string]any{"fullName": "Alan Turing",
		"mailingAddress": map[string]any{"label": "PO Box 3"}, "residentialAddress": map[string]any{"label": "3 Home Road"}}))
	s.write("v20200301storage", "edsger", properties(map[string]any{"fullName": "Edsger Dijkstra", "knownAs": "EWD"}))
}

func properties(p map[string]any) map[string]any { return map[string]any{"properties": p} }

// The fuzzed Persons the release tests write besides the hand-made ones.
const (
	releaseFuzzed  = 1000
	rollbackFuzzed = 200
)

// writeFuzzed creates count Persons with fuzzed specs, spread round robin over
// every version the current release serves, populationWorkers at a time; seed
// makes them reproducible.
func (s *scenario) writeFuzzed(count int, seed int64) {
	s.t.Helper()
	records := s.fuzzRecords(count, seed)
	what := fmt.Sprintf("release %s: fuzzed Persons created (%d workers)", s.current.name, populationWorkers)
	err := fig.timeStep(what, count, func() error { return forEach(context.Background(), records, s.create) })
	if err != nil {
		s.t.Fatalf("release %s: %v", s.current.name, err)
	}
	s.written = append(s.written, records...)
}

func (s *scenario) fuzzRecords(count int, seed int64) []releaseRecord {
	s.t.Helper()
	served := servedVersions(s.current.crd)
	records := make([]releaseRecord, count)
	for i := range records {
		version := served[i%len(served)]
		spec, err := s.fuzzedSpec(version, seed+int64(i))
		if err != nil {
			s.t.Fatalf("fuzzing Person %d at %s (seed %d): %v", i, version, seed+int64(i), err)
		}
		records[i] = releaseRecord{name: fmt.Sprintf("fuzzed-%d", i), version: version, spec: spec, fuzzed: true}
	}
	return records
}

// fuzzedSpec fills a Person of apis/person at version (a release shares the
// JSON shape of the versions it has in common with apis/person) and conforms
// it to the current release's schema of version. The spec is decoded as a
// read is, numbers included.
func (s *scenario) fuzzedSpec(version string, seed int64) (map[string]any, error) {
	object, err := fuzzedObject(personKind.WithVersion(version), versionSchema(s.current.crd, version), seed)
	if err != nil {
		return nil, err
	}
	data, err := json.Marshal(object)
	if err != nil {
		return nil, err
	}
	decoded := &unstructured.Unstructured{}
	if err := decoded.UnmarshalJSON(data); err != nil {
		return nil, err
	}
	spec, _, err := unstructured.NestedMap(decoded.Object, "spec")
	return spec, err
}

func versionSchema(crd *apix.CustomResourceDefinition, version string) *apix.JSONSchemaProps {
	for _, v := range crd.Spec.Versions {
		if v.Name == version {
			return v.Schema.OpenAPIV3Schema
		}
	}
	return nil
}

// create creates r's Person (a copy of its spec) at r's version.
func (s *scenario) create(ctx context.Context, r releaseRecord) error {
	object := s.object(r.version, r.name)
	if err := unstructured.SetNestedMap(object.Object, r.spec, "spec"); err != nil {
		return err
	}
	if err := suite.client.Create(ctx, object); err != nil {
		return fmt.Errorf("creating %s at %s: %w", r.name, r.version, err)
	}
	return nil
}

// TestReleaseUpgrade writes the hand-made objects and 1,000 fuzzed ones under
// n and upgrades n -> n1 -> n2: after each upgrade every object reads as
// written, reads and writes at the newest version lose nothing, and a
// storage migration moves every object to the new hub.
func TestReleaseUpgrade(t *testing.T) {
	s := newScenario(t, "upgrade")
	s.writeReleaseN()
	s.writeFuzzed(releaseFuzzed, 20260401)
	s.checkReads()

	s.upgrade("n1")
	s.checkReads()
	s.relabelAll("v20200401")
	s.write("v20200401", "edgar", properties(map[string]any{"fullName": "Edgar Codd", "mailingAddress": map[string]any{"label": "PO Box 4"}}))
	s.checkReads()
	s.migrate()
	s.checkReads()

	s.upgrade("n2")
	s.checkReads()
	s.relabelAll("v20200501")
	s.writeV5()
	s.checkReads()
	s.migrate()
	s.checkReads()
}

func (s *scenario) writeV5() {
	s.write("v20200501", "barbara", properties(map[string]any{"fullName": "Barbara Liskov",
		"mailingAddress":     map[string]any{"city": "Boston", "street": "5 Mail Street"},
		"residentialAddress": map[string]any{"city": "Cambridge", "street": "5 Home Street"}}))
}

// TestReleaseUpgradeSkippingOne writes the hand-made objects and 1,000 fuzzed
// ones under n and upgrades n -> n2 directly: 2020-01-01 is no
// longer served, residentialAddress written in n survives reads and writes at
// 2020-05-01, and the migration moves every object to n2's hub.
func TestReleaseUpgradeSkippingOne(t *testing.T) {
	s := newScenario(t, "skip")
	s.writeReleaseN()
	s.writeFuzzed(releaseFuzzed, 20260501)
	s.checkReads()

	s.upgrade("n2")
	s.checkReads()
	s.relabelAll("v20200501")
	s.writeV5()
	s.checkReads()
	s.migrate()
	s.checkReads()
}

// TestReleaseRollback writes the hand-made objects and 200 fuzzed ones under n,
// upgrades n -> n1, writes under n1, and rolls back to n.
// The API server refuses n's CRD while etcd may hold n1's hub; rolled back the
// way it must be (storage version back to n's hub under n1, every object
// rewritten, storedVersions reduced), n's CRD and webhook serve every object
// as written.
func TestReleaseRollback(t *testing.T) {
	s := newScenario(t, "rollback")
	s.writeReleaseN()
	s.writeFuzzed(rollbackFuzzed, 20260601)
	s.upgrade("n1")
	s.relabelAll("v20200401")
	s.write("v20200401", "edgar", properties(map[string]any{"fullName": "Edgar Codd", "mailingAddress": map[string]any{"label": "PO Box 4"}}))

	n := s.releases["n"]
	err := apply(context.Background(), suite.client, n.crd.DeepCopy())
	if err == nil || !strings.Contains(err.Error(), "storedVersions") {
		t.Fatalf("installing release n's CRD over objects stored at %s: got %v, want a refusal naming storedVersions", s.current.hub(), err)
	}
	setStorageVersion(t, s.current.crd.Name, n.hub())
	s.migrate()
	s.install("n")
	s.webhook.stop()
	s.webhook.start(t, n)
	s.checkReads()
	s.relabelAll("v20200301")
	s.checkReads()
}
