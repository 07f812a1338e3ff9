package referee

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// firstEvent opens the game's event stream on c, as a client that
// connects again does, and returns its first event's id and state.
func firstEvent(t *testing.T, c *client, id, token string) (int, eventJSON) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	resp := openEvents(t, c, ctx, id, token)
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	eventID := -1
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
			var err error
			if eventID, err = strconv.Atoi(v); err != nil {
				t.Fatalf("the event's id %q: %v", v, err)
			}
		}
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var e eventJSON
			if err := json.Unmarshal([]byte(data), &e); err != nil {
				t.Fatalf("event %q: %v", data, err)
			}
			return eventID, e
		}
	}
	t.Fatalf("the stream ended without an event: %v", sc.Err())
	return 0, eventJSON{}
}

// A state's version is its event's id in the stream, the same on every
// node, and rises with every event of the game: a takeback's state has a
// lower ply than the one before it, and the move played again gives the
// same ply as before the takeback, but each has a higher version, by
// which a client tells the newer of two states.
func TestVersion(t *testing.T) {
	store := &MemStore{}
	a, b := node(t, store, 60), node(t, store, 61)
	created := a.createOnly(createRequest{Game: "catchit", Opponent: OpponentEasy})
	path := "/games/" + created.ID
	// seen checks that both nodes give the game's version in its state,
	// its replay and as the id of the stream's first event.
	seen := func(what string) stateJSON {
		t.Helper()
		var st stateJSON
		if code, raw := a.do("GET", path, created.Token, "", &st); code != http.StatusOK {
			t.Fatalf("%s: %d %s", what, code, raw)
		}
		for _, c := range []*client{a, b} {
			var other stateJSON
			c.do("GET", path, created.Token, "", &other)
			var f frameJSON
			c.do("GET", path+"/replay?ply=0", "", "", &f)
			id, e := firstEvent(t, c, created.ID, created.Token)
			if other.Version != st.Version || f.Version != st.Version || id != st.Version || e.Version != st.Version || e.Ply != st.Ply {
				t.Errorf("%s: the state is at version %d, ply %d; a node gives the version %d in the state, %d in the replay, and the event id %d with version %d, ply %d",
					what, st.Version, st.Ply, other.Version, f.Version, id, e.Version, e.Ply)
			}
		}
		return st
	}
	play := func(move string) stateJSON {
		t.Helper()
		var st stateJSON
		if code, raw := a.do("POST", path+"/moves", created.Token, jsonBody(moveRequest{Move: move}), &st); code != http.StatusOK {
			t.Fatalf("move %s: %d %s", move, code, raw)
		}
		return st
	}

	start := seen("at the start")
	if start.Version < 1 {
		t.Fatalf("the game starts at version %d", start.Version)
	}
	moves := a.allMoves(path, created.Token)
	if st := play(moves[0]); st.Version != start.Version+1 {
		t.Errorf("the move answers version %d after %d", st.Version, start.Version)
	}
	waitPly(t, a, created.ID, created.Token, 2)
	replied := seen("after the computer's reply")
	if replied.Version != start.Version+2 {
		t.Errorf("after a move and the reply the version is %d, from %d", replied.Version, start.Version)
	}

	var back stateJSON
	if code, raw := a.do("POST", path+"/takeback", created.Token, "", &back); code != http.StatusOK {
		t.Fatalf("takeback: %d %s", code, raw)
	}
	if back.Ply != 0 || back.Version != replied.Version+1 {
		t.Errorf("the takeback answers ply %d, version %d, after ply %d, version %d: want ply 0 and the version one higher",
			back.Ply, back.Version, replied.Ply, replied.Version)
	}
	if st := seen("after the takeback"); st.Version != back.Version {
		t.Errorf("after the takeback the game is at version %d, its answer said %d", st.Version, back.Version)
	}

	// Another move in place of the one taken back: the same ply as
	// before the takeback, at a higher version.
	if st := play(moves[1]); st.Version != back.Version+1 {
		t.Errorf("the move after the takeback answers version %d after %d", st.Version, back.Version)
	}
	waitPly(t, a, created.ID, created.Token, 2)
	again := seen("after the move played again and the reply")
	if again.Ply != replied.Ply || again.Version != back.Version+2 {
		t.Errorf("after the takeback, another move and the reply: ply %d, version %d; before the takeback ply %d, version %d",
			again.Ply, again.Version, replied.Ply, replied.Version)
	}
}
