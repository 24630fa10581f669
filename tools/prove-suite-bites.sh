#!/usr/bin/env bash
# Proof that the conformance suites bite: in a temporary copy of the repository,
# (1) break one generated conversion (v20200301 Person stops copying knownAs back
# from storage; then, on its own, from the hub straight), (2) break the
# hand-written customDomain augmentation, (3)
# drop a property from a CRD's schemas, (4) break a runtime helper the
# generated assignments call (Deref loses the value) and (5) share property
# bags between a conversion's source and result; the generated round-trip and sharing suites, the
# augmentation tests and the generated CRD test must then fail, naming the lost
# property (the broken step: TestComposed, which compares it with the straight
# conversion). Exits 0 only when every breakage is caught.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$top" ls-files -z runtime apis/person apis/examplestorage conformance go.work | \
  (cd "$top" && xargs -0 cp --parents -t "$work")
# The copy's workspace: only the modules copied.
cat > "$work/go.work" <<WORK
go 1.24.0

use (
	./apis/person
	./apis/examplestorage
	./conformance
	./runtime
)

replace github.com/armhub/armhub/runtime v0.1.0 => ./runtime
replace github.com/armhub/armhub/apis/person v0.1.0 => ./apis/person
replace github.com/armhub/armhub/apis/examplestorage v0.1.0 => ./apis/examplestorage
WORK
# The other bundled services, which the conformance module also requires, are
# used in place.
for mod in "$top"/apis/*/go.mod; do
  name=$(basename "$(dirname "$mod")")
  case $name in person|examplestorage) continue ;; esac
  echo "replace github.com/armhub/armhub/apis/$name v0.1.0 => $top/apis/$name" >> "$work/go.work"
done
cp "$top/go.work.sum" "$work/" 2>/dev/null || true

caught=0
expect_failure() { # name, package, test regexp, text the failure must show
  local out
  if out=$(cd "$work/conformance" && go test -count=1 -run "$3" "$2" 2>&1); then
    echo "NOT CAUGHT: $1 (the tests still pass)"
    return
  fi
  if grep -q "$4" <<<"$out"; then
    echo "caught: $1"
    caught=$((caught + 1))
  else
    echo "NOT CAUGHT: $1 (failed, but without mentioning $4):"; echo "$out" | tail -20
  fi
}

# 1. A generated conversion that forgets a property on the way back from storage.
conversions="$work/apis/person/v20200301/conversions_gen.go"
from='/AssignProperties_From_PersonProperties(/,/^}/'
copy='destination.KnownAs = source.KnownAs'
[ "$(sed -n "${from}p" "$conversions" | grep -cF "$copy")" -eq 1 ]
sed -i "${from}s/${copy}/destination.KnownAs = nil/" "$conversions"
! sed -n "${from}p" "$conversions" | grep -qF "$copy"
# The spoke converts from its hub straight (its twin), so the step is what its
# fallback and TestComposed, which compares the two, run.
expect_failure "broken generated conversion" ./person 'TestComposed/Person_v20200301$' 'KnownAs'
cp "$top/apis/person/v20200301/conversions_gen.go" "$conversions"

# 1b. The same property forgotten by the spoke's straight conversion from the
#     hub (its twin), which a read at the spoke's version runs.
from='/AssignPropertiesDirect_From_PersonProperties_/,/^}/'
[ "$(sed -n "${from}p" "$conversions" | grep -cF "$copy")" -eq 1 ]
sed -i "${from}s/${copy}/destination.KnownAs = nil/" "$conversions"
expect_failure "broken straight conversion of a spoke" ./person 'TestRoundTrip/Person_v20200301$' 'KnownAs'
cp "$top/apis/person/v20200301/conversions_gen.go" "$conversions"

# 2. A hand-written augmentation that no longer maps the custom domain name.
augmentation="$work/apis/examplestorage/v20210101/storage/customdomain.go"
grep -q "destination.CustomDomain.Name = &name" "$augmentation"
sed -i "s/destination.CustomDomain.Name = &name/_ = name/" "$augmentation"
expect_failure "broken hand-written augmentation" ./augmentation 'TestCustomDomainNameBecomesObject' 'custom domain'

# 3. A CRD whose schemas lack a property the Go types have: the API server
#    would prune it from every stored object.
crd=$(ls "$work"/apis/person/crd/*_persons.yaml)
grep -q '^ *knownAs:$' "$crd"
# Delete each knownAs key with everything indented below it.
awk '
  skip && match($0, /^ */) && RLENGTH > depth { next }
  { skip = 0 }
  /^ *knownAs:$/ { skip = 1; match($0, /^ */); depth = RLENGTH; next }
  { print }
' "$crd" > "$crd.new" && mv "$crd.new" "$crd"
expect_failure "CRD schema missing a property" ./person 'TestCRDs' 'would drop spec.*knownAs'

# 4. A runtime helper of the generated assignments that loses what it copies
#    (Deref, which takes a required property out of a storage version).
helpers="$work/runtime/assign.go"
grep -q '	return \*p$' "$helpers"
sed -i 's/	return \*p$/	var lost T\n\treturn lost/' "$helpers"
expect_failure "broken runtime assignment helper" ./person 'TestRoundTrip' 'FullName'
cp "$top/runtime/assign.go" "$helpers"


# 5. Conversions that share a property bag with their source (NewPropertyBag
#    hands back the bag it was given): writing to the result's bag changes the
#    source, which the sharing contract forbids.
bags="$work/runtime/propertybag.go"
grep -q '^	var result PropertyBag$' "$bags"
sed -i 's/^	var result PropertyBag$/	if len(bags) == 1 {\n\t\treturn bags[0]\n\t}\n\tvar result PropertyBag/' "$bags"
expect_failure "a property bag shared with the source" ./examplestorage 'TestSharing' 'changed the source'
cp "$top/runtime/propertybag.go" "$bags"

echo "suite bites: $caught passed, $((6 - caught)) failed"
[ "$caught" -eq 6 ]
