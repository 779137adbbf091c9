package report

import (
	"testing"
	"time"
)

// A small scan worked by hand (the expected numbers in summary_test.go are
// computed from these rows, not from the code):
//
//	a.pgn      game 0 TC 60+0    (60 s: bullet)          fide2017 date, lichess flag
//	           game 1 TC 180+2   (260 s: blitz)          fide2017 date, lichess flag
//	           game 2 TC 15+0    (15 s: ultrabullet)     fide2017 fallback, lichess flag
//	           game 3 TC -       (correspondence)        fide2017 date, lichess flag
//	           game 4 no TC      (unknown)               fide2017 date, lichess flag; error at ply 12
//	b.pgn.zst  game 0 TC 600+5   (800 s: rapid)          fide2017 date, lichess flag
//	           game 1 TC 1800+30 (3000 s: classical)     fide2017 date, lichess flag
//	           game 2 error in the tags: no games rows
//
// So 8 games, 2 with errors, 7 games under each edition.
func fixtureInfo(src string, idx int64, tc string) *GameInfo {
	return &GameInfo{
		Source: src, GameIndex: idx, GameOffset: 1000*idx + 7,
		GameID: "abcd" + string(rune('A'+idx)) + "xyz",
		Event:  `Rated "Blitz" game, round one`, Site: "https://lichess.org/abcdXxyz",
		Date: "2024.01.0" + string(rune('1'+idx)), Round: "-",
		White: "Nepomniachtchi, Ian", Black: "Müller, Jürgen",
		Result: "1/2-1/2", TimeControl: tc, ECO: "C65",
		Termination: " Normal\nwith a newline", // leading space and newline: CSV must quote it
		WhiteElo:    ValidInt32(2750 + int32(idx)),
		Variant:     [2]string{"standard", "chess960"}[idx%2],
	}
}

type fixtureGame struct {
	src string
	idx int64
	tc  string
	fs  string // fide2017's edition_source
	err bool
}

var fixtureGames = []fixtureGame{
	{"a.pgn", 0, "60+0", "date", false},
	{"a.pgn", 1, "180+2", "date", false},
	{"a.pgn", 2, "15+0", "fallback", false},
	{"a.pgn", 3, "-", "date", false},
	{"a.pgn", 4, "", "date", true},
	{"b.pgn.zst", 0, "600+5", "date", false},
	{"b.pgn.zst", 1, "1800+30", "date", false},
}

