//go:build !(aix || darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd || solaris)

package referee

import "os"

// lockDir does nothing on a system without POSIX record locks: the
// directory is not locked (see OpenFileStore).
func lockDir(dir string) (*os.File, error) { return nil, nil }
