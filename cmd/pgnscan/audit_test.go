package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pgnscan/pgnscan/audit"
	"github.com/pgnscan/pgnscan/internal/report"
)

// TestAuditMatchesScan: the public package audit gives, game by game, exactly the rows that
// `pgnscan scan` writes for the sample (its findings, games and errors tables, read back from
// Parquet), under two editions at once: the same findings, verdicts and faults, in the same
// order.
func TestAuditMatchesScan(t *testing.T) {
	dir := t.TempDir()
	findings, games, errs := filepath.Join(dir, "f.parquet"), filepath.Join(dir, "g.parquet"), filepath.Join(dir, "e.parquet")
	sample := filepath.Join("..", "..", "testdata", "sample.pgn.zst")
	mustScan(t, "scan", "-q", "--edition", "auto,lichess", "-o", findings, "--games", games, "--errors", errs, sample)

	var wantF, wantG, wantE []string
	for _, f := range readRows[report.Finding](t, findings) {
		wantF = append(wantF, findingKey(f.Source, f.GameIndex, findingFromRow(&f)))
	}
	for _, g := range readRows[report.Game](t, games) {
		wantG = append(wantG, verdictKey(g.GameInfo, verdictFromRow(&g)))
	}
	for _, e := range readRows[report.Error](t, errs) {
		ply := 0
		if e.Ply.Valid {
			ply = int(e.Ply.Int32)
		}
		wantE = append(wantE, fmt.Sprintf("%s #%d line %d ply %d: %s", e.Source, e.GameIndex, e.Line, ply, e.Message))
	}

	a, err := audit.Open([]string{sample}, &audit.Options{Editions: "auto,lichess"})
	if err != nil {
		t.Fatal(err)
	}
	var gotF, gotG, gotE []string
	for g, err := range a.Games(context.Background()) {
		if err != nil {
			var e *audit.Error
			if !errors.As(err, &e) {
				t.Fatalf("%v: not an *audit.Error", err)
			}
			gotE = append(gotE, fmt.Sprintf("%s #%d line %d ply %d: %s", e.Source, e.Game, e.Line, e.Ply, e.Err))
		}
		if g == nil {
			continue
		}
		for _, v := range g.Verdicts {
			info := report.GameInfo{Source: g.Source, GameIndex: g.Index, GameOffset: g.Offset, GameID: g.ID, Event: g.Event,
				Site: g.Site, Date: g.Date, Round: g.Round, White: g.White, Black: g.Black, Result: g.Result,
				TimeControl: g.TimeControl, ECO: g.ECO, Termination: g.Termination, Variant: g.Variant}
			if g.WhiteElo != 0 {
				info.WhiteElo = report.ValidInt32(int32(g.WhiteElo))
			}
			if g.BlackElo != 0 {
				info.BlackElo = report.ValidInt32(int32(g.BlackElo))
			}
			gotG = append(gotG, verdictKey(&info, v))
		}
		for _, f := range g.Findings {
			gotF = append(gotF, findingKey(g.Source, g.Index, f))
		}
	}
	if len(wantF) == 0 || len(wantG) < 546 || len(wantE) == 0 {
		t.Fatalf("the scan wrote %d findings, %d games rows, %d errors: too few to compare", len(wantF), len(wantG), len(wantE))
	}
	same(t, "findings", gotF, wantF)
	same(t, "games rows", gotG, wantG)
	same(t, "errors", gotE, wantE)
}

// same reports the first difference between two lists of rows.
func same(t *testing.T, what string, got, want []string) {
	t.Helper()
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("%s, row %d:\n audit %s\n  scan %s", what, i, got[i], want[i])
			return
		}
	}
	if len(got) != len(want) {
		t.Errorf("%s: audit gives %d rows, scan %d", what, len(got), len(want))
	}
}

// findingFromRow is the audit.Finding that a findings row stands for, worked field by field
// from the columns (cli-and-output.md), not by the package's own conversion.
func findingFromRow(f *report.Finding) audit.Finding {
	clock := func(c report.NullFloat64) time.Duration {
		if !c.Valid {
			return -1
		}
		return time.Duration(c.Float64 * float64(time.Second))
	}
	return audit.Finding{Edition: f.Edition, EditionSource: f.EditionSource, EditionVersion: f.EditionVersion,
		Rule: f.Rule, Article: f.Article, Kind: f.Kind, Proof: f.Proof, Ply: int(f.Ply), MoveNumber: int(f.MoveNumber),
		Side: f.Side, Move: f.Move, Repetitions: int(f.Repetitions), HalfmoveClock: int(f.HalfmoveClock), FEN: f.FEN,
		Opportunities: int(f.Opportunities), PliesAfter: int(f.PliesAfter), Missed: f.Missed,
		ClaimantOutcome: f.ClaimantOutcome, MandatedResult: f.MandatedResult, ResultDiffers: f.ResultDiffers,
		WhiteClock: clock(f.WhiteClock), BlackClock: clock(f.BlackClock), Eval: f.Eval, EndedBy: f.EndedBy}
}

// verdictFromRow is the audit.Verdict that a games row stands for.
func verdictFromRow(g *report.Game) audit.Verdict {
	ply := func(n report.NullInt32) int {
		if !n.Valid {
			return -1
		}
		return int(n.Int32)
	}
	return audit.Verdict{Edition: g.Edition, EditionSource: g.EditionSource, EditionVersion: g.EditionVersion,
		Plies: int(g.Plies), EndRule: g.EndRule, EndPly: ply(g.EndPly), FirstThreefoldPly: ply(g.FirstThreefoldPly),
		FirstFiftyPly: ply(g.FirstFiftyPly), FinalClaims: g.FinalClaims, MaxRepetitions: int(g.MaxRepetitions),
		MaxHalfmoveClock: int(g.MaxHalfmoveClock), FinalFEN: g.FinalFEN, EndedBy: g.EndedBy,
		WhiteCanMate: g.WhiteCanMate, BlackCanMate: g.BlackCanMate}
}

func findingKey(source string, index int64, f audit.Finding) string {
	return fmt.Sprintf("%s #%d %+v", source, index, f)
}

func verdictKey(info *report.GameInfo, v audit.Verdict) string {
	return strings.Join([]string{fmt.Sprintf("%+v", *info), fmt.Sprintf("%+v", v)}, " ")
}