// fixtureRows returns the rows of the scan above, in input order.
func fixtureRows() (games []Game, errs []Error, finds []Finding) {
	for _, g := range fixtureGames {
		gi := fixtureInfo(g.src, g.idx, g.tc)
		msg := ""
		if g.err {
			msg = "illegal move Nf9"
			errs = append(errs, Error{Source: g.src, GameIndex: g.idx, GameOffset: gi.GameOffset, Line: 123456789012,
				Ply: ValidInt32(12), Message: msg, Excerpt: "6. Nf9 Nf6"})
		}
		games = append(games,
			Game{GameInfo: gi, Edition: "fide2017", EditionSource: g.fs, Plies: 40 + int32(g.idx),
				EndRule: "fivefold", EndPly: ValidInt32(16), FirstThreefoldPly: ValidInt32(7),
				FinalClaims: "threefold,fifty_move", MaxRepetitions: 5, MaxHalfmoveClock: 99,
				FinalFEN: "8/8/8/4k3/8/8/8/4KBN1 w - - 98 80", EndedBy: "claim", WhiteCanMate: "yes", BlackCanMate: "no", Error: msg},
			Game{GameInfo: gi, Edition: "lichess", EditionSource: "flag", Plies: 40 + int32(g.idx), Error: msg},
		)
	}
	errs = append(errs, Error{Source: "b.pgn.zst", GameIndex: 2, GameOffset: 2007, Line: 99,
		Message: `tag "Event" not closed`, Excerpt: `[Event "x`})

	f := func(src string, idx int64, tc, ed, rule string, missed, differs bool) Finding {
		return Finding{
			GameInfo: fixtureInfo(src, idx, tc), Edition: ed, EditionSource: "date", Rule: rule,
			Article: "9.2.1", Kind: "move_played", Ply: 7, MoveNumber: 4, Side: "black", Move: "Ng8",
			Repetitions: 3, HalfmoveClock: 7, FEN: "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4",
			Opportunities: 2, PliesAfter: 9, Missed: missed, ClaimantOutcome: "loss",
			ResultDiffers: differs, WhiteClock: ValidFloat64(60.5), Eval: "#-3",
		}
	}
	finds = []Finding{
		f("a.pgn", 0, "60+0", "fide2017", "threefold", true, false),
		f("a.pgn", 0, "60+0", "lichess", "threefold", true, false),
		f("a.pgn", 1, "180+2", "fide2017", "threefold", false, false),
		f("a.pgn", 1, "180+2", "fide2017", "fifty_move", true, false),
		f("a.pgn", 3, "-", "fide2017", "fivefold", true, true),
		f("b.pgn.zst", 0, "600+5", "fide2017", "threefold", true, false),
		f("b.pgn.zst", 1, "1800+30", "lichess", "fifty_move", true, true),
		f("b.pgn.zst", 1, "1800+30", "fide2017", "checkmate", false, true),
	}
	// Vary the nullable and optional columns.
	finds[1].WhiteClock, finds[1].BlackClock = NullFloat64{}, ValidFloat64(0.1)
	finds[1].GameInfo.WhiteElo, finds[1].GameInfo.BlackElo = NullInt32{}, ValidInt32(-5)
	finds[4].Kind, finds[4].Article, finds[4].Move, finds[4].MandatedResult = "automatic", "9.6.1", "", "1/2-1/2"
	finds[7].Eval = ""
	finds[0].EndedBy = "resignation"
	finds[5].EndedBy, finds[5].ClaimantOutcome = "claim", "draw" // missed, then drawn by a later claim
	finds[4].Proof = "search"                                    // storage only: the summary tests count these rows as they are
	return games, errs, finds
}

// feedFixture feeds the fixture scan to o in input order (per game: its
// error, its games rows, its findings), with the inputs' byte counts.
func feedFixture(o *Outputs) error {
	games, errs, finds := fixtureRows()
	s := o.Summary
	s.SetInput(Input{Name: "a.pgn", Size: 3_000_000})
	s.SetInput(Input{Name: "b.pgn.zst", Size: 2_000_000})
	for _, e := range errs[:1] {
		if err := o.AddError(&e); err != nil {
			return err
		}
	}
	for i := range games {
		if err := o.AddGame(&games[i]); err != nil {
			return err
		}
	}
	for i := range finds {
		if err := o.AddFinding(&finds[i]); err != nil {
			return err
		}
	}
	if err := o.AddError(&errs[1]); err != nil {
		return err
	}
	s.SetInput(Input{Name: "a.pgn", Size: 3_000_000, Read: 3_000_000, Decompressed: 20_000_000, Done: true})
	s.SetInput(Input{Name: "b.pgn.zst", Size: 2_000_000, Read: 600_000, Decompressed: 4_000_000, Err: "zstd: corrupt input"})
	// A fixed clock, so throughput is worked by hand: 8 games in 2 s.
	s.finished, s.elapsed = true, 2*time.Second
	return nil
}

// writeFixture writes the fixture scan's findings to path (Parquet or CSV, by its extension) with
// opt, and returns the summary the scan was counted in.
func writeFixture(t *testing.T, path string, opt Options) *Summary {
	t.Helper()
	fw, err := Create[Finding](path, opt)
	if err != nil {
		t.Fatal(err)
	}
	o := &Outputs{Findings: fw, Summary: NewSummary(testNames)}
	if err := feedFixture(o); err != nil {
		t.Fatal(err)
	}
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	return o.Summary
}
