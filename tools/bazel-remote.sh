#!/usr/bin/env bash
# Local Bazel remote cache for scale-out (issue 11): tools/bazel-remote.sh start|stop|status
#
# The engine meant for this is github.com/buchgr/bazel-remote, but the Go module
# proxy reachable from our machines refuses it (403 for every version, v1 and
# v2). tools/bazel-remote/ is a standard-library stand-in speaking the same HTTP
# protocol with the same flags (--dir, --max_size, --host, --port); swap in the
# real binary with ARMHUB_BAZEL_REMOTE_BIN where it can be had.
#
# Environment:
#   ARMHUB_CACHE                 cache root (default /tmp/armhub-cache); everything
#                                lives in $ARMHUB_CACHE/bazel-remote/:
#                                  bin/<source hash>/bazel-remote (built once), data/,
#                                  bazel-remote.pid, bazel-remote.log
#   ARMHUB_REMOTE_CACHE_MAX_GB   bound of data/ in GiB, LRU-evicted past it (default 10)
#   ARMHUB_REMOTE_CACHE_PORT     HTTP port on 127.0.0.1 (default 8082; .bazelrc's
#                                --config=remote-cache expects 8082)
#   ARMHUB_BAZEL_REMOTE_BIN      use this binary instead of building the stand-in
#
# Use:  tools/bazel-remote.sh start && tools/bazel build --config=remote-cache //apis/...
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
cache="${ARMHUB_CACHE:-/tmp/armhub-cache}/bazel-remote"
max_gb="${ARMHUB_REMOTE_CACHE_MAX_GB:-10}"
port="${ARMHUB_REMOTE_CACHE_PORT:-8082}"
pidfile="$cache/bazel-remote.pid"
logfile="$cache/bazel-remote.log"

running() {
    [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}

binary() {
    if [[ -n "${ARMHUB_BAZEL_REMOTE_BIN:-}" ]]; then
        echo "$ARMHUB_BAZEL_REMOTE_BIN"
        return
    fi
    local sum bin
    sum="$(cat "$here/bazel-remote/go.mod" "$here/bazel-remote/main.go" | sha256sum | cut -c1-16)"
    bin="$cache/bin/$sum/bazel-remote"
    if [[ ! -x "$bin" ]]; then
        mkdir -p "$(dirname "$bin")"
        (cd "$here/bazel-remote" && GOWORK=off GOFLAGS=-mod=mod go build -o "$bin.tmp" .) >&2
        mv "$bin.tmp" "$bin"
    fi
    echo "$bin"
}

case "${1:-}" in
start)
    if running; then
        echo "bazel-remote already running (pid $(cat "$pidfile")) on http://127.0.0.1:$port"
        exit 0
    fi
    bin="$(binary)"
    mkdir -p "$cache/data"
    nohup "$bin" --dir "$cache/data" --max_size "$max_gb" --host 127.0.0.1 --port "$port" \
        >>"$logfile" 2>&1 </dev/null &
    echo $! >"$pidfile"
    for _ in $(seq 50); do
        if curl -fsS "http://127.0.0.1:$port/status" >/dev/null 2>&1; then
            echo "bazel-remote started (pid $!) on http://127.0.0.1:$port, max ${max_gb} GiB, data $cache/data, log $logfile"
            exit 0
        fi
        running || break
        sleep 0.2
    done
    tail -n 5 "$logfile" >&2
    echo "bazel-remote did not come up; log: $logfile" >&2
    exit 1
    ;;
stop)
    if running; then
        kill "$(cat "$pidfile")"
        echo "bazel-remote stopped (pid $(cat "$pidfile"))"
    else
        echo "bazel-remote not running"
    fi
    rm -f "$pidfile"
    ;;
status)
    if running; then
        echo "bazel-remote running (pid $(cat "$pidfile")) on http://127.0.0.1:$port: $(curl -fsS "http://127.0.0.1:$port/status")"
    else
        echo "bazel-remote not running"
        exit 1
    fi
    ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
