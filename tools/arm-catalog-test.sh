#!/usr/bin/env bash
# The test of tools/arm-catalog.sh (one check of tools/test.sh; runs alone in
# about 10-30 s):
#   1. tools/armcatalog (its own module): gofmt, vet, and its Go tests on small
#      fake archives written in Go: a checksum mismatch refused, a fresh unpack
#      with the expected files, a second run that does nothing, a leftover
#      temporary folder or a tree without its completion marker not trusted,
#      unsafe or corrupt archives leaving nothing, concurrent runs;
#   2. the script's errors: no catalog folder; the real archive beside a wrong
#      SHA256SUMS (refused, naming the archive and both sums, nothing unpacked);
#   3. the real archive in a temporary ARMHUB_CACHE: a run killed in the middle
#      of its unpack leaves no tree that a later run trusts; the next run
#      unpacks it (3,159 files, common/definitions.json and
#      2024-03-01/Microsoft.Compute.json among them) and prints its path; a
#      second run only prints the same path.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
catalog=${ARMHUB_ARM_CATALOG:-$top/../shared/specs/arm-catalog}
# Every run below uses a temporary ARMHUB_CACHE, removed on exit.
work=$(mktemp -d)
cleanup() {
  chmod -R u+w "$work" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL arm-catalog: $*" >&2
  exit 1
}

echo "-- tools/armcatalog: gofmt, vet, Go tests on fake archives"
unformatted=$(gofmt -l "$top/tools/armcatalog")
[ -z "$unformatted" ] || fail "not gofmt-clean: $unformatted"
(cd "$top/tools/armcatalog" && GOWORK=off go vet ./... && GOWORK=off go test -count=1 ./...) || fail "Go tests"

echo "-- errors: no catalog folder, a wrong SHA256SUMS"
if ARMHUB_ARM_CATALOG=$work/none ARMHUB_CACHE=$work/cache-none "$top/tools/arm-catalog.sh" > "$work/out" 2> "$work/err"; then
  fail "no catalog folder accepted"
fi
grep -q "no SHA256SUMS in $work/none" "$work/err" || fail "unclear error without a catalog: $(cat "$work/err")"

[ -f "$catalog/SHA256SUMS" ] || fail "no real catalog at $catalog (set ARMHUB_ARM_CATALOG)"
read -r want name < "$catalog/SHA256SUMS"
mkdir "$work/wrong"
ln -s "$catalog/$name" "$work/wrong/$name"
wrong=0000000000000000000000000000000000000000000000000000000000000000
echo "$wrong  $name" > "$work/wrong/SHA256SUMS"
if ARMHUB_ARM_CATALOG=$work/wrong ARMHUB_CACHE=$work/cache-wrong "$top/tools/arm-catalog.sh" > "$work/out" 2> "$work/err"; then
  fail "a wrong checksum accepted"
fi
for expect in "checksum mismatch" "$work/wrong/$name" "$wrong" "$want"; do
  grep -qF -- "$expect" "$work/err" || fail "the checksum error does not say '$expect': $(cat "$work/err")"
done
[ ! -s "$work/out" ] || fail "a path printed despite the wrong checksum"
[ -z "$(find "$work/cache-wrong/arm-catalog" -mindepth 1 -maxdepth 1 ! -name bin)" ] || fail "something unpacked despite the wrong checksum"
sed 's/^/   /' "$work/err"

echo "-- the real archive ($catalog/$name): interrupted, fresh, second run"
cache=$work/cache
tree=$cache/arm-catalog/$want
# Kill a run once its unpack has started (the wrapper execs the tool, so $! is
# the tool's pid).
ARMHUB_CACHE=$cache "$top/tools/arm-catalog.sh" > /dev/null 2> "$work/err" &
pid=$!
interrupted=no
for _ in $(seq 1200); do
  if compgen -G "$cache/arm-catalog/.tmp-*/schemas" > /dev/null; then
    kill -9 "$pid" 2> /dev/null && interrupted=yes
    break
  fi
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.05
done
{ wait "$pid"; } 2> /dev/null || true
if [ "$interrupted" = yes ]; then
  [ ! -e "$tree" ] || fail "a killed unpack left $tree in place"
  echo "   killed a run in the middle of its unpack: $(find "$cache/arm-catalog"/.tmp-* -type f | wc -l) files left in its temporary folder, no tree in place"
else
  # Not caught in time (it finished first): start from nothing instead.
  echo "   note: the run finished before it could be killed; the interrupted case is left to the Go tests"
  chmod -R u+w "$cache" && rm -rf "$cache"
fi

start=$(date +%s%N)
schemas=$(ARMHUB_CACHE=$cache "$top/tools/arm-catalog.sh" 2> "$work/err") || fail "unpacking the real archive: $(cat "$work/err")"
first=$(( ($(date +%s%N) - start) / 1000000 ))
sed 's/^/   /' "$work/err"
[ "$schemas" = "$tree/schemas" ] || fail "printed $schemas, want $tree/schemas"
if [ "$interrupted" = yes ]; then
  grep -q "left by an interrupted unpack" "$work/err" || fail "the killed run's temporary folder was not removed"
fi
for f in common/definitions.json 2024-03-01/Microsoft.Compute.json 2015-06-15/Microsoft.Storage.json; do
  [ -s "$schemas/$f" ] || fail "no $f in $schemas"
done
files=$(find "$schemas" -type f -name '*.json' | wc -l)
[ "$files" -eq 3159 ] || fail "$files JSON files unpacked, want 3159"
! compgen -G "$cache/arm-catalog/.tmp-*" > /dev/null || fail "temporary folders left: $(echo "$cache"/arm-catalog/.tmp-*)"
marker=$(stat -c %i "$tree/.complete")

start=$(date +%s%N)
again=$(ARMHUB_CACHE=$cache "$top/tools/arm-catalog.sh" 2> "$work/err") || fail "second run: $(cat "$work/err")"
second=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$again" = "$schemas" ] || fail "second run printed $again, want $schemas"
[ ! -s "$work/err" ] || fail "second run did something: $(cat "$work/err")"
[ "$(stat -c %i "$tree/.complete")" = "$marker" ] || fail "second run replaced the tree"
echo "   fresh unpack ${first} ms ($files JSON files), second run ${second} ms (nothing done)"
echo "ok   arm-catalog"
