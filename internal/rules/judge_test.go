package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// replay feeds a game to j the way the pipeline does: SAN resolved on the
// judge's position, then played. Move numbers ("12.", "12...") are skipped; a
// token that does not resolve ends the game with Fail.
func replay(t testing.TB, j *Judge, fen, moves string, res Result, choices []Choice) *Verdict {
	t.Helper()
	start := board.StartPosition()
	if fen != "" {
		p, err := board.FromFEN(fen)
		if err != nil {
			t.Fatalf("FEN %q: %v", fen, err)
		}
		start = p
	}
	var sans [][]byte
	for _, tok := range strings.Fields(moves) {
		if tok[0] >= '0' && tok[0] <= '9' && strings.HasSuffix(tok, ".") {
			continue
		}
		sans = append(sans, []byte(tok))
	}
	return judgeSANs(j, start, res, choices, sans)
}

// judgeSANs judges one game from start on j under choices: each SAN resolved on
// the judge's position, then played; the first that does not resolve ends the
// game with Fail.
func judgeSANs(j *Judge, start board.Position, res Result, choices []Choice, sans [][]byte) *Verdict {
	return judgeStop(j, start, res, choices, sans, StopUnsaid)
}

// all4 judges under every edition at once, in table order.
func all4(t testing.TB) []Choice {
	s, err := NewSelection("fide2009,fide2014,fide2017,lichess", "", "")
	if err != nil {
		t.Fatal(err)
	}
	return s.Choose(nil, Date{}, Date{}, Date{})
}

// fmtFinding writes the hand-checked columns of a finding compactly.
func fmtFinding(f *Finding) string {
	move := f.Move
	if move == "" {
		move = "-"
	}
	taken := "taken"
	if f.Missed {
		taken = "missed"
	}
	s := fmt.Sprintf("%s %s ply=%d mn=%d %s %s reps=%d hmc=%d opps=%d after=%d %s %s",
		f.Rule, f.Kind, f.Ply, f.MoveNumber, f.Side, move, f.Repetitions, f.HalfmoveClock,
		f.Opportunities, f.PliesAfter, taken, f.ClaimantOutcome)
	if f.Kind == Automatic {
		s += fmt.Sprintf(" mandated=%s differs=%t", f.MandatedResult, f.ResultDiffers)
	}
	return s
}

func fmtJudgment(s *Judgment) string {
	end := "none"
	if s.EndRule != NoRule {
		end = fmt.Sprintf("%s@%d", s.EndRule, s.EndPly)
	}
	return fmt.Sprintf("end=%s 3f=%d 50=%d final=%s maxr=%d maxh=%d",
		end, s.FirstThreefoldPly, s.FirstFiftyPly, s.FinalClaims, s.MaxRepetitions, s.MaxHalfmoveClock)
}

// matchLine compares a formatted finding with an expected line in which a
// field ending in '*' matches any field with that prefix.
func matchLine(got, want string) bool {
	g, w := strings.Fields(got), strings.Fields(want)
	if len(g) != len(w) {
		return false
	}
	for i := range g {
		if p, ok := strings.CutSuffix(w[i], "*"); ok {
			if !strings.HasPrefix(g[i], p) {
				return false
			}
		} else if g[i] != w[i] {
			return false
		}
	}
	return true
}

// judgeCase is a hand-built game and what each edition must say about it.
// Keys of findings and summaries are space-separated edition ids.
type judgeCase struct {
	name      string
	why       string
	fen       string
	moves     string
	result    Result
	plies     int
	failed    bool
	findings  map[string][]string
	summaries map[string]string
}

func expand(t *testing.T, m map[string][]string) map[string][]string {
	out := map[string][]string{}
	for k, v := range m {
		for _, id := range strings.Fields(k) {
			if _, dup := out[id]; dup {
				t.Fatalf("edition %s listed twice", id)
			}
			out[id] = v
		}
	}
	return out
}

func checkVerdict(t *testing.T, c *judgeCase, v *Verdict) {
	t.Helper()
	if v.Plies != c.plies || v.Failed != c.failed {
		t.Errorf("plies=%d failed=%t, want %d %t", v.Plies, v.Failed, c.plies, c.failed)
	}
	wantF := expand(t, c.findings)
	gotF := map[string][]string{}
	for i := range v.Findings {
		f := &v.Findings[i]
		gotF[f.Edition.ID] = append(gotF[f.Edition.ID], fmtFinding(f))
		// Columns every finding must fill consistently.
		if f.Article == "" || f.Article != f.Edition.Article(f.Rule, f.Kind) {
			t.Errorf("%s: article %q, edition says %q", f.Edition.ID, f.Article, f.Edition.Article(f.Rule, f.Kind))
		}
		if f.FEN == "" {
			t.Errorf("%s: finding without FEN", f.Edition.ID)
		}
		if f.Kind != Automatic && (f.MandatedResult != ResultUnknown || f.ResultDiffers || f.Mandated() != "") {
			t.Errorf("%s: claim with a mandated result", f.Edition.ID)
		}
		if (f.Kind == MovePlayed || f.Kind == MoveAvailable) != (f.Move != "") {
			t.Errorf("%s: kind %s with move %q", f.Edition.ID, f.Kind, f.Move)
		}
	}
	for _, g := range v.Games {
		id := g.Edition.ID
		want, got := wantF[id], gotF[id]
		ok := len(want) == len(got)
		for i := 0; ok && i < len(want); i++ {
			ok = matchLine(got[i], want[i])
		}
		if !ok {
			t.Errorf("%s findings:\n got: %s\nwant: %s", id, strings.Join(got, "\n      "), strings.Join(want, "\n      "))
		}
		wantS := ""
		for k, s := range c.summaries {
			if strings.Contains(" "+k+" ", " "+id+" ") {
				wantS = s
			}
		}
		if gs := fmtJudgment(&g); gs != wantS {
			t.Errorf("%s summary:\n got: %s\nwant: %s", id, gs, wantS)
		}
		if g.Plies != c.plies {
			t.Errorf("%s plies %d", id, g.Plies)
		}
	}
	if len(v.Games) != 4 {
		t.Errorf("%d game rows, want 4", len(v.Games))
	}
}

