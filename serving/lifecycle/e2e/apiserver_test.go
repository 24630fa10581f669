package e2e

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	metricsserver "sigs.k8s.io/controller-runtime/pkg/metrics/server"

	"github.com/armhub/armhub/runtime/lifecycle"
	controller "github.com/armhub/armhub/serving/lifecycle"
)

// clock is the controller's clock, moved by the tests.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) set(s string) { c.mu.Lock(); defer c.mu.Unlock(); c.now = *at(s) }

// overrides is the overrides file the controller runs with: the deprecation of
// widgets.postponed.armhub.test's v20200101 postponed by two months, and an
// override of a stage the lifecycle of badoverride's v20230101 lacks.
const overrides = `overrides:
- crd: widgets.postponed.armhub.test
  version: v20200101
  lifecycle:
  - classification: deprecated
    startTime: "2025-05-01T00:00:00Z"
  - classification: expired
    startTime: "2025-06-01T00:00:00Z"
- group: badoverride.armhub.test
  version: v20230101
  lifecycle:
  - classification: deprecated
    startTime: "2025-05-01T00:00:00Z"
`

var (
	k8s        client.Client
	now        = &clock{}
	reconciler *controller.Reconciler
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	ctrl.SetLogger(logr.Discard())
	assets := os.Getenv("KUBEBUILDER_ASSETS")
	if assets == "" {
		fmt.Fprintln(os.Stderr, "lifecycle e2e: no Kubernetes API server: run the tests with KUBEBUILDER_ASSETS=$(tools/kube-binaries.sh) "+
			"(it builds kube-apiserver and etcd once and prints their folder)")
		return 1
	}
	for _, name := range []string{"kube-apiserver", "etcd"} {
		if _, err := os.Stat(filepath.Join(assets, name)); err != nil {
			fmt.Fprintf(os.Stderr, "lifecycle e2e: KUBEBUILDER_ASSETS=%s has no %s: run tools/kube-binaries.sh\n", assets, name)
			return 1
		}
	}
	started := time.Now()
	testEnv := &envtest.Environment{BinaryAssetsDirectory: assets}
	config, err := testEnv.Start()
	defer func() {
		if err := testEnv.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "lifecycle e2e: stopping the API server:", err)
		}
	}()
	if err != nil {
		fmt.Fprintln(os.Stderr, "lifecycle e2e: starting the API server:", err)
		return 1
	}
	fmt.Printf("lifecycle e2e: API server ready in %s\n", time.Since(started).Round(time.Millisecond))

	scheme := kruntime.NewScheme()
	if err := errors.Join(clientgoscheme.AddToScheme(scheme), apix.AddToScheme(scheme)); err != nil {
		fmt.Fprintln(os.Stderr, "lifecycle e2e:", err)
		return 1
	}
	if k8s, err = client.New(config, client.Options{Scheme: scheme}); err != nil {
		fmt.Fprintln(os.Stderr, "lifecycle e2e:", err)
		return 1
	}
	parsed, err := controller.ParseOverrides("overrides.yaml", []byte(overrides))
	if err != nil {
		fmt.Fprintln(os.Stderr, "lifecycle e2e:", err)
		return 1
	}
	mgr, err := ctrl.NewManager(config, ctrl.Options{Scheme: scheme, Metrics: metricsserver.Options{BindAddress: "0"}})
	if err != nil {
		fmt.Fprintln(os.Stderr, "lifecycle e2e:", err)
		return 1
	}
	now.set("2025-01-01T00:00:00Z")
	reconciler = &controller.Reconciler{Client: mgr.GetClient(), Clock: now, Overrides: parsed}
	if err := reconciler.SetupWithManager(mgr); err != nil {
		fmt.Fprintln(os.Stderr, "lifecycle e2e:", err)
		return 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- mgr.Start(ctx) }()
	code := m.Run()
	cancel()
	if err := <-done; err != nil {
		fmt.Fprintln(os.Stderr, "lifecycle e2e: the manager:", err)
		return 1
	}
	return code
}

func at(s string) *time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return &t
}

