#!/usr/bin/env bash
# Writes tools/build_defs/swagger_pins.bzl: every Swagger file the real services
# read (those whose metadata's input is Swagger, and those whose input.status
# reads status from Swagger), by path in Azure/azure-rest-api-specs, SHA-256
# and, where recorded, upstream commit, so that Bazel links or fetches those
# few files (tools/build_defs/azure.bzl, swagger_repository) instead of the
# 1.3 GB repository. The list is what armhub-gen reads (-list-swagger-inputs)
# from the Swagger root (tools/schema-roots.sh: third_party/azure-rest-api-specs
# and ../shared/specs/swagger, or $ARMHUB_SWAGGER); the hashes are those
# files'; the commits are those third_party/azure-rest-api-specs/sources/*.tsv
# record for our copies. With --check, fails when the file is stale, or when
# a copy is not what sources/*.tsv records (tools/test.sh).
# Usage: tools/pin-swagger.sh [--check]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source-path=SCRIPTDIR source=schema-roots.sh
source "$top/tools/schema-roots.sh"
swagger=$(swagger_root)
out=$top/tools/build_defs/swagger_pins.bzl
sources=$top/third_party/azure-rest-api-specs/sources
# The upstream ref of the files whose commit was not recorded (those of
# ../shared/specs/swagger): the SHA-256 of each file is what pins it (a file
# that differs at this ref fails the download).
ref=main
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/tools/build-generator.sh" "$work/armhub-gen"

inputs() {
  for m in "$top"/metadata/azure/*.yaml; do
    "$work/armhub-gen" -metadata "$m" -schemas "$(schema_root "$work/armhub-gen" "$m")" -swagger "$swagger" \
      -out "$work/out" -list-swagger-inputs 2>/dev/null
  done | sort -u
}

# commit_of PATH: the upstream commit our copy of PATH records, if any.
commit_of() {
  awk -F'\t' -v p="$1" '$1 == p { print $2; exit }' "$sources"/*.tsv
}

pins() {
  local files
  files=$(inputs)
  echo '"""The Swagger files of Azure/azure-rest-api-specs the real services read, by path and SHA-256, and the upstream commit of those we copied (tools/pin-swagger.sh writes this)."""'
  echo
  echo "SWAGGER_REF = \"$ref\""
  echo
  echo "SWAGGER_FILES = {"
  while read -r f; do
    echo "    \"$f\": \"$(sha256sum < "$swagger/$f" | cut -d' ' -f1)\","
  done <<< "$files"
  echo "}"
  echo
  echo "SWAGGER_COMMITS = {"
  while read -r f; do
    c=$(commit_of "$f")
    [ -z "$c" ] || echo "    \"$f\": \"$c\","
  done <<< "$files"
  echo "}"
}

# check_copies: every file of our copies has its line in sources/*.tsv, with
# its SHA-256 and byte count, and every line its file.
check_copies() {
  local copies=$top/third_party/azure-rest-api-specs bad=0 path commit sha chars bytes
  while IFS=$'\t' read -r path commit sha chars bytes; do
    if [ ! -f "$copies/$path" ]; then
      echo "sources/*.tsv lists $path (commit $commit), which is not in $copies" >&2; bad=1
    elif [ "$(sha256sum < "$copies/$path" | cut -d' ' -f1)" != "$sha" ] || [ "$(wc -c < "$copies/$path")" != "$bytes" ]; then
      echo "$copies/$path is not the file sources/*.tsv records (SHA-256 $sha, $bytes bytes, $chars characters)" >&2; bad=1
    fi
  done < <(cat "$sources"/*.tsv)
  while read -r path; do
    grep -q "^$path"$'\t' "$sources"/*.tsv || { echo "$copies/$path has no line in sources/*.tsv" >&2; bad=1; }
  done < <(cd "$copies" && find specification -type f)
  return "$bad"
}

if [ "${1:-}" = "--check" ]; then
  check_copies || exit 1
  if ! diff <(pins) "$out" >/dev/null; then
    echo "$out is stale: run tools/pin-swagger.sh" >&2
    exit 1
  fi
  echo "$out is up to date"
else
  pins > "$out"
fi
