#!/usr/bin/env bash
# Benchmark: size of the generated code. Prints figures; not a test.
#
# For each of the six real providers (generated from ../shared/specs, read in
# place, into a temporary directory): total bytes of generated Go, split into
# spoke packages (vYYYYMMDD/), storage packages (vYYYYMMDD/storage/) and by file
# (conversions_gen.go, types_gen.go, zz_generated.deepcopy.go); the number of
# resource-versions (kind x API version, counted in the spoke packages); the
# struct fields declared in the spokes' types_gen.go (go/ast); and bytes per
# resource-version (spoke, storage) and per field.
#
# Then one comparable resource, Storage's queue service: the bytes of the
# declarations (types, their methods, enum values) belonging to
# StorageAccountsQueueService and the types it reaches, in the spoke package, its
# storage package and the hub, against the upstream operator's sample (spoke
# 28,476 B, storage 9,859 B). Types also reached by another kind of the package
# are counted apart ("shared").
#
# Environment: QUEUE_VERSION (default v20230101).
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
build_benchtool
queue_version=${QUEUE_VERSION:-v20230101}

echo "Generated Go per provider (KB = 1024 B; res-v: resource-versions; fields: struct fields in spoke types_gen.go;"
echo "B/rv: bytes per resource-version; B/field: all generated Go / fields; spoke B/f: spoke packages / fields)"
"$work/benchtool" size -header
for p in "${providers[@]}"; do
  "$gen" -provider "$p" -schemas "$schemas" -out "$work/$p" 2>/dev/null
  "$work/benchtool" size -module "$work/$p" -name "$p"
done

mod=$work/Microsoft.Storage
kind=StorageAccountsQueueService
hub_kind=$(grep -l "func (\*$kind) Hub()" "$mod"/*/storage/conversions_gen.go | head -1)
hub_pkg=$(basename "$(dirname "$(dirname "$hub_kind")")")/storage
echo
echo "$kind (Microsoft.Storage/storageAccounts/queueServices): bytes of its declarations and its nested types'"
printf '%-22s %10s %6s %10s %6s %10s %6s  %s\n' package "exclusive" types "+shared" types "package" kinds "exclusive by file"
"$work/benchtool" size -module "$mod" -kind "$kind" -packages "$queue_version,$queue_version/storage,$hub_pkg" |
  while IFS=$'\t' read -r pkg excl n shared sn total kinds byfile; do
    printf '%-22s %10d %6d %10d %6d %10d %6d  %s\n' "$pkg" "$excl" "$n" "$shared" "$sn" "$total" "$kinds" "$byfile"
    case $pkg in
      */storage) upstream=9859 ;;
      *) upstream=28476 ;;
    esac
    printf '%-22s upstream operator sample %d B: exclusive %.2fx, with shared %.2fx of it\n' "" "$upstream" \
      "$(echo "$excl / $upstream" | bc -l)" "$(echo "($excl + $shared) / $upstream" | bc -l)"
  done
echo "(exclusive: types only this kind reaches, with their methods and enum values; +shared: types other kinds of"
echo " the package reach too; $hub_pkg is the queue service's hub)"