// install creates widgets.<group> with versions v20200101 (supported,
// deprecated 2025-03-01, expired 2025-04-01) and v20230101 (supported), storage
// at storage, served as given, and v20200101 marked deprecated with a stale
// warning, so that the controller's first pass shows.
func install(t *testing.T, group, storage string) *apix.CustomResourceDefinition {
	t.Helper()
	value, err := lifecycle.Versions{
		"v20200101": {{Classification: lifecycle.Supported}, {Classification: lifecycle.Deprecated, StartTime: at("2025-03-01T00:00:00Z")},
			{Classification: lifecycle.Expired, StartTime: at("2025-04-01T00:00:00Z")}},
		"v20230101": {{Classification: lifecycle.Preview}, {Classification: lifecycle.Supported, StartTime: at("2024-01-01T00:00:00Z")}},
	}.Encode()
	if err != nil {
		t.Fatal(err)
	}
	preserve := true
	stale := "stale"
	crd := &apix.CustomResourceDefinition{
		ObjectMeta: metav1.ObjectMeta{Name: "widgets." + group, Annotations: map[string]string{lifecycle.Annotation: value}},
		Spec: apix.CustomResourceDefinitionSpec{
			Group: group,
			Names: apix.CustomResourceDefinitionNames{Plural: "widgets", Singular: "widget", Kind: "Widget", ListKind: "WidgetList"},
			Scope: apix.NamespaceScoped,
		},
	}
	for _, name := range []string{"v20200101", "v20230101"} {
		v := apix.CustomResourceDefinitionVersion{Name: name, Served: true, Storage: name == storage,
			Schema: &apix.CustomResourceValidation{OpenAPIV3Schema: &apix.JSONSchemaProps{Type: "object", XPreserveUnknownFields: &preserve}}}
		if name == "v20200101" {
			v.Deprecated, v.DeprecationWarning = true, &stale
		}
		crd.Spec.Versions = append(crd.Spec.Versions, v)
	}
	if err := k8s.Create(context.Background(), crd); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = k8s.Delete(context.Background(), crd) })
	return crd
}

// want is what a version should read back as.
type want struct {
	served, deprecated bool
	warning            string // "" for none; "~text" for one containing text
}

func (w want) matches(v apix.CustomResourceDefinitionVersion) bool {
	if v.Served != w.served || v.Deprecated != w.deprecated || (v.DeprecationWarning == nil) != (w.warning == "") {
		return false
	}
	switch {
	case w.warning == "":
		return true
	case strings.HasPrefix(w.warning, "~"):
		return strings.Contains(*v.DeprecationWarning, w.warning[1:])
	default:
		return *v.DeprecationWarning == w.warning
	}
}

func version(crd *apix.CustomResourceDefinition, name string) apix.CustomResourceDefinitionVersion {
	for _, v := range crd.Spec.Versions {
		if v.Name == name {
			return v
		}
	}
	return apix.CustomResourceDefinitionVersion{}
}

func condition(crd *apix.CustomResourceDefinition, t apix.CustomResourceDefinitionConditionType) *apix.CustomResourceDefinitionCondition {
	for i := range crd.Status.Conditions {
		if crd.Status.Conditions[i].Type == t {
			return &crd.Status.Conditions[i]
		}
	}
	return nil
}

// poke changes a label of the CRD, so that the controller reconciles it (as
// it would at the requeue the clock's move stands for).
func poke(t *testing.T, name string) {
	t.Helper()
	patch := fmt.Sprintf(`{"metadata":{"labels":{"lifecycle-test/poke":"%d"}}}`, time.Now().UnixNano())
	crd := &apix.CustomResourceDefinition{ObjectMeta: metav1.ObjectMeta{Name: name}}
	if err := k8s.Patch(context.Background(), crd, client.RawPatch(types.MergePatchType, []byte(patch))); err != nil {
		t.Fatal(err)
	}
}

// await waits up to 20 s for the CRD read back from the API server to satisfy
// ok, which says what it lacks; it returns the CRD.
func await(t *testing.T, name, what string, ok func(*apix.CustomResourceDefinition) string) *apix.CustomResourceDefinition {
	t.Helper()
	crd := &apix.CustomResourceDefinition{}
	last := ""
	err := wait.PollUntilContextTimeout(context.Background(), 50*time.Millisecond, 20*time.Second, true, func(ctx context.Context) (bool, error) {
		if err := k8s.Get(ctx, types.NamespacedName{Name: name}, crd); err != nil {
			return false, err
		}
		last = ok(crd)
		return last == "", nil
	})
	if err != nil {
		t.Fatalf("%s: %s: %v: %s", name, what, err, last)
	}
	return crd
}

// versions is a check that the CRD's versions read back as wanted.
func versions(wanted map[string]want) func(*apix.CustomResourceDefinition) string {
	return func(crd *apix.CustomResourceDefinition) string {
		for name, w := range wanted {
			if v := version(crd, name); !w.matches(v) {
				warning := "<nil>"
				if v.DeprecationWarning != nil {
					warning = *v.DeprecationWarning
				}
				return fmt.Sprintf("%s is served=%t deprecated=%t warning=%q, want %+v", name, v.Served, v.Deprecated, warning, w)
			}
		}
		return ""
	}
}

