package hops_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/catchit"
)

// An error travels in JSON with its kind by name; read back, it still
// sorts with errors.Is.
func ExampleError_MarshalJSON() {
	m, _ := catchit.ParseMove("C1-C3 D1-D2")
	_, err := catchit.Start().Play(m)
	data, _ := json.Marshal(err)
	fmt.Println(string(data))

	var back *hops.Error
	_ = json.Unmarshal(data, &back)
	fmt.Println(errors.Is(back, hops.ErrIllegal), back.Rule)
	// Output:
	// {"kind":"illegal","rule":"G4","where":"first displacement C1-C3","message":"jump 1 C1-C3 jumps over an empty square"}
	// true G4
}

// What has no JSON form refuses to encode, rather than write {}.
func ExampleNoJSON() {
	_, err := json.Marshal(catchit.Game)
	fmt.Println(err)
	// Output:
	// json: error calling MarshalJSON for type *hops.Game: a Game has no JSON form; send its Name, which games.ByName reads back
}

// An error quotes a long input cut, around the fault, with its length.
func ExampleQuote() {
	text := strings.Repeat("D1-D2 ", 20) + "D2→D3"
	fmt.Println(hops.Quote("D1-D2"))
	fmt.Println(hops.Quote(text))
	fmt.Println(hops.QuoteAt(text, strings.Index(text, "→")))
	// Output:
	// "D1-D2"
	// "D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D"… (127 bytes)
	// …"D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D1-D2 D2→D3" (127 bytes)
}
