#!/usr/bin/env bash
# Refresh the requirements every generated apis/<service>/go.mod lists
# (generator/internal/pipeline/requirements.txt): the modules the generated
# packages import, at the versions runtime/ and conformance/ use, with their
# indirect requirements as `go mod tidy` computes them. Regenerate apis/ after.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
apimachinery=$(cd "$top/runtime" && GOWORK=off go list -m -f '{{.Version}}' k8s.io/apimachinery)
controller=$(cd "$top/conformance" && GOWORK=off go list -m -f '{{.Version}}' sigs.k8s.io/controller-runtime)
cat > "$work/go.mod" <<MOD
module github.com/armhub/armhub/apis/template

go 1.24.0

require github.com/armhub/armhub/runtime v0.1.0

replace github.com/armhub/armhub/runtime => $top/runtime
MOD
cat > "$work/imports.go" <<'GO'
package template

import (
	_ "github.com/armhub/armhub/runtime"
	_ "k8s.io/apimachinery/pkg/apis/meta/v1"
	_ "k8s.io/apimachinery/pkg/runtime"
	_ "k8s.io/apimachinery/pkg/runtime/schema"
	_ "github.com/armhub/armhub/runtime/webhook"
	_ "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	_ "sigs.k8s.io/controller-runtime/pkg/client"
	_ "sigs.k8s.io/controller-runtime/pkg/conversion"
	_ "sigs.k8s.io/controller-runtime/pkg/manager"
)
GO
cd "$work"
# Every k8s.io module at the patch version of apimachinery.
GOWORK=off go get "k8s.io/apimachinery@$apimachinery" "k8s.io/api@$apimachinery" "k8s.io/client-go@$apimachinery" \
  "k8s.io/apiextensions-apiserver@$apimachinery" "sigs.k8s.io/controller-runtime@$controller" >/dev/null 2>&1
GOWORK=off go mod tidy >/dev/null 2>&1
GOWORK=off go list -m -f '{{if not .Main}}{{.Path}} {{.Version}}{{if .Indirect}} indirect{{end}}{{end}}' all |
  awk 'NF' > "$work/all.txt"
# Keep the modules go.mod lists (direct and indirect), not the whole build list.
grep -E '^\s+[^ ]+ v' go.mod | awk '{print $1}' | sort > "$work/listed.txt"
grep -F -w -f "$work/listed.txt" "$work/all.txt" | sort > "$top/generator/internal/pipeline/requirements.txt"
echo "wrote generator/internal/pipeline/requirements.txt ($(wc -l < "$top/generator/internal/pipeline/requirements.txt") modules)"
