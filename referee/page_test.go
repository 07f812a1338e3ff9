package referee

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// raw fetches path with an optional token and returns the status, the
// content type and the body, whatever their type.
func (c *client) raw(method, path, token string) (int, string, string) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.url+path, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
}

// The rules of each game come from the rule book: the game's section
// first, then the common rules, every rule under its id.
func TestRules(t *testing.T) {
	c := newClient(t)
	for name, want := range map[string][]string{
		"catchit":    {"## K. Catch'it", "**K8 ", "## G. Rules common"},
		"zapita":     {"## Z. Zapita", "**Z9 ", "**G12 "},
		"coir":       {"## C. Coir Circuit", "**C6 ", "**G1 "},
		"brouillard": {"## B. Brouillard au Palais", "**B8 ", "**G5 "},
	} {
		code, ct, body := c.raw("GET", "/rules/"+name, "")
		if code != http.StatusOK || !strings.HasPrefix(ct, "text/markdown") {
			t.Fatalf("GET /rules/%s: %d %q", name, code, ct)
		}
		if !strings.HasPrefix(body, want[0]) {
			t.Errorf("GET /rules/%s starts %.40q, want %q", name, body, want[0])
		}
		for _, w := range want[1:] {
			if !strings.Contains(body, w) {
				t.Errorf("GET /rules/%s has no %q", name, w)
			}
		}
		for _, other := range []string{"## Z.", "## K.", "## C.", "## B."} {
			if other != want[0][:5] && strings.Contains(body, other) {
				t.Errorf("GET /rules/%s holds another game's section %q", name, other)
			}
		}
		if code, body := c.svg("/rules/"+name+"/start.svg", ""); code != http.StatusOK || !strings.Contains(body, `data-square="A1"`) {
			t.Errorf("GET /rules/%s/start.svg: %d", name, code)
		}
	}
	if code, _ := c.do("GET", "/rules/chess", "", "", nil); code != http.StatusNotFound {
		t.Errorf("GET /rules/chess: %d, want 404", code)
	}
}
