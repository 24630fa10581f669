// Package naming turns schema names into Go and Kubernetes names: identifiers,
// version package names and resource kinds.
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

// KindName returns the Kubernetes kind of a resource from its schema name: the
// segments of a child resource's name are joined, and the last is made singular:
// "storageAccounts" gives StorageAccount, "vaults_secrets" gives VaultsSecret.
func KindName(resource string) string {
	segments := strings.Split(resource, "_")
	last := len(segments) - 1
	segments[last] = Singular(segments[last])
	var b strings.Builder
	for _, s := range segments {
		b.WriteString(pascal(s))
	}
	return b.String()
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
