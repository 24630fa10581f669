#!/usr/bin/env bash
# The whole ARM schema catalog as an input: checks the archive
# arm-schemas-<commit>.tar.xz against the SHA256SUMS beside it, unpacks it once
# into $ARMHUB_CACHE/arm-catalog/<sha256>/ and prints the path of its schemas/
# folder (<api-version>/<Provider>.json and common/definitions.json, the layout
# of ../shared/specs/arm-schemas/schemas), for armhub-gen -schemas and scripts:
#
#   schemas=$(tools/arm-catalog.sh)
#
# A second run finds the tree complete and only prints the path. The unpack
# works in a temporary folder renamed into place when complete (under a lock),
# so an interrupted run leaves nothing that a later run trusts. A wrong
# checksum is an error naming the archive and both sums. Nothing is written
# into this checkout. The work is done by tools/armcatalog, plain Go (its own
# module, outside go.work and Bazel; pure-Go xz, so no xz or tar is needed),
# built into $ARMHUB_CACHE/arm-catalog/bin.
#
# Environment:
#   ARMHUB_ARM_CATALOG  the folder holding the archive and its SHA256SUMS
#                       (default ../shared/specs/arm-catalog beside this checkout)
#   ARMHUB_CACHE        the cache root (default /tmp/armhub-cache)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
catalog=${ARMHUB_ARM_CATALOG:-$top/../shared/specs/arm-catalog}
cache=${ARMHUB_CACHE:-/tmp/armhub-cache}
if [ ! -f "$catalog/SHA256SUMS" ]; then
  echo "tools/arm-catalog.sh: no SHA256SUMS in $catalog (set ARMHUB_ARM_CATALOG to the folder holding the catalog archive and its SHA256SUMS; see ../shared/specs/README.md)" >&2
  exit 1
fi
# Physical paths: reached through a link (Bazel's external/ folder), ".." must
# mean the same to the shell and to Go, which cleans paths lexically.
catalog=$(cd "$catalog" && pwd -P)
mkdir -p "$cache/arm-catalog/bin"
bin=$cache/arm-catalog/bin/armcatalog
# go build is a no-op (a fraction of a second) when nothing changed.
(cd "$top/tools/armcatalog" && GOWORK=off GOFLAGS=-buildvcs=false go build -o "$bin" .)
exec "$bin" -catalog "$catalog" -cache "$cache"
