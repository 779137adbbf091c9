package mate

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestMayCheck plays every legal move of positions from labelled-dev.txt and the positions of
// random playouts from them, and wants mayCheck true for every move that gives check (it may
// say true for others too: it is a filter, and mateInOne plays what it lets through), with
// the checks of newChecks and with lastPly's (the discoverers narrowed), and lastPly's list
// (LegalMovesOnly) to be the legal moves its checks keep, in LegalMoves' order. It also wants
// the filter to reject most quiet moves, or it would filter nothing.
func TestMayCheck(t *testing.T) {
	lines := readUnwinnable(t, "labelled-dev.txt", 1)
	rng := rand.New(rand.NewPCG(13, 1))
	var moves, only board.MoveList
	var checks, rejected, total int
	for _, l := range lines {
		p := l.pos
		for range 40 {
			lk := p.KingSquare(p.Turn().Other())
			c := newChecks(&p, p.Turn(), lk)
			narrow := c
			narrow.From = discoverers(&p, p.Turn(), lk, &c)
			p.LegalMoves(&moves)
			if moves.N == 0 {
				break
			}
			p.LegalMovesOnly(&only, (*board.MoveFilter)(&narrow))
			want := slices.DeleteFunc(slices.Clone(moves.Slice()), func(m board.Move) bool { return !narrow.mayCheck(m) })
			if !slices.Equal(only.Slice(), want) {
				t.Fatalf("%s: LegalMovesOnly %v, the legal moves lastPly's checks keep %v", p.FEN(), only.Slice(), want)
			}
			for _, m := range moves.Slice() {
				q := p
				q.Play(m)
				total++
				switch may := c.mayCheck(m); {
				case q.InCheck() && !narrow.mayCheck(m):
					t.Fatalf("%s: %v gives check, lastPly's mayCheck says no", p.FEN(), m)
				case q.InCheck() && !may:
					t.Fatalf("%s: %v gives check, mayCheck says no", p.FEN(), m)
				case q.InCheck():
					checks++
				case !may:
					rejected++
				}
			}
			p.Play(moves.Moves[rng.IntN(moves.N)])
		}
	}
	if checks < 1000 || rejected < total/2 {
		t.Errorf("%d moves, %d checks, %d rejected: the filter is vacuous or the sample has no checks", total, checks, rejected)
	}
	t.Logf("%d moves, %d checks, %d rejected by mayCheck", total, checks, rejected)
}

// TestPlanEndsExhaustive: the plan's last step is an exhaustive search with the rest of the
// budget (the only way a search answers No), and each mate search limits both sides (a width
// of 0, all moves, would make a narrow step as dear as the old full-width search; the pattern
// step has no widths, and comes once: it searches the same way each time, so a later pattern
// step must resume it; the breach step has no widths either, and needs a share of its own; the playout step's
// searches have their own widths, playoutSearch's 2 × 1). A
// step that resumes a mate search must come after a step that keeps one with the same widths
// and flags, or it never runs.
func TestPlanEndsExhaustive(t *testing.T) {
	last := plan[len(plan)-1]
	if !last.exhaustive {
		t.Errorf("the plan's last step %+v is not an exhaustive search", last)
	}
	patterns := 0
	kept := map[phase]bool{}
	cages := map[phase]bool{}
	for i, ph := range plan {
		if ph.pattern && !ph.resume && ph.cage == 0 {
			patterns++
		}
		if ph.cage > 0 {
			key := phase{cage: ph.cage, late: ph.late}
			if cages[key] || ph.share <= 0 || ph.cage > len(cageWeights) {
				t.Errorf("step %d %+v: a cage try repeated, with no share, or with no weight", i, ph)
			}
			cages[key] = true
		}
		if ph.resume && (ph.share <= 0 || ph.pattern && patterns == 0 || !ph.pattern && !kept[ph.settings()]) {
			t.Errorf("step %d %+v resumes nothing earlier, or has no share", i, ph)
		}
		if ph.keep {
			kept[ph.settings()] = true
		}
		if (ph.breach || ph.playout) && ph.share <= 0 {
			t.Errorf("step %d %+v: a breach or playout step with no share would take the whole budget", i, ph)
		}
		if !ph.exhaustive && !ph.pattern && !ph.breach && !ph.playout && (ph.sideWidth <= 0 || ph.loserWidth <= 0) {
			t.Errorf("step %d %+v: a mate search with no width limit", i, ph)
		}
	}
	if patterns != 1 {
		t.Errorf("%d pattern steps, want 1 (a second one repeats the same search)", patterns)
	}
}

