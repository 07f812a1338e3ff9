package zapita

// Wins reports whether the move wins at once (Z3): its last throw brings
// the bomb to rest on a headquarters. A legal move never rests the bomb
// on the mover's own headquarters (Z5), so any headquarters it rests on
// is the opponent's. Players use it to spot a win without playing the
// move.
func (m Move) Wins() bool {
	r := m.Rest()
	return r == KhakiHQ || r == WhiteHQ
}
