package layout

// Side says which package of an API version something lives in. These are the
// generator's only side constants: conversion's link ends, gosrc's scopes, the
// emitters and pipeline all use them.
type Side int

// The packages of one API version.
const (
	Spoke   Side = iota // <version>: the API shape
	Storage             // <version>/storage: all optional, property bags
	Compat              // <version>/storage/compat: earlier shapes of skipping properties
)

// Sides lists every side, in the order packages of a version are generated.
var Sides = []Side{Spoke, Storage, Compat}

// PackageDir returns the module-relative directory of the package of side of
// the version whose spoke package is named pkgName (v20210101).
func PackageDir(pkgName string, side Side) string {
	switch side {
	case Storage:
		return pkgName + "/storage"
	case Compat:
		return pkgName + "/storage/compat"
	}
	return pkgName
}

// ImportPath returns the import path of the package of side of the version
// whose spoke package is named pkgName, in the module at modulePath.
func ImportPath(modulePath, pkgName string, side Side) string {
	return modulePath + "/" + PackageDir(pkgName, side)
}

// Alias returns the name generated code imports the package of side of the
// version whose spoke package is named pkgName under: v20210101, v20210101s
// (storage), v20210101c (compat).
func Alias(pkgName string, side Side) string {
	switch side {
	case Storage:
		return pkgName + "s"
	case Compat:
		return pkgName + "c"
	}
	return pkgName
}

// The service-wide packages of a module, by directory (and package name).
const (
	CRDDir      = "crd"      // the CRDs, embedded
	RegisterDir = "register" // the entry point: schemes, hubs, webhook, CRDs
)

// The conversion webhook command of a module: package main in CommandDir,
// built as the binary (and Bazel go_binary) CommandName, which is also the
// Kubernetes service the CRDs name by default.
const (
	CommandName = "armhub-webhook"
	CommandDir  = "cmd/" + CommandName
)

// The names of generated files.
const (
	TypesFile        = "types_gen.go"
	GroupVersionFile = "groupversion_info_gen.go"
	DeepCopyFile     = "zz_generated.deepcopy.go"
	ConversionsFile  = "conversions_gen.go"
	RegisterFile     = "register_gen.go"
	LifecyclesFile   = "lifecycles_gen.go"
	CRDGoFile        = "crd_gen.go"
	CommandFile      = "main_gen.go"
	SuiteFile        = "conformance_gen_test.go"
	BuildFile        = "BUILD.bazel"
	GoModFile        = "go.mod"
)

// CRDFile returns the module-relative path of the CRD of the resource whose
// plural (lower case) is plural: crd/<group>_<plural>.yaml.
func CRDFile(group, plural string) string {
	return CRDDir + "/" + group + "_" + plural + ".yaml"
}
