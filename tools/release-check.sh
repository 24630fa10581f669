#!/usr/bin/env bash
# Proves that a downstream team can use a release (run by tools/test.sh):
#   1. releases runtime and the real storage service (tools/release.sh) into a
#      fresh release directory and checks what it records (tag, changelog,
#      CRD bundle) and that an unknown service is refused;
#   2. a consumer module outside the workspace (GOWORK=off), with
#      GOPROXY=file://<release dir>,<the normal proxy>, runs go get of the
#      released storage module, go mod tidy and go vet, then builds and runs a
#      program that registers the types and converts an old API version to
#      the hub and back;
#   3. the Go blocks of the README and docs/ that need no other service, built and vetted
#      against the release as they are written;
#   4. the storage service's webhook command installed from the release as the
#      README says (go install .../cmd/armhub-webhook@v0.1.0) and run by
#      conformance/webhookcommand on loopback and as a real kube-apiserver's
#      conversion webhook, against the released CRDs;
#   5. the quickstart, docs/quickstart.md, its runnable blocks as written:
#      go get, its manager built and run against a kube-apiserver that has
#      the released module's deploy/ applied (tools/manifests' localcluster).
# The go commands use a module cache of this run's own (filled from the
# normal one through file://): released versions are rebuilt every run with
# the same version numbers, which a shared cache would pin to the first.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
shared=$(go env GOMODCACHE)
proxy=$(go env GOPROXY)
export GOPROXY="file://$shared/cache/download,$proxy"
export GOMODCACHE="$work/gomod" GOFLAGS="-modcacherw -buildvcs=false"
export ARMHUB_RELEASE_DIR="$work/releases"
cd "$top"

echo "== release runtime and storage"
tools/release.sh runtime
tools/release.sh storage
notes="$ARMHUB_RELEASE_DIR/armhub/apis/storage/v0.1.0"
for f in release.json CHANGELOG.md apidiff.txt crds.yaml; do
  [ -s "$notes/$f" ] || { echo "release-check: $notes/$f is missing or empty" >&2; exit 1; }
done
grep -q '"tag": "apis/storage/v0.1.0"' "$notes/release.json"
grep -q '"tag": "runtime/v0.1.0"' "$ARMHUB_RELEASE_DIR/armhub/runtime/v0.1.0/release.json"
grep -q 'kind: CustomResourceDefinition' "$notes/crds.yaml"
echo "storage v0.1.0: $(grep -c '^kind: CustomResourceDefinition' "$notes/crds.yaml") CRDs in the bundle, $(wc -c < "$ARMHUB_RELEASE_DIR/github.com/armhub/armhub/apis/storage/@v/v0.1.0.zip") bytes of module zip"
if out=$(tools/release.sh nosuchservice 2>&1); then
  echo "release-check: an unknown service was released" >&2; exit 1
fi
grep -q 'unknown service "nosuchservice"' <<<"$out" || { echo "release-check: unclear error for an unknown service: $out" >&2; exit 1; }
# Released again from the same inputs: no new version.
tools/release.sh storage | tee "$work/again.txt"
grep -q 'nothing changed since v0.1.0; no release' "$work/again.txt"

echo "== a consumer outside the workspace"
consumer="$work/consumer"
mkdir -p "$consumer"
cd "$consumer"
export GOWORK=off GOPROXY="file://$ARMHUB_RELEASE_DIR,$GOPROXY" GONOSUMDB=github.com/armhub/armhub
go mod init example.com/consumer >/dev/null 2>&1
cat > main.go <<'GO'
// A downstream program: it registers the storage service's types, converts
// a storage account of API version 2024-01-01 (the oldest the module holds:
// expired versions leave it) to the hub and back, and reads what Azure
// reports (provisioningState, primaryEndpoints.blob) from the status of a
// storage account at every served version, kept through the hub.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/armhub/armhub/apis/storage/register"
	v20240101 "github.com/armhub/armhub/apis/storage/v20240101"
	v20250101 "github.com/armhub/armhub/apis/storage/v20250101"
	v20250601 "github.com/armhub/armhub/apis/storage/v20250601"
	v20250801 "github.com/armhub/armhub/apis/storage/v20250801"
	v20260401 "github.com/armhub/armhub/apis/storage/v20260401"
	hub "github.com/armhub/armhub/apis/storage/v20260401/storage"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

