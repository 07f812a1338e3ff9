//go:build aix || darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd || solaris

package referee

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"
)

// lockDir takes the lock of the games' directory dir for this process,
// a POSIX record lock on the file referee.lock in it, and returns that
// file, which holds the lock until it is closed or the process ends
// (a crash leaves no lock behind). If another process holds it, the error
// says which.
func lockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockName), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	lk := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: io.SeekStart}
	if err := syscall.FcntlFlock(f.Fd(), syscall.F_SETLK, &lk); err != nil {
		defer f.Close()
		if !errors.Is(err, syscall.EAGAIN) && !errors.Is(err, syscall.EACCES) {
			return nil, fmt.Errorf("locking %s: %w", dir, err)
		}
		holder := ""
		who := syscall.Flock_t{Type: syscall.F_WRLCK, Whence: io.SeekStart}
		if syscall.FcntlFlock(f.Fd(), syscall.F_GETLK, &who) == nil && who.Pid > 0 {
			holder = fmt.Sprintf(" (pid %d)", who.Pid)
		}
		return nil, fmt.Errorf("%s is in use by another process%s: two servers must not keep their games in one directory", dir, holder)
	}
	return f, nil
}