// The first worked example of rules.md section 6, and the game it grows into.
const knights8 = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8"
const knights16 = knights8 + " 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8"

var judgeCases = []judgeCase{
	{
		name: "section6/repetition-taken",
		why: "P0 = P4 = P8. At P7 Black claims by 4...Ng8, which is played (move_played, the start position's 3rd " +
			"occurrence); at P8 White claims on the board. The game stops at P8 as a draw: both claims taken " +
			"(P7 = n-1 with the played move, P8 = n).",
		moves: knights8, result: Draw, plies: 8,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"threefold move_played ply=7 mn=4 black Ng8 reps=3 hmc=7 opps=1 after=1 taken draw",
			"threefold on_board ply=8 mn=5 white - reps=3 hmc=8 opps=1 after=0 taken draw",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=7 50=-1 final=threefold maxr=3 maxh=8"},
	},
	{
		name:  "section6/repetition-decisive-result",
		why:   "the same claims, but the game is scored 1-0: neither claim was taken; Black's outcome is a loss",
		moves: knights8, result: WhiteWins, plies: 8,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"threefold move_played ply=7 mn=4 black Ng8 reps=3 hmc=7 opps=1 after=1 missed loss",
			"threefold on_board ply=8 mn=5 white - reps=3 hmc=8 opps=1 after=0 missed win",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=7 50=-1 final=threefold maxr=3 maxh=8"},
	},
	{
		name: "section6/fivefold-at-16",
		why: "P16 is the start position's 5th occurrence, and P16 = P12 = P8 = P4 = P0: fide2017, fide2014 (and " +
			"lichess) end the game at ply 16, fide2009 does not. Black could claim at P7 (move_played), P9, P11, " +
			"P13, P15 (on the board); White at P8, P10, P12, P14, and under fide2009 also at P16. No claim is " +
			"taken since the players went on; the fivefold ending was applied (the game stops there, drawn).",
		moves: knights16, result: Draw, plies: 16,
		findings: map[string][]string{
			"fide2014 fide2017 lichess": {
				"threefold move_played ply=7 mn=4 black Ng8 reps=3 hmc=7 opps=5 after=9 missed draw",
				"threefold on_board ply=8 mn=5 white - reps=3 hmc=8 opps=4 after=8 missed draw",
				"fivefold automatic ply=16 mn=9 white - reps=5 hmc=16 opps=1 after=0 taken draw mandated=1/2-1/2 differs=false",
			},
			"fide2009": {
				"threefold move_played ply=7 mn=4 black Ng8 reps=3 hmc=7 opps=5 after=9 missed draw",
				"threefold on_board ply=8 mn=5 white - reps=3 hmc=8 opps=5 after=8 missed draw",
			},
		},
		summaries: map[string]string{
			// fide2017: Pn is the end, so only the claim at Pn-1 by the played move (8...Ng8) counts.
			"fide2014 fide2017 lichess": "end=fivefold@16 3f=7 50=-1 final=threefold maxr=5 maxh=16",
			"fide2009":                  "end=none 3f=7 50=-1 final=threefold maxr=5 maxh=16",
		},
	},
	{
		name: "section6/fifty-from-fen-98",
		why: "FEN with hmc 98, White to move. After 80. Kd2 (P1, hmc 99) Black may claim by intended move and " +
			"plays the king move 80...Kd5 (move_played; the position it makes is new); at P2 (hmc 100) White may " +
			"claim on the board. Both taken: the game stops at P2 drawn. Lichess has no fifty-move claim: its " +
			"automatic 50-move rule ends the game at P2.",
		fen: "8/8/8/4k3/8/8/8/4KBN1 w - - 98 80", moves: "Kd2 Kd5", result: Draw, plies: 2,
		findings: map[string][]string{
			"fide2009 fide2014 fide2017": {
				"fifty_move move_played ply=1 mn=80 black Kd5 reps=1 hmc=99 opps=1 after=1 taken draw",
				"fifty_move on_board ply=2 mn=81 white - reps=1 hmc=100 opps=1 after=0 taken draw",
			},
			"lichess": {
				"fifty_move automatic ply=2 mn=81 white - reps=1 hmc=100 opps=1 after=0 taken draw mandated=1/2-1/2 differs=false",
			},
		},
		summaries: map[string]string{
			"fide2009 fide2014 fide2017": "end=none 3f=-1 50=1 final=fifty_move maxr=1 maxh=100",
			"lichess":                    "end=fifty_move@2 3f=-1 50=-1 final= maxr=1 maxh=100",
		},
	},
	{
		name: "section6/fifty-claimed-before-the-move",
		why: "the same, stopped at P1: Black's claim by an intended king move (any of them; none was played, so " +
			"move_available) is taken at Pn. Lichess: hmc 99 ends nothing.",
		fen: "8/8/8/4k3/8/8/8/4KBN1 w - - 98 80", moves: "Kd2", result: Draw, plies: 1,
		findings: map[string][]string{
			"fide2009 fide2014 fide2017": {"fifty_move move_available ply=1 mn=80 black K* reps=1 hmc=99 opps=1 after=0 taken draw"},
		},
		summaries: map[string]string{
			"fide2009 fide2014 fide2017": "end=none 3f=-1 50=1 final=fifty_move maxr=1 maxh=99",
			"lichess":                    "end=none 3f=-1 50=-1 final= maxr=1 maxh=99",
		},
	},
	{
		name: "lichess/drawn-at-100-played-on",
		why:  "lichess ends the game at P2 (hmc 100); one more half-move was recorded: not applied",
		fen:  "8/8/8/4k3/8/8/8/4KBN1 w - - 98 80", moves: "Kd2 Kd5 Ke3", result: Draw, plies: 3,
		findings: map[string][]string{
			"fide2009 fide2014 fide2017": {
				// Black again at P3 (hmc 101): two opportunities; White only at P2.
				"fifty_move move_played ply=1 mn=80 black Kd5 reps=1 hmc=99 opps=2 after=2 missed draw",
				"fifty_move on_board ply=2 mn=81 white - reps=1 hmc=100 opps=1 after=1 missed draw",
			},
			"lichess": {
				"fifty_move automatic ply=2 mn=81 white - reps=1 hmc=100 opps=1 after=1 missed draw mandated=1/2-1/2 differs=false",
			},
		},
		summaries: map[string]string{
			"fide2009 fide2014 fide2017": "end=none 3f=-1 50=1 final=fifty_move maxr=1 maxh=101",
			"lichess":                    "end=fifty_move@2 3f=-1 50=-1 final= maxr=1 maxh=100",
		},
	},
	{
		name: "ep/legal-at-first-occurrence",
		why: "after 1. e4 Black's d4 pawn can take en passant: P1 has an en passant square and P5 (same " +
			"placement, no en passant) is a different position. So the knights' cycle repeats from P2: P2=P6=P10, " +
			"P3=P7=P11, P4=P8, P5=P9. Black's first claim is at P9 by 5...Nf6 (played, making P10 the 3rd " +
			"occurrence); White's at P10 on the board. A scanner that ignored the en passant right would count " +
			"P1=P5=P9 and give White a claim at P8.",
		fen: "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1", moves: "1. e4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6 4. Nf3 Ng8 5. Ng1 Nf6 6. Nf3",
		result: ResultUnknown, plies: 11,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"threefold move_played ply=9 mn=5 black Nf6 reps=3 hmc=8 opps=2 after=2 missed unknown",
			"threefold on_board ply=10 mn=6 white - reps=3 hmc=9 opps=1 after=1 missed unknown",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=9 50=-1 final=threefold maxr=3 maxh=10"},
	},
	{
		name: "ep/pinned-pawn-changes-nothing",
		why: "the same moves, but Black's d4 pawn is pinned by the rook on d1: the en passant capture is illegal, " +
			"so P1 = P5 = P9. White's first claim comes at P8 by 5. Ng1 (played, P9 the 3rd occurrence), Black's " +
			"at P9 on the board (then P11).",
		fen: "3k2n1/8/8/8/3p4/8/4P3/K2R2N1 w - - 0 1", moves: "1. e4 Nf6 2. Nf3 Ng8 3. Ng1 Nf6 4. Nf3 Ng8 5. Ng1 Nf6 6. Nf3",
		result: ResultUnknown, plies: 11,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"threefold move_played ply=8 mn=5 white Ng1 reps=3 hmc=7 opps=2 after=3 missed unknown",
			"threefold on_board ply=9 mn=5 black - reps=3 hmc=8 opps=2 after=2 missed unknown",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=8 50=-1 final=threefold maxr=3 maxh=10"},
	},
	{
		name: "castling-rights-break-repetition",
		why: "P10 has the placement of P2 and P6, and P12 that of P0 and P4, but 4. Rg1 and 4...Rg8 gave up " +
			"the kingside castling rights in between: they are different positions. No position stands three " +
			"times, no claim exists (a scanner comparing placement only would find one at P9/P10).",
		moves: "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Rg1 Rg8 5. Rh1 Rh8 6. Ng1 Ng8", result: Draw, plies: 12,
		findings:  map[string][]string{},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=-1 50=-1 final= maxr=2 maxh=12"},
	},
	{
		name: "threefold/move-available-missed",
		why: "at P7 Black could claim with 4...Ng8 (the start position a 3rd time) but plays 4...Nc6 " +
			"(move_available) and the players agree a draw at P8: the claim itself was missed; nothing is " +
			"claimable at P8.",
		moves: "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Nc6", result: Draw, plies: 8,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"threefold move_available ply=7 mn=4 black Ng8 reps=3 hmc=7 opps=1 after=1 missed draw",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=7 50=-1 final= maxr=2 maxh=8"},
	},
	{
		name: "threefold/move-available-taken",
		why: "the score stops at P7 drawn: Black claimed with the intended 4...Ng8, which never reached the score " +
			"(move_available at Pn: taken)",
		moves: "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1", result: Draw, plies: 7,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"threefold move_available ply=7 mn=4 black Ng8 reps=3 hmc=7 opps=1 after=0 taken draw",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=7 50=-1 final=threefold maxr=2 maxh=7"},
	},
	{
		name: "failed-game/judged-up-to-the-fault",
		why: "the 8th half-move does not replay: the game is judged on P0..P7; Black's claim at P7 stands but is " +
			"not taken, since the score goes on past it",
		moves: "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Qxh7", result: Draw, plies: 7, failed: true,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"threefold move_available ply=7 mn=4 black Ng8 reps=3 hmc=7 opps=1 after=0 missed draw",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=7 50=-1 final=threefold maxr=2 maxh=7"},
	},
	{
		name: "dead-at-start-repetition-after-end",
		why: "K+N v K is dead at P0: every edition ends the game there, so the repetition P0=P4=P8 that " +
			"follows (claims at P7 and P8) is never judged; the ending was not applied (8 half-moves after it)",
		fen: "8/8/8/4k3/8/8/8/4K1N1 w - - 0 1", moves: "Nf3+ Kd5 Ng1 Ke5 Nf3+ Kd5 Ng1 Ke5", result: Draw, plies: 8,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"dead_position automatic ply=0 mn=1 white - reps=1 hmc=0 opps=1 after=8 missed draw mandated=1/2-1/2 differs=false",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=dead_position@0 3f=-1 50=-1 final= maxr=1 maxh=0"},
	},
	{
		name: "fivefold-then-fifty-after-the-end",
		why: "K+N v K+N from hmc 83, knights shuffled as in section 6: P16 is the 5th occurrence (and P16=P12=" +
			"P8=P4=P0) at hmc 99. fide2014/fide2017/lichess end there, so the fifty-move claims that only " +
			"arise from P16 on (White by 9. Nf3, Black on the board at P17) exist under fide2009 alone, where " +
			"both are taken (Pn-1 by the played move, Pn).",
		fen: "6n1/4k3/8/8/8/8/4K3/6N1 w - - 83 1", moves: knights16 + " 9. Nf3", result: Draw, plies: 17,
		findings: map[string][]string{
			"fide2014 fide2017 lichess": {
				"threefold move_played ply=7 mn=4 black Ng8 reps=3 hmc=90 opps=5 after=10 missed draw",
				"threefold on_board ply=8 mn=5 white - reps=3 hmc=91 opps=4 after=9 missed draw",
				"fivefold automatic ply=16 mn=9 white - reps=5 hmc=99 opps=1 after=1 missed draw mandated=1/2-1/2 differs=false",
			},
			"fide2009": {
				"threefold move_played ply=7 mn=4 black Ng8 reps=3 hmc=90 opps=6 after=10 missed draw",
				"threefold on_board ply=8 mn=5 white - reps=3 hmc=91 opps=5 after=9 missed draw",
				"fifty_move move_played ply=16 mn=9 white Nf3 reps=5 hmc=99 opps=1 after=1 taken draw",
				"fifty_move on_board ply=17 mn=9 black - reps=5 hmc=100 opps=1 after=0 taken draw",
			},
		},
		summaries: map[string]string{
			"fide2014 fide2017 lichess": "end=fivefold@16 3f=7 50=-1 final= maxr=5 maxh=99",
			"fide2009":                  "end=none 3f=7 50=16 final=threefold,fifty_move maxr=5 maxh=100",
		},
	},
	{
		name: "mate-on-the-150th-half-move",
		why: "P0 has hmc 149 and 100. Rh8# gives mate at hmc 150: checkmate takes precedence over 75 moves, the " +
			"1-0 result is right, so there is no ending row. White could claim fifty moves on the board at P0 " +
			"and did not (he won). Lichess's 50-move rule ended the game already at P0.",
		fen: "k7/8/1K6/8/8/8/8/7R w - - 149 100", moves: "Rh8#", result: WhiteWins, plies: 1,
		findings: map[string][]string{
			"fide2009 fide2014 fide2017": {"fifty_move on_board ply=0 mn=100 white - reps=1 hmc=149 opps=1 after=1 missed win"},
			"lichess": {
				"fifty_move automatic ply=0 mn=100 white - reps=1 hmc=149 opps=1 after=1 missed win mandated=1/2-1/2 differs=true",
			},
		},
		summaries: map[string]string{
			"fide2009 fide2014 fide2017": "end=checkmate@1 3f=-1 50=0 final= maxr=1 maxh=150",
			"lichess":                    "end=fifty_move@0 3f=-1 50=-1 final= maxr=1 maxh=149",
		},
	},
	{
		name: "mate-recorded-as-draw",
		why:  "the same mate scored 1/2-1/2: a checkmate row (4.5) saying the result should be 1-0",
		fen:  "k7/8/1K6/8/8/8/8/7R w - - 149 100", moves: "Rh8#", result: Draw, plies: 1,
		findings: map[string][]string{
			"fide2009 fide2014 fide2017": {
				"fifty_move on_board ply=0 mn=100 white - reps=1 hmc=149 opps=1 after=1 missed draw",
				"checkmate automatic ply=1 mn=100 black - reps=1 hmc=150 opps=1 after=0 missed draw mandated=1-0 differs=true",
			},
			"lichess": {
				"fifty_move automatic ply=0 mn=100 white - reps=1 hmc=149 opps=1 after=1 missed draw mandated=1/2-1/2 differs=false",
			},
		},
		summaries: map[string]string{
			"fide2009 fide2014 fide2017": "end=checkmate@1 3f=-1 50=0 final= maxr=1 maxh=150",
			"lichess":                    "end=fifty_move@0 3f=-1 50=-1 final= maxr=1 maxh=149",
		},
	},
	{
		name: "seventy-five-moves-played-on",
		why: "Rh7 is no mate: P1 has hmc 150 and fide2014/fide2017 end the game there (Black to move); Black " +
			"played on. fide2009 has no 75-move rule: White (P0, P2) and Black (P1) could claim fifty moves.",
		fen: "k7/8/1K6/8/8/8/8/7R w - - 149 100", moves: "Rh7 Kb8", result: ResultUnknown, plies: 2,
		findings: map[string][]string{
			"fide2014 fide2017": {
				"fifty_move on_board ply=0 mn=100 white - reps=1 hmc=149 opps=1 after=2 missed unknown",
				"seventyfive_move automatic ply=1 mn=100 black - reps=1 hmc=150 opps=1 after=1 missed unknown mandated=1/2-1/2 differs=false",
			},
			"fide2009": {
				"fifty_move on_board ply=0 mn=100 white - reps=1 hmc=149 opps=2 after=2 missed unknown",
				"fifty_move on_board ply=1 mn=100 black - reps=1 hmc=150 opps=1 after=1 missed unknown",
			},
			"lichess": {
				"fifty_move automatic ply=0 mn=100 white - reps=1 hmc=149 opps=1 after=2 missed unknown mandated=1/2-1/2 differs=false",
			},
		},
		summaries: map[string]string{
			"fide2014 fide2017": "end=seventyfive_move@1 3f=-1 50=0 final= maxr=1 maxh=150",
			"fide2009":          "end=none 3f=-1 50=0 final=fifty_move maxr=1 maxh=151",
			"lichess":           "end=fifty_move@0 3f=-1 50=-1 final= maxr=1 maxh=149",
		},
	},
	{
		name: "capture-makes-dead-position",
		why: "hmc 99: White may claim fifty moves with any bishop move (the king's only legal move is a capture), " +
			"but plays Kxd2 (move_available, not taken); K+B v K is dead at P1 and the game stops there drawn",
		fen: "4k3/8/8/8/8/8/3r4/4KB2 w - - 99 60", moves: "Kxd2", result: Draw, plies: 1,
		findings: map[string][]string{
			"fide2009 fide2014 fide2017": {
				"fifty_move move_available ply=0 mn=60 white B* reps=1 hmc=99 opps=1 after=1 missed draw",
				"dead_position automatic ply=1 mn=60 black - reps=1 hmc=0 opps=1 after=0 taken draw mandated=1/2-1/2 differs=false",
			},
			"lichess": {
				"dead_position automatic ply=1 mn=60 black - reps=1 hmc=0 opps=1 after=0 taken draw mandated=1/2-1/2 differs=false",
			},
		},
		summaries: map[string]string{
			"fide2009 fide2014 fide2017": "end=dead_position@1 3f=-1 50=0 final= maxr=1 maxh=99",
			"lichess":                    "end=dead_position@1 3f=-1 50=-1 final= maxr=1 maxh=99",
		},
	},
	{
		name: "dead-position-played-on-and-won",
		why:  "K+B v K after 1. Kxd2; the game went on two half-moves and was scored 1-0: not applied, result differs",
		fen:  "4k3/8/8/8/8/8/3r4/4KB2 w - - 0 60", moves: "Kxd2 Ke7 Bc4", result: WhiteWins, plies: 3,
		findings: map[string][]string{"fide2009 fide2014 fide2017": {
			"dead_position automatic ply=1 mn=60 black - reps=1 hmc=0 opps=1 after=2 missed loss mandated=1/2-1/2 differs=true",
		}, "lichess": {
			"dead_position automatic ply=1 mn=60 black - reps=1 hmc=0 opps=1 after=2 missed loss mandated=1/2-1/2 differs=true",
			// Undated: lichess's newest rules (rules.md 10), under which 1-0 without a Termination
			// is a resignation (8) by Black against White's K+B, short of material (lila #20172).
			"unwinnable_resignation automatic ply=3 mn=61 white - reps=1 hmc=2 opps=1 after=0 missed win mandated=1/2-1/2 differs=true",
		}},
		// Judged: P0 (hmc 0) and P1 (hmc 0 after the capture).
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=dead_position@1 3f=-1 50=-1 final= maxr=1 maxh=0"},
	},
	{
		name: "fifty/only-pawn-moves-no-claim",
		why:  "hmc 99 but Black's only legal moves are pawn moves: no fifty-move claim by intended move",
		fen:  "k7/P6p/1K6/8/8/8/8/8 b - - 99 80", moves: "h6", result: ResultUnknown, plies: 1,
		findings:  map[string][]string{},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=none 3f=-1 50=-1 final= maxr=1 maxh=99"},
	},
	{
		name: "stalemate-scored-as-win",
		why:  "Black to move is stalemated; the score says 1-0: a stalemate row (4.5)",
		fen:  "k7/8/1Q6/8/8/8/8/4K3 b - - 0 1", result: WhiteWins, plies: 0,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"stalemate automatic ply=0 mn=1 black - reps=1 hmc=0 opps=1 after=0 missed loss mandated=1/2-1/2 differs=true",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=stalemate@0 3f=-1 50=-1 final= maxr=1 maxh=0"},
	},
	{
		name: "stalemate-before-dead",
		why:  "K+B v K with Black stalemated: both stalemate and dead hold; end_rule names stalemate; drawn, no row",
		fen:  "k7/8/1K6/8/8/8/7B/8 b - - 0 1", result: Draw, plies: 0,
		findings:  map[string][]string{},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=stalemate@0 3f=-1 50=-1 final= maxr=1 maxh=0"},
	},
	{
		name: "checkmate-wrong-winner",
		why:  "Black is mated at P0 and the score says 0-1",
		fen:  "k6R/8/1K6/8/8/8/8/8 b - - 0 1", result: BlackWins, plies: 0,
		findings: map[string][]string{"fide2009 fide2014 fide2017 lichess": {
			"checkmate automatic ply=0 mn=1 black - reps=1 hmc=0 opps=1 after=0 missed win mandated=1-0 differs=true",
		}},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=checkmate@0 3f=-1 50=-1 final= maxr=1 maxh=0"},
	},
	{
		name: "checkmate-unknown-result",
		why:  "'*' never differs (4.5)",
		fen:  "k6R/8/1K6/8/8/8/8/8 b - - 0 1", result: ResultUnknown, plies: 0,
		findings:  map[string][]string{},
		summaries: map[string]string{"fide2009 fide2014 fide2017 lichess": "end=checkmate@0 3f=-1 50=-1 final= maxr=1 maxh=0"},
	},
}

