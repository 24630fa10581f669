// Package lifecycle is the lifecycle controller: it reconciles
// CustomResourceDefinitions carrying the annotation lifecycle.armhub.io/versions
// (written by armhub-gen), evaluating each version's lifecycle, with a
// cluster operator's overrides applied, at the injected clock's time, and
// setting the version's served, deprecated and deprecationWarning from the
// classification. It never stops serving the storage version or a version in
// status.storedVersions: it reports that with an event and the condition
// armhub.io/LifecycleBlocked instead.
package lifecycle

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apihelpers "k8s.io/apiextensions-apiserver/pkg/apihelpers"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"github.com/armhub/armhub/runtime/lifecycle"
)

// Condition types the controller sets on a CRD's status, next to the API
// server's own (Established, NamesAccepted, ...). Each is added when it first
// becomes true and then kept, false once the cause is gone.
const (
	// ConditionBlocked is true while a version whose lifecycle says it is no
	// longer served is kept served, because it is the storage version or is
	// listed in status.storedVersions.
	ConditionBlocked apix.CustomResourceDefinitionConditionType = "armhub.io/LifecycleBlocked"
	// ConditionInvalid is true while the annotation does not decode or an
	// override does not apply to the CRD's lifecycle; the versions concerned
	// (all of them for the annotation) are left as they are.
	ConditionInvalid apix.CustomResourceDefinitionConditionType = "armhub.io/LifecycleInvalid"
)

// Reasons of the conditions and events.
const (
	ReasonStorageVersion    = "StorageVersion"    // blocked: the storage version
	ReasonStoredVersions    = "StoredVersions"    // blocked: in status.storedVersions only
	ReasonNothingBlocked    = "NothingBlocked"    // not blocked
	ReasonAnnotationInvalid = "AnnotationInvalid" // invalid: the annotation
	ReasonOverrideInvalid   = "OverrideInvalid"   // invalid: an override
	ReasonValid             = "Valid"             // not invalid
	ReasonApplied           = "LifecycleApplied"  // event: versions changed
)

// Clock tells the time the lifecycles are evaluated at.
type Clock interface{ Now() time.Time }

// RealClock is the wall clock.
type RealClock struct{}

// Now is time.Now.
func (RealClock) Now() time.Time { return time.Now() }

// Reconciler reconciles annotated CRDs.
type Reconciler struct {
	Client    client.Client
	Clock     Clock
	Overrides Overrides
	Recorder  record.EventRecorder
	// MaxRequeue bounds the wait for the next transition (0: unbounded), so
	// that a clock step or a missed event is caught up with.
	MaxRequeue time.Duration
}

// SetupWithManager registers the controller for CRDs with the annotation.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	if r.Recorder == nil {
		r.Recorder = mgr.GetEventRecorderFor("armhub-lifecycle")
	}
	if r.Clock == nil {
		r.Clock = RealClock{}
	}
	annotated := predicate.NewPredicateFuncs(func(o client.Object) bool {
		_, ok := o.GetAnnotations()[lifecycle.Annotation]
		return ok
	})
	return ctrl.NewControllerManagedBy(mgr).
		Named("armhub-lifecycle").
		For(&apix.CustomResourceDefinition{}, builder.WithPredicates(annotated)).
		Complete(r)
}

// Reconcile brings one CRD's versions in line with their lifecycles at
// r.Clock.Now() and requeues at the next transition. It updates the CRD only
// when something changes.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	crd := &apix.CustomResourceDefinition{}
	if err := r.Client.Get(ctx, req.NamespacedName, crd); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	value, ok := crd.Annotations[lifecycle.Annotation]
	if !ok {
		return ctrl.Result{}, nil
	}
	now := r.Clock.Now()
	p := Plan(crd, value, r.Overrides, now)
	crd, err := r.updateVersions(ctx, crd, p)
	if err == nil {
		err = r.updateConditions(ctx, crd, p)
	}
	if err != nil {
		return ctrl.Result{}, err // a conflict is retried with the newer object
	}
	return r.requeue(p.Next, now), nil
}

// updateVersions writes the planned versions when they differ.
func (r *Reconciler) updateVersions(ctx context.Context, crd *apix.CustomResourceDefinition, p Planned) (*apix.CustomResourceDefinition, error) {
	if equality.Semantic.DeepEqual(p.Versions, crd.Spec.Versions) {
		return crd, nil
	}
	updated := crd.DeepCopy()
	updated.Spec.Versions = p.Versions
	if err := r.Client.Update(ctx, updated); err != nil {
		return nil, err
	}
	r.Recorder.Event(updated, corev1.EventTypeNormal, ReasonApplied, truncate(strings.Join(p.Changes, "; "), 1024))
	return updated, nil
}

