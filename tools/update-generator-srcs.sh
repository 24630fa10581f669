#!/usr/bin/env bash
# Writes tools/build_defs/generator_srcs.bzl: the labels of every file the
# generator is built from, which tools/build_defs/azure.bzl watches so that a
# change to the generator regenerates the real services. tools/test.sh fails
# when the list is stale. Usage: tools/update-generator-srcs.sh [--check]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
out=tools/build_defs/generator_srcs.bzl
list() {
  echo '"""The files armhub-gen is built from (tools/update-generator-srcs.sh writes this)."""'
  echo
  echo "GENERATOR_SRCS = ["
  git ls-files generator ':(exclude)generator/**/testdata/**' ':(exclude)generator/**/*_test.go' ':(exclude)*.md' \
      ':(exclude)generator/**/BUILD.bazel' ':(exclude)generator/BUILD.bazel' ':(glob)runtime/*.go' ':(glob)runtime/lifecycle/*.go' runtime/go.mod go.work \
      ':(exclude)runtime/*_test.go' ':(exclude)runtime/lifecycle/*_test.go' | sort -u | while read -r f; do
    dir=$(dirname "$f")
    while [ "$dir" != . ] && [ ! -f "$dir/BUILD.bazel" ]; do dir=$(dirname "$dir"); done
    if [ "$dir" = . ]; then
      echo "    \"//:$f\","
    else
      echo "    \"//$dir:${f#"$dir"/}\","
    fi
  done
  echo "]"
}
if [ "${1:-}" = "--check" ]; then
  if ! diff <(list) "$out" > /dev/null; then
    echo "$out is stale: run tools/update-generator-srcs.sh" >&2
    exit 1
  fi
  echo "$out is up to date"
else
  list > "$out"
fi