func TestJudgeCases(t *testing.T) {
	j := NewJudge()
	choices := all4(t)
	for i := range judgeCases {
		c := &judgeCases[i]
		t.Run(c.name, func(t *testing.T) {
			v := replay(t, j, c.fen, c.moves, c.result, choices)
			checkVerdict(t, c, v)
		})
	}
}

// TestSection6Counts checks the first worked example row by row: the
// occurrence count of every position P0 ... P16.
func TestSection6Counts(t *testing.T) {
	j := NewJudge()
	j.Begin(new(board.StartPosition()), Draw, all4(t))
	want := []int{1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5}
	if j.count != want[0] {
		t.Errorf("count(P0) = %d", j.count)
	}
	for i, tok := range strings.Fields(strings.ReplaceAll(knights16, ".", ". ")) {
		if strings.HasSuffix(tok, ".") {
			continue
		}
		_ = i
		m, err := j.Position().ParseSAN([]byte(tok))
		if err != nil {
			t.Fatal(err)
		}
		j.Play(m)
		if j.count != want[j.Ply()] {
			t.Errorf("count(P%d) = %d, want %d", j.Ply(), j.count, want[j.Ply()])
		}
	}
}

// TestSection6EnPassant: after 1. e4 Black has no legal en passant capture,
// so P1 is the same position as the same placement reached by any route.
func TestSection6EnPassant(t *testing.T) {
	p := board.StartPosition()
	m, err := p.ParseSAN([]byte("e4"))
	if err != nil {
		t.Fatal(err)
	}
	p.Play(m)
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
	} {
		q, err := board.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		if q.Identity() != p.Identity() || q.Key() != p.Key() {
			t.Errorf("P1 after 1. e4 differs from %s", fen)
		}
	}
}