// updateConditions sets the planned conditions beside the API server's own
// (a condition that was never true is not added) and emits an event for each
// that becomes true.
func (r *Reconciler) updateConditions(ctx context.Context, crd *apix.CustomResourceDefinition, p Planned) error {
	status := crd.DeepCopy()
	var raised []apix.CustomResourceDefinitionCondition
	for _, c := range p.Conditions {
		old := apihelpers.FindCRDCondition(status, c.Type)
		if old == nil && c.Status != apix.ConditionTrue {
			continue
		}
		if old == nil || old.Status != c.Status || old.Reason != c.Reason || old.Message != c.Message {
			apihelpers.SetCRDCondition(status, c)
			if c.Status == apix.ConditionTrue {
				raised = append(raised, c)
			}
		}
	}
	if equality.Semantic.DeepEqual(status.Status.Conditions, crd.Status.Conditions) {
		return nil
	}
	if err := r.Client.Status().Update(ctx, status); err != nil {
		return err
	}
	for _, c := range raised {
		r.Recorder.Event(status, corev1.EventTypeWarning, strings.TrimPrefix(string(c.Type), "armhub.io/"), c.Message)
	}
	return nil
}

// requeue waits for the next transition: at least a second, at most
// r.MaxRequeue (when set).
func (r *Reconciler) requeue(next *time.Time, now time.Time) ctrl.Result {
	if next == nil {
		return ctrl.Result{}
	}
	wait := next.Sub(now)
	if wait < time.Second {
		wait = time.Second
	}
	if r.MaxRequeue > 0 && wait > r.MaxRequeue {
		wait = r.MaxRequeue
	}
	return ctrl.Result{RequeueAfter: wait}
}

// Planned is what a CRD's versions and conditions should be.
type Planned struct {
	Versions   []apix.CustomResourceDefinitionVersion
	Conditions []apix.CustomResourceDefinitionCondition // ConditionBlocked, ConditionInvalid
	Changes    []string                                 // what changed in Versions, for the event
	Next       *time.Time                               // the earliest next transition
}

// Plan evaluates the annotation value of crd, with the overrides that apply to
// it, at now. It changes nothing.
func Plan(crd *apix.CustomResourceDefinition, value string, overrides Overrides, now time.Time) Planned {
	p := Planned{Versions: make([]apix.CustomResourceDefinitionVersion, len(crd.Spec.Versions))}
	for i := range crd.Spec.Versions {
		crd.Spec.Versions[i].DeepCopyInto(&p.Versions[i])
	}
	versions, err := lifecycle.Decode(value)
	if err != nil {
		p.Conditions = []apix.CustomResourceDefinitionCondition{notBlocked(),
			invalidCondition(ReasonAnnotationInvalid, []string{err.Error() + "; no version is changed"})}
		return p
	}
	statuses, invalid := evaluate(versions, overrides.For(crd.Name, crd.Spec.Group), now)
	p.Next = nextTransition(statuses)
	stored := map[string]bool{}
	for _, v := range crd.Status.StoredVersions {
		stored[v] = true
	}
	var blocked []string
	blockedReason := ReasonStoredVersions
	for i := range p.Versions {
		v := &p.Versions[i]
		s, ok := statuses[v.Name]
		if !ok {
			continue
		}
		before := describe(v)
		if kept := apply(crd, v, s, statuses, stored[v.Name]); kept != "" {
			blocked = append(blocked, kept)
			if v.Storage {
				blockedReason = ReasonStorageVersion
			}
		}
		if after := describe(v); after != before {
			p.Changes = append(p.Changes, fmt.Sprintf("%s: %s (%s)", v.Name, after, s.Classification))
		}
	}
	p.Conditions = append(p.Conditions, blockedCondition(blocked, blockedReason), invalidCondition(ReasonOverrideInvalid, invalid))
	return p
}

// evaluate returns each version's status at now, overridden where an override
// applies, and what is wrong with the overrides (the version stays as it is).
func evaluate(versions lifecycle.Versions, mine map[string]Override, now time.Time) (map[string]lifecycle.Status, []string) {
	var invalid []string
	for _, version := range sortedKeys(mine) {
		if _, ok := versions[version]; !ok {
			invalid = append(invalid, fmt.Sprintf("%s: the override names version %s, which the lifecycle annotation lacks (it has %s)",
				mine[version].Where, version, strings.Join(versions.Names(), ", ")))
		}
	}
	statuses := map[string]lifecycle.Status{}
	for _, name := range versions.Names() {
		l := versions[name]
		if o, ok := mine[name]; ok {
			overridden, err := l.Override(o.Lifecycle)
			if err != nil {
				invalid = append(invalid, fmt.Sprintf("%s: version %s: %v; the version is left as it is", o.Where, name, err))
				continue
			}
			l = overridden
		}
		statuses[name] = l.Evaluate(now)
	}
	return statuses, invalid
}

