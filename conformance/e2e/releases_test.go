package e2e

import (
	"bytes"
	"context"
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

	armwebhook "github.com/armhub/armhub/runtime/webhook"
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
		crds, err := armwebhook.LoadCRDs(os.DirFS(filepath.Join(dir, name, "crd")), armwebhook.Options{URL: url, CABundle: suite.caBundle})
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

// releaseRecord is an object as written: its name, version and spec.
type releaseRecord struct {
	name, version string
	spec          map[string]any
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
	if err := waitEstablished(ctx, suite.client, r.crd.Name); err != nil {
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
	object := s.object(version, name)
	if err := suite.client.Get(context.Background(), client.ObjectKeyFromObject(object), object); err != nil {
		s.t.Fatalf("release %s: getting %s at %s: %v", s.current.name, name, version, err)
	}
	return object
}

// checkReads lists every object at every served version and reads each at the
// version it was written at: the spec is as written. An object written at a
// version the release no longer serves is read at the oldest served version:
// its full name is as written.
func (s *scenario) checkReads() {
	s.t.Helper()
	for _, version := range servedVersions(s.current.crd) {
		if err := s.list(context.Background(), version); err != nil {
			s.t.Errorf("release %s: %v", s.current.name, err)
		}
	}
	for _, r := range s.written {
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
// updates it there.
func (s *scenario) relabelAll(version string) {
	s.t.Helper()
	for _, r := range s.written {
		object := s.get(version, r.name)
		object.SetLabels(map[string]string{"release": s.current.name})
		if err := suite.client.Update(context.Background(), object); err != nil {
			s.t.Fatalf("release %s: updating %s at %s: %v", s.current.name, r.name, version, err)
		}
	}
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

// TestReleaseUpgrade upgrades n -> n1 -> n2: after each upgrade every object
// reads as written, reads and writes at the newest version lose nothing, and a
// storage migration moves every object to the new hub.
func TestReleaseUpgrade(t *testing.T) {
	s := newScenario(t, "upgrade")
	s.writeReleaseN()
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

// TestReleaseUpgradeSkippingOne upgrades n -> n2 directly: 2020-01-01 is no
// longer served, residentialAddress written in n survives reads and writes at
// 2020-05-01, and the migration moves every object to n2's hub.
func TestReleaseUpgradeSkippingOne(t *testing.T) {
	s := newScenario(t, "skip")
	s.writeReleaseN()

	s.upgrade("n2")
	s.checkReads()
	s.relabelAll("v20200501")
	s.writeV5()
	s.checkReads()
	s.migrate()
	s.checkReads()
}

// TestReleaseRollback upgrades n -> n1, writes under n1, and rolls back to n.
// The API server refuses n's CRD while etcd may hold n1's hub; rolled back the
// way it must be (storage version back to n's hub under n1, every object
// rewritten, storedVersions reduced), n's CRD and webhook serve every object
// as written.
func TestReleaseRollback(t *testing.T) {
	s := newScenario(t, "rollback")
	s.writeReleaseN()
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
