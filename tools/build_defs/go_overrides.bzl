"""Go repositories that must not follow the project's module graph.

golang.org/x/tools: gazelle v0.27.0 (built by `bazel run //:gazelle`) imports
golang.org/x/tools/go/vcs, which newer x/tools releases no longer contain, so
it stays at the version gazelle v0.27.0 itself pins. tools/update-deps.sh
leaves golang.org/x/tools out of deps.bzl for that reason.

Call after go_dependencies() (which declares org_golang_x_sys and
org_golang_x_xerrors at the project's versions) and before
go_rules_dependencies(), whose http_archives for these three names are then
skipped. The x/sys and x/xerrors entries below are only fallbacks.
"""

load("@bazel_gazelle//:deps.bzl", "go_repository")

def _maybe(name, **kwargs):
    if name not in native.existing_rules():
        go_repository(name = name, **kwargs)

def go_rules_overrides():
    # Fallbacks only: deps.bzl normally declares these at the project's versions.
    _maybe(
        name = "org_golang_x_sys",
        build_file_proto_mode = "disable_global",
        importpath = "golang.org/x/sys",
        sum = "h1:PuvuRMeLWqsf/ZdT1UUZz0syhioyv1mzuFZsXs4fvhw=",
        version = "v0.0.0-20220913175220-63ea55921009",
    )
    _maybe(
        name = "org_golang_x_xerrors",
        build_file_proto_mode = "disable_global",
        importpath = "golang.org/x/xerrors",
        sum = "h1:go1bK/D/BFZV2I8cIQd1NKEZ+0owSTG1fDTci4IqFcE=",
        version = "v0.0.0-20200804184101-5ec99f83aff1",
    )

    # Deliberately not a `# gazelle:repository_macro` in WORKSPACE: update-repos
    # would otherwise move this to the project's x/tools version.
    go_repository(
        name = "org_golang_x_tools",
        build_directives = [
            # The only outside import of go/vcs. Spelled out so gazelle can be
            # built even before deps.bzl declares org_golang_x_sys.
            "gazelle:resolve go golang.org/x/sys/execabs @org_golang_x_sys//execabs",
        ],
        build_file_proto_mode = "disable_global",
        importpath = "golang.org/x/tools",
        sum = "h1:VveCTK38A2rkS8ZqFY25HIDFscX5X9OoEhJd3quQmXU=",
        version = "v0.1.12",
    )