// TestFivefoldReadings: the start position stands for the fifth time at P20,
// but P16 is not the start position (the last cycle took 8 half-moves), so
// the consecutive reading of fide2014 does not end the game; any order does.
func TestFivefoldReadings(t *testing.T) {
	const moves = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 " +
		"7. Nc3 Nc6 8. Ne4 Ne5 9. Nc3 Nc6 10. Nb1 Nb8"
	cases := []struct {
		list, five string
		want       []string
	}{
		{"fide2009,fide2014,fide2017,lichess", "", []string{"fide2009 none", "fide2014 none", "fide2017 fivefold@20", "lichess fivefold@20"}},
		{"fide2014", "any", []string{"fide2014 fivefold@20"}},
	}
	j := NewJudge()
	for _, c := range cases {
		s := mustSelection(t, c.list, "", c.five)
		v := replay(t, j, "", moves, Draw, s.Choose(nil, Date{}, Date{}, Date{}))
		var got []string
		for _, g := range v.Games {
			end := "none"
			if g.EndRule != NoRule {
				end = fmt.Sprintf("%s@%d", g.EndRule, g.EndPly)
			}
			got = append(got, g.Edition.ID+" "+end)
			if g.MaxRepetitions != 5 {
				t.Errorf("%s: max repetitions %d, want 5 (P20)", g.Edition.ID, g.MaxRepetitions)
			}
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("--edition %s --fivefold-2014 %q: %v, want %v", c.list, c.five, got, c.want)
		}
	}
}