// observed is a storage account as Azure reports it.
const observed = `{"metadata": {"name": "observed", "namespace": "default"},
 "spec": {"location": "westeurope", "kind": "StorageV2", "sku": {"name": "Standard_LRS"}},
 "status": {"properties": {"provisioningState": "Succeeded",
   "primaryEndpoints": {"blob": "https://observed.blob.core.windows.net/"}}}}`

const account = `{"metadata": {"name": "consumer", "namespace": "default"},
 "spec": {"location": "westeurope", "kind": "StorageV2", "sku": {"name": "Standard_LRS"}, "tags": {"team": "platform"}}}`

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "consumer:", err)
		os.Exit(1)
	}
}

func run() error {
	scheme := runtime.NewScheme()
	if err := register.AddToScheme(scheme); err != nil {
		return err
	}
	old := &v20240101.StorageAccount{}
	if err := json.Unmarshal([]byte(account), old); err != nil {
		return err
	}
	if kinds, _, err := scheme.ObjectKinds(old); err != nil || len(kinds) == 0 {
		return fmt.Errorf("the scheme does not know %T: %v", old, err)
	}
	var stored hub.StorageAccount
	if err := old.ConvertTo(&stored); err != nil {
		return err
	}
	var back v20240101.StorageAccount
	if err := back.ConvertFrom(&stored); err != nil {
		return err
	}
	before, _ := json.Marshal(old)
	after, _ := json.Marshal(&back)
	if string(before) != string(after) {
		return fmt.Errorf("round trip through the hub changed the object:\n%s\n%s", before, after)
	}
	for _, want := range []string{"westeurope", "StorageV2", "Standard_LRS", "platform"} {
		if !strings.Contains(string(after), want) {
			return fmt.Errorf("%q was lost: %s", want, after)
		}
	}
	fmt.Printf("ok: %d kinds registered; 2024-01-01 -> hub -> 2024-01-01 kept %s\n", len(scheme.AllKnownTypes()), after)
	return readStatus()
}

// readStatus reads the observed status at every served version (each
// field must be one that version has: unknown fields are refused), converts
// it to the hub, where provisioningState and primaryEndpoints.blob must be,
// and back, unchanged.
func readStatus() error {
	served := map[string]func() conversion.Convertible{
		"2024-01-01": func() conversion.Convertible { return &v20240101.StorageAccount{} },
		"2025-01-01": func() conversion.Convertible { return &v20250101.StorageAccount{} },
		"2025-06-01": func() conversion.Convertible { return &v20250601.StorageAccount{} },
		"2025-08-01": func() conversion.Convertible { return &v20250801.StorageAccount{} },
		"2026-04-01": func() conversion.Convertible { return &v20260401.StorageAccount{} },
	}
	for _, version := range []string{"2024-01-01", "2025-01-01", "2025-06-01", "2025-08-01", "2026-04-01"} {
		decoder := json.NewDecoder(strings.NewReader(observed))
		decoder.DisallowUnknownFields()
		account := served[version]()
		if err := decoder.Decode(account); err != nil {
			return fmt.Errorf("the status of a storage account at %s: %v", version, err)
		}
		var stored hub.StorageAccount
		if err := account.ConvertTo(&stored); err != nil {
			return err
		}
		p := stored.Status.Properties
		if p == nil || p.ProvisioningState == nil || *p.ProvisioningState != "Succeeded" || p.PrimaryEndpoints == nil ||
			p.PrimaryEndpoints.Blob == nil || *p.PrimaryEndpoints.Blob != "https://observed.blob.core.windows.net/" {
			return fmt.Errorf("the hub lost the status written at %s: %+v", version, p)
		}
		back := served[version]()
		if err := back.ConvertFrom(&stored); err != nil {
			return err
		}
		before, _ := json.Marshal(account)
		after, _ := json.Marshal(back)
		if !bytes.Equal(before, after) {
			return fmt.Errorf("the status at %s changed through the hub:\n%s\n%s", version, before, after)
		}
	}
	fmt.Println("ok: provisioningState and primaryEndpoints.blob read from the status at every served version (2024-01-01, 2025-01-01, 2025-06-01, 2025-08-01, 2026-04-01), kept through the hub")
	return nil
}
GO
go get github.com/armhub/armhub/apis/storage@v0.1.0
go mod tidy
grep -E 'armhub|k8s.io/(api|apimachinery|client-go|apiextensions-apiserver) |controller-runtime' go.mod
go vet ./...
go build -o consumer .
./consumer

