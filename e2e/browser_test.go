package e2e

import (
	"bufio"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// The referee under test and the browser, shared by the tests.
var (
	serverURL  string
	dataDir    string
	refereeBin string // the referee's command, built once
	browserCtx context.Context
	shotsDir   string
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	chromium := os.Getenv("CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: no Chromium at %s (install Debian's chromium, or set $CHROMIUM): %v\n", chromium, err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "hops-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(tmp)

	shotsDir = os.Getenv("SCREENSHOTS")
	if shotsDir == "" {
		shotsDir = "screenshots"
	}
	if err := os.MkdirAll(shotsDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}

	stop, err := startReferee(tmp)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: starting the referee:", err)
		return 1
	}
	defer stop()

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(filepath.Join(tmp, "chromium")),
		chromedp.WindowSize(1200, 860),
	)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	if err := chromedp.Run(ctx); err != nil { // starts the browser
		fmt.Fprintln(os.Stderr, "e2e: starting Chromium:", err)
		return 1
	}
	browserCtx = ctx
	return m.Run()
}

// startReferee builds the referee and runs it on a free port of the
// loopback interface, keeping its games in a directory of tmp.
func startReferee(tmp string) (stop func(), err error) {
	bin := filepath.Join(tmp, "referee")
	build := exec.Command("go", "build", "-o", bin, "github.com/hopsgames/hops/examples/referee")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("go build: %w", err)
	}
	refereeBin = bin
	dataDir = filepath.Join(tmp, "games")
	// Every page of the tests, run side by side, comes from 127.0.0.1:
	// no share of connections or event streams for one address, which
	// the tests of several pages at once went over now and then (429).
	cmd := exec.Command(bin, "-addr", "127.0.0.1:0", "-data", dataDir, "-create-rate", "0", "-max-plies", "400",
		"-max-conns-per-client", "0", "-max-streams-per-client", "1000")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	stop = func() {
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		found := false
		for sc.Scan() {
			line := sc.Text()
			if !found {
				if _, a, ok := strings.Cut(line, "listening on "); ok {
					found = true
					addr <- a
				}
			}
			if strings.Contains(line, "panic") || strings.Contains(line, "failed") || strings.Contains(line, "internal") {
				fmt.Fprintln(os.Stderr, "referee:", line)
				refereeTrouble.Store(line)
			}
		}
	}()
	select {
	case a := <-addr:
		serverURL = "http://" + a
		return stop, nil
	case <-time.After(30 * time.Second):
		stop()
		return nil, fmt.Errorf("the referee did not say where it listens")
	}
}

// refereeTrouble holds a line of the referee's log that tells of a bug.
var refereeTrouble atomicString

type atomicString struct {
	mu sync.Mutex
	s  string
}

func (a *atomicString) Store(s string) { a.mu.Lock(); a.s = s; a.mu.Unlock() }
func (a *atomicString) Load() string   { a.mu.Lock(); defer a.mu.Unlock(); return a.s }

// page is one person's browser: a browser context of its own (its own
// storage, as another browser profile), with a record of every answer
// the page received.
type page struct {
	t    *testing.T
	name string
	ctx  context.Context
	bc   cdp.BrowserContextID // its own storage and downloads

	// midShot, if set, names the screenshot to take in the middle of
	// building a move, once the game is under way.
	midShot string
	// prompts are those the page showed while moves were built.
	prompts []string

	mu        sync.Mutex
	urls      map[network.RequestID]*response
	responses []*response
	pending   sync.WaitGroup
}

// response is one answer the page received, as the network saw it.
type response struct {
	url, mime string
	stream    bool // an event stream, recorded as it came
	body      []byte
	err       error
}

