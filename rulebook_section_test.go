package hops

import (
	"strings"
	"testing"
)

// Every game's section of the rule book is found whole: its heading, its
// rules from the first to the last, and nothing of the next section.
func TestRuleSection(t *testing.T) {
	for _, c := range []struct{ prefix, first, last, next string }{
		{"G. ", "**G1 ", "**G12 ", "## Z."},
		{"Z. ", "**Z1 ", "**Z9 ", "## K."},
		{"K. ", "**K1 ", "**K12 ", "## C."},
		{"C. ", "**C1 ", "**C9 ", "## B."},
		{"B. ", "**B1 ", "**B13 ", "## Index"},
	} {
		s := RuleSection(c.prefix)
		if !strings.HasPrefix(s, "## "+c.prefix) {
			t.Errorf("%q: starts %.40q", c.prefix, s)
		}
		for _, want := range []string{c.first, c.last} {
			if !strings.Contains(s, "\n"+want) {
				t.Errorf("%q: no %q", c.prefix, want)
			}
		}
		if strings.Contains(s, c.next) || strings.Contains(s, "-----") {
			t.Errorf("%q: runs into the next section", c.prefix)
		}
	}
	if RuleBook() == "" || !strings.HasPrefix(RuleBook(), "# The HOPS games") {
		t.Error("RuleBook is not RULES.md")
	}
}
