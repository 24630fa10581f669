package runtime

import "testing"

func TestMerge3(t *testing.T) {
	cases := []struct {
		name                              string
		previous, baseline, current, want string
	}{
		{"nothing changed keeps what was stored", `{"a":1,"lost":2}`, `{"a":1}`, `{"a":1}`, `{"a":1,"lost":2}`},
		{"a changed value wins", `{"a":1,"lost":2}`, `{"a":1}`, `{"a":3}`, `{"a":3,"lost":2}`},
		{"a removed value stays removed", `{"a":1,"lost":2}`, `{"a":1}`, `{}`, `{"lost":2}`},
		{"an added value is kept", `{"lost":2}`, `{}`, `{"b":true}`, `{"b":true,"lost":2}`},
		{"nested objects merge", `{"o":{"a":"x","lost":[1]}}`, `{"o":{"a":"x"}}`, `{"o":{"a":"y"}}`, `{"o":{"a":"y","lost":[1]}}`},
		{"arrays of one length merge element-wise", `[{"a":1,"k":9},{"a":2,"k":8}]`, `[{"a":1},{"a":2}]`, `[{"a":1},{"a":5}]`, `[{"a":1,"k":9},{"a":5,"k":8}]`},
		{"arrays of another length are replaced", `[{"a":1,"k":9}]`, `[{"a":1}]`, `[{"a":1},{"a":2}]`, `[{"a":1},{"a":2}]`},
		{"large integers stay exact", `{"n":9007199254740993,"m":1}`, `{"m":1}`, `{"m":2}`, `{"m":2,"n":9007199254740993}`},
		{"numbers compare as written", `{"n":9007199254740993}`, `{"n":9007199254740993}`, `{"n":9007199254740992}`, `{"n":9007199254740992}`},
		{"null is a value, not absence", `{"a":null,"b":1}`, `{"b":1}`, `{"b":1}`, `{"a":null,"b":1}`},
		{"html characters are kept as they are", `{"a":"<&>"}`, `{}`, `{}`, `{"a":"<&>"}`},
		{"a scalar replacing an object wins", `{"o":{"a":1,"lost":2}}`, `{"o":{"a":1}}`, `{"o":"s"}`, `{"o":"s"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Merge3([]byte(c.previous), []byte(c.baseline), []byte(c.current))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("Merge3(%s, %s, %s) = %s, want %s", c.previous, c.baseline, c.current, got, c.want)
			}
		})
	}
}

func TestMerge3RejectsInvalidJSON(t *testing.T) {
	for _, docs := range [][3]string{{`{`, `{}`, `{}`}, {`{}`, `[1] 2`, `{}`}, {`{}`, `{}`, ``}} {
		if _, err := Merge3([]byte(docs[0]), []byte(docs[1]), []byte(docs[2])); err == nil {
			t.Errorf("Merge3(%q, %q, %q) succeeded", docs[0], docs[1], docs[2])
		}
	}
}
