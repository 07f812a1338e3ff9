package pgstore

import (
	"context"
	"strings"
	"sync"
	"testing"
)

// TestOpenAtOnce: nodes that start together on a new database all open
// it: one makes the schema while the others wait for it, rather than two
// making the same tables and one failing.
func TestOpenAtOnce(t *testing.T) {
	url := pg(t).Database(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(context.Background(), url)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("node %d: %v", i, err)
		}
	}
}

// TestLongestSchemaName: a schema whose notification channel is exactly
// as long as PostgreSQL takes opens, and its changes are heard.
func TestLongestSchemaName(t *testing.T) {
	ctx := context.Background()
	url := pg(t).Database(t)
	name := strings.Repeat("s", maxIdentifier-len("hops_"))
	if _, err := connect(t, url).Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatal(err)
	}
	s := open(t, url+"&search_path="+name)
	heard := make(chan string, 10)
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go s.Watch(wctx, func(id string) { heard <- id })
	waitListening(t, s)
	if err := s.Create(ctx, "g", create()); err != nil {
		t.Fatal(err)
	}
	hear(t, heard, "the creation")
}
