package referee

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestConfigureHTTP: a program that serves the referee under a path
// prefix with its own http.Server, readied by ConfigureHTTP, gets the
// limits the command has, the limits it set itself stay, and its
// Shutdown ends the event streams rather than wait for them.
func TestConfigureHTTP(t *testing.T) {
	srv, err := NewServer(testConfig(81))
	if err != nil {
		t.Fatal(err)
	}
	defaults := &http.Server{}
	srv.ConfigureHTTP(defaults)
	if defaults.ReadHeaderTimeout != 5*time.Second || defaults.ReadTimeout != 10*time.Second ||
		defaults.WriteTimeout != 30*time.Second || defaults.IdleTimeout != 30*time.Second || defaults.MaxHeaderBytes != 8<<10 {
		t.Errorf("the limits set: %+v", defaults)
	}

	mux := http.NewServeMux()
	mux.Handle("/hops/", http.StripPrefix("/hops", srv))
	hs := &http.Server{Handler: mux, ReadTimeout: 300 * time.Millisecond}
	srv.ConfigureHTTP(hs)
	if hs.ReadTimeout != 300*time.Millisecond || hs.ReadHeaderTimeout != 5*time.Second {
		t.Errorf("a limit the program set was changed, or one it left was not set: %+v", hs)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	base := "http://" + ln.Addr().String() + "/hops"

	// An event stream, open when the program shuts its server down.
	res, err := http.Post(base+"/games", "application/json", strings.NewReader(`{"game": "coir"}`))
	if err != nil {
		t.Fatal(err)
	}
	var created createdJSON
	json.NewDecoder(res.Body).Decode(&created)
	res.Body.Close()
	req, _ := http.NewRequest("GET", base+"/games/"+created.ID+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+created.Token)
	stream, err := http.DefaultClient.Do(req)
	if err != nil || stream.StatusCode != http.StatusOK {
		t.Fatalf("the event stream: %v %v", err, stream)
	}
	defer stream.Body.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	began := time.Now()
	if err := hs.Shutdown(ctx); err != nil {
		t.Errorf("Shutdown with a stream open: %v after %v", err, time.Since(began))
	}
}

// TestBodyThatStopsComing: a body that stops coming is answered 400 with
// its own message when the http.Server's read deadline passes (here one
// the test sets, short; ConfigureHTTP's is checked above), not left to
// hold the connection until the client gives up.
func TestBodyThatStopsComing(t *testing.T) {
	srv, err := NewServer(testConfig(82))
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: srv, ReadTimeout: 300 * time.Millisecond}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })

	// Headers, then half a body, then nothing.
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	io.WriteString(conn, "POST /games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"game\":")
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer to a body that stopped coming: %v", err)
	}
	var e errorJSON
	json.NewDecoder(resp.Body).Decode(&e)
	if resp.StatusCode != http.StatusBadRequest || e.Error != "the body did not arrive in time" {
		t.Errorf("a body that stopped coming: %d %+v", resp.StatusCode, e)
	}

}