// TestMateSearchResumes: a 4 × 4 search kept when the budget cuts it and resumed by a later
// step finds the mate one search of both shares finds, for about the same nodes: the resumed
// search repeats only the path back to where it was cut, not the iterations before it (which
// a search started over would repeat: it would cost the cut-short part again). Line 89 of
// labelled-dev.txt for Black: mated by the 4 × 4 search, and not by the narrow searches.
func TestMateSearchResumes(t *testing.T) {
	const fen = "k7/2p1p3/BpP1P3/1Pp5/2Pp4/K1pPp3/2PpP3/3B4 b - - 0 1"
	p, err := board.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	keep := phase{sideWidth: 4, loserWidth: 4, keep: true}
	resume := phase{sideWidth: 4, loserWidth: 4, resume: true}
	d := NewDecider(0)
	ask := func(cut int) (nodes int) {
		t.Helper()
		root := p
		if _, done := d.cheapLayers(&root, board.Black); done {
			t.Fatalf("%s: answered by the cheap layers", fen)
		}
		found := d.mateStep(&root, keep, cut)
		if cut < d.budget && found {
			t.Fatalf("cut at %d: found already", cut)
		}
		if !found && !d.mateStep(&root, resume, d.budget) {
			t.Fatalf("cut at %d: no mate found by %d nodes", cut, d.nodes)
		}
		checkResult(t, fen, &p, board.Black, d.yes(d.line[:d.lineLen]))
		return d.nodes
	}
	whole := ask(d.budget)
	if whole < 10_000 {
		t.Fatalf("one search finds the mate at %d nodes: too few to test resuming", whole)
	}
	for _, cut := range []int{whole / 4, whole / 2, 3 * whole / 4} {
		split := ask(cut)
		t.Logf("one search %d nodes; cut at %d and resumed: %d", whole, cut, split)
		if split > whole+whole/100 {
			t.Errorf("cut at %d and resumed: %d nodes, one search %d (started over it would be %d)", cut, split, whole, cut+whole)
		}
	}
	// Nothing kept (a new question): a resume step does nothing.
	root := p
	d.cheapLayers(&root, board.Black)
	if d.mateStep(&root, resume, d.budget) || d.nodes != 0 {
		t.Errorf("a resume step with nothing kept searched %d nodes", d.nodes)
	}
}

// TestDepthStep: the deepening step for growths worked by hand (deepenGrowth 4, at most 4
// plies): an iteration 5 times the last: 1 ply; 3 times: 2 (3² = 9 ≥ 4); 1.8 times: 3
// (1.8² = 3.24 < 4 ≤ 1.8³ = 5.8), as 1.59 times (1.59³ = 4.02) but not 1.58 (3.94); 1.2 times, or no growth: the most, 4; no iteration before
// the last: 1.
func TestDepthStep(t *testing.T) {
	cases := []struct{ prev, cost, want int }{
		{100, 500, 1}, {100, 400, 1}, {100, 300, 2}, {100, 200, 2}, {100, 180, 3},
		{100, 159, 3}, {100, 158, 4}, {100, 120, 4}, {100, 100, 4}, {100, 40, 4}, {0, 7, 1},
	}
	for _, c := range cases {
		if got := depthStep(c.prev, c.cost, false); got != c.want {
			t.Errorf("depthStep(%d, %d) = %d, want %d", c.prev, c.cost, got, c.want)
		}
	}
	// Leaping (leapGrowth 256, at most 24 plies): 4 times the last: 4 (4⁴ = 256); 3 times: 6
	// (3⁵ = 243 < 256 ≤ 3⁶); 300 times: 1; 1.2 times (1.2³⁰ < 256) or no growth: the most, 24;
	// no iteration before the last: the most.
	leaps := []struct{ prev, cost, want int }{
		{100, 400, 4}, {100, 300, 6}, {100, 30_000, 1}, {100, 120, 24}, {100, 100, 24}, {0, 7, 24},
	}
	for _, c := range leaps {
		if got := depthStep(c.prev, c.cost, true); got != c.want {
			t.Errorf("leaping: depthStep(%d, %d) = %d, want %d", c.prev, c.cost, got, c.want)
		}
	}
}