// event waits for a Warning event of that reason about the CRD.
func event(t *testing.T, name, reason, containing string) {
	t.Helper()
	err := wait.PollUntilContextTimeout(context.Background(), 100*time.Millisecond, 20*time.Second, true, func(ctx context.Context) (bool, error) {
		events := &corev1.EventList{}
		if err := k8s.List(ctx, events); err != nil {
			return false, err
		}
		for _, e := range events.Items {
			if e.InvolvedObject.Name == name && e.Reason == reason && e.Type == corev1.EventTypeWarning && strings.Contains(e.Message, containing) {
				return true, nil
			}
		}
		return false, nil
	})
	if err != nil {
		t.Fatalf("%s: no %s event containing %q: %v", name, reason, containing, err)
	}
}

// reconcileNow runs the reconciler on the CRD name directly, retrying on a
// conflict as controller-runtime would: the manager's cache may not yet hold
// what the manager's own reconcile just wrote, and an update made from a stale
// copy conflicts (and is retried with the newer object).
func reconcileNow(name string) (ctrl.Result, error) {
	var result ctrl.Result
	err := retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		var err error
		result, err = reconciler.Reconcile(context.Background(), ctrl.Request{NamespacedName: types.NamespacedName{Name: name}})
		return err
	})
	return result, err
}

// TestVersionsFollowTheClock: v20200101 goes supported -> deprecated ->
// expired, and the CRD follows.
func TestVersionsFollowTheClock(t *testing.T) {
	started := time.Now()
	now.set("2025-01-01T00:00:00Z")
	crd := install(t, "clock.armhub.test", "v20230101")
	supported := map[string]want{"v20200101": {served: true}, "v20230101": {served: true}}
	crd = await(t, crd.Name, "supported", versions(supported))

	// The controller is idempotent and waits for the next transition.
	result, err := reconcileNow(crd.Name)
	if err != nil || result.RequeueAfter != at("2025-03-01T00:00:00Z").Sub(*at("2025-01-01T00:00:00Z")) {
		t.Errorf("reconcile at 2025-01-01: %+v, %v; want a requeue after 59 days", result, err)
	}
	again := await(t, crd.Name, "unchanged", versions(supported))
	if again.ResourceVersion != crd.ResourceVersion {
		t.Errorf("a reconcile with nothing to change wrote the CRD (resourceVersion %s -> %s)", crd.ResourceVersion, again.ResourceVersion)
	}
	if condition(again, controller.ConditionBlocked) != nil || condition(again, controller.ConditionInvalid) != nil {
		t.Errorf("conditions added with nothing to report: %+v", again.Status.Conditions)
	}

	now.set("2025-03-01T00:00:00Z")
	poke(t, crd.Name)
	await(t, crd.Name, "deprecated", versions(map[string]want{
		"v20200101": {served: true, deprecated: true, warning: "clock.armhub.test/v20200101 Widget is deprecated and stops being served at 2025-04-01T00:00:00Z; use clock.armhub.test/v20230101"},
		"v20230101": {served: true},
	}))

	now.set("2025-04-01T00:00:00Z")
	poke(t, crd.Name)
	expired := await(t, crd.Name, "expired", versions(map[string]want{"v20200101": {served: false, deprecated: true}, "v20230101": {served: true}}))
	if c := condition(expired, controller.ConditionBlocked); c != nil {
		t.Errorf("blocked with nothing kept served: %+v", c)
	}
	result, err = reconcileNow(crd.Name)
	if err != nil || result.RequeueAfter != 0 {
		t.Errorf("reconcile after the last transition: %+v, %v; want no requeue", result, err)
	}
	t.Logf("supported -> deprecated -> expired through the API server in %s", time.Since(started).Round(time.Millisecond))
}

// TestOverridePostponesDeprecation: the overrides file postpones v20200101's
// deprecation to 2025-05-01 and expiry to 2025-06-01.
func TestOverridePostponesDeprecation(t *testing.T) {
	now.set("2025-04-15T00:00:00Z") // expired by the base lifecycle
	crd := install(t, "postponed.armhub.test", "v20230101")
	await(t, crd.Name, "postponed: still supported", versions(map[string]want{"v20200101": {served: true}, "v20230101": {served: true}}))

	now.set("2025-05-01T00:00:00Z")
	poke(t, crd.Name)
	await(t, crd.Name, "deprecated at the overridden time", versions(map[string]want{
		"v20200101": {served: true, deprecated: true, warning: "~stops being served at 2025-06-01T00:00:00Z"},
	}))

	now.set("2025-06-01T00:00:00Z")
	poke(t, crd.Name)
	await(t, crd.Name, "expired at the overridden time", versions(map[string]want{"v20200101": {served: false, deprecated: true}}))
}

