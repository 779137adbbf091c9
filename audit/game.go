package audit

import (
	"time"

	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/scan"
)

// Game is one game of an archive and what the audit found in it: the rows that `pgnscan
// scan` writes for it (its games rows are its Verdicts, its findings rows its Findings). The
// words in string fields are those of the tables' columns (cli-and-output.md).
type Game struct {
	Source string // the input the game comes from: a path as given to Open, FILE.zip:MEMBER, or NewReader's name
	Index  int64  // 0-based index of the game in its source (game_index)
	Offset int64  // byte offset of the game's first byte in the source's decompressed stream (game_offset)

	// The tags, unescaped; "" when absent.
	Event, Site, Date, Round, White, Black, Result string
	TimeControl, ECO, Termination                  string
	WhiteElo, BlackElo                             int    // the rating tags when numeric, else 0
	ID                                             string // the lichess game id of a lichess Site URL, else ""
	Variant                                        string // "standard" or "chess960" (rules.md 1)

	// Verdicts holds the game's verdict under each edition it is judged under, in the order of
	// Options.Editions (auto in its place). (A game that could not begin, with a bad FEN tag
	// or of another variant, is never judged: Games yields its error with a nil *Game.)
	Verdicts []Verdict
	// Findings holds the findings under every edition, in the order of the findings table.
	Findings []Finding
}

// Verdict is how a game stands under one edition: its games row.
type Verdict struct {
	Edition        string // the edition's id: fide2009, fide2014, fide2017, fide2023 or lichess
	EditionSource  string // why the game is judged under it: "flag" (asked for), "date" (auto, from the game's date) or "fallback"
	EditionVersion string // lichess: the day the version of its rules that judged the game began, or its name ("uncertain", "initial"); "" for FIDE

	Plies             int    // half-moves recorded (and read)
	EndRule           string // the rule that ends the game under the edition: checkmate, stalemate, dead_position, fivefold, seventyfive_move, fifty_move; "" when none
	EndPly            int    // the ply at which EndRule ends it; -1 when none
	FirstThreefoldPly int    // the first ply at which either side could claim threefold repetition; -1 when none
	FirstFiftyPly     int    // the same for the fifty-move rule; -1 when none
	FinalClaims       string // the claims open in the final position: "threefold", "fifty_move", both comma-separated, or ""
	MaxRepetitions    int    // the most times a position stood, over the positions judged
	MaxHalfmoveClock  int    // the largest halfmove clock, over the positions judged
	FinalFEN          string // the last position judged, in FEN (X-FEN for Chess960)
	EndedBy           string // how the game stopped (rules.md 8): checkmate, timeout, resignation, agreement, claim...
	WhiteCanMate      string // "yes", "no" or "unknown": could White still mate in the final position; "" where no rule asked
	BlackCanMate      string // the same for Black
}

// Finding is one finding: a claim a player could make, an automatic ending, or a result the
// board or the Laws contradict, under one edition: a findings row.
type Finding struct {
	Edition        string // as in Verdict
	EditionSource  string // as in Verdict
	EditionVersion string // as in Verdict

	Rule    string // threefold, fifty_move, fivefold, seventyfive_move, dead_position, checkmate, stalemate, unwinnable_timeout, unwinnable_resignation, early_agreement
	Article string // the edition's article for the rule, e.g. "9.2.1.1"
	Kind    string // on_board, move_played, move_available, automatic or agreement
	Proof   string // dead_position and unwinnable_*: "material" or "search"; else ""

	Ply           int    // the ply i of the position Pi where the finding applies
	MoveNumber    int    // the fullmove number of Pi
	Side          string // the side it concerns: "white" or "black"
	Move          string // move_played and move_available: the claiming move in SAN; else ""
	Repetitions   int    // times the position has stood
	HalfmoveClock int    // the halfmove clock of Pi
	FEN           string // Pi in FEN
	Opportunities int    // positions at which this side could make this claim (endings: 1)
	PliesAfter    int    // half-moves recorded after Pi

	Missed          bool   // the claim was not made, or the ending not applied
	ClaimantOutcome string // how the game ended for Side: win, draw, loss or unknown
	MandatedResult  string // what the Laws make the result ("1/2-1/2" for endings); "" for claims
	ResultDiffers   bool   // the Result tag differs from MandatedResult

	WhiteClock, BlackClock time.Duration // each side's clock at Pi, from the latest [%clk]; -1 when none
	Eval                   string        // the latest [%eval] at Pi, as written; "" when none
	EndedBy                string        // how the game stopped under the edition, as in its Verdict
}

