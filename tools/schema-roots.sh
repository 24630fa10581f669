# Sourced by the scripts that generate real Azure services (check-real-schemas,
# release, materialize, pin-swagger). schema_root GEN METADATA prints the schema
# root for the metadata's input format, as armhub-gen GEN reads it:
#   arm      the pinned ARM schema checkout's schemas/: $ARMHUB_ARM_SCHEMAS/schemas
#            (ARMHUB_REAL_SCHEMAS names schemas/ itself), by default
#            ../shared/specs/arm-schemas/schemas beside this checkout;
#   swagger  a copy of azure-rest-api-specs holding specification/: $ARMHUB_SWAGGER,
#            by default ../shared/specs/swagger.
# It fails, saying which variable to set, when the folder is missing.
schema_root() {
  local top format root
  top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  format=$("$1" -metadata "$2" -print input-format) || return 1
  if [ "$format" = swagger ]; then
    root=${ARMHUB_SWAGGER:-$top/../shared/specs/swagger}
    [ -d "$root/specification" ] || { echo "no Swagger files at $root/specification (set ARMHUB_SWAGGER)" >&2; return 1; }
  else
    root=${ARMHUB_REAL_SCHEMAS:-${ARMHUB_ARM_SCHEMAS:-$top/../shared/specs/arm-schemas}/schemas}
    [ -d "$root" ] || { echo "no ARM schemas at $root (set ARMHUB_ARM_SCHEMAS)" >&2; return 1; }
  fi
  (cd "$root" && pwd)
}
