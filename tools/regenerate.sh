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

# Where each service's module and suite live is the generator's to say (-root,
# -print), never this script's.
for service in "${services[@]}"; do
  "$bin/armhub-gen" -metadata "metadata/$service.yaml" -root . "${check[@]}"
  if [ ${#check[@]} -eq 0 ]; then
    echo "regenerated $("$bin/armhub-gen" -metadata "metadata/$service.yaml" -print module-dir)"
  fi
done

if [ ${#check[@]} -eq 0 ]; then
  # Every module of the repository is in go.work; modules require each other at
  # their released versions, which go.work maps to the local copies.
  read -r path version dir < <("$bin/armhub-gen" -metadata "metadata/${services[0]}.yaml" -print runtime-module,runtime-version,runtime-dir)
  replaces=("$path@$version=./$dir")
  dirs=(./runtime ./generator ./conformance ./serving)
  for f in metadata/*.yaml; do
    read -r path version dir < <("$bin/armhub-gen" -metadata "$f" -print module-path,module-version,module-dir)
    dirs+=("./$dir")
    replaces+=("$path@${version/#-/v0.1.0}=./$dir")
    # The conformance module (which holds every service's suite) also builds
    # alone, outside go.work (tools/check-modules-alone.sh).
    (cd conformance && go mod edit -require "$path@${version/#-/v0.1.0}" -replace "$path=../$dir")
  done
  go work use "${dirs[@]}"
  for r in "${replaces[@]}"; do
    go work edit -replace "$r"
  done
fi