echo "== the Go blocks of the README and docs/, against the release"
# Each block of README.md and docs/*.md is a whole file (conformance/readme
# checks that and compiles every block against the bundled examples); those
# that import no service but storage are built here against the released
# module, unchanged.
mkdir -p "$consumer/readme"
awk -v dir="$consumer/readme" '
  /^```go$/ { n++; inside = 1; file = sprintf("%s/snippet%d.go", dir, n); next }
  /^```$/ && inside { inside = 0; close(file); next }
  inside { print > file }
' "$top/README.md" "$top"/docs/*.md
built=0
for f in "$consumer"/readme/snippet*.go; do
  name=$(basename "$f" .go)
  if grep -o 'github.com/armhub/armhub/apis/[a-z0-9]*' "$f" | grep -qv '/apis/storage$'; then
    echo "$name: needs a service other than storage, which this check does not release; skipped"
    continue
  fi
  mkdir -p "$consumer/readme/$name" && mv "$f" "$consumer/readme/$name/main.go"
  built=$((built + 1))
done
rm -f "$consumer"/readme/snippet*.go
[ "$built" -gt 0 ] || { echo "release-check: no Go block of the README or docs/ to build against storage" >&2; exit 1; }
go mod tidy
go vet ./readme/...
go build ./readme/...
echo "$built Go block(s) of the README and docs/ built against storage v0.1.0"

