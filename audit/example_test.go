package audit_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"strings"

	"github.com/pgnscan/pgnscan/audit"
)

// missedThreefold is case 02 of testdata/cases.pgn, worked by hand from rules.md: the start
// position stands for the third time after 4...Ng8 (P8, with P0 and P4); Black could have
// claimed by announcing 4...Ng8 (P7), White on the board at P8; neither did, and Black mated.
// Dated 2024, auto judges it under fide2023 (9.2.1.1: by intended move, 9.2.1.2: on the board).
const missedThreefold = `[Event "case 02: threefold missed by both, then a mate"]
[Date "2024.01.02"]
[White "W"]
[Black "B"]
[Result "0-1"]

1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. f3 e5 6. g4 Qh4# 0-1
`

// The overview: an archive from a reader, every game with its verdicts and findings.
func Example() {
	a, err := audit.NewReader("case02.pgn", strings.NewReader(missedThreefold), nil)
	if err != nil {
		log.Fatal(err)
	}
	for g, err := range a.Games(context.Background()) {
		if err != nil {
			log.Fatal(err)
		}
		for _, v := range g.Verdicts {
			fmt.Printf("%s (%s): %s at ply %d, ended by %s\n", v.Edition, v.EditionSource, v.EndRule, v.EndPly, v.EndedBy)
		}
		for _, f := range g.Findings {
			fmt.Printf("%s %s %s by %s at ply %d %q: missed %v, claimant %s\n",
				f.Edition, f.Article, f.Rule, f.Side, f.Ply, f.Move, f.Missed, f.ClaimantOutcome)
		}
	}
	// Output:
	// fide2023 (date): checkmate at ply 12, ended by checkmate
	// fide2023 9.2.1.1 threefold by black at ply 7 "Ng8": missed true, claimant win
	// fide2023 9.2.1.2 threefold by white at ply 8 "": missed true, claimant loss
}

// Options name the editions: here the Laws in force on the game's date and, beside them,
// lichess's rules, under which a threefold repetition is only ever claimed on the board.
func ExampleNewReader() {
	a, err := audit.NewReader("case02.pgn", strings.NewReader(missedThreefold), &audit.Options{Editions: "fide2009,lichess"})
	if err != nil {
		log.Fatal(err)
	}
	for g := range a.Games(context.Background()) {
		for _, f := range g.Findings {
			fmt.Println(f.Edition, f.Article, f.Rule, f.Kind, f.Side, f.Ply)
		}
	}
	// Output:
	// fide2009 9.2a threefold move_played black 7
	// fide2009 9.2b threefold on_board white 8
	// lichess lichess threefold claim threefold move_played black 7
	// lichess lichess threefold claim threefold on_board white 8
}

// Open takes what the scan command takes: files (compressed or not), zip archives, Parquet
// files and directories. testdata/cases.pgn holds one hand-built game per situation of
// rules.md, each with the findings it must give in its Expect tags.
func ExampleOpen() {
	a, err := audit.Open([]string{"../testdata/cases.pgn"}, &audit.Options{Workers: 2})
	if err != nil {
		log.Fatal(err)
	}
	for g, err := range a.Games(context.Background()) {
		if err != nil || g.Index > 2 { // games 24 to 27 are broken on purpose: see ExampleError
			continue
		}
		fmt.Println(g.Event)
		for _, f := range g.Findings {
			fmt.Println(" ", f.Edition, f.Rule, f.Kind, f.Side, f.Ply, f.Move, "missed:", f.Missed)
		}
	}
	// Output:
	// case 01: threefold, taken (rules.md 6, first example)
	//   fide2017 threefold move_played black 7 Ng8 missed: false
	//   fide2017 threefold on_board white 8  missed: false
	// case 02: threefold missed by both, then a mate
	//   fide2023 threefold move_played black 7 Ng8 missed: true
	//   fide2023 threefold on_board white 8  missed: true
	// case 03: threefold by a move not played (move_available)
	//   fide2023 threefold move_available black 7 Ng8 missed: true
}

