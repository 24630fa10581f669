package runtime

import (
	"reflect"
	"testing"
)

type lossless struct {
	Name  *string           `json:"name,omitempty"`
	Tags  map[string]*int   `json:"tags,omitempty"`
	Free  map[string]JSON   `json:"free,omitempty"`
	Inner *lossless         `json:"inner,omitempty"`
	Any   any               `json:"any,omitempty"`
	Bag   PropertyBag       `json:"$propertyBag,omitempty"`
	List  []*lossless       `json:"list,omitempty"`
	Maps  []map[string]bool `json:"maps,omitempty"`
}

type withStrings struct {
	Zones []string `json:"zones,omitempty"`
}

type withFloat struct {
	Ratio *float64 `json:"ratio,omitempty"`
}

type withRequired struct {
	Inner *struct {
		Name string `json:"name"`
	} `json:"inner,omitempty"`
}

// holdsFloat finds floats at any depth, and none where there are none.
func TestHoldsFloat(t *testing.T) {
	for _, tt := range []struct {
		value any
		want  bool
	}{
		{lossless{}, false},
		{withStrings{}, false},
		{withRequired{}, false},
		{withFloat{}, true},
		{map[string][]*float32{}, true},
		{struct{ Inner *withFloat }{}, true},
	} {
		typ := reflect.TypeOf(tt.value)
		if got := holdsFloat(typ); got != tt.want {
			t.Errorf("holdsFloat(%s) = %v, want %v", typ, got, tt.want)
		}
	}
}

// Where a null or a float can lose something, the second decoding still
// catches it; a value with neither decodes once.
func TestPullStillRefusesLosses(t *testing.T) {
	for _, tt := range []struct {
		data   string
		target any
	}{
		{`{"zones":["a",null]}`, &withStrings{}},
		{`{"ratio":9007199254740993}`, &withFloat{}},
		{`{"inner":{"name":null}}`, &withRequired{}},
	} {
		bag := PropertyBag{"x": tt.data}
		if _, err := bag.Pull("x", tt.target); err == nil {
			t.Errorf("pulling %s into %T: no error", tt.data, tt.target)
		}
	}
	var fine lossless
	bag := PropertyBag{"x": `{"name":"a","inner":{"list":[null,{"name":"b"}]},"free":{"k":null}}`}
	if _, err := bag.Pull("x", &fine); err != nil {
		t.Fatalf("pulling a lossless value: %v", err)
	}
	if *fine.Name != "a" || fine.Inner.List[0] != nil || *fine.Inner.List[1].Name != "b" {
		t.Errorf("pulled %+v", fine)
	}
}
