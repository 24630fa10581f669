"""Rule sets from Debian packages, and stubs, for the offline Bazel 4 build.

Debian ships bazel-skylib, bazel-platforms, bazel-rules-cc, bazel-rules-java
and bazel-rules-proto as plain folders under /usr/share/bazel. tools/bazel
installs them; this file turns them into external repositories so nothing is
downloaded. Each folder is copied (they are small) so patches can be applied.
"""

DEBIAN_BAZEL_SHARE = "/usr/share/bazel"

def _debian_rule_set_impl(ctx):
    src = ctx.path(ctx.attr.path)
    if not src.exists:
        fail("debian_rule_set(%s): %s is missing; install the Debian package %s (tools/bazel does this)" % (
            ctx.name,
            ctx.attr.path,
            ctx.attr.package,
        ))
    res = ctx.execute(["cp", "-R", str(src) + "/.", "."], quiet = True)
    if res.return_code != 0:
        fail("debian_rule_set(%s): copying %s failed: %s" % (ctx.name, ctx.attr.path, res.stderr))
    ctx.execute(["chmod", "-R", "u+w", "."], quiet = True)

    # The Debian WORKSPACE files are for building the rule sets themselves;
    # as an external repository only the name matters.
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name, executable = False)
    for patch in ctx.attr.patches:
        ctx.patch(patch, strip = 1)

debian_rule_set = repository_rule(
    implementation = _debian_rule_set_impl,
    attrs = {
        "path": attr.string(mandatory = True),
        "package": attr.string(mandatory = True, doc = "Debian package providing path"),
        "patches": attr.label_list(allow_files = True),
    },
    local = False,
)

_COVERAGE_STUB_BUILD = """\
# armhub: stand-in for Bazel's remote_coverage_tools (which Bazel 4 would
# download). Every *_test rule depends on these two targets; they only run under
# `bazel coverage`, which this offline setup does not support.
package(default_visibility = ["//visibility:public"])

sh_binary(
    name = "coverage_report_generator",
    srcs = ["unsupported.sh"],
)

sh_binary(
    name = "lcov_merger",
    srcs = ["unsupported.sh"],
)

filegroup(
    name = "coverage_output_generator",
    srcs = ["unsupported.sh"],
)
"""

_COVERAGE_STUB_SH = """\
#!/bin/sh
echo "coverage is not available in the armhub offline Bazel setup (see tools/BAZEL.md)" >&2
exit 1
"""

def _coverage_tools_stub_impl(ctx):
    ctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % ctx.name, executable = False)
    ctx.file("BUILD.bazel", _COVERAGE_STUB_BUILD, executable = False)
    ctx.file("unsupported.sh", _COVERAGE_STUB_SH, executable = True)

coverage_tools_stub = repository_rule(implementation = _coverage_tools_stub_impl)

def debian_bazel_repositories():
    """Declares the Bazel rule sets Debian ships, from local sources.

    These are bazel_skylib, platforms, rules_cc, rules_java, rules_proto and
    remote_coverage_tools. Call first in WORKSPACE so that the `maybe`
    declarations of rules_go/gazelle and Bazel's own defaults are skipped.
    """
    debian_rule_set(
        name = "bazel_skylib",
        path = DEBIAN_BAZEL_SHARE + "/tools/skylib",
        package = "bazel-skylib",
    )
    debian_rule_set(
        name = "platforms",
        path = DEBIAN_BAZEL_SHARE + "/tools/platforms",
        package = "bazel-platforms",
    )
    debian_rule_set(
        name = "rules_cc",
        path = DEBIAN_BAZEL_SHARE + "/rules/cc",
        package = "bazel-rules-cc",
        patches = ["//tools/build_defs/patches:rules_cc-bazel4-no-use_cpp_toolchain.patch"],
    )
    debian_rule_set(
        name = "rules_java",
        path = DEBIAN_BAZEL_SHARE + "/rules/java",
        package = "bazel-rules-java",
    )
    debian_rule_set(
        name = "rules_proto",
        path = DEBIAN_BAZEL_SHARE + "/rules/proto",
        package = "bazel-rules-proto",
    )
    coverage_tools_stub(name = "remote_coverage_tools")
