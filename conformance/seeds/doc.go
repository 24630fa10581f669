// Package seeds walks the scenarios of the versioning design documents against
// the bundled services that reproduce them: the Person evolution (apis/person)
// and the ServiceFabric ClusterProperties change table (apis/exampleservicefabric).
package seeds
