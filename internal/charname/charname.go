// Package charname names a character of a text in an error message, as
// the person typed it: the character itself, never one of its bytes.
package charname

import (
	"fmt"
	"unicode"
	"unicode/utf8"
)

// Of writes r for an error message: in single quotes when it is
// printable ('é'; the quote itself as "'"), as its code point (U+FEFF)
// otherwise.
func Of(r rune) string {
	switch {
	case r == '\'':
		return `"'"`
	case unicode.IsPrint(r):
		return "'" + string(r) + "'"
	}
	return fmt.Sprintf("%U", r)
}

// At names what begins at byte i of text: "character 'é'" (as Of writes
// it), or "invalid UTF-8 byte 0xff" where no valid UTF-8 sequence begins
// there. size is the length in bytes of what it names.
func At(text string, i int) (name string, size int) {
	r, size := utf8.DecodeRuneInString(text[i:])
	if r == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("invalid UTF-8 byte %#02x", text[i]), 1
	}
	return "character " + Of(r), size
}
