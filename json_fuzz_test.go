package hops_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

// FuzzDecodeJSON: the JSON readers of Error, Built, Path, Outcome,
// Square, Bitboard, Piece and Record never panic, and what they accept
// encodes again and reads back equal.
func FuzzDecodeJSON(f *testing.F) {
	f.Add([]byte(`{"kind":"illegal","rule":"K8","where":"second displacement","message":"the ball moved"}`))
	f.Add([]byte(`{"next":["A2","xB3","out"],"complete":true,"move":"C1-C2 D1-D2"}`))
	f.Add([]byte(`"E2xC2-C4"`))
	f.Add([]byte(`["A1","g7","H8"]`))
	f.Add([]byte(`{"side":"second","neutral":true,"letter":"q","name":"Queen"}`))
	f.Add([]byte(`{"game":"coir","start":"bbbbbb/6/6/6/6/wwwwww w","tags":[{"name":"White","value":"Ann"}],"moves":[{"text":"A1-B2","reveal":"","comment":"ok"}],"result":"*"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, v := range []any{new(hops.Error), new(hops.Built[catchit.Move]), new(hops.Built[string]), new(hops.Path), new(hops.Outcome),
			new(hops.Square), new(hops.Bitboard), new(hops.Piece), new(hops.Record)} {
			if json.Unmarshal(data, v) != nil {
				continue
			}
			again, err := json.Marshal(v)
			if err != nil {
				if _, ok := v.(*hops.Path); ok {
					continue // a one-square path reads but has no text form
				}
				t.Fatalf("%T read from %s does not encode: %v", v, data, err)
			}
			back := reflect.New(reflect.TypeOf(v).Elem()).Interface()
			if err := json.Unmarshal(again, back); err != nil || !reflect.DeepEqual(back, v) {
				t.Fatalf("%T: %s gives %s, which reads back as %+v (%v), not %+v", v, data, again, back, err, v)
			}
		}
	})
}
