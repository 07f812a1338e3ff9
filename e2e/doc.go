// Package e2e tests the referee's web page in a real browser: it starts
// the referee, drives headless Chromium through the page by clicking
// squares as a person would, plays whole games of each game against the
// computer player and between two people, and checks that a Brouillard
// player's page never holds the other's hidden pawns. With PostgreSQL
// installed (Debian's postgresql package) it also runs two referees on
// one database and plays, through the page of the second, a game created
// on the first; without it that test is skipped, unless CI is set.
//
// It is a module of its own so that the library's module needs no
// browser driver. Run it with
//
//	cd e2e && go test ./...
//
// It needs Chromium (Debian's chromium package, or the program named by
// $CHROMIUM) and writes a screenshot of each finished game under
// $SCREENSHOTS, or e2e/screenshots by default.
package e2e
