#!/usr/bin/env bash
# Refresh the requirements every generated apis/<service>/go.mod lists
# (generator/internal/pipeline/requirements.txt): the modules the generated
# packages import, at the versions runtime/ and conformance/ use, with their
# indirect requirements as `go mod tidy` computes them. Regenerate apis/ after.
# Every Kubernetes-versioned k8s.io module (v0.N.M) is at the version
# controller-runtime's own go.mod requires, so no consumer mixes patch
# releases (generator/internal/pipeline/kubernetes_test.go keeps it so).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
controller=$(cd "$top/runtime" && GOWORK=off go list -m -f '{{.Version}}' sigs.k8s.io/controller-runtime)
# The k8s.io/apimachinery version controller-runtime's go.mod requires.
controller_gomod=$(cd "$work" && GOWORK=off go mod download -json "sigs.k8s.io/controller-runtime@$controller" |
  sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",\{0,1\}$/\1/p')
[ -f "$controller_gomod" ] || { echo "update-apis-deps: no go.mod for sigs.k8s.io/controller-runtime@$controller" >&2; exit 1; }
apimachinery=$(awk '{sub(/^require[ \t]+/, "")} $1 == "k8s.io/apimachinery" && $2 ~ /^v0\./ {print $2; exit}' "$controller_gomod")
[ -n "$apimachinery" ] || { echo "update-apis-deps: sigs.k8s.io/controller-runtime@$controller requires no k8s.io/apimachinery" >&2; exit 1; }
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
	_ "github.com/armhub/armhub/runtime/conversionwebhook"
	_ "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	_ "sigs.k8s.io/controller-runtime/pkg/client"
	_ "sigs.k8s.io/controller-runtime/pkg/conversion"
	_ "sigs.k8s.io/controller-runtime/pkg/manager"
)
GO
cd "$work"
# Every k8s.io module at controller-runtime's Kubernetes version.
GOWORK=off go get "k8s.io/apimachinery@$apimachinery" "k8s.io/api@$apimachinery" "k8s.io/client-go@$apimachinery" \
  "k8s.io/apiextensions-apiserver@$apimachinery" "sigs.k8s.io/controller-runtime@$controller" >/dev/null 2>&1
GOWORK=off go mod tidy >/dev/null 2>&1
GOWORK=off go list -m -f '{{if not .Main}}{{.Path}} {{.Version}}{{if .Indirect}} indirect{{end}}{{end}}' all |
  awk 'NF' > "$work/all.txt"
# Keep the modules go.mod lists (direct and indirect), not the whole build list.
grep -E '^\s+[^ ]+ v' go.mod | awk '{print $1}' | sort > "$work/listed.txt"
grep -F -w -f "$work/listed.txt" "$work/all.txt" | sort > "$top/generator/internal/pipeline/requirements.txt"
echo "wrote generator/internal/pipeline/requirements.txt ($(wc -l < "$top/generator/internal/pipeline/requirements.txt") modules)"
