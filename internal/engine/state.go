package engine

import "github.com/hopsgames/hops"

// NoState reports whether s holds no state: it is nil, or a value that
// says it is zero through a method IsZero() bool, as the zero games.State
// (what JSON null decodes to) does. The packages that take a hops.State
// treat such a value as they treat nil (the root package keeps a copy of
// its own, since it cannot import this one).
func NoState(s hops.State) bool {
	z, ok := s.(interface{ IsZero() bool })
	return s == nil || ok && z.IsZero()
}

// ErrNoState returns the error of no state given where one is needed.
func ErrNoState() error { return hops.Errorf(hops.ErrSyntax, "", "state", "no state") }