func newPage(t *testing.T, name string) *page {
	t.Helper()
	// A browser context of its own, with a window: headless Chromium
	// opens no tab in a new context without one.
	var tid target.ID
	var bc cdp.BrowserContextID
	err := chromedp.Run(browserCtx, chromedp.ActionFunc(func(ctx context.Context) error {
		ctx = cdp.WithExecutor(ctx, chromedp.FromContext(ctx).Browser)
		var err error
		bc, err = target.CreateBrowserContext().WithDisposeOnDetach(true).Do(ctx)
		if err != nil {
			return err
		}
		tid, err = target.CreateTarget("about:blank").WithBrowserContextID(bc).WithNewWindow(true).Do(ctx)
		return err
	}))
	if err != nil {
		t.Fatalf("%s: a new browser context: %v", name, err)
	}
	ctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithTargetID(tid))
	t.Cleanup(cancel)
	p := &page{t: t, name: name, ctx: ctx, bc: bc, urls: map[network.RequestID]*response{}}
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			r := &response{url: e.Response.URL, mime: e.Response.MimeType}
			p.mu.Lock()
			p.urls[e.RequestID] = r
			p.mu.Unlock()
			if r.mime == "text/event-stream" {
				// A stream the page reads as it comes: Chromium gives
				// its data chunk by chunk once asked to.
				r.stream = true
				p.pending.Add(1)
				go func() {
					defer p.pending.Done()
					var buffered []byte
					err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
						var err error
						buffered, err = network.StreamResourceContent(e.RequestID).Do(ctx)
						return err
					}))
					p.mu.Lock()
					r.body = append(buffered, r.body...)
					if err != nil {
						r.err = err
					}
					p.mu.Unlock()
				}()
			}
		case *network.EventDataReceived:
			p.mu.Lock()
			if r := p.urls[e.RequestID]; r != nil && r.stream && e.Data != "" {
				if b, err := base64.StdEncoding.DecodeString(e.Data); err != nil {
					r.err = err
				} else {
					r.body = append(r.body, b...)
				}
			}
			p.mu.Unlock()
		case *network.EventLoadingFinished:
			p.mu.Lock()
			r := p.urls[e.RequestID]
			if r != nil && r.stream {
				p.responses = append(p.responses, r)
				r = nil
			}
			p.mu.Unlock()
			if r == nil {
				return
			}
			p.pending.Add(1)
			go func() {
				defer p.pending.Done()
				var body []byte
				err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
					var err error
					body, err = network.GetResponseBody(e.RequestID).Do(ctx)
					return err
				}))
				p.mu.Lock()
				r.body, r.err = body, err
				p.responses = append(p.responses, r)
				p.mu.Unlock()
			}()
		case *network.EventLoadingFailed:
			p.mu.Lock()
			if r := p.urls[e.RequestID]; r != nil {
				// Chromium may call a stream aborted when the page has
				// read it to its end before the loader finished: what
				// it received is still recorded.
				if !r.stream {
					r.err = fmt.Errorf("loading failed: %s", e.ErrorText)
				}
				p.responses = append(p.responses, r)
			}
			p.mu.Unlock()
		}
	})
	// The first run attaches to the tab for the life of ctx: it must
	// have no timeout of its own.
	if err := chromedp.Run(ctx, network.Enable()); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return p
}

// do runs actions in the page, failing the test on error.
func (p *page) do(actions ...chromedp.Action) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", p.name, err)
	}
}

// view is what the page shows of the game, read from the status line's
// data attributes and the page's phase.
type view struct {
	Phase    string `json:"phase"`
	Stream   string `json:"stream"`
	Clicks   string `json:"clicks"`
	Turn     string `json:"turn"`
	Ply      string `json:"ply"`
	Status   string `json:"status"`
	Position string `json:"position"`
	You      string `json:"you"`
	Game     string `json:"game"`
	Text     string `json:"text"`
	Message  string `json:"message"`
	Hash     string `json:"hash"`
}

const readView = `(() => {
	const s = document.getElementById('status');
	// While a navigation replaces the document, it may have no body yet.
	if (!document.body || !s) return {phase: 'loading'};
	return {
		phase: document.body.dataset.phase || '', stream: document.body.dataset.stream || '',clicks: document.body.dataset.clicks || '',
		turn: s.dataset.turn || '', ply: s.dataset.ply || '', status: s.dataset.status || '',
		position: s.dataset.position || '', you: s.dataset.you || '', game: s.dataset.game || '',
		text: s.textContent, message: document.getElementById('message').textContent,
		hash: location.hash,
	};
})()`

func (p *page) read() view {
	p.t.Helper()
	var v view
	p.do(chromedp.Evaluate(readView, &v))
	return v
}

// waitFor polls the page until cond holds, and returns what it showed.
func (p *page) waitFor(what string, timeout time.Duration, cond func(view) bool) view {
	p.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		v := p.read()
		if cond(v) {
			return v
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s: waited %v for %s; the page shows %+v", p.name, timeout, what, v)
		}
		if s := refereeTrouble.Load(); s != "" {
			p.t.Fatalf("%s: the referee logged: %s", p.name, s)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// screenshot writes a picture of the page under the screenshots folder.
func (p *page) screenshot(name string) string {
	p.t.Helper()
	var png []byte
	p.do(chromedp.FullScreenshot(&png, 100))
	path := filepath.Join(shotsDir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	return path
}

// bodies waits for the answers under way and returns those received.
func (p *page) bodies() []*response {
	p.pending.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]*response, len(p.responses))
	for i, r := range p.responses {
		c := *r
		c.body = slices.Clone(r.body)
		out[i] = &c
	}
	return out
}

// html returns the page's whole document as it stands.
func (p *page) html() string {
	var s string
	p.do(chromedp.Evaluate(`document.documentElement.outerHTML`, &s))
	return s
}

var idOfHash = regexp.MustCompile(`^#game=([0-9a-f]+)$`)

// gameID returns the id of the game the page shows.
func (p *page) gameID() string {
	p.t.Helper()
	v := p.read()
	m := idOfHash.FindStringSubmatch(v.Hash)
	if m == nil {
		p.t.Fatalf("%s: the address shows no game: %q", p.name, v.Hash)
	}
	return m[1]
}

// journal returns the event lines of a game's journal in the referee's
// store, without the journal's header line.
func journal(t *testing.T, id string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(dataDir, id+".journal"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > 0 && strings.HasPrefix(lines[0], "hops-journal ") {
		lines = lines[1:]
	}
	return lines
}