// Breaking out of the loop stops the scan: Games returns once its workers have ended.
func ExampleArchive_Games() {
	a, err := audit.Open([]string{"../testdata/sample.pgn.zst"}, nil)
	if err != nil {
		log.Fatal(err)
	}
	n := 0
	for g, err := range a.Games(context.Background()) {
		if err != nil {
			continue
		}
		if n++; n == 3 {
			fmt.Println("third game:", g.Event)
			break
		}
	}
	// Output:
	// third game: case 03: threefold by a move not played (move_available)
}

// A game that cannot be read whole comes with an *Error that says where, and unwraps to the
// kind of fault. Ke3 is not a king move from e1: the third half-move cannot be played.
func ExampleError() {
	pgn := "[Event \"broken\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 Nc6 *\n"
	a, err := audit.NewReader("broken.pgn", strings.NewReader(pgn), nil)
	if err != nil {
		log.Fatal(err)
	}
	for g, err := range a.Games(context.Background()) {
		var e *audit.Error
		if errors.As(err, &e) {
			fmt.Printf("%s line %d, game %d, ply %d; a move fault: %v\n", e.Source, e.Line, e.Game, e.Ply, errors.Is(err, audit.ErrMove))
		}
		fmt.Println("judged up to ply", g.Verdicts[0].Plies)
	}
	// Output:
	// broken.pgn line 4, game 0, ply 3; a move fault: true
	// judged up to ply 2
}

// The locked pawn wall of rules.md section 6: neither king can ever reach the other side, and
// the bishop only attacks squares the wall already holds, so neither side can mate: the
// position is dead. In the second position White mates by force: 1... Kg8 2. Qg7#.
func ExampleCanMate() {
	for _, fen := range []string{"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - - 0 1", "7k/8/6KQ/8/8/8/8/8 b - - 0 1"} {
		for _, side := range []string{audit.White, audit.Black} {
			m, err := audit.CanMate(fen, side)
			if err != nil {
				log.Fatal(err)
			}
			fmt.Println(strings.TrimSpace(side + " " + m.Answer + " " + m.Line()))
		}
	}
	// Output:
	// white no
	// black no
	// white yes 1... Kg8 2. Qg7#
	// black no
}

// A Decider with a budget of its own, and the answer's witness move by move. Two white kings
// are no position: the error names the field at fault.
func ExampleDecider_CanMate() {
	d := audit.NewDecider(100_000)
	m, err := d.CanMate("7k/8/6KQ/8/8/8/8/8 b - - 0 1", audit.White)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(m.Answer, m.Witness)
	_, err = d.CanMate("8/8/8/4k3/8/8/8/4KK2 w - - 0 1", audit.White)
	fmt.Println(errors.Is(err, audit.ErrFEN), err)
	// Output:
	// yes [Kg8 Qg7#]
	// true audit: placement: white has 2 kings, want 1
}

// The editions, the dates auto picks each for, and one article of each (rules.md 2).
func ExampleEditions() {
	for _, e := range audit.Editions() {
		fmt.Printf("%s %v auto=%v %q-%q threefold on the board: %s\n", e.ID, e.Aliases, e.Auto, e.From, e.Until, e.Article("threefold", "on_board"))
	}
	// Output:
	// fide2009 [pre2014] auto=true ""-"2014.06.30" threefold on the board: 9.2b
	// fide2014 [] auto=true "2014.07.01"-"2017.06.30" threefold on the board: 9.2b
	// fide2017 [fide2018] auto=true "2017.07.01"-"2022.12.31" threefold on the board: 9.2.1.2
	// fide2023 [current] auto=true "2023.01.01"-"" threefold on the board: 9.2.1.2
	// lichess [] auto=false ""-"" threefold on the board: lichess threefold claim
}

// WriteEditions writes the table `pgnscan editions` prints.
func ExampleWriteEditions() {
	var b strings.Builder
	if err := audit.WriteEditions(&b); err != nil {
		log.Fatal(err)
	}
	fmt.Println(strings.SplitN(b.String(), "\n", 3)[1])
	// Output:
	//   auto chooses it:       until 2014.06.30
}
