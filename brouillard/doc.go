// Package brouillard implements Brouillard au Palais.
package brouillard
