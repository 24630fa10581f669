#!/usr/bin/env bash
# Fault tests of the nginx remote cache (issue 21), run by tools/test.sh:
#
#   tools/remote-cache-faults.sh
#
# Starts a throw-away nginx cache (tools/bazel-remote.sh, our
# tools/remote-cache/nginx.conf) on 127.0.0.1:${ARMHUB_FAULTS_PORT:-18082}
# and builds //tools/remote-cache:probe (two chained genrules, no toolchain)
# with tools/bazel and .bazelrc's remote-cache configs, in a cache folder of
# its own (Bazel output base, server folder; no disk cache) under a temporary
# folder: a user's cache, server and Bazel server are not touched (only
# GOMODCACHE and the repository cache are shared, read through symlinks).
# Every case checks that the probe's outputs are byte-identical (SHA-256) to
# those of a build without any remote cache:
#
#   setup   a writer build fills the cache; a read-only build is served from
#           it (2 remote cache hits) and uploads nothing
#   a       server down: Bazel warns and builds locally
#   b       PUT without credentials, or with a wrong password: 401, nothing
#           stored; GET needs none. Bazel uploading without credentials only
#           warns. The genuine entries still serve the build
#   c       a CAS blob corrupted on disk: Bazel's download check
#           (--remote_verify_downloads, on by default) rejects it, warns and
#           runs that action locally; a writer build then re-uploads the blob
#   d       an action-cache entry whose output blob is gone: a miss, rebuilt
#   e       gc past ARMHUB_REMOTE_CACHE_MAX_GB keeps the most recently used
#           entry only, and the build is still right
#
# Bounded: each Bazel command gets ARMHUB_FAULTS_BAZEL_TIMEOUT seconds
# (default 300), each curl 10 s; everything started is stopped on exit, and
# the temporary folder removed (ARMHUB_FAULTS_KEEP=1 keeps it, with Bazel's
# output of each build in bazel-N.log).
# Ends with "remote cache faults: N passed, M failed"; exit 1 on a failure.
# Note: tools/bazel removes the workspace's bazel-* symlinks that point into
# another output base (the next ordinary build puts them back).
set -uo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)"
cd "$top" || exit 1
port="${ARMHUB_FAULTS_PORT:-18082}"
bazel_timeout="${ARMHUB_FAULTS_BAZEL_TIMEOUT:-300}"
user_cache="${ARMHUB_CACHE:-/tmp/armhub-cache}"
url="http://127.0.0.1:$port"
target=//tools/remote-cache:probe
outputs=(tools/remote-cache/probe_digest.txt tools/remote-cache/probe.txt)

work="$(mktemp -d "${TMPDIR:-/tmp}/armhub-remote-faults.XXXXXX")"
export ARMHUB_CACHE="$work/cache"
export ARMHUB_OUTPUT_BASE="$work/cache/output_base"
export ARMHUB_DISK_CACHE=off
export ARMHUB_REMOTE_CACHE_PORT="$port"
export ARMHUB_REMOTE_CACHE_GC_SECONDS=0
# ARMHUB_REMOTE_CACHE (a whole tools/test.sh run on the shared cache) must not add its configs here.
unset ARMHUB_REMOTE_CACHE ARMHUB_REMOTE_CACHE_PASSWORD ARMHUB_REMOTE_CACHE_USER ARMHUB_REMOTE_CACHE_MAX_GB ARMHUB_REMOTE_CACHE_ADDRESS
server="$ARMHUB_CACHE/bazel-remote"
data="$server/data"
mkdir -p "$ARMHUB_CACHE"
for shared in gomod repo_cache; do
    [[ -d "$user_cache/$shared" ]] && ln -s "$user_cache/$shared" "$ARMHUB_CACHE/$shared"
done

