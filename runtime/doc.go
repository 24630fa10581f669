// Package runtime is the library that every armhub-generated API module imports.
//
// Generated code may rely on the following, and on nothing else in this package:
//
//   - PropertyBag: a map from property name to the JSON encoding of a value. Storage
//     types carry one on every object to keep what the adjacent version has no place
//     for. A nil bag is empty and ready to use through a pointer (bag.Add on an
//     addressable nil bag allocates it). Add and Pull are strongly typed: Pull decodes
//     into the type the caller asks for and reports an error, without dropping the
//     entry, when the stored JSON does not decode into that type. Clone gives an
//     independent copy; an empty bag clones to nil, so round trips compare equal.
//     Marshalled to JSON, a bag is deterministic (keys sorted, values as stored).
//   - ConvertibleSpec and ConvertibleStatus: implemented by every generated Spec and
//     Status, converting through the generated property assignments.
//   - MetaObject and KubernetesResource: implemented by every generated resource,
//     giving access to the spec and status and to the resource's original API version
//     (OriginalGVK).
//   - GetVersionedSpec, GetVersionedStatus and NewEmptyVersionedStatus: given a
//     resource in any version (usually the hub) and a scheme that knows every version,
//     they pivot to the API version the resource was created with.
//
// # Sharing
//
// A generated conversion (ConvertTo, ConvertFrom, ConvertSpecTo, ..., and the
// AssignProperties methods under them) never changes its source, and its result
// shares with the source, instead of copying, the values that neither side
// changes:
//
//   - pointers to strings, numbers and booleans (a pointer to a named type of
//     the same builtin is the same pointer, retyped);
//   - maps and slices of strings, numbers, booleans and free-form JSON;
//   - free-form JSON and owner references;
//   - the object metadata (ObjectMeta: its labels, annotations, managed fields...).
//
// It never shares a generated struct, a slice of structs or conditions, or a
// property bag: each is new in the result. So a converted object may be changed
// by assigning its fields, at any depth of generated structs
// (obj.Spec.Properties.Tier = &tier, obj.Labels = labels), and its source stays
// as it was; writing through a shared value (*obj.Spec.Properties.Tier = "Hot",
// obj.Labels["a"] = "b", appending to a shared slice) changes the source too.
// Code that converts an object and then changes the result in place, while the
// source is still used, converts a DeepCopy of the source, or changes a DeepCopy
// of the result. The conversion webhook, which decodes, converts, encodes and
// drops both, copies nothing. The generated conformance suites check both halves
// of this contract for every kind and version (SharingContract). Hand-written
// augmentations keep it too: they assign new values rather than writing through
// the destination's fields.
//
// The three-way merge of a write through a lossy version (Merge3, used by the
// carried annotation) is a JSON merge patch computed and applied by
// github.com/evanphx/json-patch/v5 wherever its semantics fit; our own walk is kept
// only where its array semantics are needed (an array changed in place merges
// element by element rather than being replaced whole), and for a null the client
// wrote and an object changed where the stored object has none (see Merge3).
//
// Everything exported here keeps its meaning within a major version of this module.
package runtime
