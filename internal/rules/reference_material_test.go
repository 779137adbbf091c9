package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// The reference's own copy of the days lichess's "cannot win" rule changed (rules.md 10),
// read in scalachess's InsufficientMatingMaterial(board, color) at each version: the pull
// requests #97, #152, #153, #164 and #821, and lila #20172 for resignations.
const (
	refMaterial97       = "2017.03.31"
	refMaterial152      = "2018.08.27"
	refMaterial153      = "2018.09.13"
	refMaterial164      = "2019.01.18"
	refMaterialResigned = "2026.04.04"
	refMaterialForced   = "2026.04.11"
)

// refMinor is one piece other than a king, as the reference reads a FEN: role letter
// (upper case), side, and whether it stands on a light square.
type refMinor struct {
	role         byte
	white, light bool
}

// refNonKings lists the pieces of a FEN's placement other than the kings.
func refNonKings(fen string) []refMinor {
	var out []refMinor
	rank, file := 7, 0
	for _, c := range []byte(strings.Fields(fen)[0]) {
		switch {
		case c == '/':
			rank, file = rank-1, 0
		case c >= '1' && c <= '8':
			file += int(c - '0')
		default:
			if up := c &^ 0x20; up != 'K' {
				out = append(out, refMinor{role: up, white: c == up, light: (rank+file)%2 == 1})
			}
			file++
		}
	}
	return out
}

// refRoles returns the role letters of side white's pieces in ps, and whether every one
// is in allowed.
func refRoles(ps []refMinor, white bool, allowed string) (roles string, only bool) {
	only = true
	for _, p := range ps {
		if p.white == white {
			roles += string(p.role)
			only = only && strings.IndexByte(allowed, p.role) >= 0
		}
	}
	return roles, only
}

// refBishopsOnDifferentColor is scalachess's bishopsOnDifferentColor(board) of 2017-2019,
// transcribed: false when any piece but a king is not a bishop; when every bishop is one
// side's, true for fewer than three or all on one square colour; else true when no white
// bishop shares a square colour with a black one.
func refBishopsOnDifferentColor(ps []refMinor) bool {
	sameSide, sameSquare := true, true
	for _, p := range ps {
		if p.role != 'B' {
			return false
		}
		sameSide = sameSide && p.white == ps[0].white
		sameSquare = sameSquare && p.light == ps[0].light
	}
	if sameSide {
		return len(ps) < 3 || sameSquare
	}
	for _, w := range ps {
		for _, b := range ps {
			if w.white && !b.white && w.light == b.light {
				return false
			}
		}
	}
	return true
}

// refLichessShort is the reference's reading of lichess's rule on day ("" = the newest):
// whether white (or black) cannot win at the position fen by its material alone.
func refLichessShort(fen string, white bool, day string) bool {
	ps := refNonKings(fen)
	mine, _ := refRoles(ps, white, "")
	_, theirQueens := refRoles(ps, !white, "Q")
	_, theirHeavy := refRoles(ps, !white, "QR")
	_, theirNoKnightPawn := refRoles(ps, !white, "QRB")
	switch {
	case mine == "":
		return true
	case day != "" && day < refMaterial97: // Nil | List(Knight) | List(Bishop) => true
		return mine == "N" || mine == "B"
	case day != "" && day < refMaterial164:
		switch {
		case mine == "N":
			return theirQueens
		case mine != "B":
			return false
		case day < refMaterial152:
			return theirHeavy
		case day < refMaterial153:
			return theirNoKnightPawn || refBishopsOnDifferentColor(ps)
		}
		return theirNoKnightPawn && !refBishopsOnDifferentColor(ps)
	}
	// From #164: the distinct roles; all bishops of the board on one square colour.
	if strings.Trim(mine, mine[:1]) != "" {
		return false // two roles, or a pawn, rook or queen
	}
	switch mine[0] {
	case 'N':
		return len(mine) == 1 && theirQueens
	case 'B':
		light, dark := false, false
		for _, p := range ps {
			light = light || p.role == 'B' && p.light
			dark = dark || p.role == 'B' && !p.light
		}
		return theirNoKnightPawn && !(light && dark)
	}
	return false
}

