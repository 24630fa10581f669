# shellcheck shell=bash
# Sourced by tools/test.sh and tools/manifests-test.sh. own_module DIR: gofmt,
# vet and test a Go module kept outside go.work (-count=1: some of them run the
# go command or armhub-gen on this tree, whose files go's test cache does not
# track). Extra environment for the tests is the caller's to export.
own_module() {
  local unformatted
  unformatted=$(gofmt -l "$1")
  [ -z "$unformatted" ] || echo "not gofmt-clean: $unformatted"
  [ -z "$unformatted" ] && (cd "$1" && GOWORK=off go vet ./... && GOWORK=off go test -count=1 ./...)
}
