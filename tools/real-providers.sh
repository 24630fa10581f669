# Sourced by tools/check-real-schemas.sh: sets $services (the curated
# metadata files of the real Azure services, metadata/azure/<service>.yaml: the
# ones named on the command line, by service or by provider, or all seven: six
# providers, as KeyVault ships its secrets in a schema file of their own).
# provider_of FILE prints the provider a metadata file names.
provider_of() { sed -n 's/^provider:[[:space:]]*//p' "$1"; }
services=()
if [ $# -eq 0 ]; then
  services=("$top"/metadata/azure/*.yaml)
fi
for arg in "$@"; do
  if [ -f "$top/metadata/azure/$arg.yaml" ]; then
    services+=("$top/metadata/azure/$arg.yaml")
    continue
  fi
  found=""
  for f in "$top"/metadata/azure/*.yaml; do
    if [ "$(provider_of "$f")" = "$arg" ]; then found=$f; fi
  done
  if [ -z "$found" ]; then
    echo "no metadata/azure/*.yaml for service or provider $arg" >&2
    exit 1
  fi
  services+=("$found")
done