func TestDeadByMaterialCases(t *testing.T) {
	cases := []struct {
		fen  string
		dead bool
		what string
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, "K v K"},
		{"4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", true, "K+B v K"},
		{"4k1n1/8/8/8/8/8/8/4K3 w - - 0 1", true, "K v K+N"},
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true, "K+B v K+B, both bishops on dark squares"},
		{"4kb2/8/3b4/8/8/4B3/8/2B1K3 w - - 0 1", true, "four bishops, all on dark squares"},
		{"4k1n1/8/8/8/8/8/8/4K1N1 w - - 0 1", false, "K+N v K+N"},
		{"4k1n1/8/8/8/8/8/8/2B1K3 w - - 0 1", false, "K+B v K+N"},
		{"4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", false, "K+N+N v K"},
		{"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", false, "bishops on both colours (one each side)"},
		{"4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1", false, "two bishops of one side on both colours"},
		{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", false, "a pawn"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", false, "a rook"},
		{"4k3/8/8/8/8/8/8/3QK3 w - - 0 1", false, "a queen"},
	}
	j := NewJudge()
	for _, c := range cases {
		v := replay(t, j, c.fen, "", Draw, all4(t))
		for _, g := range v.Games {
			if got := g.EndRule == DeadPosition && g.EndPly == 0; got != c.dead {
				t.Errorf("%s (%s) under %s: dead=%t, want %t", c.what, c.fen, g.Edition.ID, got, c.dead)
			}
		}
		rows := 0
		for _, f := range v.Findings {
			if f.Rule == DeadPosition {
				rows++
				want := map[string]string{"fide2009": "9.6", "fide2014": "9.7", "fide2017": "5.2.2", "lichess": "lichess insufficient material"}[f.Edition.ID]
				if f.Article != want || f.Kind != Automatic || f.Missed || f.ResultDiffers {
					t.Errorf("%s under %s: %s", c.what, f.Edition.ID, fmtFinding(&f))
				}
			}
		}
		if c.dead && rows != 4 || !c.dead && rows != 0 {
			t.Errorf("%s: %d dead-position rows", c.what, rows)
		}
	}
}

