package referee

import (
	"context"
	"errors"
	"log"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
	"github.com/hopsgames/hops/players"
)

// The opponents a game can be created against: a person, who joins with
// the invitation, or the computer player at one of three strengths.
const (
	OpponentPerson = "person"
	OpponentEasy   = "easy"
	OpponentMedium = "medium"
	OpponentHard   = "hard"
)

// Opponents lists the opponents a game can be created against.
func Opponents() []string {
	return []string{OpponentPerson, OpponentEasy, OpponentMedium, OpponentHard}
}

// botOptions maps a strength to a kind of computer player and its budget.
// The easy player moves at random; the others search, bounded by nodes
// (so that a move never takes long, even on a busy server) and by time.
var botOptions = map[string]struct {
	kind string
	opt  players.Options
}{
	OpponentEasy:   {players.KindRandom, players.Options{}},
	OpponentMedium: {players.KindSearch, players.Options{Nodes: 2000, Time: time.Second}},
	OpponentHard:   {players.KindSearch, players.Options{Nodes: 40000, Time: 3 * time.Second}},
}

// isBot reports whether the opponent is a computer player.
func isBot(opponent string) bool {
	_, ok := botOptions[opponent]
	return ok
}

// checkOpponent returns the error for an opponent the server does not
// know.
func checkOpponent(opponent string) error {
	if opponent == "" || slices.Contains(Opponents(), opponent) {
		return nil
	}
	return failf(http.StatusBadRequest, "request", "unknown opponent %q (want one of %s)", opponent, strings.Join(Opponents(), ", "))
}

// seatBot makes the computer player claim the invitation of the new game
// m, which starts it (see ensureBotLocked). If the seat is already taken,
// it can only be by the computer player itself, seated by a retry of a
// keyed creation on this node or another (nobody else knows the
// invitation): seatBot returns nil, and this node, having read the join,
// runs a player too.
func (s *Server) seatBot(ctx context.Context, m *match, invitation string) error {
	if _, err := s.claim(ctx, m, joinRequest{Invitation: invitation}, ""); err != nil {
		var api *apiError
		if errors.As(err, &api) && api.kind == "claimed" {
			return nil
		}
		return err
	}
	return nil
}

// unseated is the answer to a creation against the computer whose game
// was stored but whose computer player could not take its seat, seatBot
// having failed with err: the game exists, and the answer must not say
// that nothing was recorded. A creation sent again with its
// Idempotency-Key seats the player and answers the game.
func unseated(err error) error {
	var api *apiError
	if !errors.As(err, &api) || api.kind != "unavailable" {
		return err
	}
	e := failf(http.StatusServiceUnavailable, "unavailable", "the game was created, but the computer player could not take its seat (the store failed or did not answer in time): a creation sent with an Idempotency-Key may be sent again with it, which seats the player; without one, create another game")
	e.retry, e.unconfirmed = unavailableRetry, true
	return e
}

// ensureBotLocked starts the computer player of m on this server, if m
// is a game against the computer being played and none runs here: when
// the server loads the game, applies its join (its own, or one another
// node made), or any later event. So a game whose player ran on a node
// that died is played on whichever node serves it next; two players for
// one game, on two nodes, only cost work, since the store takes one move
// a ply. The caller holds m.mu.
func (s *Server) ensureBotLocked(m *match) {
	if !isBot(m.opponent) || m.botRunning || m.gone || m.status() != StatusPlaying {
		return
	}
	m.botRunning = true
	s.goBackground(func() {
		if s.runBot(m) {
			m.mu.Lock()
			m.botRunning = false
			m.mu.Unlock()
		}
	})
}

