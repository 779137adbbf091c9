package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestClip: short valid text is kept; long text is cut at a character boundary to at most n
// bytes ending in "…"; invalid UTF-8 is repaired, also where the cut falls inside a character.
func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"short", 80, "short"},
		{strings.Repeat("a", 80), 80, strings.Repeat("a", 80)},
		{strings.Repeat("a", 81), 80, strings.Repeat("a", 77) + "…"},
		{strings.Repeat("é", 50), 80, strings.Repeat("é", 38) + "…"}, // 77 bytes hold 38 two-byte é
		{"a\xffb", 80, "a\uFFFDb"},
		{strings.Repeat("♔", 30), 10, "♔♔…"},
	} {
		got := Clip(c.s, c.n)
		if got != c.want {
			t.Errorf("Clip(%.20q…, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
		if len(got) > c.n || !utf8.ValidString(got) {
			t.Errorf("Clip(%.20q…, %d) = %q: %d bytes or invalid UTF-8", c.s, c.n, got, len(got))
		}
	}
}

// TestOutputsClipFaults: the rows the outputs take are clipped (the caller's row is not
// changed), and so are the summary's copies of them and an input's error.
func TestOutputsClipFaults(t *testing.T) {
	o := &Outputs{Summary: NewSummary(testNames)}
	long := strings.Repeat("Q", 1<<20)
	e := Error{Source: "a.pgn", Message: "board: malformed SAN " + long, Excerpt: strings.Repeat("\x90", 80)}
	if err := o.AddError(&e); err != nil {
		t.Fatal(err)
	}
	if len(e.Message) < 1<<20 {
		t.Error("the caller's row was changed")
	}
	g := Game{GameInfo: &GameInfo{Source: "a.pgn"}, Edition: "fide2017", Error: long}
	if err := o.AddGame(&g); err != nil {
		t.Fatal(err)
	}
	o.Summary.SetInput(Input{Name: "a.pgn", Err: long})
	for _, line := range o.Summary.FirstErrors() {
		if len(line) > MaxMessage+100 {
			t.Errorf("summary error line of %d bytes", len(line))
		}
	}
	meta, err := o.Summary.metadata()
	if err != nil {
		t.Fatal(err)
	}
	if len(meta) > 4*MaxMessage {
		t.Errorf("metadata of %d bytes", len(meta))
	}
	if got := clipError(&e); len(got.Excerpt) > MaxExcerpt || !utf8.ValidString(got.Excerpt) || len(got.Message) > MaxMessage {
		t.Errorf("clipped error: message %d bytes, excerpt %d bytes %q", len(got.Message), len(got.Excerpt), got.Excerpt)
	}
}
