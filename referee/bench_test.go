package referee

import (
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/hopsgames/hops"
	"github.com/hopsgames/hops/games"
)

// benchGame is a Zapita game played out in advance (the first legal move
// each time), so that the benchmark times the server, not a player.
func benchGame(b *testing.B) []string {
	g, _ := games.ByName("zapita")
	s := g.Start(hops.First)
	var moves []string
	for len(moves) < 200 && !s.Outcome().Over {
		m := s.Moves()[0]
		var err error
		if s, err = s.Play(m); err != nil {
			b.Fatal(err)
		}
		moves = append(moves, m)
	}
	return moves
}

// benchServer is a server and a game being played in it.
type benchServer struct {
	b      *testing.B
	srv    *Server
	moves  []string
	id     string
	tokens map[string]string
	ply    int
}

func (bs *benchServer) call(method, path, token, body string, want int, out any) {
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	bs.srv.ServeHTTP(rec, req)
	if rec.Code != want {
		bs.b.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
	}
	if out != nil {
		json.Unmarshal(rec.Body.Bytes(), out)
	}
}

// newGame starts a new game in the server.
func (bs *benchServer) newGame() {
	var created createdJSON
	bs.call("POST", "/games", "", `{"game": "zapita"}`, http.StatusCreated, &created)
	var joined joinedJSON
	bs.call("POST", "/games/"+created.ID+"/join", "", jsonBody(joinRequest{Invitation: created.Invitation}), http.StatusOK, &joined)
	bs.id, bs.ply = created.ID, 0
	bs.tokens = map[string]string{created.You: created.Token, joined.You: joined.Token}
}

// next plays the game's next move.
func (bs *benchServer) next(sides [2]string) {
	if bs.ply == len(bs.moves) {
		bs.newGame()
	}
	token := bs.tokens[sides[bs.ply%2]]
	bs.call("POST", "/games/"+bs.id+"/moves", token, jsonBody(moveRequest{Move: bs.moves[bs.ply]}), http.StatusOK, nil)
	bs.ply++
}

// BenchmarkSubmitMove times POST /games/{id}/moves through the handler:
// in memory, and with -data, where every move is synced to the disk
// before it is answered. The parallel runs play one game per goroutine.
func BenchmarkSubmitMove(b *testing.B) {
	moves := benchGame(b)
	g, _ := games.ByName("zapita")
	for _, mode := range []string{"memory", "data"} {
		config := func() Config {
			c := Config{Rand: rand.NewChaCha8([32]byte{9}), MaxGames: 1 << 20}
			if mode == "data" {
				store, err := OpenFileStore(b.TempDir())
				if err != nil {
					b.Fatal(err)
				}
				c.Store = store
			}
			return c
		}
		b.Run(mode, func(b *testing.B) {
			srv, err := NewServer(config())
			if err != nil {
				b.Fatal(err)
			}
			bs := &benchServer{b: b, srv: srv, moves: moves}
			bs.newGame()
			b.ResetTimer()
			for range b.N {
				bs.next(g.Sides)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
		})
		b.Run(mode+"-parallel", func(b *testing.B) {
			srv, err := NewServer(config())
			if err != nil {
				b.Fatal(err)
			}
			var n atomic.Int64
			b.SetParallelism(4)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				bs := &benchServer{b: b, srv: srv, moves: moves}
				bs.newGame()
				for pb.Next() {
					bs.next(g.Sides)
					n.Add(1)
				}
			})
			b.ReportMetric(float64(n.Load())/b.Elapsed().Seconds(), "req/s")
		})
	}
}