// nextTransition returns the earliest start of a next stage, or nil.
func nextTransition(statuses map[string]lifecycle.Status) *time.Time {
	var next *time.Time
	for _, s := range statuses {
		if s.Next != nil && s.Next.StartTime != nil && (next == nil || s.Next.StartTime.Before(*next)) {
			t := *s.Next.StartTime
			next = &t
		}
	}
	return next
}

// apply sets one version's served, deprecated and deprecationWarning from its
// status. A version that should no longer be served but is the storage version
// or may have objects stored at it stays served: apply then says why.
func apply(crd *apix.CustomResourceDefinition, v *apix.CustomResourceDefinitionVersion, s lifecycle.Status, statuses map[string]lifecycle.Status, stored bool) (kept string) {
	served := s.Classification.Served()
	var why string
	switch {
	case v.Storage:
		why = "it is the storage version"
	case stored:
		why = "it is listed in status.storedVersions (objects may be stored at it)"
	}
	if !served && why != "" {
		if v.Served {
			kept = fmt.Sprintf("%s is %s but kept served: %s", v.Name, s.Classification, why)
		}
	} else {
		v.Served = served
	}
	deprecated := s.Classification.MarksDeprecated()
	v.Deprecated = deprecated
	v.DeprecationWarning = nil
	if deprecated && v.Served {
		w := warning(crd, v.Name, s, statuses, why)
		v.DeprecationWarning = &w
	}
	return kept
}

func blockedCondition(blocked []string, reason string) apix.CustomResourceDefinitionCondition {
	if len(blocked) == 0 {
		return notBlocked()
	}
	return apix.CustomResourceDefinitionCondition{Type: ConditionBlocked, Status: apix.ConditionTrue, Reason: reason,
		Message: truncate(strings.Join(blocked, "; ")+"; migrate the objects to a served version, move the storage version and trim status.storedVersions", 1024)}
}

func invalidCondition(reason string, invalid []string) apix.CustomResourceDefinitionCondition {
	if len(invalid) == 0 {
		return apix.CustomResourceDefinitionCondition{Type: ConditionInvalid, Status: apix.ConditionFalse,
			Reason: ReasonValid, Message: "the lifecycle annotation and the overrides apply"}
	}
	return apix.CustomResourceDefinitionCondition{Type: ConditionInvalid, Status: apix.ConditionTrue,
		Reason: reason, Message: truncate(strings.Join(invalid, "; "), 1024)}
}

func notBlocked() apix.CustomResourceDefinitionCondition {
	return apix.CustomResourceDefinitionCondition{Type: ConditionBlocked, Status: apix.ConditionFalse,
		Reason: ReasonNothingBlocked, Message: "every version is served as its lifecycle says"}
}

func describe(v *apix.CustomResourceDefinitionVersion) string {
	s := fmt.Sprintf("served=%t deprecated=%t", v.Served, v.Deprecated)
	if v.DeprecationWarning != nil {
		s += fmt.Sprintf(" warning=%q", *v.DeprecationWarning)
	}
	return s
}

// warning is the deprecationWarning of a deprecated or expired version that is
// served: what happens next, and which version to use instead. The API server
// takes at most 256 printable characters.
func warning(crd *apix.CustomResourceDefinition, name string, s lifecycle.Status, statuses map[string]lifecycle.Status, keptBecause string) string {
	gv := crd.Spec.Group + "/" + name
	var w string
	switch {
	case s.Classification == lifecycle.Expired:
		w = fmt.Sprintf("%s %s has expired and is served only because %s", gv, crd.Spec.Names.Kind, keptBecause)
	case s.Next != nil && s.Next.StartTime != nil && !s.Next.Classification.Served():
		w = fmt.Sprintf("%s %s is deprecated and stops being served at %s", gv, crd.Spec.Names.Kind, s.Next.StartTime.UTC().Format(time.RFC3339))
	default:
		w = fmt.Sprintf("%s %s is deprecated", gv, crd.Spec.Names.Kind)
	}
	if r := replacement(name, statuses); r != "" {
		w += "; use " + crd.Spec.Group + "/" + r
	}
	return truncate(w, 256)
}

// replacement is the newest supported version (else the newest preview) other
// than name, storage variants (v...storage) aside.
func replacement(name string, statuses map[string]lifecycle.Status) string {
	for _, want := range []lifecycle.Classification{lifecycle.Supported, lifecycle.Preview} {
		best := ""
		for v, s := range statuses {
			if v != name && s.Classification == want && !strings.HasSuffix(v, "storage") && v > best {
				best = v
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}

func sortedKeys(m map[string]Override) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}
