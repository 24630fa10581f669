# Sourced by tools/check-real-schemas*.sh: sets $schemas (the real ARM schemas
# of ../shared/specs, read in place, never copied) and $providers (the
# providers named on the command line, or all six: seven files, as KeyVault
# ships its secrets separately).
schemas=${ARMHUB_REAL_SCHEMAS:-$top/../shared/specs/arm-schemas/schemas}
if [ ! -d "$schemas" ]; then
  echo "real schemas not found at $schemas (set ARMHUB_REAL_SCHEMAS)" >&2
  exit 1
fi
providers=("$@")
if [ ${#providers[@]} -eq 0 ]; then
  providers=(Microsoft.ManagedIdentity Microsoft.EventHub Microsoft.KeyVault Microsoft.KeyVault.Secrets
             Microsoft.Cache Microsoft.ServiceFabric Microsoft.Storage)
fi
