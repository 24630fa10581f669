#!/usr/bin/env bash
# A Bazel HTTP remote cache served by Debian's nginx (issue 21):
#
#   tools/bazel-remote.sh start    install nginx if missing, write the writers'
#                                  password file, evict past the size bound,
#                                  start nginx and its periodic cleanup
#   tools/bazel-remote.sh stop
#   tools/bazel-remote.sh status   pid, address, entries, size against the bound
#   tools/bazel-remote.sh gc       evict least recently used entries now
#   tools/bazel-remote.sh writer-rc  only write writer.bazelrc (below) from
#                                  ARMHUB_REMOTE_CACHE_USER/PASSWORD, for a
#                                  machine that uploads to a server elsewhere
#
# nginx's WebDAV module stores Bazel's PUT /ac/<sha256> and /cas/<sha256> as
# files and serves them back; the configuration is ours, in
# tools/remote-cache/nginx.conf. Reads are open; writes need HTTP basic auth.
# Everything lives in $ARMHUB_CACHE/bazel-remote/ and nginx runs as the
# caller (no root needed once nginx is installed):
#   nginx.conf       the rendered template      nginx.pid, gc.pid
#   data/ac, data/cas  the cache entries          logs/error.log, access.log, gc.log
#   tmp/             uploads in progress        htpasswd (the writer, hashed)
#   writer.credentials  user:password when generated (mode 600)
#   writer.bazelrc   build:remote-cache-writer --remote_header=Authorization=Basic ...
#                    (mode 600; tools/bazel's rc file try-imports it)
#
# Environment:
#   ARMHUB_CACHE                   cache root (default /tmp/armhub-cache)
#   ARMHUB_REMOTE_CACHE_PORT       port (default 8082, what .bazelrc's remote-cache
#                                  configs use)
#   ARMHUB_REMOTE_CACHE_ADDRESS    address to listen on (default 127.0.0.1; a team
#                                  host's address to share it, see tools/BAZEL.md:
#                                  basic auth over plain HTTP is readable on the way)
#   ARMHUB_REMOTE_CACHE_MAX_GB     size bound of data/ in GiB (default 10; decimals
#                                  allowed). gc deletes least recently used files
#                                  until data/ is at 90% of it
#   ARMHUB_REMOTE_CACHE_GC_SECONDS how often the running server is cleaned up
#                                  (default 300; 0: only on start and `gc`)
#   ARMHUB_REMOTE_CACHE_USER       the writer's name (default armhub-ci)
#   ARMHUB_REMOTE_CACHE_PASSWORD   the writer's password (default: generated once
#                                  into writer.credentials)
#   ARMHUB_NO_INSTALL=1            never run apt-get
#
# Use:  tools/bazel-remote.sh start
#       tools/bazel build --config=remote-cache //apis/...          (reads only)
#       tools/bazel build --config=remote-cache-writer //apis/...   (uploads)
# See tools/BAZEL.md, "Remote cache".
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
template="$here/remote-cache/nginx.conf"
root="${ARMHUB_CACHE:-/tmp/armhub-cache}"
dir="$root/bazel-remote"
port="${ARMHUB_REMOTE_CACHE_PORT:-8082}"
address="${ARMHUB_REMOTE_CACHE_ADDRESS:-127.0.0.1}"
max_gb="${ARMHUB_REMOTE_CACHE_MAX_GB:-10}"
gc_seconds="${ARMHUB_REMOTE_CACHE_GC_SECONDS:-300}"
user="${ARMHUB_REMOTE_CACHE_USER:-armhub-ci}"
nginx=/usr/sbin/nginx

die() {
    echo "tools/bazel-remote.sh: ERROR: $*" >&2
    exit 1
}

