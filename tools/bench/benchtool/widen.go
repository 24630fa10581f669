package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// widenCmd writes a provider schema file holding every resource and definition
// of the input WIDTH times: copy j > 0 of each key K is named wjK, its local
// $refs point at the copies, and its ARM resource types Provider/T become
// Provider/wjT. It makes a synthetic version file WIDTH times the size of a real
// one, with WIDTH times the resources (tools/bench/scale.sh).
func widenCmd(args []string) error {
	fs := flag.NewFlagSet("widen", flag.ContinueOnError)
	in := fs.String("in", "", "the schema file to read")
	out := fs.String("out", "", "the schema file to write")
	provider := fs.String("provider", "", "the provider, for its resource types")
	width := fs.Int("width", 2, "how many copies of each resource and definition")
	if err := fs.Parse(args); err != nil {
		return err
	}
	data, err := os.ReadFile(*in)
	if err != nil {
		return err
	}
	var top map[string]any
	if err := json.Unmarshal(data, &top); err != nil {
		return fmt.Errorf("%s: %w", *in, err)
	}
	for section, v := range top {
		if section != "definitions" && !strings.HasSuffix(section, "esourceDefinitions") {
			continue
		}
		defs, ok := v.(map[string]any)
		if !ok {
			continue
		}
		keys := make([]string, 0, len(defs))
		for k := range defs {
			keys = append(keys, k)
		}
		for j := 1; j < *width; j++ {
			prefix := "w" + strconv.Itoa(j)
			for _, k := range keys {
				defs[prefix+k] = rename(defs[k], prefix, *provider+"/", false)
			}
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(top); err != nil {
		return err
	}
	return os.WriteFile(*out, buf.Bytes(), 0o644)
}

// rename deep-copies a schema node, prefixing local $refs and (in enums) the
// resource type after the provider.
func rename(v any, prefix, provider string, inEnum bool) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			if s, ok := x.(string); ok && k == "$ref" && strings.HasPrefix(s, "#/definitions/") {
				out[k] = "#/definitions/" + prefix + strings.TrimPrefix(s, "#/definitions/")
				continue
			}
			out[k] = rename(x, prefix, provider, k == "enum")
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = rename(x, prefix, provider, inEnum)
		}
		return out
	case string:
		if inEnum && strings.HasPrefix(v, provider) {
			return provider + prefix + strings.TrimPrefix(v, provider)
		}
		return v
	default:
		return v
	}
}
