package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	apix "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/conversion"

	storage "github.com/armhub/armhub/apis/examplestorage/register"
	person "github.com/armhub/armhub/apis/person/register"
	"github.com/armhub/armhub/conformance/harness"
	"github.com/armhub/armhub/conformance/schemavalue"
	armruntime "github.com/armhub/armhub/runtime"
)

// The population: fuzzed objects of each kind, spread round robin over every
// version its CRD serves and over a few namespaces, written by a bounded
// number of workers.
var (
	accountKind = schema.GroupKind{Group: "storage.example.armhub.io", Kind: "StorageAccount"}
	personKind  = schema.GroupKind{Group: "people.example.armhub.io", Kind: "Person"}

	populationSizes = []struct {
		kind  schema.GroupKind
		count int
	}{{accountKind, 1000}, {personKind, 200}}
)

const (
	populationSeed       = 20260101
	populationNamespaces = 4
	populationWorkers    = 8
	populationLabel      = "e2e.armhub.io/population"
)

// record is one object of the population as it was written: at its version,
// status included.
type record struct {
	gvk    schema.GroupVersionKind
	object client.Object
}

func (r record) key() string {
	return r.gvk.GroupKind().String() + " " + client.ObjectKeyFromObject(r.object).String()
}

// populationRun labels this run's population, apart from earlier runs' on an
// existing cluster.
var populationRun = strconv.FormatInt(time.Now().UnixNano(), 36)

var (
	populationOnce    sync.Once
	populationRecords []record
	populationErr     error
)

// population creates the population on first use and returns it.
func population() ([]record, error) {
	populationOnce.Do(func() {
		populationRecords, populationErr = createPopulation(context.Background())
	})
	return populationRecords, populationErr
}

func createPopulation(ctx context.Context) ([]record, error) {
	var namespaces []string
	for i := 0; i < populationNamespaces; i++ {
		name := fmt.Sprintf("e2e-fuzz-%d-%d", i, time.Now().UnixNano()%1e9)
		if err := createNamespace(ctx, name); err != nil {
			return nil, err
		}
		namespaces = append(namespaces, name)
	}
	records, err := fuzzPopulation(namespaces)
	if err != nil {
		return nil, err
	}
	what := fmt.Sprintf("created (create + status update, %d workers)", populationWorkers)
	err = fig.timeStep(what, len(records), func() error { return forEach(ctx, records, write) })
	if err != nil {
		return nil, err
	}
	return records, nil
}

// fuzzPopulation makes the objects of the population, each valid for the
// schema of its version.
func fuzzPopulation(namespaces []string) ([]record, error) {
	var records []record
	seed := int64(populationSeed)
	for _, size := range populationSizes {
		crd := findCRD(size.kind)
		if crd == nil {
			return nil, fmt.Errorf("no CRD of %s installed", size.kind)
		}
		var served []apix.CustomResourceDefinitionVersion
		for _, v := range crd.Spec.Versions {
			if v.Served {
				served = append(served, v)
			}
		}
		for i := 0; i < size.count; i++ {
			version := served[i%len(served)]
			seed++
			object, err := fuzzedObject(size.kind.WithVersion(version.Name), version.Schema.OpenAPIV3Schema, seed)
			if err != nil {
				return nil, fmt.Errorf("object %d (seed %d): %w", i, seed, err)
			}
			object.SetName(fmt.Sprintf("%s-%d", crd.Spec.Names.Singular, i))
			object.SetNamespace(namespaces[i%len(namespaces)])
			object.SetLabels(map[string]string{populationLabel: populationRun})
			records = append(records, record{gvk: size.kind.WithVersion(version.Name), object: object})
		}
	}
	return records, nil
}

// fuzzedObject fills a gvk object with harness.NewFiller(seed) and makes its
// spec and status valid for s; the metadata is left empty.
func fuzzedObject(gvk schema.GroupVersionKind, s *apix.JSONSchemaProps, seed int64) (client.Object, error) {
	filled, err := suite.scheme.New(gvk)
	if err != nil {
		return nil, err
	}
	harness.NewFiller(seed).Fill(filled)
	data, err := json.Marshal(filled)
	if err != nil {
		return nil, err
	}
	fields := map[string]any{}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	if err := decoder.Decode(&fields); err != nil {
		return nil, err
	}
	c := schemavalue.NewConformer(seed)
	valid := map[string]any{"apiVersion": gvk.GroupVersion().String(), "kind": gvk.Kind}
	for _, part := range []string{"spec", "status"} {
		sub := s.Properties[part]
		if fields[part] == nil {
			continue
		}
		if valid[part], err = c.Value(fields[part], &sub, part); err != nil {
			return nil, fmt.Errorf("%s: %w", gvk, err)
		}
	}
	return decodeStrictly(gvk, valid)
}