// eachGame groups a batch's rows by game and sends each game (with its error, if any) in
// order. A batch's rows all come from one input, each slice sorted by game index.
func eachGame(b *scan.Batch, send func(*Game, error) error) error {
	if b.End != nil {
		if b.End.Err == "" {
			return nil
		}
		return send(nil, inputError(b.End))
	}
	var ie, ig, iff int
	for ie < len(b.Errors) || ig < len(b.Games) {
		var index int64
		switch {
		case ie == len(b.Errors):
			index = b.Games[ig].GameIndex
		case ig == len(b.Games):
			index = b.Errors[ie].GameIndex
		default:
			index = min(b.Games[ig].GameIndex, b.Errors[ie].GameIndex)
		}
		var g *Game
		var err error
		for ; ig < len(b.Games) && b.Games[ig].GameIndex == index; ig++ {
			if g == nil {
				g = newGame(b.Games[ig].GameInfo)
			}
			g.Verdicts = append(g.Verdicts, verdictOf(&b.Games[ig]))
		}
		for ; iff < len(b.Findings) && b.Findings[iff].GameIndex == index; iff++ {
			g.Findings = append(g.Findings, findingOf(&b.Findings[iff]))
		}
		if ie < len(b.Errors) && b.Errors[ie].GameIndex == index {
			err = gameError(&b.Errors[ie], b.Faults[ie])
			ie++
		}
		if err := send(g, err); err != nil {
			return err
		}
	}
	return nil
}

// newGame returns a game with the columns its rows start with.
func newGame(info *report.GameInfo) *Game {
	return &Game{Source: info.Source, Index: info.GameIndex, Offset: info.GameOffset, ID: info.GameID,
		Event: info.Event, Site: info.Site, Date: info.Date, Round: info.Round, White: info.White,
		Black: info.Black, Result: info.Result, TimeControl: info.TimeControl, ECO: info.ECO,
		Termination: info.Termination, WhiteElo: int(info.WhiteElo.Int32), BlackElo: int(info.BlackElo.Int32),
		Variant: info.Variant}
}

func verdictOf(r *report.Game) Verdict {
	return Verdict{Edition: r.Edition, EditionSource: r.EditionSource, EditionVersion: r.EditionVersion,
		Plies: int(r.Plies), EndRule: r.EndRule, EndPly: ply(r.EndPly), FirstThreefoldPly: ply(r.FirstThreefoldPly),
		FirstFiftyPly: ply(r.FirstFiftyPly), FinalClaims: r.FinalClaims, MaxRepetitions: int(r.MaxRepetitions),
		MaxHalfmoveClock: int(r.MaxHalfmoveClock), FinalFEN: r.FinalFEN, EndedBy: r.EndedBy,
		WhiteCanMate: r.WhiteCanMate, BlackCanMate: r.BlackCanMate}
}

func findingOf(r *report.Finding) Finding {
	return Finding{Edition: r.Edition, EditionSource: r.EditionSource, EditionVersion: r.EditionVersion,
		Rule: r.Rule, Article: r.Article, Kind: r.Kind, Proof: r.Proof, Ply: int(r.Ply), MoveNumber: int(r.MoveNumber),
		Side: r.Side, Move: r.Move, Repetitions: int(r.Repetitions), HalfmoveClock: int(r.HalfmoveClock),
		FEN: r.FEN, Opportunities: int(r.Opportunities), PliesAfter: int(r.PliesAfter), Missed: r.Missed,
		ClaimantOutcome: r.ClaimantOutcome, MandatedResult: r.MandatedResult, ResultDiffers: r.ResultDiffers,
		WhiteClock: clock(r.WhiteClock), BlackClock: clock(r.BlackClock), Eval: r.Eval, EndedBy: r.EndedBy}
}

// ply returns a nullable ply column, -1 for null.
func ply(n report.NullInt32) int {
	if !n.Valid {
		return -1
	}
	return int(n.Int32)
}

// clock returns a clock column in seconds as a duration, -1 for null.
func clock(s report.NullFloat64) time.Duration {
	if !s.Valid {
		return -1
	}
	return time.Duration(s.Float64 * float64(time.Second))
}