echo "== the storage service's webhook command, installed from the release and run (on loopback and for a real kube-apiserver)"
GOBIN="$work/bin" go install github.com/armhub/armhub/apis/storage/cmd/armhub-webhook@v0.1.0
crds=$(go list -m -f '{{.Dir}}' github.com/armhub/armhub/apis/storage)/crd
assets=$("$top/tools/kube-binaries.sh")
(cd "$top/conformance" && env -u GOWORK KUBEBUILDER_ASSETS="$assets" go test -count=1 ./webhookcommand -args -armhub.webhook="$work/bin/armhub-webhook" "$crds"/*_*.yaml)

echo "== the quickstart (docs/quickstart.md) as written, against a local kube-apiserver with the released storage base applied"
# Its blocks marked "runs in tools/release-check.sh" run in order, unchanged:
# the first in an empty folder (go get through the release directory), the
# second in storage-manager beside the page's Go block as main.go, with
# KUBECONFIG naming a kube-apiserver that has the released module's deploy/
# applied by tools/manifests' localcluster (the released webhook command runs
# as the Deployment's pod, the API server calls it through the Service).
quick="$work/quickstart"
mkdir -p "$quick"
awk -v dir="$quick" '
  /^```sh$/ && note ~ /shell: runs in tools\/release-check.sh/ { n++; file = sprintf("%s/run%d.sh", dir, n); inside = 1; next }
  /^```go$/ { file = dir "/main.go"; inside = 1; next }
  /^```/ && inside { inside = 0; close(file); next }
  inside { print > file; next }
  NF { note = $0 }
' "$top/docs/quickstart.md"
if ! [[ -s "$quick/run1.sh" && -s "$quick/run2.sh" && ! -e "$quick/run3.sh" && -s "$quick/main.go" ]]; then
  echo "release-check: docs/quickstart.md must have two shell blocks that run here and one Go block" >&2; exit 1
fi
(cd "$quick" && bash -euo pipefail run1.sh)
cp "$quick/main.go" "$quick/storage-manager/main.go"
base=$(cd "$quick/storage-manager" && go list -m -f '{{.Dir}}' github.com/armhub/armhub/apis/storage)/deploy
(cd "$top/tools/manifests" && GOMODCACHE="$shared" go build -o "$work/bin/localcluster" ./cmd/localcluster)
(cd "$quick/storage-manager" && KUBEBUILDER_ASSETS="$assets" "$work/bin/localcluster" -base "$base" -webhook "$work/bin/armhub-webhook" \
  -cert-manager-crds "$("$top/tools/cert-manager-crds.sh")" -- bash -euo pipefail "$quick/run2.sh") | tee "$work/quickstart.txt"
grep -q 'storage account quickstart written at 2024-01-01, read at 2026-04-01' "$work/quickstart.txt"

echo "== managedidentity (from Swagger): every version's status holds principalId, clientId and tenantId"
cd "$top"
tools/release.sh managedidentity
mi="$work/mi-consumer"
mkdir -p "$mi"
cd "$mi"
go mod init example.com/miconsumer >/dev/null 2>&1
cat > main.go <<'GO'
// A downstream program: every API version of the released managedidentity
// service reads a user-assigned identity's status (what Azure returns) with its
// principalId, clientId and tenantId, and keeps them through the hub.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/armhub/armhub/apis/managedidentity/register"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/conversion"
)

const identity = `{"metadata": {"name": "mi", "namespace": "default"}, "spec": {"location": "westeurope"},
 "status": {"properties": {"principalId": "p-1", "clientId": "c-2", "tenantId": "t-3"}}}`

func main() {
	scheme := runtime.NewScheme()
	if err := register.AddToScheme(scheme); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	hub, err := hubOf(scheme, "UserAssignedIdentity")
	if err != nil {
		fmt.Fprintln(os.Stderr, "miconsumer:", err)
		os.Exit(1)
	}
	versions := 0
	for gvk := range scheme.AllKnownTypes() {
		if gvk.Kind != "UserAssignedIdentity" || strings.HasSuffix(gvk.Version, "storage") {
			continue
		}
		if err := check(scheme, gvk, hub); err != nil {
			fmt.Fprintln(os.Stderr, "miconsumer:", gvk.Version+":", err)
			os.Exit(1)
		}
		versions++
	}
	fmt.Printf("ok: the status of UserAssignedIdentity holds principalId, clientId and tenantId at all %d API versions, through the hub\n", versions)
}

// hubOf returns the registered hub object of kind.
func hubOf(scheme *runtime.Scheme, kind string) (conversion.Hub, error) {
	for _, object := range register.Hubs() {
		kinds, _, err := scheme.ObjectKinds(object)
		if err == nil && kinds[0].Kind == kind {
			return object.(conversion.Hub), nil
		}
	}
	return nil, fmt.Errorf("no hub of %s", kind)
}

func check(scheme *runtime.Scheme, gvk schema.GroupVersionKind, hub conversion.Hub) error {
	object, err := scheme.New(gvk)
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(identity), object); err != nil {
		return err
	}
	spoke, ok := object.(conversion.Convertible)
	if !ok {
		return fmt.Errorf("%T is not convertible", object)
	}
	if err := spoke.ConvertTo(hub); err != nil {
		return err
	}
	back, _ := scheme.New(gvk)
	if err := back.(conversion.Convertible).ConvertFrom(hub); err != nil {
		return err
	}
	data, _ := json.Marshal(back)
	for _, want := range []string{`"principalId":"p-1"`, `"clientId":"c-2"`, `"tenantId":"t-3"`} {
		if !strings.Contains(string(data), want) {
			return fmt.Errorf("%s lost: %s", want, data)
		}
	}
	return nil
}
GO
go get github.com/armhub/armhub/apis/managedidentity@v0.1.0
go mod tidy
go vet ./...
go run .
echo "release-check: ok"
