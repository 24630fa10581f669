# shellcheck shell=bash
# wire_module (sourced, with $top the repository root), shared by lib.sh and
# catalog.sh.
: "${top:?wire.sh needs top, the repository root}"

# wire_module DIR points a module generated into DIR at this repository's runtime,
# conformance and apis modules, so it builds outside go.work.
wire_module() {
  local mod
  (
    cd "$1" || exit 1
    go mod edit -replace "github.com/armhub/armhub/runtime=$top/runtime" \
      -replace "github.com/armhub/armhub/conformance=$top/conformance" \
      -require "github.com/armhub/armhub/conformance@v0.0.0-00010101000000-000000000000"
    for mod in "$top"/apis/*/; do
      [ -f "$mod/go.mod" ] && go mod edit -replace "github.com/armhub/armhub/apis/$(basename "$mod")=$mod"
    done
    true
  )
}
