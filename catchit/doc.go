// Package catchit implements Catch'it.
package catchit
