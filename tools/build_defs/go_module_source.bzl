"""go_module_source: a Bazel rule set taken from the Go module proxy.

rules_go and gazelle are ordinary Go modules, and the module zip holds their
complete source, .bzl files included. This repository rule asks the host `go`
command for one module version (`go mod download -json module@version`),
checks the `h1:` hash against the one pinned in WORKSPACE, copies the
extracted tree into the external repository, applies our patches and, if asked,
recreates `vendor/` (module zips drop it, gazelle's tool build needs it).

No Bazel download happens, so this works with
--experimental_repository_disable_download. The module cache used is the one
`go` is configured with (tools/bazel points GOMODCACHE into $ARMHUB_CACHE).
"""

_GO_ENV_PASSTHROUGH = [
    "GOMODCACHE",
    "GOPROXY",
    "GONOPROXY",
    "GOPRIVATE",
    "GONOSUMDB",
    "GOSUMDB",
    "GOFLAGS",
    "GOCACHE",
    "GOPATH",
    "HOME",
    "PATH",
]

def find_go(ctx):
    """Finds the `go` command.

    Args:
      ctx: the repository context.

    Returns:
      $ARMHUB_GO, or the `go` on PATH.
    """
    explicit = ctx.os.environ.get("ARMHUB_GO", "")
    if explicit:
        return ctx.path(explicit)
    go = ctx.which("go")
    if go == None:
        fail("go_module_source(%s): no `go` command on PATH (set ARMHUB_GO to its path)" % ctx.name)
    return go

def go_env(ctx, extra = {}):
    """The environment for `go` in a repository rule.

    Args:
      ctx: the repository context.
      extra: variables set on top.

    Returns:
      The Go variables of the client's environment, module mode, no go.work.
    """
    env = {}
    for key in _GO_ENV_PASSTHROUGH:
        if key in ctx.os.environ:
            env[key] = ctx.os.environ[key]

    # Never switch toolchains, never pick up a go.work from a parent folder.
    env["GOTOOLCHAIN"] = "local"
    env["GOWORK"] = "off"
    env["GO111MODULE"] = "on"
    env.update(extra)
    return env

def _run(ctx, what, args, env, timeout = 1200):
    res = ctx.execute(args, environment = env, timeout = timeout, quiet = True)
    if res.return_code != 0:
        fail("go_module_source(%s): %s failed (exit %d):\n%s%s" % (
            ctx.name,
            what,
            res.return_code,
            res.stdout,
            res.stderr,
        ))
    return res

def _go_module_source_impl(ctx):
    go = find_go(ctx)
    env = go_env(ctx)
    spec = "%s@%s" % (ctx.attr.module, ctx.attr.version)

    ctx.report_progress("go mod download %s" % spec)

    # -json prints a record even on failure (with an Error field).
    res = ctx.execute(
        [go, "mod", "download", "-json", spec],
        environment = env,
        timeout = 1200,
        quiet = True,
    )
    info = None
    if res.stdout.strip():
        info = json.decode(res.stdout)
    if res.return_code != 0 or info == None or info.get("Error"):
        fail("go_module_source(%s): `go mod download -json %s` failed: %s\n%s" % (
            ctx.name,
            spec,
            info.get("Error") if info else "",
            res.stderr,
        ))
    if info.get("Sum") != ctx.attr.sum:
        fail("go_module_source(%s): %s has sum %s, WORKSPACE pins %s" % (
            ctx.name,
            spec,
            info.get("Sum"),
            ctx.attr.sum,
        ))
    src = info.get("Dir")
    if not src:
        fail("go_module_source(%s): go mod download reported no Dir for %s" % (ctx.name, spec))

    # The module cache is read-only; copy, then make the copy writable so the
    # patches (and go mod vendor) can change it.
    _run(ctx, "copying " + src, ["cp", "-R", src + "/.", "."], env)
    _run(ctx, "chmod", ["chmod", "-R", "u+w", "."], env)

    for patch in ctx.attr.patches:
        ctx.report_progress("applying %s" % patch.name)
        ctx.patch(patch, strip = ctx.attr.patch_strip)

    if ctx.attr.vendor:
        ctx.report_progress("go mod vendor in %s" % spec)
        _run(
            ctx,
            "go mod vendor",
            [go, "mod", "vendor"],
            go_env(ctx, {"GOFLAGS": "-mod=mod"}),
        )

    # A marker so a reader of the external folder sees where it came from.
    ctx.file(
        "ARMHUB_SOURCE",
        "module %s\nsum %s\npatches %s\n" % (
            spec,
            ctx.attr.sum,
            ", ".join([str(p) for p in ctx.attr.patches]),
        ),
        executable = False,
    )

go_module_source = repository_rule(
    implementation = _go_module_source_impl,
    doc = "A Go module's source tree (e.g. a Bazel rule set), fetched with the host `go` through the Go module proxy.",
    attrs = {
        "module": attr.string(mandatory = True, doc = "Module path, e.g. github.com/bazelbuild/rules_go"),
        "version": attr.string(mandatory = True, doc = "Module version, e.g. v0.34.0"),
        "sum": attr.string(mandatory = True, doc = "Expected go.sum hash (h1:...) of the module zip"),
        "patches": attr.label_list(allow_files = True, doc = "Patch files applied in order"),
        "patch_strip": attr.int(default = 1),
        "vendor": attr.bool(default = False, doc = "Run `go mod vendor` in the copy"),
    },
    environ = ["ARMHUB_GO", "GOMODCACHE", "GOPROXY", "GOFLAGS", "PATH"],
)