// TestJudgeReuse: a Judge carries nothing from one game to the next.
func TestJudgeReuse(t *testing.T) {
	j := NewJudge()
	choices := all4(t)
	fresh := replay(t, NewJudge(), "", knights16, Draw, choices)
	want := fmt.Sprint(fresh.Games, len(fresh.Findings))
	var wantF []string
	for i := range fresh.Findings {
		wantF = append(wantF, fmtFinding(&fresh.Findings[i])+" "+fresh.Findings[i].FEN)
	}
	replay(t, j, "6n1/4k3/8/8/8/8/4K3/6N1 w - - 83 1", knights16+" 9. Nf3", WhiteWins, choices)
	replay(t, j, "4k3/8/8/8/8/8/3r4/4KB2 w - - 99 60", "Kxd2", Draw, choices)
	again := replay(t, j, "", knights16, Draw, choices)
	if got := fmt.Sprint(again.Games, len(again.Findings)); got != want {
		t.Errorf("reused judge:\n%s\nfresh:\n%s", got, want)
	}
	for i := range again.Findings {
		if got := fmtFinding(&again.Findings[i]) + " " + again.Findings[i].FEN; got != wantF[i] {
			t.Errorf("finding %d: %s, want %s", i, got, wantF[i])
		}
	}
	if again.Final.FEN() != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 16 9" {
		t.Errorf("final FEN %s", again.Final.FEN())
	}
}

