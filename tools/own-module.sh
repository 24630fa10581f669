# shellcheck shell=bash
# Sourced by tools/test.sh and tools/manifests-test.sh. own_module DIR: gofmt,
# vet, staticcheck and test a Go module kept outside go.work (-count=1: some of them run the
# go command or armhub-gen on this tree, whose files go's test cache does not
# track). Extra environment for the tests is the caller's to export.
# shellcheck source-path=SCRIPTDIR source=staticcheck-install.sh
source "$(dirname "${BASH_SOURCE[0]}")/staticcheck-install.sh"
own_module() {
  local unformatted staticcheck
  staticcheck=$(staticcheck_binary) || return 1
  unformatted=$(gofmt -l "$1")
  [ -z "$unformatted" ] || echo "not gofmt-clean: $unformatted"
  [ -z "$unformatted" ] && (cd "$1" && GOWORK=off go vet ./... && GOWORK=off "$staticcheck" ./... && GOWORK=off go test -count=1 ./...)
}
