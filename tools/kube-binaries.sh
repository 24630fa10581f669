#!/usr/bin/env bash
# Builds kube-apiserver and etcd from the Go module proxy for the end-to-end
# suite (conformance/e2e) and prints the folder that holds them, ready for
# envtest's KUBEBUILDER_ASSETS. The binaries are cached: only the first run on a
# machine pays (about 6-8 minutes on 2 idle cores, 1.8 GB peak).
#
#   tools/kube-binaries.sh            # build if missing, print the folder
#
# Environment:
#   ARMHUB_CACHE   cache root (default /tmp/armhub-cache); binaries go to
#                  $ARMHUB_CACHE/kube/<kubernetes version>-<etcd version>/
#
# How: a throw-away wrapper module requires k8s.io/kubernetes at KUBE_VERSION
# with every staging module it names (k8s.io/api, k8s.io/apiserver, ...)
# replaced by the matching v0.x release, plus go.etcd.io/etcd/server/v3, whose
# module root is etcd's main package. CGO_ENABLED=0; the version ldflags make
# the API server report its real version.
set -euo pipefail

kube_version=v1.34.4
staging_version=v0.34.4
etcd_version=v3.6.4

cache=${ARMHUB_CACHE:-/tmp/armhub-cache}
out="$cache/kube/$kube_version-etcd$etcd_version"
if [[ -x "$out/kube-apiserver" && -x "$out/etcd" ]]; then
  echo "$out"
  exit 0
fi

log() { echo "kube-binaries: $*" >&2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/armhub-kube-build.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
export GOWORK=off GOFLAGS=-mod=mod CGO_ENABLED=0

log "building kube-apiserver $kube_version and etcd $etcd_version into $out (first run only: several minutes)"
kube_mod=$(go mod download -json "k8s.io/kubernetes@$kube_version" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",$/\1/p')
[[ -f "$kube_mod" ]] || { log "cannot read the go.mod of k8s.io/kubernetes@$kube_version"; exit 1; }

go mod init armhub.local/kube-binaries >/dev/null 2>&1
go mod edit -go=1.24.0
# Every staging module k8s.io/kubernetes replaces with ./staging/... is
# published on its own as v0.<minor>.<patch>.
staging=$(sed -n 's#^[[:space:]]*\(k8s.io/[^ ]*\) => ./staging/.*#\1#p' "$kube_mod")
[[ -n "$staging" ]] || { log "no staging modules found in $kube_mod"; exit 1; }
for m in $staging; do
  go mod edit -replace "$m=$m@$staging_version"
done
go mod edit -require "k8s.io/kubernetes@$kube_version" -require "go.etcd.io/etcd/server/v3@$etcd_version"
go get "k8s.io/kubernetes/cmd/kube-apiserver@$kube_version" "go.etcd.io/etcd/server/v3@$etcd_version" >&2

minor=${kube_version#v1.}
minor=${minor%%.*}
ldflags="-s -w"
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  ldflags+=" -X $pkg.gitVersion=$kube_version -X $pkg.gitMajor=1 -X $pkg.gitMinor=$minor"
  ldflags+=" -X $pkg.gitTreeState=clean -X $pkg.buildDate=1970-01-01T00:00:00Z"
done

mkdir -p "$work/bin"
go build -trimpath -ldflags "$ldflags" -o "$work/bin/kube-apiserver" k8s.io/kubernetes/cmd/kube-apiserver
go build -trimpath -ldflags "-s -w" -o "$work/bin/etcd" go.etcd.io/etcd/server/v3

"$work/bin/kube-apiserver" --version >&2
"$work/bin/etcd" --version >&2
mkdir -p "$(dirname "$out")"
rm -rf "$out.partial"
mv "$work/bin" "$out.partial"
mv "$out.partial" "$out"
echo "$out"
