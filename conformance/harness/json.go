package harness

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/randfill"

	armruntime "github.com/armhub/armhub/runtime"
)

// jsonDepth bounds the nesting of the free-form JSON values the filler makes.
const jsonDepth = 3

// awkwardStrings are pieces of the JSON strings the filler makes: characters that
// encoders escape or that take several bytes.
var awkwardStrings = []string{"<", ">", "&", `"`, `\`, "/", "\n", "\t", "\x00", "\x1f", "\u2028", "é", "日本", "😀", "\u00a0"}

// fillJSON sets j to a random JSON value of any kind but null, which is how an
// absent value reads back.
func fillJSON(j *armruntime.JSON, c randfill.Continue) {
	var value any
	for value == nil {
		value = randomJSON(c, jsonDepth)
	}
	var buf bytes.Buffer
	encoder := json.NewEncoder(&buf)
	encoder.SetEscapeHTML(false)
	if err := encoder.Encode(value); err != nil {
		panic(err) // randomJSON makes only values that encode
	}
	j.Raw = bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// randomJSON returns a random JSON value: null, a boolean, a number, a string,
// or, when depth allows, an array or an object of such values.
func randomJSON(c randfill.Continue, depth int) any {
	kinds := 4
	if depth > 0 {
		kinds = 6
	}
	switch c.Intn(kinds) {
	case 0:
		return nil
	case 1:
		return c.Bool()
	case 2:
		return randomNumber(c)
	case 3:
		return randomString(c)
	case 4:
		array := make([]any, c.Intn(4))
		for i := range array {
			array[i] = randomJSON(c, depth-1)
		}
		return array
	default:
		object := map[string]any{}
		for n := c.Intn(4); n > 0; n-- {
			object[randomString(c)] = randomJSON(c, depth-1)
		}
		return object
	}
}

// randomNumber returns a JSON number: an integer that may exceed what int64 and
// float64 hold exactly, or a finite float of any size.
func randomNumber(c randfill.Continue) json.Number {
	switch c.Intn(3) {
	case 0:
		return json.Number(strconv.FormatInt(c.Int63()-c.Int63(), 10))
	case 1:
		digits := []byte{'1' + byte(c.Intn(9))}
		for n := 15 + c.Intn(20); n > 0; n-- {
			digits = append(digits, '0'+byte(c.Intn(10)))
		}
		if c.Bool() {
			return json.Number("-" + string(digits))
		}
		return json.Number(digits)
	default:
		var f float64
		fillFloat(&f, c)
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64))
	}
}

// randomString returns a random string, often with awkward characters in it.
func randomString(c randfill.Continue) string {
	var s strings.Builder
	for n := c.Intn(4); n > 0; n-- {
		s.WriteString(c.String(6))
		s.WriteString(awkwardStrings[c.Intn(len(awkwardStrings))])
	}
	return s.String()
}

// jsonValue and bagValues are how the suites compare free-form JSON and the
// entries of property bags: by the JSON value they hold (numbers by their exact
// text, so precision lost in a conversion shows), not by their bytes, since
// encoding/json escapes <, > and & in what a MarshalJSON method returns.
var (
	jsonValue = cmp.Transformer("JSONValue", func(j armruntime.JSON) any {
		if len(j.Raw) == 0 {
			return nil
		}
		return decodeJSON(j.Raw)
	})
	bagValues = cmp.FilterPath(isBag, cmp.FilterValues(bothFilled, cmp.Transformer("BagValues", func(bag armruntime.PropertyBag) map[string]any {
		values := make(map[string]any, len(bag))
		for name, text := range bag {
			values[name] = decodeJSON([]byte(text))
		}
		return values
	})))
)

// isBag picks property bags only: other map[string]string values (labels,
// annotations) are assignable to the bag's type too.
func isBag(p cmp.Path) bool {
	return p.Last().Type() == reflect.TypeOf(armruntime.PropertyBag(nil))
}

// bothFilled leaves empty bags to cmpopts.EquateEmpty.
func bothFilled(a, b armruntime.PropertyBag) bool { return len(a) > 0 && len(b) > 0 }

// decodeJSON returns the value data holds, numbers as json.Number; data that is
// not one JSON value comes back as invalidJSON, to compare as it is.
func decodeJSON(data []byte) any {
	if !json.Valid(data) {
		return invalidJSON(data)
	}
	decoder := json.NewDecoder(bytes.NewReader(data))
	decoder.UseNumber()
	var value any
	if err := decoder.Decode(&value); err != nil {
		return invalidJSON(data)
	}
	return value
}

// invalidJSON holds bytes that do not decode as one JSON value.
type invalidJSON string
