package conversion

import (
	"testing"

	"github.com/armhub/armhub/generator/internal/golang"
	"github.com/armhub/armhub/generator/internal/model"
)

func scalarPointer(builtin, named string) *golang.Type {
	kind := model.KindPrimitive
	if named != "" {
		kind = model.KindEnum
	}
	return &golang.Type{Kind: kind, Builtin: builtin, Named: named, Pointer: true}
}

func collectionOf(kind model.Kind, elem *golang.Type) *golang.Type {
	return &golang.Type{Kind: kind, Elem: elem}
}

func opOn(kind OpKind, key string, t *golang.Type, local int) *Op {
	f := &golang.Field{Name: key, Type: t}
	return &Op{Kind: kind, Key: key, Value: valueAt(local, f, 0), Plan: &FieldPlan{}}
}

// A Keep and the later Pull of its entry become one Move exactly when JSON
// gives back what went in; everything else stays as the steps do it.
func TestMovesReplaceExactKeepPullPairs(t *testing.T) {
	str := &golang.Type{Kind: model.KindPrimitive, Builtin: "string"}
	tests := []struct {
		name       string
		kept, into *golang.Type
		compat     bool
		moved      bool
	}{
		{"pointer to string", scalarPointer("string", ""), scalarPointer("string", ""), false, true},
		{"enum to string", scalarPointer("string", "Tier"), scalarPointer("string", ""), false, true},
		{"boolean", scalarPointer("bool", ""), scalarPointer("bool", ""), false, true},
		{"integer", scalarPointer("int", ""), scalarPointer("int", ""), false, true},
		{"map of strings", collectionOf(model.KindMap, str), collectionOf(model.KindMap, str), false, true},
		{"slice of strings", collectionOf(model.KindArray, str), collectionOf(model.KindArray, str), false, true},
		{"float: JSON refuses NaN", scalarPointer("float64", ""), scalarPointer("float64", ""), false, false},
		{"integer into float", scalarPointer("int", ""), scalarPointer("float64", ""), false, false},
		{"slice of enums", collectionOf(model.KindArray, &golang.Type{Kind: model.KindEnum, Builtin: "string", Named: "Zone"}), collectionOf(model.KindArray, str), false, false},
		{"slice into map", collectionOf(model.KindArray, str), collectionOf(model.KindMap, str), false, false},
		{"struct", &golang.Type{Kind: model.KindObject, Named: "Sku", Pointer: true}, &golang.Type{Kind: model.KindObject, Named: "Sku", Pointer: true}, false, false},
		{"through a compat shape", scalarPointer("string", ""), scalarPointer("string", ""), true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keep, other, pull := opOn(Keep, "K", tt.kept, 0), opOn(Keep, "Other", tt.kept, 0), opOn(Pull, "K", tt.into, 1)
			if tt.compat {
				pull.Plan = &FieldPlan{Compat: &golang.Struct{Name: "Compat"}}
			}
			ops := moves([]*Op{keep, other, pull})
			if !tt.moved {
				if len(ops) != 3 || ops[0] != keep || ops[2] != pull {
					t.Fatalf("changed operations that JSON does not give back exactly: %+v", ops)
				}
				return
			}
			if len(ops) != 2 || ops[0] != other || ops[1].Kind != Move {
				t.Fatalf("want the other Keep, then a Move; got %+v", ops)
			}
			if ops[1].Value.Local != 1 || ops[1].From.First() != keep.Value.First() || ops[1].Key != "K" {
				t.Errorf("the Move fills %+v from %+v under %q; want local 1 from the Keep's value under K", ops[1].Value, ops[1].From, ops[1].Key)
			}
		})
	}
}

// A Pull with no Keep before it in the same conversion, or after a Pull of the
// same key, reads the source's own bag and stays a Pull.
func TestMovesLeaveOtherPulls(t *testing.T) {
	p := scalarPointer("string", "")
	first, second := opOn(Pull, "K", p, 1), opOn(Pull, "K", p, 2)
	ops := moves([]*Op{first, second})
	if len(ops) != 2 || ops[0] != first || ops[1] != second {
		t.Fatalf("changed pulls of the source's bag: %+v", ops)
	}
	keep, pulled, again := opOn(Keep, "K", p, 0), opOn(Pull, "K", p, 1), opOn(Pull, "K", p, 2)
	ops = moves([]*Op{keep, pulled, again})
	if len(ops) != 2 || ops[0].Kind != Move || ops[1] != again {
		t.Fatalf("want a Move and then the second Pull as it was; got %+v", ops)
	}
}