cleanup() {
    tools/bazel-remote.sh stop >/dev/null 2>&1
    timeout 60 tools/bazel shutdown >/dev/null 2>&1
    local pid
    pid="$(cat "$ARMHUB_OUTPUT_BASE/server/server.pid.txt" 2>/dev/null)"
    # Still there after shutdown (timed out): only if it is this output base's.
    if [[ -n "$pid" ]] && grep -qF "$ARMHUB_OUTPUT_BASE" "/proc/$pid/cmdline" 2>/dev/null; then
        kill "$pid" 2>/dev/null
    fi
    if [[ "${ARMHUB_FAULTS_KEEP:-}" == 1 ]]; then
        echo "kept $work"
        return
    fi
    chmod -R u+w "$work" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

passed=0
failed=0
case_ok=1
current=""
begin() {
    current="$1"
    case_ok=1
    echo "== ($current)"
}
check() { # description, then a command that must succeed
    local what="$1"
    shift
    if "$@"; then
        echo "   ok: $what"
    else
        echo "   FAIL: $what"
        case_ok=0
    fi
}
end() {
    if ((case_ok)); then
        passed=$((passed + 1))
        echo "   ($current) passed"
    else
        failed=$((failed + 1))
        echo "   ($current) FAILED"
    fi
}
fatal() {
    echo "remote-cache-faults: $*" >&2
    echo "remote cache faults: $passed passed, $((failed + 1)) failed"
    exit 1
}

# bazel LOG ARGS...: a clean build of the probe (the output base's own action
# cache would otherwise answer before the remote cache is asked); Bazel's
# output goes to LOG.
log_n=0
bazel() {
    log_n=$((log_n + 1))
    last_log="$work/bazel-$log_n.log"
    timeout 120 tools/bazel clean >>"$last_log" 2>&1
    timeout "$bazel_timeout" tools/bazel build --symlink_prefix=/ "$@" "$target" >>"$last_log" 2>&1
    last_status=$?
    summary="$(grep -E '^INFO: [0-9]+ processes?:' "$last_log" | tail -n 1)"
    echo "   bazel build $* -> exit $last_status; ${summary:-no process summary}"
    return 0
}
read_only=(--config=remote-cache "--remote_cache=$url")
writer=(--config=remote-cache-writer "--remote_cache=$url")

# processes KIND: how many of the last build's processes Bazel counted as KIND
# ("remote cache hit"); "local" sums every kind but remote cache hits and
# internal ones (linux-sandbox, processwrapper-sandbox, local).
processes() {
    local kind="$1"
    sed -e 's/^INFO: [0-9]* processes*: //' -e 's/\.$//' <<<"$summary" | tr ',' '\n' |
        awk -v kind="$kind" '{ n = $1; sub(/^ *[0-9]+ /, ""); k = $0
            if (kind == "local") { if (k != "remote cache hit" && k != "internal") s += n }
            else if (k == kind) s += n }
            END { print s + 0 }'
}
built_with() { # HITS LOCAL: the last build succeeded with these counts
    [[ "$last_status" == 0 && "$(processes "remote cache hit")" == "$1" && "$(processes local)" == "$2" ]]
}
digests() {
    local f
    for f in "${outputs[@]}"; do
        sha256sum <"$bin/$f" | cut -c1-64
    done
}
same_outputs() { [[ "$last_status" == 0 && "$(digests)" == "$reference" ]]; }
warned() { grep -E "$1" "$last_log" >/dev/null; }
# Bazel's warning about the remote cache, two lines of it.
show_warning() { grep -m1 -E -A1 '^WARNING: .*[Rr]emote [Cc]ache' "$last_log" | cut -c1-160 | sed 's/^/   Bazel: /'; }
http_code() { curl -s -o /dev/null --max-time 10 -w '%{http_code}' "$@"; }
# A listing of everything the server holds, with each file's digest.
stored() { (cd "$data" && find . -type f -exec sha256sum {} + | sort); }
no_upload_in_progress() { [[ -z "$(find "$server/tmp/body" -type f 2>/dev/null)" ]]; }
puts() { grep -c '"PUT ' "$server/logs/access.log"; }
refused_puts() { grep -cE '"PUT [^"]*" 401 ' "$server/logs/access.log"; }

start=$SECONDS
if curl -s -o /dev/null --max-time 2 "$url/"; then
    fatal "something already answers on 127.0.0.1:$port; set ARMHUB_FAULTS_PORT"
fi
tools/bazel-remote.sh start >"$work/server-start.log" 2>&1 || {
    cat "$work/server-start.log"
    fatal "tools/bazel-remote.sh start failed"
}

begin "reference: a build without remote cache"
bazel
check "the build succeeds, all 2 actions run locally" built_with 0 2
bin="$(timeout 60 tools/bazel info bazel-bin 2>/dev/null)"
[[ -n "$bin" && -f "$bin/${outputs[1]}" ]] || fatal "no outputs of $target under '$bin' (log $last_log)"
reference="$(digests)"
blob="$(tail -n 1 <<<"$reference")" # the CAS key of probe.txt
end

begin "setup: a writer build fills the cache, a read-only build reads it and uploads nothing"
bazel "${writer[@]}"
check "writer build: 2 actions run locally" built_with 0 2
check "writer build: same outputs" same_outputs
check "2 action results and probe.txt's blob stored" test "$(find "$data/ac" -type f | wc -l)" -eq 2 -a -f "$data/cas/$blob"
puts_before="$(puts)"
bazel "${read_only[@]}"
check "read-only build: 2 remote cache hits" built_with 2 0
check "read-only build: same outputs" same_outputs
check "read-only build: no PUT" test "$(puts)" -eq "$puts_before"
end

