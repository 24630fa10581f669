// Package schemavalue makes JSON values that a CRD version's OpenAPI schema
// accepts: Conformer brings fuzzed values within the schema (enums, patterns,
// lengths, bounds), Sample builds a value with every property of the schema
// set. The end-to-end suites write them through a real API server, which
// validates them against the same schema.
package schemavalue
