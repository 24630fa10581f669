#!/usr/bin/env bash
# Move the generation's instant: rewrite "now:" in every metadata file
# (metadata/*.yaml and metadata/azure/*.yaml) to the given RFC 3339 instant,
# then regenerate apis/ and conformance/ (tools/regenerate.sh). The generator
# never reads the clock; lifecycles are evaluated at the metadata's "now", so
# this is the one way the calendar enters the output.
# Usage: tools/set-now.sh 2027-01-01T00:00:00Z
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

if [ $# -ne 1 ]; then
  echo "usage: tools/set-now.sh RFC3339 (for example 2027-01-01T00:00:00Z)" >&2
  exit 2
fi
now=$1
rfc3339='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$'
if ! [[ "$now" =~ $rfc3339 ]] || ! date -d "$now" >/dev/null 2>&1; then
  echo "set-now: \"$now\" is not an RFC 3339 instant like 2027-01-01T00:00:00Z" >&2
  exit 2
fi

files=(metadata/*.yaml metadata/azure/*.yaml)
for f in "${files[@]}"; do
  if [ "$(grep -c '^now:' "$f")" -ne 1 ]; then
    echo "set-now: $f has no single top-level \"now:\" line; add one" >&2
    exit 1
  fi
done
for f in "${files[@]}"; do
  sed -i -E "s/^now:.*\$/now: $now/" "$f"
done
echo "set-now: now: $now in ${#files[@]} metadata files" >&2
tools/regenerate.sh
