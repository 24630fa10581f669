#!/usr/bin/env bash
# Runs, with plain Go, the generator's tests that read the real specifications
# in ../shared/specs (never copied into the project): both loaders on every real
# file, their determinism, and the cross-check of the spec types ManagedIdentity's
# Swagger and deployment schemas give. Bazel's sandbox cannot reach
# ../shared/specs, so under Bazel these tests skip and say so; tools/test.sh runs
# this script so that they run in CI. -count=1: go's test cache does not track
# files outside the module.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top/generator"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
go test -count=1 -v -run '^(TestReal|TestSpecsMatchTheDeploymentSchemas|TestStatusVersionsMatchTheDeploymentSchemas)' ./internal/armschema/ ./internal/swagger/ > "$log" 2>&1 ||
  { cat "$log"; exit 1; }
grep -E '^(--- |ok|FAIL)' "$log"
if grep -q -- '--- SKIP' "$log"; then
  echo "a real-spec test skipped" >&2
  exit 1
fi
