"""Real Azure services as build outputs.

swagger_repository declares the Swagger files of Azure/azure-rest-api-specs the
real services read, each pinned by path and SHA-256 (swagger_pins.bzl, written
by tools/pin-swagger.sh), linked from third_party/azure-rest-api-specs or the
local copies ARMHUB_SWAGGER lists, else downloaded.

armhub_service_repository generates one real service into an external
repository of its own (@azure_<service>): armhub-gen, built from this
workspace's generator, runs over the service's metadata and the pinned schemas
with -bazel-external, so the generated BUILD files name the runtime as
@//runtime. Only that service is regenerated when its metadata changes.
"""

load(":generator_srcs.bzl", "GENERATOR_SRCS")
load(":go_module_source.bzl", "find_go", "go_env")
load(":swagger_pins.bzl", "SWAGGER_COMMITS", "SWAGGER_FILES", "SWAGGER_REF")

def _swagger_impl(ctx):
    """Links each pinned file from the first local copy that has it, else downloads it."""
    copies = ["%s/third_party/azure-rest-api-specs" % ctx.path(Label("//:WORKSPACE")).dirname]
    copies += [c for c in ctx.os.environ.get("ARMHUB_SWAGGER", "").split(":") if c]
    linked = {}
    for path, sha256 in ctx.attr.files.items():
        local = [ctx.path("%s/%s" % (c, path)) for c in copies if ctx.path("%s/%s" % (c, path)).exists]
        if local:
            ctx.symlink(local[0], path)
            linked[path] = sha256
        else:
            ctx.download(
                url = "https://raw.githubusercontent.com/Azure/azure-rest-api-specs/%s/%s" % (ctx.attr.commits.get(path, ctx.attr.ref), path),
                output = path,
                sha256 = sha256,
            )
    if linked:
        _check_hashes(ctx, linked)
    ctx.file("WORKSPACE", "workspace(name = %r)\n" % ctx.name)
    ctx.file("BUILD.bazel", 'exports_files(glob(["specification/**"]))\n')

def _check_hashes(ctx, files):
    """Fails unless every local file has its pinned SHA-256, as a download would."""
    paths = sorted(files.keys())
    res = ctx.execute(["sha256sum", "--"] + paths)
    _fail_on(ctx, "sha256sum of the pinned Swagger files", res)
    for line in res.stdout.strip().split("\n"):
        got, path = line.split("  ", 1)
        if got != files[path]:
            fail("%s: %s has SHA-256 %s, pinned %s (tools/pin-swagger.sh re-pins)" % (ctx.name, path, got, files[path]))

swagger_repository = repository_rule(
    implementation = _swagger_impl,
    doc = """The Swagger files the real services read from Azure/azure-rest-api-specs,
each pinned by path and SHA-256 (tools/build_defs/swagger_pins.bzl): only those
files are fetched, never the whole repository. Each is linked (and its hash
checked) from the first local copy holding it: third_party/azure-rest-api-specs
(our copies, each with its upstream commit), then the folders ARMHUB_SWAGGER
lists (colon-separated, each holding specification/); a file no copy holds is
downloaded at its commit, or at ref when its commit was not recorded.""",
    attrs = {
        "files": attr.string_dict(mandatory = True),
        "commits": attr.string_dict(doc = "the upstream commit of a file, where recorded"),
        "ref": attr.string(mandatory = True),
    },
    environ = ["ARMHUB_SWAGGER"],
)

def _fail_on(ctx, what, res):
    if res.return_code != 0:
        fail("armhub_service_repository(%s): %s failed (exit %d):\n%s%s" % (ctx.name, what, res.return_code, res.stdout, res.stderr))

def _service_impl(ctx):
    generator = ctx.path(ctx.attr._generator_mod).dirname
    work = ctx.path(ctx.attr._go_work).dirname
    gen = ctx.path("armhub-gen.bin")
    env = go_env(ctx, {"GOWORK": str(work.get_child("go.work")), "GOFLAGS": ""})
    for src in ctx.attr.generator_srcs:
        ctx.path(src)  # a change to the generator refetches the service
    res = ctx.execute([find_go(ctx), "build", "-o", str(gen), "./cmd/armhub-gen"], environment = env, working_directory = str(generator), timeout = 1200)
    _fail_on(ctx, "building armhub-gen", res)
    schemas = ctx.path(ctx.attr.schemas).dirname.get_child("schemas")
    if ctx.attr.metadata:
        res = ctx.execute([str(gen), "-metadata", str(ctx.path(ctx.attr.metadata)), "-print", "input-format"])
        _fail_on(ctx, "armhub-gen -print input-format", res)
        if res.stdout.strip() == "swagger":
            schemas = ctx.path(ctx.attr.swagger).dirname
    swagger = ctx.path(ctx.attr.swagger).dirname
    args = [str(gen), "-schemas", str(schemas), "-swagger", str(swagger), "-out", ".", "-conformance-out", "conformance", "-bazel-external"]
    if ctx.attr.metadata:
        args += ["-metadata", str(ctx.path(ctx.attr.metadata)), "-strict"]
    else:
        args += ["-provider", ctx.attr.provider]
    res = ctx.execute(args, timeout = 1200)
    _fail_on(ctx, "armhub-gen", res)
    ctx.delete(gen)
    ctx.file("WORKSPACE", "workspace(name = %r)\n" % ctx.name)

armhub_service_repository = repository_rule(
    implementation = _service_impl,
    doc = "Generates one real service into an external repository.",
    attrs = {
        "metadata": attr.label(allow_single_file = [".yaml"]),
        "provider": attr.string(doc = "without metadata: every version and resource of this provider"),
        "schemas": attr.label(default = "@arm_catalog//:BUILD.bazel", doc = "the ARM schema root: the whole catalog (tools/build_defs/arm_catalog.bzl)"),
        "swagger": attr.label(default = "@azure_swagger//:BUILD.bazel", doc = "the pinned Swagger files, for a metadata whose input (or input.status) is Swagger"),
        "generator_srcs": attr.label_list(allow_files = True, default = GENERATOR_SRCS),
        "_generator_mod": attr.label(default = "//generator:go.mod"),
        "_go_work": attr.label(default = "//:go.work"),
    },
    environ = ["ARMHUB_GO", "GOMODCACHE", "GOPROXY", "GOFLAGS", "PATH"],
)

# The real services: metadata/azure/<service>.yaml each (the metadata says
# whether its input is the ARM schemas or the Swagger files).
AZURE_SERVICES = [
    "authorization",
    "cache",
    "compute",
    "containerregistry",
    "containerserviceaks",
    "documentdb",
    "eventhub",
    "insights",
    "keyvault",
    "keyvaultsecrets",
    "managedidentity",
    "networknrp",
    "servicefabric",
    "sql",
    "storage",
    "web",
]

def armhub_azure_services():
    """Declares @azure_swagger and @azure_<service> for every real service."""
    swagger_repository(name = "azure_swagger", files = SWAGGER_FILES, commits = SWAGGER_COMMITS, ref = SWAGGER_REF)
    for service in AZURE_SERVICES:
        armhub_service_repository(name = "azure_" + service, metadata = "//metadata/azure:%s.yaml" % service)
