// Package readme tests that the Go code of the repository's README and of the
// pages of docs/ compiles:
// every ```go block is a whole file (package clause, imports, code), type-checked
// and vetted as a main package of this module, with the real services' module
// paths mapped to their bundled examples (apis/storage to apis/examplestorage,
// apis/cache to apis/examplecache, apis/servicefabric to
// apis/exampleservicefabric: the same generated API; the documents name version
// packages both have). tools/release-check.sh builds the blocks that need only
// the storage service against its release, unmapped.
package readme
