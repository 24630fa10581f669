// Package statusschema checks that no CRD of any service validates its status
// beyond types: no minimum, maximum, pattern, format, enum, required, length
// or item counts anywhere under status. Azure is the authority on what it
// reports, and a value its own spec calls invalid (a count of 0 documented as
// at least 1, an enum value added after the spec) must not make the API
// server refuse the controller's status write.
package statusschema