// TestInvalidOverrideIsReported: an override of a stage the base lifecycle
// lacks leaves the version alone and says so, with the file and line.
func TestInvalidOverrideIsReported(t *testing.T) {
	now.set("2025-06-15T00:00:00Z")
	crd := install(t, "badoverride.armhub.test", "v20230101")
	message := "overrides.yaml:9: version v20230101: stage 1: deprecated is not a stage of the base lifecycle (rule: " + string(lifecycle.RuleOverrideNewStage) + ")"
	await(t, crd.Name, "condition "+string(controller.ConditionInvalid), func(crd *apix.CustomResourceDefinition) string {
		c := condition(crd, controller.ConditionInvalid)
		if c == nil || c.Status != apix.ConditionTrue || c.Reason != controller.ReasonOverrideInvalid || !strings.Contains(c.Message, message) {
			return fmt.Sprintf("condition %+v", c)
		}
		return versions(map[string]want{"v20200101": {served: false, deprecated: true}, "v20230101": {served: true}})(crd)
	})
	event(t, crd.Name, "LifecycleInvalid", message)
}

// TestStoredVersionsStayServed: the storage version expires, and then a
// version only in status.storedVersions; both stay served, with an event and
// the condition armhub.io/LifecycleBlocked next to the API server's own
// conditions, until storedVersions is trimmed.
func TestStoredVersionsStayServed(t *testing.T) {
	ctx := context.Background()
	now.set("2025-04-01T00:00:00Z")
	crd := install(t, "protected.armhub.test", "v20200101")
	keptServed := map[string]want{"v20200101": {served: true, deprecated: true, warning: "~has expired and is served only because it is the storage version"}}
	crd = await(t, crd.Name, "storage version kept served", func(crd *apix.CustomResourceDefinition) string {
		c := condition(crd, controller.ConditionBlocked)
		if c == nil || c.Status != apix.ConditionTrue || c.Reason != controller.ReasonStorageVersion || !strings.Contains(c.Message, "v20200101 is expired but kept served") {
			return fmt.Sprintf("condition %+v", c)
		}
		return versions(keptServed)(crd)
	})
	event(t, crd.Name, "LifecycleBlocked", "v20200101 is expired but kept served: it is the storage version")

	// Move the storage version: the API server keeps v20200101 in storedVersions.
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := k8s.Get(ctx, types.NamespacedName{Name: crd.Name}, crd); err != nil {
			return err
		}
		for i := range crd.Spec.Versions {
			crd.Spec.Versions[i].Storage = crd.Spec.Versions[i].Name == "v20230101"
		}
		return k8s.Update(ctx, crd)
	})
	if err != nil {
		t.Fatal(err)
	}
	crd = await(t, crd.Name, "stored version kept served", func(crd *apix.CustomResourceDefinition) string {
		c := condition(crd, controller.ConditionBlocked)
		if c == nil || c.Status != apix.ConditionTrue || c.Reason != controller.ReasonStoredVersions || !strings.Contains(c.Message, "status.storedVersions") {
			return fmt.Sprintf("condition %+v (storedVersions %v)", c, crd.Status.StoredVersions)
		}
		return versions(map[string]want{"v20200101": {served: true, deprecated: true, warning: "~served only because it is listed in status.storedVersions"}})(crd)
	})
	for _, own := range []apix.CustomResourceDefinitionConditionType{apix.Established, apix.NamesAccepted} {
		if c := condition(crd, own); c == nil || c.Status != apix.ConditionTrue {
			t.Errorf("the API server's condition %s is lost or false: %+v", own, crd.Status.Conditions)
		}
	}
	event(t, crd.Name, "LifecycleBlocked", "it is listed in status.storedVersions")

	// Trim storedVersions (after a storage migration): v20200101 stops being served.
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		if err := k8s.Get(ctx, types.NamespacedName{Name: crd.Name}, crd); err != nil {
			return err
		}
		crd.Status.StoredVersions = []string{"v20230101"}
		return k8s.Status().Update(ctx, crd)
	})
	if err != nil {
		t.Fatal(err)
	}
	crd = await(t, crd.Name, "no longer stored, no longer served", func(crd *apix.CustomResourceDefinition) string {
		c := condition(crd, controller.ConditionBlocked)
		if c == nil || c.Status != apix.ConditionFalse || c.Reason != controller.ReasonNothingBlocked {
			return fmt.Sprintf("condition %+v", c)
		}
		return versions(map[string]want{"v20200101": {served: false, deprecated: true}, "v20230101": {served: true}})(crd)
	})
	if c := condition(crd, apix.Established); c == nil || c.Status != apix.ConditionTrue {
		t.Errorf("the API server's Established condition is lost: %+v", crd.Status.Conditions)
	}
}
