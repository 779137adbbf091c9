package pgnout

import (
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// game is a hand-made game with a NAG, a comment, a variation and a result;
// its main-line half-moves end at "Nf3!" (ply 3 with its glyph) and so on.
const game = "[Event \"Club\"]\n[Result \"1/2-1/2\"]\n\n" +
	"1. e4 e5 2. Nf3! {best} (2. f4 exf4) Nc6 3. Ng1 Nb8 4. Nf3 Nc6 1/2-1/2"

func claim(ply int32, side, kind, move string, missed bool) *report.Finding {
	return &report.Finding{Edition: "fide2017", Article: "9.2.1.1", Rule: "threefold", Kind: kind, Ply: ply,
		Side: side, Move: move, Missed: missed, ClaimantOutcome: "draw"}
}

// TestAppendByHand checks the written game against text worked by hand: the
// tag after the last tag line, each comment right after its ply's move and
// glyphs, before the move's own comment, everything else byte for byte.
func TestAppendByHand(t *testing.T) {
	f1 := claim(3, "black", "move_available", "Nc6", true)
	f2 := &report.Finding{GameInfo: &report.GameInfo{Result: "1-0"}, Edition: "fide2017", Article: "9.6.1", Rule: "fivefold", Kind: "automatic", Ply: 8,
		Side: "white", MandatedResult: "1/2-1/2", Missed: true, PliesAfter: 2, ResultDiffers: true}
	got := string(Append(nil, []byte(game), []*report.Finding{f1, f2}, &testNames))
	want := "[Event \"Club\"]\n[Result \"1/2-1/2\"]\n" +
		"[PgnscanFindings \"fide2017 9.2.1.1 threefold ply 3 missed; fide2017 9.6.1 fivefold ply 8 missed result differs\"]\n\n" +
		"1. e4 e5 2. Nf3! {pgnscan: fide2017 9.2.1.1 threefold could be claimed by Black (move_available: Nc6); missed} {best} (2. f4 exf4) Nc6 " +
		"3. Ng1 Nb8 4. Nf3 Nc6 {pgnscan: fide2017 9.6.1 fivefold: the game is drawn here; 2 more plies played; the Result 1-0 differs} 1/2-1/2\n\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestAppendEdges: CRLF line ends kept, a finding at ply 0 before the first
// move, one past the moves read after the last, a game without tags.
func TestAppendEdges(t *testing.T) {
	crlf := strings.ReplaceAll(game, "\n", "\r\n")
	got := string(Append(nil, []byte(crlf), []*report.Finding{claim(0, "white", "on_board", "", false), claim(40, "white", "on_board", "", true)}, &testNames))
	want := "[Event \"Club\"]\r\n[Result \"1/2-1/2\"]\r\n" +
		"[PgnscanFindings \"fide2017 9.2.1.1 threefold ply 0; fide2017 9.2.1.1 threefold ply 40 missed\"]\r\n\r\n" +
		"{pgnscan: fide2017 9.2.1.1 threefold could be claimed by White (on_board); claimed} " +
		"1. e4 e5 2. Nf3! {best} (2. f4 exf4) Nc6 3. Ng1 Nb8 4. Nf3 Nc6 {pgnscan: fide2017 9.2.1.1 threefold could be claimed by White (on_board); missed} 1/2-1/2\r\n\r\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	got = string(Append(nil, []byte("1. e4 e5 *"), []*report.Finding{claim(1, "white", "on_board", "", true)}, &testNames))
	want = "[PgnscanFindings \"fide2017 9.2.1.1 threefold ply 1 missed\"]\n\n1. e4 {pgnscan: fide2017 9.2.1.1 threefold could be claimed by White (on_board); missed} e5 *\n\n"
	if got != want {
		t.Errorf("no tags: got\n%q\nwant\n%q", got, want)
	}
}

func TestFilter(t *testing.T) {
	missed, taken := claim(3, "white", "on_board", "", true), claim(3, "white", "on_board", "", false)
	dead := &report.Finding{Rule: "dead_position", Missed: false}
	cases := []struct {
		fl   Filter
		f    *report.Finding
		keep bool
	}{
		{Filter{}, taken, true},
		{Filter{Missed: true}, taken, false},
		{Filter{Missed: true}, missed, true},
		{Filter{Rules: []string{"dead_position", "unwinnable_timeout"}}, missed, false},
		{Filter{Rules: []string{"dead_position", "unwinnable_timeout"}}, dead, true},
		{Filter{Rules: []string{"dead_position"}, Missed: true}, dead, false},
	}
	for i, c := range cases {
		if got := c.fl.Keep(c.f); got != c.keep {
			t.Errorf("case %d: Keep = %v, want %v", i, got, c.keep)
		}
	}
}

func TestParseFilter(t *testing.T) {
	fl, err := ParseFilter("unwinnable_timeout, dead_position", true)
	if err != nil || !fl.Missed || len(fl.Rules) != 2 || fl.Rules[1] != "dead_position" {
		t.Errorf("ParseFilter = %+v, %v", fl, err)
	}
	if _, err := ParseFilter("threefold,repetition", false); err == nil || !strings.Contains(err.Error(), `"repetition"`) {
		t.Errorf("unknown rule: %v", err)
	}
	if fl, err := ParseFilter("", false); err != nil || len(fl.Rules) != 0 {
		t.Errorf("empty list: %+v, %v", fl, err)
	}
}

// testNames tells the draw claims as rules.md 4.2 does (scan.Names hands the same in a scan).
var testNames = report.Names{Claims: []string{"threefold", "fifty_move"}, Automatic: "automatic"}
