"""Per-service generation in Bazel.

Each generated service module has a root BUILD.bazel (written by armhub-gen) that
calls armhub_service with everything this file needs to know about the layout
(the package of that BUILD file is the module's directory; `suite` names the
directory of its conformance suite). For apis/<service> it declares:

  :generated        runs armhub-gen with exactly the service's inputs (its metadata
                    file, the schema files it reads, the hand-written Go files of
                    its packages) into bazel-bin; one action per service
  :up_to_date_test  fails, naming the files, when the checked-in apis/<service> or
                    conformance/<service> differ from :generated
  :update           bazel run //apis/<service>:update writes :generated into the tree
  :files, :all_files  the checked-in files of the root package / of the whole service
"""

ArmhubGeneratedInfo = provider(
    doc = "The output trees of one service's generation.",
    fields = {
        "module": "the tree artifact of the module (apis/<service>)",
        "conformance": "the tree artifact of its conformance suite",
    },
)

_GEN = "//generator/cmd/armhub-gen"
_SYNC = "//generator/cmd/armhub-sync"

def _generated_impl(ctx):
    module = ctx.actions.declare_directory(ctx.label.name + "/module")
    suite = ctx.actions.declare_directory(ctx.label.name + "/conformance")
    checked_in = "/".join([p for p in [ctx.label.workspace_root, ctx.label.package] if p])
    args = ctx.actions.args()
    args.add("-metadata", ctx.file.metadata)
    args.add("-out", module.path)
    args.add("-conformance-out", suite.path)
    args.add("-handwritten", checked_in)
    ctx.actions.run(
        executable = ctx.executable._gen,
        arguments = [args],
        inputs = [ctx.file.metadata] + ctx.files.schemas + ctx.files.handwritten,
        outputs = [module, suite],
        mnemonic = "ArmhubGen",
        progress_message = "Generating //%s" % ctx.label.package,
    )
    return [
        DefaultInfo(files = depset([module, suite])),
        ArmhubGeneratedInfo(module = module, conformance = suite),
    ]

armhub_generated = rule(
    implementation = _generated_impl,
    doc = "Runs armhub-gen for one service into two tree artifacts.",
    attrs = {
        "service": attr.string(mandatory = True),
        "metadata": attr.label(mandatory = True, allow_single_file = [".yaml"]),
        "schemas": attr.label_list(allow_files = True),
        "handwritten": attr.label_list(allow_files = True),
        "_gen": attr.label(default = _GEN, executable = True, cfg = "exec"),
    },
)

def _sync_script(ctx, check):
    """Returns the script that compares (check) or copies the generated trees."""
    generated = ctx.attr.generated[ArmhubGeneratedInfo]
    module_dir = ctx.label.package
    suite_dir = ctx.attr.suite
    lines = [
        "#!/usr/bin/env bash",
        "set -uo pipefail",
        "sync=\"$PWD/%s\"" % ctx.executable._sync.short_path,
        "module=\"$PWD/%s\"" % generated.module.short_path,
        "suite=\"$PWD/%s\"" % generated.conformance.short_path,
    ]
    if check:
        # The generation's own output (the folder named after its target) lies
        # under apis/<service> in the runfiles.
        skip = ctx.attr.generated.label.name
        hint = "run tools/regenerate.sh %s or bazel run //%s:update" % (ctx.attr.service, module_dir)
        lines += [
            "status=0",
            "\"$sync\" -check -skip %s -hint \"%s\" \"$module\" %s || status=1" % (skip, hint, module_dir),
            "\"$sync\" -check -hint \"%s\" \"$suite\" %s || status=1" % (hint, suite_dir),
            "exit $status",
        ]
    else:
        lines += [
            "set -e",
            "cd \"${BUILD_WORKSPACE_DIRECTORY:?run this with bazel run}\"",
            "\"$sync\" \"$module\" %s" % module_dir,
            "\"$sync\" \"$suite\" %s" % suite_dir,
        ]
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(script, "\n".join(lines) + "\n", is_executable = True)
    files = [ctx.executable._sync, generated.module, generated.conformance] + ctx.files.checked_in
    return DefaultInfo(executable = script, runfiles = ctx.runfiles(files = files))

def _up_to_date_test_impl(ctx):
    return [_sync_script(ctx, check = True)]

def _update_impl(ctx):
    return [_sync_script(ctx, check = False)]

_SYNC_ATTRS = {
    "service": attr.string(mandatory = True),
    "suite": attr.string(mandatory = True, doc = "the directory of the conformance suite"),
    "generated": attr.label(mandatory = True, providers = [ArmhubGeneratedInfo]),
    "checked_in": attr.label_list(allow_files = True),
    "_sync": attr.label(default = _SYNC, executable = True, cfg = "target"),
}

armhub_up_to_date_test = rule(
    implementation = _up_to_date_test_impl,
    doc = "Fails, naming the files, when the checked-in service differs from its generation.",
    attrs = _SYNC_ATTRS,
    test = True,
)

armhub_update = rule(
    implementation = _update_impl,
    doc = "bazel run: writes the service's generation into the source tree.",
    attrs = _SYNC_ATTRS,
    executable = True,
)

def armhub_service(name, metadata, schemas, suite, packages, handwritten):
    """Declares the generation targets of service `name` (see the file's doc).

    Args:
      name: the service's name.
      metadata: the label of metadata/<name>.yaml.
      schemas: the labels of the schema files the generation reads.
      suite: the directory of the service's conformance suite.
      packages: the :files filegroups of the module's generated packages.
      handwritten: the :handwritten filegroups scanned for augmentations.
    """
    public = ["//visibility:public"]
    armhub_generated(
        name = "generated",
        service = name,
        metadata = metadata,
        schemas = schemas,
        handwritten = handwritten,
        visibility = public,
    )
    native.filegroup(name = "files", srcs = native.glob(["**"]), visibility = public)
    native.filegroup(
        name = "all_files",
        srcs = [":files"] + packages + ["//%s:files" % suite],
        visibility = public,
    )
    armhub_up_to_date_test(
        name = "up_to_date_test",
        size = "small",
        service = name,
        suite = suite,
        generated = ":generated",
        checked_in = [":all_files"],
    )
    armhub_update(
        name = "update",
        service = name,
        suite = suite,
        generated = ":generated",
    )