// resumeBots loads the games listed at start that are still being played
// against the computer, which starts their computer players (see load),
// and those the store could not summarize (List gave no events), which
// are read to know. A request that loads such a game first starts its
// player the same way.
func (s *Server) resumeBots() {
	s.mu.RLock()
	var ids []string
	for id, c := range s.cold {
		if !c.known || (isBot(c.opponent) && c.joined && !c.ended) {
			ids = append(ids, id)
		}
	}
	s.mu.RUnlock()
	for _, id := range ids {
		if s.ctx.Err() != nil {
			return
		}
		// Loading the game starts its computer player (see load). A game
		// still waiting lost its computer player before it took its seat
		// (the invitation is stored hashed): it expires unplayed.
		s.lookup(id)
	}
}

// botIdle is how often a computer player waiting for its turn checks
// whether its game still exists (an expired game is deleted without an
// event).
const botIdle = time.Minute

// runBot plays the computer player's side of m until the game ends. Each
// move is chosen from an immutable snapshot, outside the game's lock, so
// that requests about the game go on meanwhile; it then enters the game
// through play, the same path as a person's move, which checks it again
// and journals it. If the person moved or resigned in between, play
// refuses it and the player looks again. It reports whether it may be
// started again (it did not give up on a fault of its own).
func (s *Server) runBot(m *match) bool {
	spec := botOptions[m.opponent]
	side := m.creator.Other()
	failures := 0
	pause := s.pauses.bot // before trying again a move the store could not take
	poll, stop := s.pollEvery()
	defer stop()
	for {
		snap, changed, gone := m.watch()
		if gone || snap.status == StatusOver || snap.status == StatusClosed {
			return true
		}
		if snap.status != StatusPlaying || snap.state.ToMove() != side {
			select {
			case <-changed:
			case <-poll:
				s.refresh(m)
			case <-time.After(botIdle):
			case <-s.ctx.Done():
				return true
			}
			continue
		}
		opt := spec.opt
		opt.Seed = snap.botSeed(side)
		opt.Cancel = s.ctx.Done() // a server that stops does not wait for the search
		agent, err := s.newAgent(snap.game, spec.kind, opt)
		var move string
		if err == nil {
			move, err = choose(agent, snap, side)
		}
		if err == nil {
			// Each move waits for the store StoreTimeout at most, so that a
			// store that hangs does not hold the game's turn.
			ctx, cancel := s.storeContext(s.ctx)
			_, err = s.playAt(ctx, m, side, move, snap.version, nil)
			cancel()
		}
		if err != nil {
			var api *apiError
			if errors.Is(err, errChanged) || errors.As(err, &api) && (api.kind == "turn" || api.kind == "over" || api.kind == "closed" || api.kind == "not-found" || api.kind == "damaged") {
				continue // the game changed meanwhile: look again
			}
			if api != nil && (api.kind == "unavailable" || api.kind == "busy") {
				// The store cannot take the move now (its outage is
				// logged by s.health): try again, as long as it takes,
				// after a pause that grows while it lasts.
				select {
				case <-changed:
				case <-time.After(pause):
				case <-s.ctx.Done():
					return true
				}
				pause = min(2*pause, s.pauses.botMax)
				continue
			}
			// A refused move would be a bug of the player; do not
			// spin on it.
			log.Printf("referee: game %s: the computer player (%s) failed: %v", m.id, m.opponent, err)
			if failures++; failures >= 3 {
				return false
			}
			select {
			case <-changed:
			case <-time.After(s.pauses.bot):
			case <-s.ctx.Done():
				return true
			}
			continue
		}
		pause, failures = s.pauses.bot, 0
	}
}

// choose asks agent for side's move in snap's position. In a game with
// hidden pieces the agent is shown side's view alone (B4), through
// players.ChooseView: the players of the players package look at nothing
// more, and an agent of any other kind cannot read the opponent's pawns.
func choose(agent players.Agent, snap snapshot, side hops.Side) (string, error) {
	if !snap.hidden {
		return agent.Choose(snap.state)
	}
	v, err := games.ViewOf(snap.state, side)
	if err != nil {
		return "", err
	}
	return players.ChooseView(agent, v)
}
