"""The whole ARM schema catalog as an external repository.

arm_catalog_repository runs tools/arm-catalog.sh, which checks the catalog
archive (../shared/specs/arm-catalog, or $ARMHUB_ARM_CATALOG) against its
SHA256SUMS and unpacks it once into $ARMHUB_CACHE/arm-catalog/<sha256>/ (the
same tree plain-Go scripts get from the script), and links that tree's
schemas/ folder into the repository:

  @arm_catalog//:schemas           every file of schemas/ (a filegroup)
  @arm_catalog//:schemas/<api-version>/<Provider>.json   one file (exports_files)

Nothing is downloaded and nothing is copied into the output base. The sha256
attribute pins the archive too: the script's tree must be keyed by it, so a new
snapshot means a new sha256 here (which also refetches the repository).
"""

load(":go_module_source.bzl", "go_env")

def _arm_catalog_impl(ctx):
    env = go_env(ctx)
    for key in ["ARMHUB_CACHE", "ARMHUB_ARM_CATALOG"]:
        if key in ctx.os.environ:
            env[key] = ctx.os.environ[key]
    for src in ctx.attr._tool_srcs:
        ctx.path(src)  # a change to the tool refetches the repository
    res = ctx.execute([str(ctx.path(ctx.attr._script))], environment = env, timeout = 600)
    if res.return_code != 0:
        fail("arm_catalog_repository(%s): tools/arm-catalog.sh failed (exit %d):\n%s%s" % (ctx.name, res.return_code, res.stdout, res.stderr))
    schemas = res.stdout.strip()
    if not schemas.endswith("/%s/schemas" % ctx.attr.sha256):
        fail("arm_catalog_repository(%s): tools/arm-catalog.sh unpacked %s, but WORKSPACE pins the archive's SHA-256 %s (the catalog's SHA256SUMS and WORKSPACE disagree)" % (ctx.name, schemas, ctx.attr.sha256))
    ctx.symlink(schemas, "schemas")
    ctx.file("WORKSPACE", "workspace(name = %r)\n" % ctx.name)
    ctx.file("BUILD.bazel", """exports_files(glob(["schemas/**"]))

filegroup(
    name = "schemas",
    srcs = glob(["schemas/**"]),
    visibility = ["//visibility:public"],
)
""")

arm_catalog_repository = repository_rule(
    implementation = _arm_catalog_impl,
    doc = "The whole ARM schema catalog, unpacked once into ARMHUB_CACHE by tools/arm-catalog.sh.",
    attrs = {
        "sha256": attr.string(mandatory = True, doc = "the catalog archive's SHA-256, as its SHA256SUMS lists it"),
        "_script": attr.label(default = "//tools:arm-catalog.sh"),
        "_tool_srcs": attr.label_list(default = [
            "//tools:armcatalog/go.mod",
            "//tools:armcatalog/go.sum",
            "//tools:armcatalog/catalog.go",
            "//tools:armcatalog/main.go",
        ]),
    },
    environ = ["ARMHUB_CACHE", "ARMHUB_ARM_CATALOG", "GOMODCACHE", "GOPROXY", "PATH"],
)