// refLichessUnwinnable reports whether lichess's rules on day draw a game won by white (or
// black) that stopped at p as stop says: its material rule for timeouts, for resignations
// from lila #20172, and from scalachess #821 a timeout whose flagger, to move, has only
// moves leaving the winner short.
func refLichessUnwinnable(p board.Position, white bool, stop Stop, day string) bool {
	newest := day == ""
	switch {
	case stop == StopTime:
	case resigned(stop) && (newest || day >= refMaterialResigned):
	default:
		return false
	}
	if refLichessShort(p.FEN(), white, day) {
		return true
	}
	if stop != StopTime || !(newest || day >= refMaterialForced) || (p.Turn() == board.White) == white {
		return false
	}
	var l board.MoveList
	p.LegalMoves(&l)
	for _, m := range l.Slice() {
		q := p
		q.Play(m)
		if !refLichessShort(q.FEN(), white, day) {
			return false
		}
	}
	return l.N > 0
}

// TestLichessMaterialAgainstReference: under lichess, a decisive game gets an
// unwinnable_timeout or unwinnable_resignation row exactly where the reference's own reading
// of lichess's rule on the game's day (refLichessUnwinnable) says the winner could not win,
// with the repetitions of Pn the reference counts as lichess did that day: the hand-built cases (each change on both sides of its day) and the lichess excerpt.
func TestLichessMaterialAgainstReference(t *testing.T) {
	paths := []string{filepath.Join("..", "..", "testdata", "cases.pgn"), testcorpus.Path(t, "lichess-2025-05-excerpt.pgn")}
	sel := mustSelection(t, "lichess", "", "")
	j := NewJudge()
	var choices []Choice
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		rows, judged := 0, 0
		rd := pgn.NewReader(f, pgn.SplitterOptions{Source: path})
		for rd.Next() {
			tags, sans, last := readGame(rd)
			res := ParseResult(tags["Result"])
			g := &corpusGame{fen: tags["FEN"], setUp: tags["SetUp"]}
			start, ok := g.start()
			if !ok || !StandardVariant(tags["Variant"]) || (res != WhiteWins && res != BlackWins) {
				continue
			}
			stop := TerminationOf([]byte(tags["Termination"]), []byte(tags["TerminationDetails"]), last)
			choices = sel.Choose(choices[:0], ParseDate(tags["EventDate"]), ParseDate(tags["Date"]), ParseDate(tags["UTCDate"]))
			v := judgeStop(j, start, res, choices, sans, stop)
			// The reference counts repetitions as lichess did on the day (reference_test.go).
			ref := newRefGameBy(start, sans, res, refLichessCounting(tags["Date"], tags["UTCDate"]))
			if v.Failed || ref.failed {
				continue
			}
			pn := ref.pos[len(ref.pos)-1]
			want := pn.HasLegalMove() && refLichessUnwinnable(pn, res == WhiteWins, stop, refLichessDay(tags["Date"], tags["UTCDate"]))
			got := false
			for i := range v.Findings {
				if r := v.Findings[i].Rule; r == UnwinnableTimeout || r == UnwinnableResignation {
					got = true
					// count(Pn) as lichess counted that day, also where the game ended earlier
					// under lichess and the Judge recounts it (finalCount).
					if reps, n := v.Findings[i].Repetitions, len(ref.pos)-1; reps != ref.count[n] {
						t.Errorf("%s: %q: %s rep=%d, the reference counts %d", filepath.Base(path), tags["Event"], r, reps, ref.count[n])
					}
				}
			}
			if got != want {
				t.Errorf("%s: %q (%s, %s): unwinnable row %t, the reference says %t", filepath.Base(path), tags["Event"], tags["UTCDate"], pn.FEN(), got, want)
			}
			judged++
			if want {
				rows++
			}
		}
		if err := rd.Err(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		t.Logf("%s: %d decisive games, %d unwinnable rows agree with the reference", filepath.Base(path), judged, rows)
		if judged == 0 {
			t.Errorf("%s: no decisive game compared", path)
		}
	}
}
