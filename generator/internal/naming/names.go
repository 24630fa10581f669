// Package naming is the generator's naming authority: it turns schema names
// into Go and Kubernetes names (identifiers, version package names, resource
// kinds, plurals) and owns every Go identifier the generator makes: type names
// (Kinds, <Kind>List, <Kind>_Spec, <Kind>_Status, the types of definitions and
// of what the loader synthesizes), field names and enum constants. It knows
// the members generated code adds to each role of type (Members: DeepCopy,
// AssignProperties_To_..., PropertyBag, OriginalVersion, Owner, Conditions,
// ConvertSpecTo, Hub, GetSpec, ...) and the identifiers every version package
// declares (PackageMembers: GroupVersion, SchemeBuilder, AddToScheme), and
// resolves every clash one way:
//
//   - A type name, within a package, is unique ignoring case; other
//     identifiers (constants, GroupVersion, a Kind's list type) exactly, as Go
//     compares them (Namespace). Kinds, specs and statuses are named first and
//     cannot move: a clash among them, or with an identifier every package
//     declares, is an error at the resource. Then definitions, then synthesized
//     types, each in name order, take their name or the first free _1, _2, ...
//     (Underscore); then enum constants, enums in name order, take
//     <Enum>_<Value> or the first free _2, _3, ... (Second). The loader's own
//     names take 2, 3, ... (Counted). Each resolution is noted at the schema
//     pointer. A compat package (package conversion) holding clones of more
//     than one shape of a struct name gives each further shape the first free
//     _1, _2, ... too: they are Go types of one package.
//   - A property keeps its JSON name always (the wire shape never changes).
//     Its Go field name is GoName, unless that is a member generated code
//     declares on its struct (ReservedMember): then Property is appended
//     (DeepCopy -> DeepCopyProperty), or prepended for a family of names
//     sharing a prefix (AssignProperties_To_Part ->
//     PropertyAssignProperties_To_Part), then the first free _1, _2, ...;
//     noted at the property's pointer (Fields).
//   - A property whose JSON name, ignoring case, is that of a field generated
//     code adds to its struct (ReservedJSON: $propertyBag anywhere,
//     originalVersion in a spec, owner in a child's spec, conditions in a
//     status), or two properties of one Go name ignoring case, are an error at
//     the property's file#pointer, and nothing is written. The loader refuses
//     a resource declaring azureName (AzureNameJSON), the name its name
//     property is given.
//
// A property's Go name is settled once, in the spoke, for every variant of its
// struct (spoke, storage, compat), so a member of any variant is reserved in
// all of them. The table is checked against the emitters by a test that scans
// what they generate (package drift).
package naming

import (
	"strings"
	"unicode"
)

// PackageName returns the Go package (and Kubernetes version) name of an API
// version: "2021-04-01" gives v20210401 and "2021-04-01-preview" gives
// v20210401preview, so that names sort by date with the stable version of a date
// before its preview.
func PackageName(apiVersion string) string {
	return "v" + strings.ReplaceAll(strings.ReplaceAll(apiVersion, "-", ""), "_", "")
}

// StorageVersion returns the Kubernetes version name of an API version's storage
// variant: v20210401storage, v20210401previewstorage.
func StorageVersion(apiVersion string) string {
	return PackageName(apiVersion) + "storage"
}

// GoName returns an exported Go identifier for a schema name: each part between
// underscores is turned to PascalCase and the parts are joined with underscores;
// characters that Go identifiers cannot hold separate words.
func GoName(name string) string {
	result := pascalParts(name)
	if result == "" {
		return "X"
	}
	if unicode.IsDigit(rune(result[0])) {
		result = "X" + result
	}
	return result
}

// pascalParts turns each part of name between underscores to PascalCase and joins
// the non-empty parts with underscores.
func pascalParts(name string) string {
	parts := strings.Split(name, "_")
	out := make([]string, 0, len(parts))
	for _, part := range parts {
		if p := pascal(part); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "_")
}