begin "a: server down -> warning, local build"
tools/bazel-remote.sh stop >/dev/null
bazel "${read_only[@]}"
check "the build succeeds, both actions run locally" built_with 0 2
check "same outputs" same_outputs
check "Bazel warned about the remote cache" warned "^WARNING: .*[Rr]emote [Cc]ache"
show_warning
tools/bazel-remote.sh start >"$work/server-start.log" 2>&1 || fatal "could not restart the server: $(cat "$work/server-start.log")"
end

begin "b: unauthenticated PUT -> 401, nothing stored"
before="$(stored)"
ac_key="$(find "$data/ac" -type f -printf '%f\n' | head -n 1)"
fake="$work/fake"
echo "poisoned" >"$fake"
fake_key="$(sha256sum <"$fake" | cut -c1-64)"
check "GET of an entry needs no credentials (200)" test "$(http_code "$url/ac/$ac_key")" = 200
check "PUT over an existing action result without credentials: 401" \
    test "$(http_code -X PUT --data-binary "@$fake" "$url/ac/$ac_key")" = 401
check "PUT of a new blob without credentials: 401" \
    test "$(http_code -X PUT --data-binary "@$fake" "$url/cas/$fake_key")" = 401
check "PUT with a wrong password: 401" \
    test "$(http_code -u armhub-ci:wrong -X PUT --data-binary "@$fake" "$url/cas/$fake_key")" = 401
check "DELETE without credentials: 401" test "$(http_code -X DELETE "$url/ac/$ac_key")" = 401
check "nothing stored or changed on disk" test "$(stored)" = "$before"
check "no upload left in nginx's temporary folder" no_upload_in_progress
refused_before="$(refused_puts)"
bazel "${read_only[@]}" --remote_upload_local_results --noremote_accept_cached
check "Bazel uploading without credentials: the build succeeds, both actions run locally" built_with 0 2
check "same outputs" same_outputs
check "nginx answered Bazel's PUTs with 401" test "$(refused_puts)" -gt "$refused_before"
check "Bazel warned that writing failed" warned "^WARNING: Writing to Remote Cache"
show_warning
check "still nothing stored or changed on disk" test "$(stored)" = "$before"
bazel "${read_only[@]}"
check "the genuine entries still serve the build (2 remote cache hits)" built_with 2 0
check "same outputs" same_outputs
end

begin "c: corrupt CAS blob -> rejected on download, rebuilt locally"
printf 'corrupted' >"$data/cas/$blob"
bazel "${read_only[@]}"
check "the build succeeds: probe_digest from the cache, probe run locally" built_with 1 1
check "same outputs (the corrupt blob was not used)" same_outputs
check "Bazel warned that probe.txt's digest does not match" \
    warned "probe.txt download failed: Expected digest '$blob/[0-9]+' does not match received digest"
show_warning
bazel "${writer[@]}"
check "a writer build runs probe again and succeeds" built_with 1 1
check "same outputs" same_outputs
check "the writer build stored the right blob again" test "$(sha256sum <"$data/cas/$blob" | cut -c1-64)" = "$blob"
end

begin "d: action result pointing at a missing blob -> rebuilt"
rm -f "$data/cas/$blob"
bazel "${read_only[@]}"
check "the build succeeds: probe_digest from the cache, probe run locally" built_with 1 1
check "same outputs" same_outputs
show_warning
end

begin "e: gc evicts least recently used entries down to the bound"
# Everything last used two days ago, except probe.txt's blob (used now).
find "$data" -type f -exec touch -d '2 days ago' {} +
[[ -f "$data/cas/$blob" ]] || cp "$bin/${outputs[1]}" "$data/cas/$blob"
touch "$data/cas/$blob"
size="$(stat -c %s "$data/cas/$blob")"
# A bound whose 90% just holds that blob.
max_gb="$(awk -v s="$size" 'BEGIN { printf "%.12f", (s + 1) / 0.9 / 2^30 }')"
ARMHUB_REMOTE_CACHE_MAX_GB="$max_gb" tools/bazel-remote.sh gc | sed 's/^/   /'
check "only the most recently used entry is left" test "$(cd "$data" && find . -type f)" = "./cas/$blob"
bazel "${read_only[@]}"
check "the build succeeds, both actions run locally" built_with 0 2
check "same outputs" same_outputs
end

echo "remote cache faults: $passed passed, $failed failed ($((SECONDS - start)) s)"
((failed == 0))
