#!/usr/bin/env bash
# The main job: regenerate every service module under apis/ from metadata/*.yaml and
# the bundled schemas, then list the modules in go.work. Needs only Go.
# Usage: tools/regenerate.sh [--check] [service...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

check=()
if [ "${1:-}" = "--check" ]; then
  check=(-check)
  shift
fi
services=("$@")
if [ ${#services[@]} -eq 0 ]; then
  for f in metadata/*.yaml; do services+=("$(basename "$f" .yaml)"); done
fi

bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
tools/build-generator.sh "$bin/armhub-gen"

for service in "${services[@]}"; do
  "$bin/armhub-gen" -metadata "metadata/$service.yaml" -out "apis/$service" -conformance-out "conformance/$service" "${check[@]}"
  if [ ${#check[@]} -eq 0 ]; then
    echo "regenerated apis/$service"
  fi
done

if [ ${#check[@]} -eq 0 ]; then
  # Every module of the repository is in go.work; modules require each other at
  # their released versions, which go.work maps to the local copies.
  go work use ./runtime ./generator ./conformance ./serving $(ls -d apis/*/ 2>/dev/null | sed 's|/$||; s|^|./|')
  for mod in runtime $(ls -d apis/*/ 2>/dev/null | sed 's|/$||'); do
    version=$(sed -n 's/^  version: \(v[0-9.]*\)$/\1/p' "metadata/$(basename "$mod").yaml" 2>/dev/null || true)
    go work edit -replace "github.com/armhub/armhub/$mod@${version:-v0.1.0}=./$mod"
  done
fi