func decodeStrictly(gvk schema.GroupVersionKind, fields map[string]any) (client.Object, error) {
	data, err := json.Marshal(fields)
	if err != nil {
		return nil, err
	}
	object, err := suite.scheme.New(gvk)
	if err != nil {
		return nil, err
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(object); err != nil {
		return nil, fmt.Errorf("%s: the conformed object does not decode: %w", gvk, err)
	}
	return object.(client.Object), nil
}

// write creates a copy of r's object, then writes its status (a create
// ignores the status of a kind with a status subresource).
func write(ctx context.Context, r record) error {
	object := r.object.DeepCopyObject().(client.Object)
	if err := suite.client.Create(ctx, object); err != nil {
		return fmt.Errorf("creating %s at %s: %w", r.key(), r.gvk.Version, err)
	}
	written, ok1 := r.object.(armruntime.KubernetesResource)
	created, ok2 := object.(armruntime.KubernetesResource)
	if !ok1 || !ok2 {
		return fmt.Errorf("%T is not an armruntime.KubernetesResource", object)
	}
	if err := created.SetStatus(written.GetStatus()); err != nil {
		return err
	}
	if err := suite.client.Status().Update(ctx, object); err != nil {
		return fmt.Errorf("writing the status of %s at %s: %w", r.key(), r.gvk.Version, err)
	}
	return nil
}

// forEach calls do for every item with populationWorkers workers and returns
// the first error after all have finished.
func forEach[T any](ctx context.Context, records []T, do func(context.Context, T) error) error {
	work := make(chan T)
	errs := make(chan error, len(records))
	var wg sync.WaitGroup
	for w := 0; w < populationWorkers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range work {
				if err := do(ctx, r); err != nil {
					errs <- err
				}
			}
		}()
	}
	for _, r := range records {
		work <- r
	}
	close(work)
	wg.Wait()
	close(errs)
	var first error
	n := 0
	for err := range errs {
		if first == nil {
			first = err
		}
		n++
	}
	if first != nil {
		return fmt.Errorf("%d of %d failed, the first: %w", n, len(records), first)
	}
	return nil
}

// findCRD returns the installed CRD of kind (nil if none).
func findCRD(kind schema.GroupKind) *apix.CustomResourceDefinition {
	for _, crd := range suite.crds {
		if crd.Spec.Group == kind.Group && crd.Spec.Names.Kind == kind.Kind {
			return crd
		}
	}
	return nil
}

// mustPopulation returns the population, failing t if it could not be made.
func mustPopulation(t *testing.T) []record {
	t.Helper()
	records, err := population()
	if err != nil {
		t.Fatalf("creating the population: %v", err)
	}
	return records
}

// TestEveryVersionReadsWhatWasWritten lists the population at every served
// version and gets every object at another version than it was written at:
// each read, converted back to the version written (through its carried
// annotation), equals what was written, metadata aside.
func TestEveryVersionReadsWhatWasWritten(t *testing.T) {
	records := mustPopulation(t)
	checkEveryVersion(t, records)
	checkGets(t, records)
}

// checkEveryVersion lists every kind of the population at every version its
// CRD serves.
func checkEveryVersion(t *testing.T, records []record) {
	t.Helper()
	written := map[string]record{}
	for _, r := range records {
		written[r.key()] = r
	}
	for _, size := range populationSizes {
		for _, version := range servedVersions(crdOf(t, size.kind)) {
			gvk := size.kind.WithVersion(version)
			items, err := listPopulation(context.Background(), gvk)
			if err != nil {
				t.Fatalf("listing at %s: %v", gvk, err)
			}
			if len(items) != size.count {
				t.Errorf("listing at %s: %d objects, %d written", gvk, len(items), size.count)
			}
			checkItems(t, gvk, items, written)
		}
	}
}

func checkItems(t *testing.T, gvk schema.GroupVersionKind, items []client.Object, written map[string]record) {
	t.Helper()
	failures := 0
	for _, item := range items {
		r, ok := written[gvk.GroupKind().String()+" "+client.ObjectKeyFromObject(item).String()]
		if !ok {
			t.Errorf("listing at %s: %s was never written", gvk, client.ObjectKeyFromObject(item))
			continue
		}
		if err := sameAsWritten(r, item); err != nil {
			failures++
			if failures <= 3 {
				t.Errorf("read at %s: %v", gvk.Version, err)
			}
		}
	}
	if failures > 3 {
		t.Errorf("read at %s: %d objects differ in all", gvk, failures)
	}
}

