package referee

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/hopsgames/hops"
)

// A player who plays against the computer may take back his last move
// and the computer's reply (POST /games/{id}/takeback): the game goes
// back to the position before his last turn, and he plays again. The
// takeback is an event of the journal, so it survives a restart. Between
// two people a move stays played, and so does a turn that turned a pawn
// over in a game with hidden pieces: what it showed stays known.

// checkTakeback returns the error for taking the game back to ply moves.
// The caller holds m.mu.
func (m *match) checkTakeback(ply int) error {
	if !isBot(m.opponent) {
		return failf(http.StatusForbidden, "takeback", "moves are taken back only in a game against the computer")
	}
	if err := m.checkPlayable(); err != nil {
		return err
	}
	if ply < 0 || ply >= len(m.history) {
		return failf(http.StatusConflict, "takeback", "no move to take back")
	}
	return nil
}

// undo takes the game back to its first ply moves, replaying them from
// the start. The caller holds m.mu.
func (m *match) undo(at time.Time, ply int) error {
	change, err := m.undone(ply)
	if err != nil {
		return err
	}
	m.apply(at, change)
	return nil
}

// undone returns the change that takes the game back to its first ply
// moves. The caller holds m.mu.
func (m *match) undone(ply int) (func(), error) {
	var before hops.State // the state before the last move kept
	s := m.start
	for _, mv := range m.history[:ply] {
		next, err := s.Play(mv)
		if err != nil {
			return nil, err
		}
		before, s = s, next
	}
	return func() {
		m.state, m.before = s, before
		// Fresh slices: the snapshots taken before keep the old ones.
		m.history = slices.Clone(m.history[:ply])
		if m.hidden {
			m.reveals = slices.Clone(m.reveals[:ply])
		}
	}, nil
}

// lastTurn returns the number of moves played before side's last turn
// (a Brouillard turn may hold several moves, B9), or -1 if side has not
// moved. The caller holds m.mu.
func (m *match) lastTurn(side string) int {
	s := m.start
	movers := make([]string, len(m.history))
	for i, mv := range m.history {
		movers[i] = m.game.SideName(s.ToMove())
		next, err := s.Play(mv)
		if err != nil {
			return -1
		}
		s = next
	}
	i := len(movers) - 1
	for i >= 0 && movers[i] != side {
		i--
	}
	if i < 0 {
		return -1
	}
	for i > 0 && movers[i-1] == side {
		i--
	}
	return i
}

// takebackRequest is the body of a takeback, which may be empty. Ply,
// if given, is the number of moves the client sees played: the game must
// still have that many, so that a takeback sent twice (a double click, a
// retry after a lost answer, the same request to two nodes) takes back
// one turn, not two.
type takebackRequest struct {
	Ply *int `json:"ply"`
}

// plyGiven reports whether ply, the number of moves a request says its
// client sees played (nil: none said), is one; if not, it answers 400.
func plyGiven(w http.ResponseWriter, ply *int) bool {
	if ply != nil && *ply < 0 {
		writeError(w, http.StatusBadRequest, "request", "", "ply must be 0 or more, not %d", *ply)
		return false
	}
	return true
}

// changedSince says why a request sent from the game at ply moves played
// (nil: any) is refused when the game has another number, "" when it has
// not: a request sent again after its answer was lost is so refused
// rather than done twice.
func (m *match) changedSince(ply *int) string {
	if ply == nil || *ply == len(m.history) {
		return ""
	}
	return fmt.Sprintf("the game has %d moves played, not %d: it changed since you saw it", len(m.history), *ply)
}

// postTakeback takes back the asker's last turn and the computer's
// reply, when it is the asker's turn in a game against the computer.
func (s *Server) postTakeback(w http.ResponseWriter, r *http.Request, m *match, who viewer) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	var req takebackRequest
	if len(body) > 0 {
		if err := decodeStrict(body, &req); err != nil {
			writeError(w, http.StatusBadRequest, "request", "", "bad JSON body: %s", jsonProblem(err, &req))
			return
		}
		if !plyGiven(w, req.Ply) {
			return
		}
	}
	if !mover(w, who) {
		return
	}
	snap, err := s.takeBack(storeContextOf(r), m, who, req.Ply)
	writeState(w, m, who, snap, err)
}

// takeBack journals and applies the takeback of who's last turn; at, if
// not nil, is the ply the game must be at.
func (s *Server) takeBack(ctx context.Context, m *match, who viewer, at *int) (snapshot, error) {
	if err := m.turn.lock(ctx); err != nil {
		return snapshot{}, unavailable()
	}
	defer m.turn.unlock()
	err := s.commit(ctx, m, func() (Event, func(), error) {
		if who.side == m.creator.Other() {
			return Event{}, nil, failf(http.StatusForbidden, "takeback", "only the person takes moves back")
		}
		if err := m.checkTakeback(0); err != nil {
			return Event{}, nil, err
		}
		if why := m.changedSince(at); why != "" {
			return Event{}, nil, failf(http.StatusConflict, "takeback", "%s, and nothing was taken back", why)
		}
		if turn := m.state.ToMove(); turn != who.side {
			return Event{}, nil, failf(http.StatusForbidden, "turn", "it is %s's turn: wait for the computer's reply before taking back", m.game.SideName(turn))
		}
		ply := m.lastTurn(m.game.SideName(who.side))
		if ply < 0 {
			return Event{}, nil, failf(http.StatusConflict, "takeback", "no move of yours to take back")
		}
		// What a move made public stays known (B4): taking it back would
		// let a player look under the opponent's pawns and play again.
		if m.hidden && slices.ContainsFunc(m.reveals[ply:], func(r string) bool { return r != "" }) {
			return Event{}, nil, &apiError{status: http.StatusForbidden, kind: "takeback", rule: "B4",
				msg: "the turn to take back turned a pawn over, and what it showed cannot be hidden again (B4)"}
		}
		change, err := m.undone(ply)
		return Event{Type: EventTakeback, Time: s.cfg.Now(), Ply: ply}, change, err
	})
	if err != nil {
		return snapshot{}, err
	}
	return take(m), nil
}
