package referee

import (
	"net/http"
	"testing"
	"time"

	"github.com/hopsgames/hops"
)

// TestRecordDateIsTheUTCDay: a record's Date is the day the game was
// created in UTC, not on the server's clock: created at half past
// midnight two hours east of Greenwich, it is the day before.
func TestRecordDateIsTheUTCDay(t *testing.T) {
	clk := &clock{now: time.Date(2030, 1, 1, 0, 30, 0, 0, time.FixedZone("east", 2*3600))}
	cfg := testConfig(190)
	cfg.Now = clk.Now
	c := newClientWith(t, cfg)
	h := c.create("zapita", "")
	code, _, text := c.raw("GET", "/games/"+h.ID+"/record", "")
	rec, err := hops.ReadRecord(text)
	if code != http.StatusOK || err != nil {
		t.Fatalf("record: %d %v\n%s", code, err, text)
	}
	if date, _ := rec.Tag("Date"); date != "2029.12.31" {
		t.Errorf("Date %q, want 2029.12.31", date)
	}
}
