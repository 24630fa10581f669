#!/usr/bin/env bash
# Builds three releases of a bundled service for the upgrade tests of
# conformance/e2e and prints the folder that holds them:
#
#   <folder>/<release>/crd/*.yaml        the release's CRDs (as armhub-gen writes them)
#   <folder>/<release>/armhub-webhook    the release's conversion webhook (the generated
#                                        cmd/armhub-webhook of its person module)
#
# The releases are snapshots of metadata/person.yaml under the group
# releases.example.armhub.io (so that they never meet the person CRD the suite
# installs from apis/person):
#
#   n    2020-01-01, 2020-02-01, 2020-03-01              hub v20200301storage
#   n1   n + 2020-04-01, a stable version that becomes the hub; it drops
#        residentialAddress                                hub v20200401storage
#   n2   n1 + 2020-05-01 (the hub; residentialAddress comes back in another
#        shape, Address loses label); 2020-01-01 expired     hub v20200501storage
#
# Each release's person module is generated into a scratch folder and its own
# webhook command built with a workspace of its own (the module and this
# checkout's runtime). The result is cached
# under ${ARMHUB_CACHE:-/tmp/armhub-cache}/e2e-releases/<hash of the inputs>.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${ARMHUB_CACHE:-/tmp/armhub-cache}

inputs() {
  cd "$top"
  find generator runtime metadata \
    -type f \( -name '*.go' -o -name '*.yaml' -o -name '*.json' -o -name go.mod -o -name go.sum \) -print0 |
    sort -z | xargs -0 sha256sum
  sha256sum tools/e2e-releases.sh go.work.sum
}
key=$(inputs | sha256sum | cut -c1-16)
out="$cache/e2e-releases/$key"
if [[ -f "$out/complete" ]]; then
  echo "$out"
  exit 0
fi

log() { echo "e2e-releases: $*" >&2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/armhub-releases.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$top/tools/build-generator.sh" "$work/armhub-gen"

# metadata RELEASE: the snapshot of metadata/person.yaml for RELEASE.
metadata() {
  cat <<'EOF'
service: person
provider: Example.People
group: releases.example.armhub.io
module:
  path: github.com/armhub/armhub/apis/person
  version: v0.1.0
schemas: schemas
now: 2026-11-01T00:00:00Z
resources:
  - people
versions:
EOF
  if [[ $1 == n2 ]]; then
    printf '  - version: "2020-01-01"\n    lifecycle:\n      - classification: supported\n      - classification: expired\n        startTime: 2026-01-01T00:00:00Z\n'
  else
    printf '  - version: "2020-01-01"\n'
  fi
  printf '  - version: "2020-02-01"\n  - version: "2020-03-01"\n'
  [[ $1 == n ]] || printf '  - version: "2020-04-01"\n'
  [[ $1 != n2 ]] || printf '  - version: "2020-05-01"\n'
  printf 'renames:\n  properties:\n    - {type: PersonProperties, from: postalAddress, to: mailingAddress, since: "2020-03-01"}\n'
  [[ $1 == n ]] && return
  printf 'removals:\n  - {type: PersonProperties, property: residentialAddress, since: "2020-04-01", note: dropped in v4}\n'
  [[ $1 == n2 ]] && printf '  - {type: Address, property: label, since: "2020-05-01", note: v5 structures addresses}\n'
  return 0
}

# workspace RELEASE: a go.work building RELEASE's person module against this
# checkout's runtime.
workspace() {
  local dir=$work/$1
  printf 'go 1.24.0\n\nuse (\n\t%s/runtime\n\t%s/person\n)\n\n' "$top" "$dir"
  printf 'replace github.com/armhub/armhub/runtime v0.1.0 => %s/runtime\n' "$top"
}

for release in n n1 n2; do
  dir=$work/$release
  mkdir -p "$dir/metadata" "$out.tmp/$release/crd"
  ln -s "$top/metadata/schemas" "$dir/metadata/schemas"
  metadata "$release" > "$dir/metadata/person.yaml"
  "$work/armhub-gen" -metadata "$dir/metadata/person.yaml" -out "$dir/person" >&2
  workspace "$release" > "$dir/go.work"
  cp "$top/go.work.sum" "$dir/go.work.sum"
  (cd "$dir/person" && GOWORK="$dir/go.work" go build -o "$out.tmp/$release/armhub-webhook" ./cmd/armhub-webhook)
  cp "$dir/person/crd/"*_*.yaml "$out.tmp/$release/crd/"
  log "release $release: $(ls "$dir/person" | grep '^v' | tr '\n' ' ')"
done
touch "$out.tmp/complete"
rm -rf "$out"
mv "$out.tmp" "$out"
echo "$out"
