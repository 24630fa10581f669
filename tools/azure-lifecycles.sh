#!/usr/bin/env bash
# Prints the `versions:` section of metadata/azure/<service>.yaml for an ARM
# provider: every API version with a schema file under the schema root, each with
# the lifecycle our policy for real Azure services gives it (docs/real-services.md). The output depends only on the list of versions, never on
# the clock, so that pasting it into the metadata is reproducible.
#
# The policy (all times 00:00:00Z on the dates named by API versions):
#   - a stable version is supported from its date;
#   - it is deprecated DEPRECATE_AFTER years after the next newer stable version
#     appeared, and expired EXPIRE_AFTER years after that;
#   - a preview is preview from its date, and expired PREVIEW_EXPIRE_AFTER years
#     after the next newer version (stable or preview) appeared; the stable
#     version of the same date counts as newer than the preview;
#   - the newest stable version, and a preview nothing is newer than, have no end.
#
# Usage: tools/azure-lifecycles.sh PROVIDER [SCHEMA-ROOT]
#   e.g. tools/azure-lifecycles.sh Microsoft.Storage ../shared/specs/arm-schemas/schemas
# Needs bash and GNU date.
set -euo pipefail
DEPRECATE_AFTER=${DEPRECATE_AFTER:-1}
EXPIRE_AFTER=${EXPIRE_AFTER:-1}
PREVIEW_EXPIRE_AFTER=${PREVIEW_EXPIRE_AFTER:-1}

provider=${1:?usage: $0 PROVIDER [SCHEMA-ROOT]}
top=$(cd "$(dirname "$0")/.." && pwd)
root=${2:-${ARMHUB_REAL_SCHEMAS:-$top/../shared/specs/arm-schemas/schemas}}

versions=()
for f in "$root"/*/"$provider.json"; do
  [ -e "$f" ] || continue
  v=$(basename "$(dirname "$f")")
  [[ $v =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}(-preview)?$ ]] && versions+=("$v")
done
if [ ${#versions[@]} -eq 0 ]; then
  echo "$0: no <api-version>/$provider.json under $root" >&2
  exit 1
fi
mapfile -t versions < <(printf '%s\n' "${versions[@]}" | LC_ALL=C sort)

# at DATE YEARS: DATE plus YEARS years, as RFC 3339 UTC.
at() { date -u -d "$1 +$2 years" +%Y-%m-%dT%H:%M:%SZ; }

echo "versions:"
for v in "${versions[@]}"; do
  d=${v:0:10}
  echo "  - version: \"$v\""
  echo "    lifecycle:"
  if [[ $v == *-preview ]]; then
    # The next newer version of any kind: a later date, or the stable one of this date.
    next=""
    for w in "${versions[@]}"; do
      [ "$w" = "$v" ] && continue
      wd=${w:0:10}
      if [[ $wd > $d || ( $wd == "$d" && $w != *-preview ) ]]; then
        if [ -z "$next" ] || [[ $wd < $next ]]; then next=$wd; fi
      fi
    done
    echo "      - classification: preview"
    echo "        startTime: $(at "$d" 0)"
    if [ -n "$next" ]; then
      echo "      - classification: expired"
      echo "        startTime: $(at "$next" "$PREVIEW_EXPIRE_AFTER")"
    fi
  else
    # The next newer stable version.
    next=""
    for w in "${versions[@]}"; do
      [[ $w == *-preview ]] && continue
      if [[ $w > $d ]]; then next=$w; break; fi
    done
    echo "      - classification: supported"
    echo "        startTime: $(at "$d" 0)"
    if [ -n "$next" ]; then
      echo "      - classification: deprecated"
      echo "        startTime: $(at "$next" "$DEPRECATE_AFTER")"
      echo "      - classification: expired"
      echo "        startTime: $(at "$next" $((DEPRECATE_AFTER + EXPIRE_AFTER)))"
    fi
  fi
done
