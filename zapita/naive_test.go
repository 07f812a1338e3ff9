package zapita

import (
	"strings"
)

// grid is a naive picture of a position, read from its text alone: the
// letter on each square (file, rank), the bomb and the side to move. It
// serves as an independent reference for the move generator.
type grid struct {
	cell   [7][7]byte
	bf, br int
	side   byte
}

func gridOf(text string) grid {
	var g grid
	rows, side, _ := strings.Cut(text, " ")
	g.side = side[0]
	for i, row := range strings.Split(rows, "/") {
		r, f := 6-i, 0
		for _, c := range []byte(row) {
			switch {
			case c >= '1' && c <= '7':
				f += int(c - '0')
			case c == '*':
				g.bf, g.br = f, r
				f++
			default:
				g.cell[f][r] = c
				f++
			}
		}
	}
	return g
}

func (g *grid) text() string {
	var b strings.Builder
	for r := 6; r >= 0; r-- {
		empty := 0
		for f := 0; f < 7; f++ {
			c := g.cell[f][r]
			if c == 0 && f == g.bf && r == g.br {
				c = '*'
			}
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	b.WriteByte(' ')
	b.WriteByte(g.side)
	return b.String()
}

var naiveDirs = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

func on(f, r int) bool   { return f >= 0 && r >= 0 && f < 7 && r < 7 }
func isHQ(f, r int) bool { return r == 3 && (f == 0 || f == 6) }
func power(c byte) int   { return int(c|0x20-'a') + 1 }
func white(c byte) bool  { return c >= 'A' && c <= 'C' }
func (g *grid) mine(c byte) bool {
	return c != 0 && white(c) == (g.side == 'w')
}

// naiveBest is the shortest form of the moves leading to one successor.
type naiveBest struct{ hops, throws int }

// naiveSuccessors lists every successor of the position text straight
// from the wording of Z4..Z6, with the fewest hops and throws of the
// moves that lead to each.
func naiveSuccessors(text string) map[string]naiveBest {
	g := gridOf(text)
	out := map[string]naiveBest{}
	if isHQ(g.bf, g.br) {
		return out
	}
	next := byte('k')
	if g.side == 'k' {
		next = 'w'
	}
	ownHQ := [2]int{6, 3}
	if g.side == 'k' {
		ownHQ = [2]int{0, 3}
	}
	record := func(s string, hops, throws int) {
		b, ok := out[s]
		if !ok {
			out[s] = naiveBest{hops, throws}
			return
		}
		b.hops = min(b.hops, hops)
		b.throws = min(b.throws, throws)
		out[s] = b
	}
	for f := 0; f < 7; f++ {
		for r := 0; r < 7; r++ {
			c := g.cell[f][r]
			if !g.mine(c) {
				continue
			}
			ends := map[[2]int]int{} // end square -> fewest hops
			for _, d := range naiveDirs {
				tf, tr := f+d[0], r+d[1]
				if on(tf, tr) && g.cell[tf][tr] == 0 && !isHQ(tf, tr) {
					ends[[2]int{tf, tr}] = 1
				}
			}
			lifted := g
			lifted.cell[f][r] = 0
			var visited [7][7]bool
			visited[f][r] = true
			var jump func(cf, cr, n int)
			jump = func(cf, cr, n int) {
				for _, d := range naiveDirs {
					of, or := cf+d[0], cr+d[1]
					lf, lr := cf+2*d[0], cr+2*d[1]
					if !on(lf, lr) || lifted.cell[of][or] == 0 || lifted.cell[lf][lr] != 0 || visited[lf][lr] {
						continue
					}
					key := [2]int{lf, lr}
					if lf == g.bf && lr == g.br {
						if old, ok := ends[key]; !ok || n+1 < old {
							ends[key] = n + 1
						}
						continue
					}
					if !isHQ(lf, lr) {
						if old, ok := ends[key]; !ok || n+1 < old {
							ends[key] = n + 1
						}
					}
					visited[lf][lr] = true
					jump(lf, lr, n+1)
					visited[lf][lr] = false
				}
			}
			jump(f, r, 0)
			for e, hops := range ends {
				after := lifted
				after.cell[e[0]][e[1]] = c
				after.side = next
				if e[0] != g.bf || e[1] != g.br {
					record(after.text(), hops, 0)
					continue
				}
				var thrown [7][7]bool
				thrown[e[0]][e[1]] = true
				var chain func(cf, cr, p, n int)
				chain = func(cf, cr, p, n int) {
					for _, d := range naiveDirs {
						for k := 1; k <= p; k++ {
							// squares passed over: cf+d*1 .. cf+d*(k-1)
							blocked := false
							for j := 1; j < k; j++ {
								pc := after.cell[cf+j*d[0]][cr+j*d[1]]
								if pc != 0 && !g.mine(pc) && power(pc) >= p {
									blocked = true
								}
							}
							lf, lr := cf+k*d[0], cr+k*d[1]
							if blocked || !on(lf, lr) {
								break
							}
							pc := after.cell[lf][lr]
							switch {
							case pc == 0:
								if lf == ownHQ[0] && lr == ownHQ[1] {
									continue
								}
								rest := after
								rest.bf, rest.br = lf, lr
								record(rest.text(), hops, n+1)
							case g.mine(pc) && !thrown[lf][lr]:
								thrown[lf][lr] = true
								chain(lf, lr, power(pc), n+1)
								thrown[lf][lr] = false
							}
						}
					}
				}
				chain(e[0], e[1], power(c), 0)
			}
		}
	}
	return out
}
