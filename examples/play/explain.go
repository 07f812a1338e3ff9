package main

import (
	"fmt"
	"strings"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/brouillard"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/zapita"
)

// width is the width of the terminal the lists are wrapped to.
const width = 80

// groupMoves lays out the legal moves one piece to a line, the piece
// being the first square of the move's text (the pawn, or Brouillard's
// Fou, that moves first), in the order the moves come, each line wrapped
// to width columns under its piece. Moves are separated by ", ", since a
// Catch'it turn holds a space.
func groupMoves(moves []string) []string {
	var order []string
	byPiece := map[string][]string{}
	for _, m := range moves {
		p := pieceOf(m)
		if _, ok := byPiece[p]; !ok {
			order = append(order, p)
		}
		byPiece[p] = append(byPiece[p], m)
	}
	var lines []string
	for _, p := range order {
		head := "  " + p + ": "
		indent := strings.Repeat(" ", len(head))
		line := head
		for i, m := range byPiece[p] {
			item := m
			if i < len(byPiece[p])-1 {
				item += ","
			}
			if len(line) > len(head) && len(line)+1+len(item) > width {
				lines = append(lines, line)
				line = indent
			} else if len(line) > len(head) {
				line += " "
			}
			line += item
		}
		lines = append(lines, line)
	}
	return lines
}

// pieceOf returns the first square of a move text.
func pieceOf(move string) string {
	if i := strings.IndexAny(move, "-x* "); i > 0 {
		return move[:i]
	}
	return move
}

// legends explains every sign of each game's diagram.
var legends = map[string][]string{
	"zapita": {
		"W1 W2 W3  a White pawn of power 1, 2 or 3; K1 K2 K3 a Khaki pawn",
		"*         the bomb",
		"HQ        a headquarters, named beside its row: HQ White is White's,",
		"          HQ Khaki is Khaki's; the bomb resting in the opposing HQ wins",
		".         an empty square",
	},
	"catchit": {
		"b         a Blue pawn; B the Blue pawn that carries the ball",
		"r         a Red pawn; R the Red pawn that carries the ball",
		".         an empty square",
		"Blue carries the ball off beyond rank 7 to win, Red beyond rank 1.",
	},
	"coir": {
		"w         a pawn showing its white face (White's)",
		"b         a pawn showing its black face (Black's)",
		".         an empty square",
		"A side left with one pawn plays it as a Dame (\"with a Dame\" under the board).",
	},
	"brouillard": {
		"F f       White's Fou, Red's Fou",
		"capitals are White's pawns, small letters Red's:",
		"X x       a Blank",
		"N n       the Nine;  T t  the Ten;  J j  the Jack",
		"Q q       the Queen; K k  the King",
		"P p       a pawn face down, whose face you do not know",
		"!         after a letter: the pawn has been turned over, both players know it",
		".         an empty square",
		"A Fou captures the opposing figures in the order Nine, Ten, Jack, Queen, King.",
	},
}

// annotate adds to a diagram what its signs leave unsaid: the side of
// each Zapita headquarters, named beside its row.
func annotate(g *hops.Game, diagram string) string {
	if g.Name != "zapita" {
		return diagram
	}
	khaki, white := zapita.HQ(zapita.Khaki), zapita.HQ(zapita.White)
	row := fmt.Sprint(khaki.Rank() + 1)
	lines := strings.SplitAfter(diagram, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, row+" ") {
			lines[i] = fmt.Sprintf("%s   %s: HQ Khaki, %s: HQ White\n", strings.TrimSuffix(l, "\n"), khaki, white)
		}
	}
	return strings.Join(lines, "")
}

// withoutStatus returns the diagram without its last line, the line that
// says whose move it is or who won.
func withoutStatus(diagram string) string {
	d := strings.TrimSuffix(diagram, "\n")
	if i := strings.LastIndexByte(d, '\n'); i >= 0 {
		return d[:i+1]
	}
	return diagram
}

// revealed says in words what a Brouillard move turned over, such as
// "Red's pawn on D5 was the Ten; it is captured.", or "" when the move
// turned nothing over or the game is another.
func revealed(s hops.State, move string) string {
	p, err := games.Value[brouillard.Position](s)
	if err != nil {
		return ""
	}
	m, err := brouillard.ParseMove(move)
	if err != nil {
		return ""
	}
	_, r, err := p.PlayReveal(m)
	if err != nil || !r.Turned {
		return ""
	}
	owner := brouillard.SideName(p.ToMove().Other())
	face := "a Blank"
	if r.Kind.Figure() {
		face = "the " + r.Kind.String()
	}
	fate := "it stays on the board, face up"
	if r.Captured {
		fate = "it is captured"
	}
	return fmt.Sprintf("%s's pawn on %s was %s; %s.", owner, r.Square, face, fate)
}
