package charname

import "testing"

func TestOf(t *testing.T) {
	for r, want := range map[rune]string{'a': "'a'", 'é': "'é'", '中': "'中'", '\'': `"'"`, 0: "U+0000", '\ufeff': "U+FEFF", '\u200b': "U+200B", '\ufffd': "'\ufffd'"} {
		if got := Of(r); got != want {
			t.Errorf("Of(%U) = %s, want %s", r, got, want)
		}
	}
}

func TestAt(t *testing.T) {
	for _, c := range []struct {
		text string
		i    int
		want string
		size int
	}{
		{"abé", 2, "character 'é'", 2},
		{"a中", 1, "character '中'", 3},
		{"\ufeffx", 0, "character U+FEFF", 3},
		{"a\xffb", 1, "invalid UTF-8 byte 0xff", 1},
		{"\xc3", 0, "invalid UTF-8 byte 0xc3", 1},
		{"x\ufffd", 1, "character '\ufffd'", 3}, // a real U+FFFD is a character
		{"a\x00", 1, "character U+0000", 1},
	} {
		if got, size := At(c.text, c.i); got != c.want || size != c.size {
			t.Errorf("At(%q, %d) = %s, %d; want %s, %d", c.text, c.i, got, size, c.want, c.size)
		}
	}
}
