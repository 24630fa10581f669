#!/usr/bin/env bash
# The test command (README, .ci/run): every Go test of the repository as Bazel
# test targets (runtime, generator, serving, the generated conformance suites,
# the seed scenarios and the end-to-end suite on a real kube-apiserver), the
# check that apis/ is what the generator makes, each hand-written module
# built and vetted alone (GOWORK=off), staticcheck on every module of
# go.work (generator, runtime, serving, conformance, the bundled apis/), the generator's fuzz targets
# for a few seconds each, the remote cache's fault tests
# (tools/remote-cache-faults.sh), then the six
# real providers generated, compiled, vetted and conformance-tested with go
# (with Bazel they are part of //...: //apis/azure), the release tool's tests,
# the Go code of the README and docs/ compiled, a consumer of a release
# (tools/release-check.sh) and the ARM schema catalog's unpacking
# (tools/arm-catalog-test.sh), the install bases rendered with kustomize and
# accepted by a kube-apiserver and converting through one applied base
# (tools/manifests-test.sh) and the webhook's
# image built without Docker (tools/image). Ends with one
# summary line: "tests: N passed, M failed".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
log=$(mktemp)
trap 'rm -rf "$log"' EXIT

passed=0
failed=0

# in_dir DIR COMMAND...: COMMAND run in DIR.
in_dir() {
  (cd "$1" && shift && "$@")
}

# check TITLE COMMAND...: one check, counted.
check() {
  echo "== $1"
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
}

echo "== kube-apiserver, etcd and the upgrade releases for the end-to-end suite (built once, cached)"
e2e_env=()
if assets=$(tools/kube-binaries.sh) && releases=$(tools/e2e-releases.sh); then
  e2e_env=(--test_env=KUBEBUILDER_ASSETS="$assets" --test_env=ARMHUB_E2E_RELEASES="$releases")
  echo "KUBEBUILDER_ASSETS=$assets ARMHUB_E2E_RELEASES=$releases"
else
  echo "could not build them: //conformance/e2e:e2e_test will fail"
fi

echo "== bazel test //..."
tools/bazel test "${e2e_env[@]}" //... 2>&1 | tee "$log"
bazel_status=${PIPESTATUS[0]}
targets_passed=$(grep -cE '^//\S+\s+(\(cached\) )?PASSED' "$log" || true)
targets_failed=$(grep -cE '^//\S+\s+(\(cached\) )?(FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)' "$log" || true)
passed=$((passed + targets_passed))
failed=$((failed + targets_failed))
if [ "$bazel_status" -ne 0 ] && [ "$targets_failed" -eq 0 ]; then
  failed=$((failed + 1)) # the build itself failed
fi

check "the generator's fuzz targets, each for a bounded time (tools/fuzz.sh)" tools/fuzz.sh

check "the conformance suites catch a broken conversion and a broken augmentation" tools/prove-suite-bites.sh

check "the loaders on the real specifications, and the Swagger/deployment-schema cross-check (plain Go)" tools/real-spec-tests.sh

check "the Swagger files the real services read, pinned by path and SHA-256" tools/pin-swagger.sh --check

check "each Go module builds and vets alone, outside go.work (tools/check-modules-alone.sh)" tools/check-modules-alone.sh

check "staticcheck on the generator, runtime, serving, conformance and the bundled generated modules (tools/staticcheck.sh)" tools/staticcheck.sh

check "generator sources listed for the real services' Bazel generation" tools/update-generator-srcs.sh --check

check "the nginx remote cache on loopback: server down, unauthenticated PUT, corrupt and missing blobs, eviction (tools/remote-cache-faults.sh)" timeout 900 tools/remote-cache-faults.sh

# Under Bazel the test skips: it compiles a generated module with the go command.
check "a module whose schemas take every reserved name compiles, vets and passes its suite (TestReservedNamesCompile)" \
  in_dir generator go test -count=1 -run '^TestReservedNamesCompile$' ./internal/pipeline

# shellcheck source-path=SCRIPTDIR source=own-module.sh
source tools/own-module.sh

for module in "release:the release tool" "tools/bench/benchtool:the benchmarks' Go half" \
              "tools/bench/webhookbench:the webhook benchmark" \
              "tools/image:the webhook's OCI image built without Docker"; do
  check "${module#*:} (${module%%:*}, a module outside the workspace): gofmt, vet, tests" own_module "${module%%:*}"
done

check "the Go code of the README and docs/ compiles (conformance/readme, plain Go: Bazel's sandbox has no go command)" \
  in_dir conformance go test -count=1 ./readme

check "releases a downstream team can use: runtime and storage released, a consumer builds and converts, storage's webhook command served" tools/release-check.sh

check "the ARM schema catalog: checked, unpacked once into the cache, interrupted runs not trusted (tools/arm-catalog-test.sh)" tools/arm-catalog-test.sh

check "the whole ARM catalog generates, none refused; a sample compiles, vets and passes its suites (tools/catalog-check.sh)" tools/catalog-check.sh

check "the install bases (apis/*/deploy, serving/deploy) rendered with kustomize and accepted by a kube-apiserver (tools/manifests-test.sh)" tools/manifests-test.sh

check "real schemas" tools/check-real-schemas.sh

echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