[[ "$port" =~ ^[0-9]+$ ]] || die "ARMHUB_REMOTE_CACHE_PORT=$port is not a port number"
[[ "$address" =~ ^[0-9.]+$ ]] || die "ARMHUB_REMOTE_CACHE_ADDRESS=$address is not an IPv4 address"
[[ "$max_gb" =~ ^[0-9]+([.][0-9]+)?$ ]] || die "ARMHUB_REMOTE_CACHE_MAX_GB=$max_gb is not a number"
[[ "$gc_seconds" =~ ^[0-9]+$ ]] || die "ARMHUB_REMOTE_CACHE_GC_SECONDS=$gc_seconds is not a number"
[[ "$user" =~ ^[A-Za-z0-9._-]+$ ]] || die "ARMHUB_REMOTE_CACHE_USER may only hold letters, digits, . _ -"

# pid_of FILE: the pid in FILE if that process is alive.
pid_of() {
    local pid
    [[ -f "$1" ]] || return 1
    pid="$(cat "$1")"
    [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

running() {
    local pid
    pid="$(pid_of "$dir/nginx.pid")" && [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == nginx ]]
}

install_nginx() {
    local missing=()
    [[ -x "$nginx" ]] || missing+=(nginx-light)
    command -v openssl >/dev/null || missing+=(openssl)
    ((${#missing[@]})) || return 0
    [[ "${ARMHUB_NO_INSTALL:-}" != 1 ]] || die "missing ${missing[*]} (ARMHUB_NO_INSTALL=1 forbids installing)"
    command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get to install them"
    local sudo=()
    if [[ "$(id -u)" != 0 ]]; then
        command -v sudo >/dev/null || die "missing ${missing[*]}; run as root or install sudo"
        sudo=(sudo -n)
    fi
    mkdir -p "$root/logs"
    local log="$root/logs/apt.log"
    echo "tools/bazel-remote.sh: installing ${missing[*]} (apt log: $log)" >&2
    {
        echo "=== $(date -u +%FT%TZ) apt-get install ${missing[*]}"
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update &&
            "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
    } >>"$log" 2>&1 || {
        tail -n 25 "$log" >&2
        die "apt-get install ${missing[*]} failed; full log in $log"
    }
    [[ -x "$nginx" ]] || die "$nginx missing after installing nginx-light"
}

# credentials: prints user:password, generating and keeping a password when
# ARMHUB_REMOTE_CACHE_PASSWORD is not set.
credentials() {
    if [[ -n "${ARMHUB_REMOTE_CACHE_PASSWORD:-}" ]]; then
        printf '%s:%s\n' "$user" "$ARMHUB_REMOTE_CACHE_PASSWORD"
        return
    fi
    local file="$dir/writer.credentials"
    if [[ ! -s "$file" || "$(cut -d: -f1 "$file")" != "$user" ]]; then
        (umask 077 && printf '%s:%s\n' "$user" "$(openssl rand -hex 16)" >"$file")
    fi
    cat "$file"
}

# write_writer_rc USER:PASSWORD: the header Bazel sends with every request of
# --config=remote-cache-writer (Bazel 4.2.3 reads no .netrc for its HTTP cache).
write_writer_rc() {
    local token
    token="$(printf '%s' "$1" | base64 -w0)"
    mkdir -p "$dir"
    (umask 077 && printf '# Written by tools/bazel-remote.sh: the cache writer'"'"'s credentials.\nbuild:remote-cache-writer "--remote_header=Authorization=Basic %s"\n' \
        "$token" >"$dir/writer.bazelrc.tmp")
    mv "$dir/writer.bazelrc.tmp" "$dir/writer.bazelrc"
}

# gc: delete the least recently used entries of data/ac and data/cas until
# they take at most 90% of ARMHUB_REMOTE_CACHE_MAX_GB. "Used" is the later of
# a file's access time (a GET reads it; with Linux's relatime it is updated at
# least once a day) and its modification time (a PUT writes it).
gc() {
    local data="$dir/data" list evict
    mkdir -p "$data/ac" "$data/cas" "$dir/tmp"
    list="$(mktemp "$dir/tmp/gc.XXXXXX")"
    evict="$list.evict"
    # Entry names are hex digests: no blanks in these relative paths.
    (cd "$data" && find ac cas -type f -printf '%A@ %T@ %s %p\n') |
        awk '{ t = ($1 > $2) ? $1 : $2; printf "%.3f %d %s\n", t, $3, $4 }' |
        sort -n >"$list"
    awk -v max_gb="$max_gb" -v evict="$evict" '
        { size[NR] = $2; path[NR] = $3; total += $2 }
        END {
            printf "" > evict
            max = max_gb * 1024 * 1024 * 1024
            if (total <= max) {
                printf "gc %s: %d entries, %.3f GiB of %s GiB: nothing to evict\n", stamp(), NR, total / 2^30, max_gb
                exit
            }
            goal = 0.9 * max; n = 0; freed = 0
            for (i = 1; i <= NR && total > goal; i++) {
                print path[i] > evict
                total -= size[i]; freed += size[i]; n++
            }
            printf "gc %s: evicted %d least recently used entries (%.3f GiB), %d left, %.3f GiB of %s GiB\n", stamp(), n, freed / 2^30, NR - n, total / 2^30, max_gb
        }
        function stamp(   cmd, s) { cmd = "date -u +%FT%TZ"; cmd | getline s; close(cmd); return s }' "$list"
    (cd "$data" && xargs -r -d '\n' rm -f -- <"$evict")
    rm -f "$list" "$evict"
}

start() {
    if running; then
        echo "nginx cache already running (pid $(cat "$dir/nginx.pid")) on http://$address:$port"
        return 0
    fi
    local old
    if old="$(pid_of "$dir/bazel-remote.pid")"; then
        die "the former Go stand-in server still runs (pid $old, $dir/bazel-remote.pid): stop it first (kill $old)"
    fi
    install_nginx
    mkdir -p "$dir/data/ac" "$dir/data/cas" "$dir/logs" "$dir/tmp"
    # The stand-in's leftovers: its binaries and its data/<kind>/<2 hex>/ entries.
    rm -rf "${dir:?}/bin" "$dir/bazel-remote.pid" "$dir/bazel-remote.log"
    find "$dir/data/ac" "$dir/data/cas" -mindepth 1 -maxdepth 1 -type d -exec rm -rf {} +
    dir="$(cd "$dir" && pwd -P)"
    case "$dir" in
    *[[:space:]\;\"\'\$\\\|\#\{\}]*) die "the cache folder $dir holds a character nginx.conf cannot take" ;;
    esac

    # The writer: nginx checks PUTs against htpasswd (apr1 hash of the password).
    local cred hash
    cred="$(credentials)"
    hash="$(printf '%s\n' "${cred#*:}" | openssl passwd -apr1 -stdin)"
    (umask 077 && printf '%s:%s\n' "${cred%%:*}" "$hash" >"$dir/htpasswd.tmp")
    write_writer_rc "$cred"

    # As root nginx would switch its workers to nobody, who cannot write here:
    # they run as the caller, who owns the folder. Anyone else: nginx keeps
    # the caller's account and would only warn about a user directive.
    local user_line
    user_line="user $(id -un) $(id -gn);"
    [[ "$(id -u)" == 0 ]] || user_line="# user: not started as root, nginx runs as $(id -un)"
    sed -e "s|@DIR@|$dir|g" -e "s|@ADDRESS@|$address|g" -e "s|@PORT@|$port|g" -e "s|^user @USER@;\$|$user_line|" \
        "$template" >"$dir/nginx.conf.tmp"
    if ! "$nginx" -t -q -p "$dir" -c "$dir/nginx.conf.tmp" -e "$dir/logs/error.log" 2>"$dir/logs/check.log"; then
        cat "$dir/logs/check.log" >&2
        die "nginx rejected the configuration $dir/nginx.conf.tmp"
    fi
    mv "$dir/nginx.conf.tmp" "$dir/nginx.conf"
    # nginx reads the user file at each request: writable only by the caller.
    chmod 644 "$dir/htpasswd.tmp"
    mv "$dir/htpasswd.tmp" "$dir/htpasswd"

    gc >>"$dir/logs/gc.log" 2>&1 || true
    tail -n 1 "$dir/logs/gc.log"

    rm -f "$dir/nginx.pid"
    # nginx puts itself in the background (daemon on) and writes nginx.pid.
    if ! "$nginx" -p "$dir" -c "$dir/nginx.conf" -e "$dir/logs/error.log" 2>"$dir/logs/start.log"; then
        cat "$dir/logs/start.log" >&2
        tail -n 5 "$dir/logs/error.log" >&2
        die "nginx did not start; log: $dir/logs/error.log"
    fi
    local _
    for _ in $(seq 50); do
        if running && curl -fsS --max-time 2 "http://$address:$port/status" >/dev/null 2>&1; then
            break
        fi
        sleep 0.1
    done
    if ! curl -fsS --max-time 2 "http://$address:$port/status" >/dev/null 2>&1; then
        tail -n 5 "$dir/logs/error.log" >&2
        die "nginx is not answering on $address:$port; log: $dir/logs/error.log"
    fi

    # Periodic cleanup while nginx runs: nginx itself never evicts.
    if ((gc_seconds > 0)); then
        # shellcheck disable=SC2016 # the loop's own $1 $2 $3
        nohup bash -c '
            trap "kill \$nap 2>/dev/null; exit 0" TERM
            while :; do
                sleep "$1" &
                nap=$!
                wait "$nap"
                kill -0 "$(cat "$2/nginx.pid" 2>/dev/null)" 2>/dev/null || exit 0
                "$3" gc
            done' gc-loop "$gc_seconds" "$dir" "$here/bazel-remote.sh" \
            >>"$dir/logs/gc.log" 2>&1 </dev/null &
        echo $! >"$dir/gc.pid"
    fi
    echo "nginx cache started (pid $(cat "$dir/nginx.pid")) on http://$address:$port: reads open, writes as '${cred%%:*}'" \
        "(credentials in $dir/writer.bazelrc), max $max_gb GiB, data $dir/data, logs $dir/logs"
}

stop() {
    local pid gcpid
    if gcpid="$(pid_of "$dir/gc.pid")"; then
        kill "$gcpid" 2>/dev/null || true
    fi
    rm -f "$dir/gc.pid"
    if running; then
        pid="$(cat "$dir/nginx.pid")"
        kill -QUIT "$pid" # finish requests in progress, then exit
        local _
        for _ in $(seq 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null || true
            sleep 0.5
        fi
        echo "nginx cache stopped (pid $pid)"
    else
        echo "nginx cache not running"
    fi
    rm -f "$dir/nginx.pid"
}

status() {
    if ! running; then
        echo "nginx cache not running (folder $dir)"
        return 1
    fi
    local answer ac cas kb
    answer="$(curl -fsS --max-time 5 "http://$address:$port/status" 2>&1)" || answer="not answering on port $port: $answer"
    ac="$(find "$dir/data/ac" -type f | wc -l)"
    cas="$(find "$dir/data/cas" -type f | wc -l)"
    kb="$(du -sk "$dir/data" | cut -f1)"
    echo "nginx cache running (pid $(cat "$dir/nginx.pid")) on http://$address:$port: ${answer%$'\n'}"
    awk -v ac="$ac" -v cas="$cas" -v kb="$kb" -v max="$max_gb" -v d="$dir/data" 'BEGIN {
        printf "  %d action results, %d blobs, %.2f GiB of %s GiB in %s\n", ac, cas, kb / 2^20, max, d }'
    echo "  last cleanup: $(tail -n 1 "$dir/logs/gc.log" 2>/dev/null || echo none)"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
status) status ;;
gc)
    mkdir -p "$dir/tmp" "$dir/logs"
    gc | tee -a "$dir/logs/gc.log"
    ;;
writer-rc)
    [[ -n "${ARMHUB_REMOTE_CACHE_PASSWORD:-}" ]] || die "writer-rc needs ARMHUB_REMOTE_CACHE_PASSWORD (and ARMHUB_REMOTE_CACHE_USER)"
    write_writer_rc "$user:$ARMHUB_REMOTE_CACHE_PASSWORD"
    echo "wrote $dir/writer.bazelrc"
    ;;
*)
    echo "usage: $0 start|stop|status|gc|writer-rc" >&2
    exit 2
    ;;
esac