// pascal capitalises each word of s, words being runs of letters and digits.
func pascal(s string) string {
	var b strings.Builder
	upper := true
	for _, r := range s {
		if !isIdentRune(r) {
			upper = true
			continue
		}
		if upper {
			r = unicode.ToUpper(r)
			upper = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

func isIdentRune(r rune) bool {
	return r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// MaxKind is the longest Kubernetes kind: a CRD's kind, its list kind
// (kind + "List") and its plural, in lower case, are DNS-1035 labels of at
// most 63 characters, and the plural adds at most two letters.
const MaxKind = 58

// KindName returns the Kubernetes kind of a resource from its schema name: the
// segments of a child resource's name are joined, and the last is made singular:
// "storageAccounts" gives StorageAccount, "vaults_secrets" gives VaultsSecret.
// A kind longer than MaxKind shortens its parents' segments, from the left, to
// their initials (capitals and digits) until it fits, and drops initials from
// the left only if that is not enough: a function of the name alone, so that a
// kind is the same in every version, and one that keeps the parents apart
// (privateLinkServicesForM365SecurityCenter_privateEndpointConnections gives
// PLSFM365SCPrivateEndpointConnection, its ComplianceCenter sibling
// PLSFM365CCPrivateEndpointConnection;
// managedInstances_restorableDroppedDatabases_backupShortTermRetentionPolicies
// gives MIRestorableDroppedDatabasesBackupShortTermRetentionPolicy); see
// KindShortened.
func KindName(resource string) string {
	parts := kindParts(resource)
	for i := 0; i < len(parts)-1 && len(strings.Join(parts, "")) > MaxKind; i++ {
		parts[i] = initials(parts[i])
	}
	for len(parts) > 1 && len(strings.Join(parts, "")) > MaxKind {
		parts = parts[1:]
	}
	return strings.Join(parts, "")
}

// initials are the capitals and digits of a Pascal-case segment:
// PrivateLinkServicesForM365 gives PLSFM365.
func initials(segment string) string {
	var b strings.Builder
	for _, r := range segment {
		if unicode.IsUpper(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// KindShortened reports whether KindName shortened or left out segments of the
// resource's name in its kind, to fit MaxKind.
func KindShortened(resource string) bool {
	return KindName(resource) != strings.Join(kindParts(resource), "")
}

// kindParts are the segments of a kind, in Pascal case, the last singular.
func kindParts(resource string) []string {
	segments := strings.Split(resource, "_")
	last := len(segments) - 1
	segments[last] = Singular(segments[last])
	for i, s := range segments {
		segments[i] = pascal(s)
	}
	return segments
}

// Singular returns the singular of an English plural as used in ARM resource names.
func Singular(word string) string {
	lower := strings.ToLower(word)
	for _, r := range singularRules {
		if strings.HasSuffix(lower, r.suffix) && len(word) > r.drop {
			return word[:len(word)-r.drop] + r.add
		}
	}
	return word
}

// singularRule turns a word ending in suffix singular: drop that many letters,
// then add add. The first rule whose suffix matches applies.
type singularRule struct {
	suffix string
	drop   int
	add    string
}

var singularRules = []singularRule{
	{"people", 5, "erson"},
	{"caches", 1, ""},   // caches -> cache, before -ches
	{"statuses", 2, ""}, // not "statuse"
	{"aliases", 2, ""},
	{"ies", 3, "y"},  // policies -> policy
	{"sses", 2, ""},  // addresses -> address
	{"xes", 2, ""},   // prefixes -> prefix, boxes -> box, indexes -> index
	{"zzes", 2, ""},  // buzzes -> buzz
	{"shes", 2, ""},  // meshes -> mesh
	{"tches", 2, ""}, // batches -> batch, switches -> switch
	{"ss", 0, ""},    // access
	{"us", 0, ""},    // status
	{"is", 0, ""},    // redis
	{"s", 1, ""},
}

// EnumValueName returns the name of the constant for value of enum type typeName.
func EnumValueName(typeName, value string) string {
	v := pascalParts(value)
	if v == "" {
		v = "Empty"
	}
	return typeName + "_" + v
}

// Lower returns s in lower case.
func Lower(s string) string {
	return strings.ToLower(s)
}

// Plural returns the English plural of a kind (CRD plural names and file
// names).
func Plural(kind string) string {
	lower := strings.ToLower(kind)
	switch {
	case strings.HasSuffix(lower, "y") && !strings.HasSuffix(lower, "ay") && !strings.HasSuffix(lower, "ey") && !strings.HasSuffix(lower, "oy"):
		return kind[:len(kind)-1] + "ies"
	case strings.HasSuffix(lower, "s"), strings.HasSuffix(lower, "x"), strings.HasSuffix(lower, "ch"), strings.HasSuffix(lower, "sh"):
		return kind + "es"
	}
	return kind + "s"
}
