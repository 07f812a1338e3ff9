// Package pgtest runs a throwaway PostgreSQL server for the tests of the
// store: initdb in a temporary directory, the server on a unix socket in
// that directory, stopped when the test ends. The binaries come from
// Debian's postgresql package (/usr/lib/postgresql/*/bin) or the PATH.
//
// When no PostgreSQL is installed the tests are skipped with a message,
// unless the environment variable CI is set, where they fail: continuous
// integration must not pass without having run them.
package pgtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Server is a running PostgreSQL server.
type Server struct {
	bin  string // the directory of initdb and postgres
	dir  string // data/ and the socket
	cred *syscall.Credential

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
	logs *os.File
}

// binDir returns the directory of PostgreSQL's server binaries, or "".
func binDir() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { // the newest version first
		return version(b) - version(a)
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// Available reports whether PostgreSQL's server binaries are installed.
func Available() bool { return binDir() != "" }

// Require returns the directory of the PostgreSQL binaries, skipping the
// test when there are none, or failing it under CI.
func Require(t testing.TB) string {
	t.Helper()
	bin := binDir()
	if bin == "" {
		msg := "no PostgreSQL server binaries (initdb, postgres) under /usr/lib/postgresql/*/bin or in PATH: install Debian's postgresql package to run this test"
		if os.Getenv("CI") != "" {
			t.Fatal(msg + " (CI is set: this test must run)")
		}
		t.Skip(msg)
	}
	return bin
}

// Start creates a database cluster in a temporary directory and starts
// its server; both are removed when the test ends. As root, the server
// runs as the user nobody (PostgreSQL refuses to run as root).
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{bin: Require(t)}
	dir, err := os.MkdirTemp("", "hops-pg-")
	if err != nil {
		t.Fatal(err)
	}
	s.dir = dir
	t.Cleanup(func() {
		s.signal(syscall.SIGCONT) // a paused server would not stop
		s.Stop()
		os.RemoveAll(dir)
	})
	if os.Geteuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			t.Fatalf("running as root, and no user nobody to run PostgreSQL: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		s.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	initdb := s.command(filepath.Join(s.bin, "initdb"), "-D", s.data(), "-U", "hops", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C")
	if out, err := initdb.CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	if err := s.Restart(); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *Server) data() string { return filepath.Join(s.dir, "data") }

// command returns a command run as the server's user, in its own process
// group, so that stopping the test's process group spares nothing.
func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = s.dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Credential: s.cred, Pdeathsig: syscall.SIGKILL}
	return cmd
}

// URL returns the connection URL of database name (the cluster's first
// database is "postgres"), over the unix socket.
func (s *Server) URL(name string) string {
	return fmt.Sprintf("postgres://hops@/%s?host=%s&sslmode=disable", name, s.dir)
}

// Restart starts the server if it is stopped, and waits until it takes
// connections.
func (s *Server) Restart() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return nil
	}
	logs, err := os.OpenFile(filepath.Join(s.dir, "server.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	cmd := s.command(filepath.Join(s.bin, "postgres"), "-D", s.data(), "-k", s.dir,
		"-c", "listen_addresses=", "-c", "max_connections=200", "-c", "shared_buffers=32MB")
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		logs.Close()
		return err
	}
	s.cmd, s.logs, s.done = cmd, logs, make(chan struct{})
	var exited atomic.Bool
	go func(done chan struct{}) {
		cmd.Wait()
		exited.Store(true)
		close(done)
	}(s.done)
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn, err := pgx.Connect(ctx, s.URL("postgres"))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			return nil
		}
		if exited.Load() || time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
			return fmt.Errorf("PostgreSQL did not start: %v\n%s", err, log)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop stops the server (a fast shutdown: open transactions are rolled
// back, committed ones kept), killing it if it takes more than 10 s.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
		<-s.done
	}
	s.logs.Close()
	s.cmd = nil
}

// Pause stops the server and every process of it where it stands
// (SIGSTOP), as a machine or a storage that hangs does: its connections
// stay open and nothing answers on them, nor on new ones, until Resume.
// A paused server is resumed when the test ends.
func (s *Server) Pause() error {
	return s.signal(syscall.SIGSTOP)
}

// Resume lets a paused server go on (SIGCONT).
func (s *Server) Resume() error {
	return s.signal(syscall.SIGCONT)
}

// signal sends sig to the server and to every process it started (its
// backends, each of which is a process group of its own), the server
// first.
func (s *Server) signal(sig syscall.Signal) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return fmt.Errorf("the PostgreSQL server is not running")
	}
	pid := s.cmd.Process.Pid
	if err := syscall.Kill(pid, sig); err != nil {
		return err
	}
	for _, child := range children(pid) {
		syscall.Kill(child, sig) // it may have ended meanwhile
	}
	return nil
}

// children returns the processes whose parent is pid, from /proc.
func children(pid int) []int {
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	var out []int
	for _, d := range dirs {
		b, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		i := strings.LastIndexByte(string(b), ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 2 {
			continue
		}
		if ppid, _ := strconv.Atoi(f[1]); ppid == pid {
			if child, err := strconv.Atoi(filepath.Base(filepath.Dir(d))); err == nil {
				out = append(out, child)
			}
		}
	}
	return out
}

// Database creates a new empty database and returns its URL.
func (s *Server) Database(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	name := "t" + strconv.Itoa(int(seq.Add(1)))
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	return s.URL(name)
}

var seq atomic.Int32

// Log returns the server's log, for a test's failure message.
func (s *Server) Log() string {
	b, _ := os.ReadFile(filepath.Join(s.dir, "server.log"))
	return strings.TrimSpace(string(b))
}
