package hops

// Map returns the path with each of its squares replaced by its image
// under f, marks kept; Outside and NoSquare are kept as they are. With a
// board symmetry such as Board.MirrorFiles it gives the mirrored path,
// which the games' Move.Mirror methods are built on. A nil f leaves the
// path as it is.
func (p Path) Map(f func(Square) Square) Path {
	q := p
	if f == nil {
		return q // no map: every square its own image
	}
	for i := range int(p.n) {
		if s := p.sq[i]; s >= 0 && s < Outside {
			q.sq[i] = f(s)
		}
	}
	return q
}
