# shellcheck shell=bash
# Sourced by the scripts that generate real Azure services (check-real-schemas,
# release, materialize, pin-swagger). schema_root GEN METADATA prints the schema
# root for the metadata's input format, as armhub-gen GEN reads it:
#   arm      the ARM schema catalog's schemas/ (tools/arm-catalog.sh: the whole
#            of azure-resource-manager-schemas at the pinned commit, unpacked
#            once into the cache), or $ARMHUB_REAL_SCHEMAS (a schema root
#            holding <api-version>/<Provider>.json and common/);
#   swagger  the Swagger root, as swagger_root prints it.
# swagger_root prints the folder holding specification/ that armhub-gen reads
# Swagger files from (-schemas of a Swagger service, -swagger of one whose
# input.status reads Swagger). $ARMHUB_SWAGGER lists the copies of
# Azure/azure-rest-api-specs, colon-separated, by default ours
# (third_party/azure-rest-api-specs: the files copied for status, pinned in
# tools/build_defs/swagger_pins.bzl) and ../shared/specs/swagger (read in
# place); with more than one, the root is their union, each file from the
# first copy that has it, as symlinks in a folder of the cache. Both fail,
# saying which variable to set, when a folder is missing.
schema_root() {
  local top format root
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  format=$("$1" -metadata "$2" -print input-format) || return 1
  if [ "$format" = swagger ]; then
    swagger_root
    return
  fi
  if [ -z "${ARMHUB_REAL_SCHEMAS:-}" ]; then
    "$top/tools/arm-catalog.sh"
    return
  fi
  [ -d "$ARMHUB_REAL_SCHEMAS" ] || { echo "no ARM schemas at $ARMHUB_REAL_SCHEMAS (ARMHUB_REAL_SCHEMAS)" >&2; return 1; }
  (cd "$ARMHUB_REAL_SCHEMAS" && pwd)
}

swagger_root() {
  local top copies dirs dir key union tmp f
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  copies=${ARMHUB_SWAGGER:-$top/third_party/azure-rest-api-specs:$top/../shared/specs/swagger}
  IFS=: read -r -a dirs <<< "$copies"
  for dir in "${dirs[@]}"; do
    [ -d "$dir/specification" ] || { echo "no Swagger files at $dir/specification (set ARMHUB_SWAGGER)" >&2; return 1; }
  done
  if [ "${#dirs[@]}" -eq 1 ]; then
    (cd "${dirs[0]}" && pwd)
    return
  fi
  key=$(for dir in "${dirs[@]}"; do
          dir=$(cd "$dir" && pwd)
          (cd "$dir" && find specification -name '*.json' -type f | LC_ALL=C sort | sed "s|^|$dir |")
        done | sha256sum | cut -c1-16)
  union=${ARMHUB_CACHE:-/tmp/armhub-cache}/swagger-union/$key
  if [ ! -d "$union" ]; then
    mkdir -p "$(dirname "$union")"
    tmp=$(mktemp -d "$union.tmp.XXXXXX")
    for dir in "${dirs[@]}"; do
      dir=$(cd "$dir" && pwd)
      while read -r f; do
        [ -e "$tmp/$f" ] || { mkdir -p "$tmp/$(dirname "$f")" && ln -s "$dir/$f" "$tmp/$f"; }
      done < <(cd "$dir" && find specification -name '*.json' -type f)
    done
    mv -T "$tmp" "$union" 2>/dev/null || rm -rf "$tmp" # another run made it first
  fi
  echo "$union"
}
