package scan

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// wkChunks splits text into chunks of games.
func wkChunks(t testing.TB, text string, size int) []*pgn.Chunk {
	t.Helper()
	sp := pgn.NewSplitter(strings.NewReader(text), pgn.SplitterOptions{Source: "t.pgn", ChunkSize: size})
	var out []*pgn.Chunk
	for {
		c, err := sp.Next()
		if c != nil {
			out = append(out, c)
		}
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// wkRows runs a worker over every game of text.
func wkRows(t testing.TB, text, editions string, full bool) rows {
	t.Helper()
	w := newWorker(plSelection(t, editions), full)
	var r rows
	for _, c := range wkChunks(t, text, 0) {
		w.chunk(c, &r, nil)
	}
	return r
}

// A lichess game with a threefold repetition: Black may claim at ply 7 by playing Ng8, White
// on the board at ply 8 (rules.md section 6). Clocks and evaluations follow the moves.
const wkLichess = `[Event "Rated Blitz game"]
[Site "https://lichess.org/AbCd1234"]
[Date "2025.05.01"]
[Round "-"]
[White "a \"quoted\" name"]
[Black "b"]
[Result "1/2-1/2"]
[UTCDate "2025.05.01"]
[WhiteElo "2370"]
[BlackElo "?"]
[TimeControl "180+2"]
[ECO "A04"]
[Termination "Normal"]
[Event "a second Event tag"]

1. Nf3 { [%eval 0.2] [%clk 0:03:00] } 1... Nf6 { [%clk 0:02:58] } 2. Ng1 { [%clk 0:02:55] }
2... Ng8 { [%clk 0:02:50] } 3. Nf3 { [%eval #-3] [%clk 0:02:45] } 3... Nf6 { [%clk 0:02:40] }
4. Ng1 { [%clk 0:02:35] } 4... Ng8 { [%clk 0:02:30] } 1/2-1/2
`

func TestWorkerRows(t *testing.T) {
	r := wkRows(t, wkLichess, "fide2017", true)
	if len(r.errors) != 0 || len(r.games) != 1 || len(r.findings) != 2 {
		t.Fatalf("%d errors, %d games, %d findings rows; want 0, 1, 2", len(r.errors), len(r.games), len(r.findings))
	}
	g := r.games[0]
	want := report.GameInfo{
		Source: "t.pgn", GameIndex: 0, GameOffset: 0, GameID: "AbCd1234",
		Event: "Rated Blitz game", Site: "https://lichess.org/AbCd1234", Date: "2025.05.01", Round: "-",
		White: `a "quoted" name`, Black: "b", Result: "1/2-1/2", TimeControl: "180+2", ECO: "A04",
		Termination: "Normal", WhiteElo: report.ValidInt32(2370), Variant: "standard",
	}
	if *g.GameInfo != want {
		t.Errorf("game info:\n got %+v\nwant %+v", *g.GameInfo, want)
	}
	if g.Edition != "fide2017" || g.EditionSource != "flag" || g.Plies != 8 || g.Error != "" ||
		g.FinalFEN != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5" {
		t.Errorf("games row: %+v", g)
	}
	// Black's claim at P7 (after 4. Ng1, clock 2:35): White's latest clock 2:35, Black's 2:40,
	// evaluation #-3 (from ply 5). White's at P8: clocks 2:35 and 2:30.
	b, w := r.findings[0], r.findings[1]
	if b.Side != "black" || b.Ply != 7 || w.Side != "white" || w.Ply != 8 {
		t.Fatalf("findings: %+v\n%+v", b, w)
	}
	if b.WhiteClock != report.ValidFloat64(155) || b.BlackClock != report.ValidFloat64(160) || b.Eval != "#-3" {
		t.Errorf("black's claim: clocks %v %v, eval %q", b.WhiteClock, b.BlackClock, b.Eval)
	}
	if w.WhiteClock != report.ValidFloat64(155) || w.BlackClock != report.ValidFloat64(150) || w.Eval != "#-3" {
		t.Errorf("white's claim: clocks %v %v, eval %q", w.WhiteClock, w.BlackClock, w.Eval)
	}
	if b.GameInfo != g.GameInfo || w.GameInfo != g.GameInfo {
		t.Errorf("the rows of one game do not share its GameInfo: %p %p %p", g.GameInfo, b.GameInfo, w.GameInfo)
	}
}

// TestWorkerLeanRows: without a games file, a game only feeds the summary (a tally of source,
// last index, edition and speed class), and the tags of a game with no finding are never made
// into strings.
func TestWorkerLeanRows(t *testing.T) {
	// 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 e5 4. Ng1 Nc6: the start position stands twice, no claim.
	text := strings.Replace(strings.Replace(wkLichess, "3... Nf6", "3... e5", 1), "4... Ng8", "4... Nc6", 1)
	r := wkRows(t, text, "fide2017", false)
	if len(r.findings) != 0 || len(r.games) != 0 || len(r.counts) != 1 {
		t.Fatalf("%d findings, %d games rows, %d counts", len(r.findings), len(r.games), len(r.counts))
	}
	c := r.counts[0]
	if c.source != "t.pgn" || c.last != 0 || c.choice.Edition.ID != "fide2017" || c.choice.EditionSource.String() != "flag" ||
		c.speed != report.Blitz || c.n != 1 {
		t.Errorf("count %+v, want t.pgn, last 0, fide2017 by flag, blitz, 1 game", c)
	}
	r = wkRows(t, wkLichess, "fide2017", false) // a game with findings: every column of the findings
	if len(r.games) != 0 || len(r.counts) != 1 || r.findings[0].White != `a "quoted" name` || r.findings[0].Event != "Rated Blitz game" {
		t.Errorf("rows of a game with findings lack tags: %+v", *r.findings[0].GameInfo)
	}
	r = wkRows(t, text, "fide2017", true) // a games table: full games rows
	if len(r.games) != 1 || len(r.counts) != 0 || r.games[0].Event != "Rated Blitz game" || r.games[0].FinalFEN == "" {
		t.Errorf("games rows for a games table: %+v", r.games)
	}
}

func TestWorkerErrors(t *testing.T) {
	const text = `[Event "bad tag]

1. e4 e5 *

[Event "illegal move"]
[Result "*"]

1. e4 e5 2. Ke3 Nc6 *

[Event "variant"]
[Variant "Crazyhouse"]

1. e4 e5 *

[Event "lichess from position"]
[Variant "From Position"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]

1. O-O Kd7 *
`
	r := wkRows(t, text, "fide2017,lichess", true)
	byIndex := map[int64]*report.Error{}
	for i := range r.errors {
		byIndex[r.errors[i].GameIndex] = &r.errors[i]
	}
	if len(r.errors) != 3 {
		t.Fatalf("%d errors rows, want 3: %+v", len(r.errors), r.errors)
	}
	if e := byIndex[0]; e == nil || e.Ply.Valid || e.Line != 1 || !strings.Contains(e.Message, "tag") {
		t.Errorf("bad tag: %+v", e)
	}
	if e := byIndex[1]; e == nil || !e.Ply.Valid || e.Ply.Int32 != 3 || e.Line != 8 || !strings.Contains(e.Message, "Ke3") {
		t.Errorf("illegal move: %+v", e)
	}
	if e := byIndex[2]; e == nil || e.Ply.Valid || !strings.Contains(e.Message, "variant") {
		t.Errorf("variant: %+v", e)
	}
	// Games judged: the illegal-move game up to its fault, and the From Position game; one
	// games row per edition each.
	plies := map[int64]int32{}
	for _, g := range r.games {
		plies[g.GameIndex] = g.Plies
		if (g.GameIndex == 1) != (g.Error != "") {
			t.Errorf("game %d: error column %q", g.GameIndex, g.Error)
		}
	}
	if len(r.games) != 4 || plies[1] != 2 || plies[3] != 2 {
		t.Errorf("games rows: %+v", r.games)
	}
}

func TestLichessID(t *testing.T) {
	for site, want := range map[string]string{
		"https://lichess.org/AbCd1234":       "AbCd1234",
		"https://lichess.org/AbCd1234/black": "AbCd1234",
		"https://lichess.org/AbCd1234efgh":   "AbCd1234",
		"http://lichess.org/abcdefgh":        "abcdefgh",
		"lichess.org/abcdefgh":               "abcdefgh",
		"https://lichess.org/abc":            "",
		"https://lichess.org/abcd-fgh":       "",
		"https://lichess.org/":               "",
		"https://example.org/AbCd1234":       "",
		"Tashkent UZB":                       "",
		"":                                   "",
	} {
		if got := lichessID(site); got != want {
			t.Errorf("lichessID(%q) = %q, want %q", site, got, want)
		}
	}
}

func TestElo(t *testing.T) {
	for in, want := range map[string]report.NullInt32{
		"2370": report.ValidInt32(2370), " 1500 ": report.ValidInt32(1500), "0": report.ValidInt32(0),
		"?": {}, "": {}, "-": {}, "-5": {}, "2370?": {}, "99999999999": {},
	} {
		if got := elo([]byte(in)); got != want {
			t.Errorf("elo(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestTagSet: the first occurrence of a tag wins, tags the pipeline does not read are
// dropped, and reset forgets everything.
func TestTagSet(t *testing.T) {
	var s tagSet
	s.set([]byte("Event"), []byte("first"))
	s.set([]byte("Event"), []byte("second"))
	s.set([]byte("Opening"), []byte("Sicilian"))
	s.set([]byte("event"), []byte("lower case"))
	if got := string(s.get(tagEvent)); got != "first" {
		t.Errorf("Event = %q", got)
	}
	for k := range numTags {
		if k != tagEvent && s.get(k) != nil {
			t.Errorf("%s set to %q", tagNames[k], s.get(k))
		}
	}
	s.reset()
	if s.get(tagEvent) != nil {
		t.Error("reset kept Event")
	}
	// Every tag the pipeline reads lands under its own key.
	for k := range numTags {
		s.set([]byte(tagNames[k]), []byte(tagNames[k]+" value"))
	}
	for k := range numTags {
		if got, want := string(s.get(k)), tagNames[k]+" value"; got != want {
			t.Errorf("%s = %q, want %q", tagNames[k], got, want)
		}
	}
}

// TestWorkerAllocs: replaying and judging a game allocates nothing per ply, and a game read
// whole without findings nothing at all (its games row only feeds the summary); the
// allocations are the strings of the rows of games with findings or errors.
func TestWorkerAllocs(t *testing.T) {
	text := plOrdinary(t)
	if bytes.Count(text, []byte("\n[Event ")) < 400 {
		t.Fatal("too few games to measure")
	}
	measure := func(text []byte) (games, withFindings, findings int, allocs float64, quiet []byte) {
		chunks := wkChunks(t, string(text), 64<<20)
		if len(chunks) != 1 {
			t.Fatalf("%d chunks", len(chunks))
		}
		c := chunks[0]
		w := newWorker(plSelection(t, "auto"), false)
		var r rows
		w.chunk(c, &r, nil) // warm up: buffers grow to their size
		has := map[int64]bool{}
		for _, f := range r.findings {
			has[f.GameIndex] = true
		}
		erred := map[int64]bool{}
		for _, e := range r.errors {
			erred[e.GameIndex] = true
		}
		for i := range c.Games {
			if !has[c.Games[i].Index] && !erred[c.Games[i].Index] {
				quiet = append(append(quiet, c.GameBytes(i)...), "\n\n"...)
			}
		}
		allocs = testing.AllocsPerRun(3, func() {
			r.reset()
			w.chunk(c, &r, nil)
		})
		return len(c.Games), len(has), len(r.findings), allocs, quiet
	}
	games, withFindings, findings, allocs, quiet := measure(text)
	t.Logf("%d games, %d with %d findings: %.0f allocations, %.2f per game", games, withFindings, findings, allocs, allocs/float64(games))
	if allocs > float64(16*withFindings+4*findings) {
		t.Errorf("%.0f allocations for %d games with %d findings", allocs, withFindings, findings)
	}
	games, withFindings, _, allocs, _ = measure(quiet)
	fens := bytes.Count(quiet, []byte("\n[FEN "))
	t.Logf("the %d games without findings (%d from a FEN): %.0f allocations", games, fens, allocs)
	if withFindings != 0 || games < 300 {
		t.Fatalf("%d games, %d with findings", games, withFindings)
	}
	if allocs > float64(3*fens) {
		t.Errorf("%.0f allocations for %d games without findings, want none but parsing their %d FENs", allocs, games, fens)
	}
}

// TestWorkerSetUp: P0 is the FEN tag's position with SetUp "1" and with no SetUp tag (older
// files), and the standard array when SetUp is "0". The moves below are legal only from the
// FEN (king and rook against king), so the wrong start shows as an illegal-move error.
func TestWorkerSetUp(t *testing.T) {
	const fen = `[FEN "8/8/8/4k3/8/8/8/4KR2 w - - 98 80"]`
	for _, c := range []struct {
		setUp   string
		wantErr bool
	}{
		{"[SetUp \"1\"]\n", false},
		{"", false},
		{"[SetUp \"0\"]\n", true},
	} {
		text := "[Result \"*\"]\n" + c.setUp + fen + "\n\n1. Kd2 Kd4 *\n"
		r := wkRows(t, text, "fide2017", true)
		if gotErr := len(r.errors) > 0; gotErr != c.wantErr {
			t.Errorf("%q: errors %+v, want error %v", c.setUp, r.errors, c.wantErr)
		}
		if !c.wantErr && (len(r.games) != 1 || r.games[0].Plies != 2 || r.games[0].MaxHalfmoveClock != 100) {
			t.Errorf("%q: games rows %+v, want 2 plies from hmc 98 to 100", c.setUp, r.games)
		}
	}
}

// TestWorkerVariants: every name of standard chess and of Chess960 is judged, with its
// variant column (rules.md 1); file letters in the FEN's castling field make a game Chess960
// whatever its tag; KQkq of a Chess960 FEN are X-FEN; a Chess960 game without a FEN is an
// error with its line; any other variant is unsupported.
func TestWorkerVariants(t *testing.T) {
	const text = `[Event "normal"]
[Variant "normal"]

1. e4 e5 *

[Event "chess"]
[Variant "CHESS"]

1. e4 e5 *

[Event "x-fen"]
[Variant "fischerandom"]
[FEN "k7/8/b7/8/8/7p/r6P/6KR w K - 0 1"]
[SetUp "1"]

1. O-O Kb8 *

[Event "shredder without a tag"]
[FEN "k7/8/b7/8/8/7p/r6P/6KR w H - 0 1"]

1. O-O Kb8 *

[Event "960 without a FEN"]
[Variant "960"]

1. e4 e5 *

[Event "standard K"]
[FEN "k7/8/b7/8/8/7p/r6P/6KR w K - 0 1"]

1. O-O *

[Event "atomic"]
[Variant "Atomic"]

1. e4 *
`
	r := wkRows(t, text, "fide2017", true)
	variants := map[string]string{}
	plies := map[string]int32{}
	ends := map[string]string{}
	for _, g := range r.games {
		variants[g.Event], plies[g.Event], ends[g.Event] = g.Variant, g.Plies, g.EndRule
	}
	for event, want := range map[string]string{
		"normal": "standard", "chess": "standard", "x-fen": "chess960", "shredder without a tag": "chess960",
	} {
		if variants[event] != want || plies[event] != 2 {
			t.Errorf("%s: variant %q after %d plies, want %q after 2", event, variants[event], plies[event], want)
		}
	}
	// Read as standard chess, K needs the king on e1: White is stalemated at P0, so O-O
	// is an illegal move there.
	if ends["standard K"] != "stalemate" {
		t.Errorf("standard K: end %q, want stalemate", ends["standard K"])
	}
	byEvent := map[int64]*report.Error{}
	for i := range r.errors {
		byEvent[r.errors[i].GameIndex] = &r.errors[i]
	}
	if e := byEvent[4]; e == nil || e.Line != 26 || !strings.Contains(e.Message, "Chess960 game without a FEN tag") {
		t.Errorf("960 without a FEN: %+v", e)
	}
	if e := byEvent[6]; e == nil || !strings.Contains(e.Message, `unsupported variant "Atomic"`) {
		t.Errorf("atomic: %+v", e)
	}
	if _, ok := variants["atomic"]; ok {
		t.Error("an unsupported variant was judged")
	}
}

// BenchmarkWorker: a worker's cost per game and per ply (tokenising, SAN decoding, judging under
// the four editions of issue 25's benchmark, rows), on the shared corpus's lichess and TWIC
// excerpts, in memory. TestWorkerAllocs holds the allocations to the findings' own.
func BenchmarkWorker(b *testing.B) {
	var text []byte
	for _, name := range []string{"lichess-2025-05-excerpt.pgn", "twic1599-excerpt.pgn"} {
		text = append(text, testcorpus.Read(b, name)...)
	}
	chunks := wkChunks(b, string(text), 64<<20)
	if len(chunks) != 1 {
		b.Fatalf("%d chunks", len(chunks))
	}
	c := chunks[0]
	plies := 0
	for i := range c.Games {
		plies += countPlies(b, c.GameBytes(i))
	}
	w := newWorker(plSelection(b, "fide2009,fide2014,fide2017,lichess"), false)
	var r rows
	w.chunk(c, &r, nil) // warm up: buffers grow to their size
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		r.reset()
		w.chunk(c, &r, nil)
	}
	games := float64(b.N) * float64(len(c.Games))
	b.ReportMetric(b.Elapsed().Seconds()*1e9/games, "ns/game")
	b.ReportMetric(b.Elapsed().Seconds()*1e9/(float64(b.N)*float64(plies)), "ns/ply")
	b.ReportMetric(testing.AllocsPerRun(1, func() { r.reset(); w.chunk(c, &r, nil) })/float64(len(c.Games)), "allocs/game")
}

// countPlies counts the SAN tokens of a game.
func countPlies(tb testing.TB, game []byte) int {
	var tok pgn.Tokenizer
	tok.Reset(&pgn.Chunk{Data: game, Games: []pgn.Game{{End: len(game)}}}, 0)
	n := 0
	for {
		switch tok.Next() {
		case pgn.TokSAN:
			n++
		case pgn.TokEnd:
			return n
		}
	}
}
