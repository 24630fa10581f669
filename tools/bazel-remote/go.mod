module armhub.local/tools/bazel-remote

go 1.26