// TestFindingFEN: the FEN column is that of Pi, the finding's position.
func TestFindingFEN(t *testing.T) {
	v := replay(t, NewJudge(), "", knights8, Draw, all4(t))
	want := map[int]string{
		7: "rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 7 4",
		8: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5",
	}
	for _, f := range v.Findings {
		if f.FEN != want[f.Ply] {
			t.Errorf("%s ply %d FEN %s, want %s", f.Edition.ID, f.Ply, f.FEN, want[f.Ply])
		}
	}
}

// TestNoAllocationPerPly: once warm, a game without findings costs no
// allocation at all, and one with findings only its strings.
func TestNoAllocationPerPly(t *testing.T) {
	choices := all4(t)
	start := board.StartPosition()
	// A long game with no repetition: the Ruy Lopez main line's first moves and
	// then piece moves that never return.
	var moves []board.Move
	p := start
	for _, san := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7") {
		m, err := p.ParseSAN([]byte(san))
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		p.Play(m)
	}
	j := NewJudge()
	run := func() {
		j.Begin(&start, Draw, choices)
		for _, m := range moves {
			j.Play(m)
		}
		j.Finish()
	}
	run()
	if a := testing.AllocsPerRun(50, run); a != 0 {
		t.Errorf("%v allocations per game without findings", a)
	}
	// A game with findings in all four editions: FEN and SAN strings only.
	var rep []board.Move
	p = start
	for _, san := range strings.Fields(strings.ReplaceAll(knights8, ".", ". ")) {
		if strings.HasSuffix(san, ".") {
			continue
		}
		m, _ := p.ParseSAN([]byte(san))
		rep = append(rep, m)
		p.Play(m)
	}
	run2 := func() {
		j.Begin(&start, Draw, choices)
		for _, m := range rep {
			j.Play(m)
		}
		j.Finish()
	}
	run2()
	// Two FENs (P7, P8) and one SAN (Ng8), shared by the four editions.
	if a := testing.AllocsPerRun(50, run2); a > 3 {
		t.Errorf("%v allocations per game with 8 findings, want at most 3", a)
	}
}

// collide makes window entry t carry key (as if its Zobrist key collided with
// the position about to be registered) and links it into key's bucket chain.
func collide(j *Judge, t int, key uint64) {
	b := key >> (64 - hashBits)
	j.win[t].key = key
	j.win[t].next = j.head[b]
	j.head[b] = j.serial + uint32(t)
}