// checkGets gets every object at the version after the one it was written at.
func checkGets(t *testing.T, records []record) {
	t.Helper()
	err := forEach(context.Background(), records, func(ctx context.Context, r record) error {
		versions := servedVersions(findCRD(r.gvk.GroupKind()))
		gvk := r.gvk.GroupKind().WithVersion(nextOf(versions, r.gvk.Version))
		read, err := suite.scheme.New(gvk)
		if err != nil {
			return err
		}
		if err := suite.client.Get(ctx, client.ObjectKeyFromObject(r.object), read.(client.Object)); err != nil {
			return fmt.Errorf("getting %s at %s: %w", r.key(), gvk.Version, err)
		}
		return sameAsWritten(r, read.(client.Object))
	})
	if err != nil {
		t.Error(err)
	}
}

func nextOf(versions []string, version string) string {
	for i, v := range versions {
		if v == version {
			return versions[(i+1)%len(versions)]
		}
	}
	return version
}

// listPopulation lists the population's objects of gvk's kind at gvk's version.
func listPopulation(ctx context.Context, gvk schema.GroupVersionKind) ([]client.Object, error) {
	return listObjects(ctx, gvk, client.MatchingLabels{populationLabel: populationRun})
}

// listObjects lists the objects of gvk's kind at gvk's version.
func listObjects(ctx context.Context, gvk schema.GroupVersionKind, options ...client.ListOption) ([]client.Object, error) {
	list, err := suite.scheme.New(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
	if err != nil {
		return nil, err
	}
	if err := suite.client.List(ctx, list.(client.ObjectList), options...); err != nil {
		return nil, err
	}
	objects, err := meta.ExtractList(list)
	if err != nil {
		return nil, err
	}
	items := make([]client.Object, len(objects))
	for i, o := range objects {
		items[i] = o.(client.Object)
	}
	return items, nil
}

// newObject returns a new object of gvk.
func newObject(gvk schema.GroupVersionKind) (client.Object, error) {
	object, err := suite.scheme.New(gvk)
	if err != nil {
		return nil, err
	}
	return object.(client.Object), nil
}

// sameAsWritten converts read (at any version) to the version r was written
// at, as the webhook would, and compares it with r, metadata aside.
func sameAsWritten(r record, read client.Object) error {
	back, err := suite.scheme.New(r.gvk)
	if err != nil {
		return err
	}
	if err := convertLocally(read, back.(client.Object)); err != nil {
		return fmt.Errorf("%s: %w", r.key(), err)
	}
	ignoreMeta := cmpopts.IgnoreTypes(metav1.ObjectMeta{}, metav1.TypeMeta{})
	if diff := cmp.Diff(r.object, back, append(harness.Equal, ignoreMeta)...); diff != "" {
		return fmt.Errorf("%s written at %s differs (-written +read, converted back):\n%s", r.key(), r.gvk.Version, diff)
	}
	return nil
}

// convertLocally converts from into to through their kind's hub, as the
// webhook does.
func convertLocally(from, to client.Object) error {
	hub, err := newHub(from)
	if err != nil {
		return err
	}
	if reflect.TypeOf(from) == reflect.TypeOf(hub) {
		hub = from.DeepCopyObject().(conversion.Hub)
	} else if err := from.(conversion.Convertible).ConvertTo(hub); err != nil {
		return fmt.Errorf("converting %T to the hub: %w", from, err)
	}
	if reflect.TypeOf(to) == reflect.TypeOf(hub) {
		reflect.ValueOf(to).Elem().Set(reflect.ValueOf(hub).Elem())
		return nil
	}
	if err := to.(conversion.Convertible).ConvertFrom(hub); err != nil {
		return fmt.Errorf("converting the hub to %T: %w", to, err)
	}
	return nil
}

// newHub returns a new hub of object's kind.
func newHub(object client.Object) (conversion.Hub, error) {
	gvks, _, err := suite.scheme.ObjectKinds(object)
	if err != nil {
		return nil, err
	}
	for _, hub := range append(storage.Hubs(), person.Hubs()...) {
		hubGVKs, _, err := suite.scheme.ObjectKinds(hub)
		if err == nil && hubGVKs[0].GroupKind() == gvks[0].GroupKind() {
			return hub.(conversion.Hub), nil
		}
	}
	return nil, fmt.Errorf("no hub for %s", gvks[0].GroupKind())
}
