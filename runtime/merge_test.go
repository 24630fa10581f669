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
		{"a null the client wrote is kept", `{"a":1,"lost":2}`, `{"a":1}`, `{"a":null}`, `{"a":null,"lost":2}`},
		{"an object changed where previous has none is taken whole", `{"lost":2}`, `{"o":{"a":1,"b":2}}`, `{"o":{"a":1,"b":3}}`, `{"lost":2,"o":{"a":1,"b":3}}`},
		{"an array changed in place inside an object merges element-wise", `{"l":[{"a":1,"k":9}],"lost":2}`, `{"l":[{"a":1}]}`, `{"l":[{"a":2}]}`, `{"l":[{"a":2,"k":9}],"lost":2}`},
		{"a removed member of a nested object stays removed", `{"o":{"a":1,"b":2,"lost":3}}`, `{"o":{"a":1,"b":2}}`, `{"o":{"a":1}}`, `{"o":{"a":1,"lost":3}}`},
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

// TestMergePatchFits checks which merges go through json-patch's merge patch and
// which need merge3's semantics.
func TestMergePatchFits(t *testing.T) {
	cases := []struct {
		previous, baseline, current string
		want                        bool
	}{
		{`{"a":1,"lost":2}`, `{"a":1}`, `{"a":3}`, true},
		{`{"o":{"a":"x","lost":[1]}}`, `{"o":{"a":"x"}}`, `{"o":{"a":"y"}}`, true},
		{`{"l":[1,2]}`, `{"l":[1]}`, `{"l":[1,3]}`, true},
		{`{"l":[1,2]}`, `{"l":[1,2]}`, `{"l":[1,3]}`, false},
		{`{"a":1}`, `{"a":1}`, `{"a":null}`, false},
		{`{}`, `{"o":{"a":1}}`, `{"o":{"a":2}}`, false},
		{`[1]`, `[1]`, `[2]`, false},
	}
	for _, c := range cases {
		trees := [3]any{}
		for i, doc := range []string{c.previous, c.baseline, c.current} {
			tree, err := decodeTree([]byte(doc))
			if err != nil {
				t.Fatal(err)
			}
			trees[i] = tree
		}
		if got := mergePatchFits(trees[0], trees[1], trees[2]); got != c.want {
			t.Errorf("mergePatchFits(%s, %s, %s) = %v, want %v", c.previous, c.baseline, c.current, got, c.want)
		}
	}
}

func TestMerge3RejectsInvalidJSON(t *testing.T) {
	for _, docs := range [][3]string{{`{`, `{}`, `{}`}, {`{}`, `[1] 2`, `{}`}, {`{}`, `{}`, ``}} {
		if _, err := Merge3([]byte(docs[0]), []byte(docs[1]), []byte(docs[2])); err == nil {
			t.Errorf("Merge3(%q, %q, %q) succeeded", docs[0], docs[1], docs[2])
		}
	}
}
