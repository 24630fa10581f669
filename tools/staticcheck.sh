#!/usr/bin/env bash
# Runs staticcheck (its default checks; no staticcheck.conf) on the generator,
# the runtime, serving, the conformance module (its generated suites included)
# and every generated module of the bundled examples (apis/<service>), through
# go.work, and fails on any finding. Generated code is made clean in the
# emitters (generator/internal/emit/*), never by editing apis/.
# staticcheck is installed once from the Go module proxy, at the pinned version
# (tools/staticcheck-install.sh). The modules outside the workspace get it in
# tools/own-module.sh.
# Usage: tools/staticcheck.sh [PATTERN...]   (default: the modules above)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

# shellcheck source-path=SCRIPTDIR source=staticcheck-install.sh
source "$top/tools/staticcheck-install.sh"
staticcheck=$(staticcheck_binary)
patterns=("$@")
if [[ ${#patterns[@]} -eq 0 ]]; then
  patterns=(./generator/... ./runtime/... ./serving/... ./conformance/...)
  for mod in apis/*/go.mod; do
    patterns+=("./$(dirname "$mod")/...")
  done
fi
# One run over every module of the workspace: packages shared by the modules
# are loaded and analysed once.
echo "staticcheck $("$staticcheck" -version | sed 's/^staticcheck //'): ${patterns[*]}"
if "$staticcheck" "${patterns[@]}"; then
  echo "staticcheck: no findings"
else
  echo "staticcheck: findings above (fix generated code in the emitters, then tools/regenerate.sh)" >&2
  exit 1
fi