// TestLoserStepIsOrdersFirst: the moves order puts first from loserStep's list are those it
// puts first from the whole list, for a loser that tries 1, 2 or 4 moves, at positions of
// random playouts from the timeouts file and labelled-dev.txt, the loser being the side to
// move, its king walking to a corner and toward side's king; and where loserStep declines
// (too few quiet king steps, castling rights, the opening order) the list is generated. It
// wants both outcomes seen often.
func TestLoserStepIsOrdersFirst(t *testing.T) {
	lines := readUnwinnable(t, "lichess-timeouts-15k-dev.txt", 25)
	lines = append(lines, readUnwinnable(t, "labelled-dev.txt", 3)...)
	rng := rand.New(rand.NewPCG(24, 1))
	d := NewDecider(0)
	var f frame
	var took, declined int
	for _, l := range lines {
		p := l.pos
		for range 30 {
			p.LegalMoves(&f.moves)
			if f.moves.N == 0 {
				break
			}
			d.start(p.Turn().Other())
			for _, ph := range []phase{{loserWidth: 1}, {loserWidth: 1, toward: true}, {loserWidth: 1, open: true}, {loserWidth: 2}, {loserWidth: 4, toward: true}} {
				d.setSearch(ph)
				f.pos = p
				if !d.loserStep(&f) {
					declined++
					continue
				}
				took++
				w := ph.loserWidth
				d.order(&f, d.loser, p.KingSquare(d.loser), w)
				got := slices.Clone(f.moves.Moves[:w])
				p.LegalMoves(&f.moves)
				d.order(&f, d.loser, p.KingSquare(d.loser), w)
				if want := f.moves.Moves[:w]; !slices.Equal(got, want) {
					t.Fatalf("%s, %+v: loserStep's %v, order's first %v", p.FEN(), ph, got, want)
				}
				if ph.open || p.Castling() != 0 {
					t.Fatalf("%s, %+v: loserStep answered where it must decline", p.FEN(), ph)
				}
			}
			p.LegalMoves(&f.moves)
			p.Play(f.moves.Moves[rng.IntN(f.moves.N)])
		}
	}
	if took < 1000 || declined < 1000 {
		t.Errorf("loserStep answered %d times and declined %d: a sample too one-sided", took, declined)
	}
	t.Logf("loserStep answered %d times, declined %d", took, declined)
}

// TestSelectBest: selectBest's first n moves are a stable sort's first n (by score, the earlier
// move first among equals), on random score lists with many ties.
func TestSelectBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for range 2000 {
		size := 1 + rng.IntN(60)
		moves := make([]board.Move, size)
		scores := make([]int32, size)
		for i := range moves {
			moves[i], scores[i] = board.Move(i+1), int32(rng.IntN(6))
		}
		n := 1 + rng.IntN(min(size, maxSelect))
		want := slices.Clone(moves)
		slices.SortStableFunc(want, func(a, b board.Move) int { return int(scores[b-1] - scores[a-1]) })
		selectBest(moves, slices.Clone(scores), n)
		if !slices.Equal(moves[:n], want[:n]) {
			t.Fatalf("scores %v, n %d: %v, want %v", scores, n, moves[:n], want[:n])
		}
	}
}

// TestScanBudgetMates: at the scan's budget (rules.ScanBudget, 2,000 nodes) the plan still
// mates with bishop and knight against a lone king, as any helpmate search of a few plies can
// (the position is the final one of an otb-masters game the scan reports on; with the narrow
// searches leaping at every budget it was left unknown). The witness replays in both
// implementations.
func TestScanBudgetMates(t *testing.T) {
	const scanBudget = 2_000
	if scanBudget >= leapMinBudget {
		t.Fatalf("the scan's budget %d leaps (leapMinBudget %d)", scanBudget, leapMinBudget)
	}
	p := mustFEN(t, "8/8/3b4/8/8/5k2/5n2/6K1 w - - 102 129")
	r := NewDecider(scanBudget).CanMate(&p, board.Black)
	if r.Answer != Yes {
		t.Fatalf("Black's mate with bishop and knight at budget %d: %v", scanBudget, r.Answer)
	}
	checkResult(t, "8/8/3b4/8/8/5k2/5n2/6K1 w", &p, board.Black, r)
}
