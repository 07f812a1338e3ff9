package hops

import (
	_ "embed"
	"strings"
)

//go:embed RULES.md
var ruleBook string

// RuleBook returns the project's rule book, RULES.md, as Markdown: the
// rules of the four games under the ids that errors and outcomes cite
// (Error.Rule), so that a program can show a player the rule he broke.
func RuleBook() string { return ruleBook }

// RuleSection returns the part of the rule book under the level-two
// heading that starts with prefix, as "K. " for Catch'it's rules or "G. "
// for the rules common to the four games, heading included, up to the
// next level-two heading; "" when no heading starts so.
func RuleSection(prefix string) string {
	rest := "\n" + ruleBook
	i := strings.Index(rest, "\n## "+prefix)
	if i < 0 {
		return ""
	}
	rest = rest[i+1:]
	if j := strings.Index(rest[3:], "\n## "); j >= 0 {
		rest = rest[:3+j+1]
	}
	// The sections are parted by a rule of dashes, which belongs to none.
	rest = strings.TrimRight(rest, "\n")
	rest = strings.TrimRight(rest, "-")
	return strings.TrimRight(rest, "\n") + "\n"
}
