// Package ruletext words the library's rule ids for a person at a
// terminal. The library ends an error with its rule in brackets, "(G4)",
// which a reader of a 7×7 board takes for a square: the programs say
// "(rule G4)".
package ruletext

import (
	"errors"
	"strings"

	"github.com/hopsgames/hops"
)

// Cite returns the citation of a rule: "(rule K3)".
func Cite(rule string) string { return "(rule " + rule + ")" }

// Error returns err's text with the rule of the library's error it ends
// with, if any, cited by Cite.
func Error(err error) string {
	text := err.Error()
	var e *hops.Error
	if !errors.As(err, &e) || e.Rule == "" {
		return text
	}
	if head, ok := strings.CutSuffix(text, " ("+e.Rule+")"); ok {
		return head + " " + Cite(e.Rule)
	}
	return text
}
