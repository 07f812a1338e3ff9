package gametest

import (
	"github.com/hopsgames/hops"
	"pgregory.net/rapid"
)

// RandomPlay plays from p a number of generated moves drawn by t, up to
// maxPlies (fewer when the game ends), and returns the position reached
// and the moves played. A generated move that does not play fails t.
func RandomPlay[P hops.Position[P, M], M hops.Move](t *rapid.T, p P, maxPlies int) (P, []M) {
	n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
	var played, buf []M
	for range n {
		buf = p.AppendMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[rapid.IntRange(0, len(buf)-1).Draw(t, "move")]
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("generated move %s does not play in %s: %v", m, p, err)
		}
		played = append(played, m)
		p = q
	}
	return p, played
}