// TestKeyCollisionIsNotRepetition: hashes select candidates, but only an
// exact comparison makes a repetition (rules.md section 1). Window entries are
// forced to carry the key of the next position; the count must not move.
func TestKeyCollisionIsNotRepetition(t *testing.T) {
	play := func(j *Judge, san string) {
		m, err := j.Position().ParseSAN([]byte(san))
		if err != nil {
			t.Fatal(err)
		}
		j.Play(m)
	}
	next := func(j *Judge, san string) (board.Move, uint64) {
		m, err := j.Position().ParseSAN([]byte(san))
		if err != nil {
			t.Fatal(err)
		}
		return m, j.Position().KeyAfter(m)
	}

	// Same side to move, different placement: P0 (start) against P4 after
	// 1. Nf3 Nf6 2. Nc3 Nc6.
	j := NewJudge()
	j.Begin(new(board.StartPosition()), ResultUnknown, all4(t))
	for _, san := range []string{"Nf3", "Nf6", "Nc3"} {
		play(j, san)
	}
	m, key := next(j, "Nc6")
	collide(j, 0, key)
	j.Play(m)
	if j.count != 1 {
		t.Errorf("a key collision with a different placement counted as repetition %d", j.count)
	}

	// The same placement, but the first occurrence had a legal en passant
	// capture (ep/legal-at-first-occurrence): P1 against P5.
	j.Begin(new(mustFEN(t, "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1")), ResultUnknown, all4(t))
	for _, san := range []string{"e4", "Nf6", "Nf3", "Ng8"} {
		play(j, san)
	}
	m, key = next(j, "Ng1")
	collide(j, 0, key)
	j.Play(m)
	if j.count != 1 {
		t.Errorf("a key collision with the en passant position counted as repetition %d", j.count)
	}
	// The same placement with the other side to move: the white king
	// triangulates (Ke2, Kf1, Ke1) while the black king goes and comes back,
	// so P5 has P0's placement with Black to move.
	j.Begin(new(mustFEN(t, "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1")), ResultUnknown, all4(t))
	for _, san := range []string{"Ke2", "Kd8", "Kf1", "Ke8"} {
		play(j, san)
	}
	m, key = next(j, "Ke1")
	collide(j, 0, key)
	j.Play(m)
	if j.count != 1 {
		t.Errorf("a key collision with the other side to move counted as repetition %d", j.count)
	}

	// And a genuine repetition still counts: P9 = P5 in the en passant game.
	j.Begin(new(mustFEN(t, "4k1n1/8/8/8/3p4/8/4P3/4K1N1 w - - 0 1")), ResultUnknown, all4(t))
	for _, san := range []string{"e4", "Nf6", "Nf3", "Ng8", "Ng1"} {
		play(j, san)
	}
	for _, san := range []string{"Nf6", "Nf3", "Ng8", "Ng1"} {
		play(j, san)
	}
	if j.count != 2 {
		t.Errorf("P9 = P5 counted %d", j.count)
	}
}

func mustFEN(t *testing.T, fen string) board.Position {
	t.Helper()
	p, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestThreefoldGateOnBoard: a third occurrence reached by two different cycles is claimable on
// the board although no position with the other side to move stood twice, so the fast path
// (mayClaim) must open on the count alone. Worked by hand: the start position stands at plies
// 0, 4 and 8 (the cycles Nf3 Nf6 Ng1 Ng8 and Nc3 Nc6 Nb1 Nb8); Black could claim at ply 7 by
// playing Nb8 (to a position that stood twice), White on the board at ply 8, and played e4.
func TestThreefoldGateOnBoard(t *testing.T) {
	moves := "1. Nf3 Nf6 2. Ng1 Ng8 3. Nc3 Nc6 4. Nb1 Nb8 5. e4"
	v := replay(t, NewJudge(), "", moves, ResultUnknown, all4(t))
	for _, ed := range []string{"fide2009", "fide2014", "fide2017", "lichess"} {
		var white, black bool
		for i := range v.Findings {
			f := &v.Findings[i]
			if f.Edition.ID != ed || f.Rule != Threefold {
				continue
			}
			switch {
			case f.Side == board.White && f.Kind == OnBoard && f.Ply == 8 && f.Repetitions == 3 && f.Missed:
				white = true
			case f.Side == board.Black && f.Kind == MovePlayed && f.Ply == 7 && f.Move == "Nb8":
				black = true
			}
		}
		if !white || !black {
			t.Errorf("%s: White's threefold on the board at ply 8 found %t, Black's by Nb8 at ply 7 found %t; findings:", ed, white, black)
			for i := range v.Findings {
				t.Log(fmtFinding(&v.Findings[i]))
			}
		}
	}
}

// TestRejoinAfterQuietMoves: a game of 2018 under fide2017 and lichess is split (lichess then
// left P0 uncounted: UncountedStart) and rejoins at its first irreversible move, 2. e4, though
// the clock stood at 2 before it: both tallies have counted the same facts by then (hmc 0 at
// P3).
func TestRejoinAfterQuietMoves(t *testing.T) {
	sel, err := NewSelection("fide2017,lichess", "", "")
	if err != nil {
		t.Fatal(err)
	}
	choices := sel.Choose(nil, Date{}, ParseDate("2018.05.01"), Date{})
	j := NewJudge()
	j.Begin(new(board.StartPosition()), ResultUnknown, choices)
	if j.tally.next == nil {
		t.Fatal("fide2017 and lichess of 2018: want a split game")
	}
	for _, san := range []string{"Nf3", "Nf6", "e4"} {
		m, err := j.Position().ParseSAN([]byte(san))
		if err != nil {
			t.Fatal(err)
		}
		j.Play(m)
	}
	if j.tally.next != nil || j.eds[1].alt {
		t.Errorf("after 1. Nf3 Nf6 2. e4: the split stays (next %v, lichess alt %v), want rejoined", j.tally.next != nil, j.eds[1].alt)
	}
}
