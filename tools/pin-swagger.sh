#!/usr/bin/env bash
# Writes tools/build_defs/swagger_pins.bzl: every Swagger file the real services
# whose metadata reads Swagger (metadata/azure/*.yaml with input.format: swagger)
# need, by path in Azure/azure-rest-api-specs and SHA-256, so that Bazel fetches
# those few files (tools/build_defs/azure.bzl, swagger_repository) instead of the
# 1.3 GB repository. The list is what armhub-gen reads (-list-inputs) from the
# local copy, ARMHUB_SWAGGER (default ../shared/specs/swagger); the hashes are
# that copy's. With --check, fails when the file is stale (tools/test.sh).
# Usage: tools/pin-swagger.sh [--check]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
swagger=${ARMHUB_SWAGGER:-$top/../shared/specs/swagger}
[ -d "$swagger/specification" ] || { echo "no Swagger copy at $swagger (set ARMHUB_SWAGGER)" >&2; exit 1; }
out=$top/tools/build_defs/swagger_pins.bzl
# The upstream ref the files are fetched at. The local copy's commit was not
# recorded; the SHA-256 of each file is what pins it (a file that differs at
# this ref fails the download).
ref=main
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/tools/build-generator.sh" "$work/armhub-gen"

inputs() {
  for m in "$top"/metadata/azure/*.yaml; do
    [ "$("$work/armhub-gen" -metadata "$m" -print input-format)" = swagger ] || continue
    "$work/armhub-gen" -metadata "$m" -schemas "$swagger" -out "$work/out" -list-inputs 2>/dev/null
  done | sort -u
}

pins() {
  echo '"""The Swagger files of Azure/azure-rest-api-specs the real services read, by path and SHA-256 (tools/pin-swagger.sh writes this)."""'
  echo
  echo "SWAGGER_REF = \"$ref\""
  echo
  echo "SWAGGER_FILES = {"
  inputs | while read -r f; do
    echo "    \"$f\": \"$(sha256sum "$swagger/$f" | cut -d' ' -f1)\","
  done
  echo "}"
}

if [ "${1:-}" = "--check" ]; then
  if ! diff <(pins) "$out" >/dev/null; then
    echo "$out is stale: run tools/pin-swagger.sh" >&2
    exit 1
  fi
  echo "$out is up to date"
else
  pins > "$out"
fi
