package referee

import (
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hopsgames/hops/games"
)

// worstCoir is the Coir position with the most legal moves known
// (coir/testdata/worst.txt): a Dame with 244 591 moves.
const worstCoir = "w1b3/4b1/b1bbbb/2b3/1b2b1/2b3 w"

// setPosition puts a game of the server in the given position, as if it
// had been played there.
func setPosition(t testing.TB, srv *Server, id, text string) {
	t.Helper()
	g, _ := games.ByName("coir")
	st, err := g.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	m, err := srv.lookup(id)
	if err != nil || m == nil {
		t.Fatalf("no game %s: %v", id, err)
	}
	m.mu.Lock()
	m.start, m.state, m.version = st, st, m.version+1
	m.mu.Unlock()
}

// allocated returns the bytes the server allocates to answer GET path:
// the least of a few runs, since a collection between two runs empties
// the generators' pools of scratch space, which the next run then
// allocates again.
func allocated(t *testing.T, srv *Server, path string) uint64 {
	t.Helper()
	serve := func() {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
		}
	}
	serve() // warm up
	least := uint64(math.MaxUint64)
	for range 7 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		serve()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// TestMovesPageCost: a page of one move in the Coir position with the most
// moves costs about what it costs at the start (in bytes allocated, which
// the whole list of 244 591 texts would multiply by thousands), and a page
// deep in the list builds only its own texts.
func TestMovesPageCost(t *testing.T) {
	c := newClient(t)
	start := c.create("coir", "")
	worst := c.create("coir", "")
	setPosition(t, c.server(), worst.ID, worstCoir)
	srv := c.server()
	atStart := allocated(t, srv, "/games/"+start.ID+"/moves?limit=1")
	inWorst := allocated(t, srv, "/games/"+worst.ID+"/moves?limit=1")
	t.Logf("limit=1: %d bytes at the start, %d in the worst position", atStart, inWorst)
	if inWorst > 2*atStart+4096 {
		t.Errorf("limit=1 allocates %d bytes in the worst position, %d at the start", inWorst, atStart)
	}
	// A page deep in the list generates the moves before it, but builds
	// only its own texts (the 244 591 texts would take over 4 MiB).
	deep := allocated(t, srv, "/games/"+worst.ID+"/moves?offset=244000&limit=1000")
	t.Logf("a page of 591 moves at offset 244000: %d bytes", deep)
	if deep > 1<<20 {
		t.Errorf("a page of 591 moves deep in the list allocates %d bytes", deep)
	}
	// The pages still read the whole list, in order.
	var page movesJSON
	c.do("GET", "/games/"+worst.ID+"/moves?offset=244590&limit=5", "", "", &page)
	g, _ := games.ByName("coir")
	st, _ := g.Parse(worstCoir)
	if page.Total != 244591 || !slices.Equal(page.Moves, st.MovesPage(244590, 5)) || len(page.Moves) != 1 {
		t.Errorf("the last page: total %d, %v", page.Total, page.Moves)
	}
}

// loadFigures runs clients goroutines that read pages of the moves of
// Coir games in the worst position, while one well-behaved client reads
// a game's state now and then, for the given time. It returns the
// well-behaved client's 99th percentile latency and the peak heap.
func loadFigures(t testing.TB, clients int, d time.Duration) (p99 time.Duration, peakHeap uint64, requests int64) {
	c := newClient(t)
	srv := c.server()
	var ids []string
	for range 4 {
		h := c.create("coir", "")
		setPosition(t, srv, h.ID, worstCoir)
		ids = append(ids, h.ID)
	}
	quiet := c.create("catchit", "")
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var count atomic.Int64
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 1))
			for {
				select {
				case <-stop:
					return
				default:
				}
				path := fmt.Sprintf("/games/%s/moves?offset=%d&limit=%d", ids[r.IntN(len(ids))], r.IntN(244591), 1+r.IntN(MaxMovesLimit))
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
				if rec.Code != http.StatusOK {
					t.Errorf("GET %s: %d", path, rec.Code)
					return
				}
				count.Add(1)
			}
		}()
	}
	var peak atomic.Uint64
	wg.Add(1)
	go func() {
		defer wg.Done()
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
		}
	}()
	var lat []time.Duration
	for end := time.Now().Add(d); time.Now().Before(end); {
		t0 := time.Now()
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", "/games/"+quiet.ID, nil))
		lat = append(lat, time.Since(t0))
		if rec.Code != http.StatusOK {
			t.Errorf("the well-behaved client: %d", rec.Code)
		}
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	slices.Sort(lat)
	return lat[len(lat)*99/100], peak.Load(), count.Load()
}

// TestMovesLoadHeap: 32 clients reading pages of the moves of games in the
// worst Coir position keep the heap small, since no whole list is built.
func TestMovesLoadHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of load")
	}
	const bound = 64 << 20
	p99, heap, n := loadFigures(t, 32, 3*time.Second)
	t.Logf("32 clients: %d pages, peak heap %.1f MiB, a well-behaved client's p99 %v", n, float64(heap)/(1<<20), p99)
	if heap > bound {
		t.Errorf("peak heap %d bytes, over %d", heap, bound)
	}
}

// BenchmarkMovesLoad reports the figures of TestMovesLoadHeap: the
// well-behaved client's p99 latency and the peak heap, under the load of
// 32 clients reading moves in the worst Coir position.
func BenchmarkMovesLoad(b *testing.B) {
	for range b.N {
		p99, heap, n := loadFigures(b, 32, 2*time.Second)
		b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(heap)/(1<<20), "peak-heap-MiB")
		b.ReportMetric(float64(n)/2, "pages/s")
	}
}

// BenchmarkMovesPage compares a page of one move at Coir's start and in
// the worst position.
func BenchmarkMovesPage(b *testing.B) {
	c := newClient(b)
	srv := c.server()
	for _, tc := range []struct{ name, pos string }{{"start", ""}, {"worst", worstCoir}} {
		h := c.create("coir", "")
		if tc.pos != "" {
			setPosition(b, srv, h.ID, tc.pos)
		}
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, httptest.NewRequest("GET", "/games/"+h.ID+"/moves?limit=1", nil))
			}
		})
	}
}
