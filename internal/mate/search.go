package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The cooperative mate search: both sides' moves are chosen to help side mate, by iterative
// deepening over plies. Side's checks, captures, pawn moves and moves that bring its pieces
// nearer the loser's king cost no depth (the loser's replies always cost one, so every line
// still ends). Each side tries only its few most helpful moves at a node (d.widths, set by
// CanMate's plan; order ranks them); side's last ply tries every move that may check. A
// transposition table keyed by exact identity remembers the depth at which a position was
// searched in vain. It only finds mates: it never answers No (the exhaustive search of
// reach.go does).

// maxDepth was 40 while the depth stepped by one ply, when no search reached it within the
// budget; stepping by up to 4 (depthStep) some do, and end there: 60 answers 2 more of
// labelled-dev.txt (114 → 112 unknown, 98.7 M → 97.9 M nodes; the timeouts file the same 7
// unknown, 17.11 M → 17.15 M nodes), 80 no more than 60.
const (
	maxDepth = 60             // deepest iteration, in costed plies
	maxPly   = 2*maxDepth + 2 // longest line: free moves at most double the costed plies
)

// searchState is the mate search's state: its plies, the line found, its iteration, the widths
// and flags of the step running it (setSearch) and its table.
type searchState struct {
	frames   []frame            // the plies
	line     [maxPly]board.Move // the line, valid up to lineLen
	lineLen  int                // moves in line when a mate was found
	depth    int                // the current iteration
	lastIter int                // nodes of the last complete iteration (0: none yet)
	toward   bool               // the loser's king walks toward side's king, not to a corner (phase.toward)
	open     bool               // the loser opens its pawn wall first (phase.open)
	walk     bool               // side's king walks round the pawns (phase.walk, walks)
	leap     bool               // the iterations deepen by leaps (phase.leap, depthStep)
	walks    walkTable          // side's king's distances round the root's pawns, once walked
	walked   bool               // walks holds this question's table
	widths   [2]int             // the search tries so many of each colour's moves (0: all)
	ttSize   int                // entries in tt after the last complete iteration
	tt       depthTable         // the positions searched in vain, with the depth
}

// frame is one ply of the mate search: its position, its moves and their order scores.
type frame struct {
	pos      board.Position
	moves    board.MoveList
	scores   [len(board.MoveList{}.Moves)]int32
	approach bool // side's short list would have sufficed at the last side's node of this ply (sideMoves)
}

// mateSearch starts the search from root (see deepen).
func (d *Decider) mateSearch(root *board.Position) (found, stalled bool) {
	d.tt.reset()
	d.frames[0].pos = *root
	d.depth, d.ttSize, d.lastIter = 1, -1, 0
	return d.deepen()
}

// deepen runs iterations from depth d.depth on (stepping as depthStep says) until one finds
// a mate by d.side (found: d.line[:d.lineLen] is the line), the budget d.limit runs out (d.out;
// a later call resumes at the iteration cut short), or an iteration adds no position to the
// table (stalled: a sign that deeper iterations at these widths would find nothing new, so the
// plan's next step gets the budget; it only ends a mate search early, which never answers No).
func (d *Decider) deepen() (found, stalled bool) {
	for d.depth <= maxDepth {
		start := d.nodes
		if d.dfs(0, d.depth) {
			return true, false
		}
		if d.out {
			return false, false
		}
		n := d.tt.n
		if n == d.ttSize && d.depth >= 4 {
			return false, true
		}
		d.ttSize = n
		cost := d.nodes - start
		if d.depth == maxDepth {
			break
		}
		d.depth = min(d.depth+depthStep(d.lastIter, cost, d.leap), maxDepth)
		d.lastIter = cost
	}
	return false, true
}

// Deepening steps. An iteration repeats the one before it and adds a ply, so when a ply adds
// little (the tree grows slowly: few moves cost depth, and the table prunes what was searched)
// most of an iteration's nodes are the previous iteration's again: on line 89 of
// labelled-dev.txt the 4 × 4 search's iterations each cost 1.1-1.6 times the one before, and the
// 20 iterations to its mate spent 29,510 nodes, the last one 7,188. So the depth steps by as
// many plies as it takes for the next iteration to cost about deepenGrowth times the last one,
// measured by the last step's growth, at most deepenMaxStep: the iterations repeat less of
// each other, and a mate at any depth is still found (an iteration at depth d finds every mate
// its widths allow within d, so one that overshoots finds it too). Measured at the default
// budget (nodes, unknown): labelled-dev.txt 108.7 M, 129 → 98.7 M, 114; the timeouts file
// 23.9 M, 9 → 17.1 M, 7. Tried: growth 3, 3.5, 5 with at most 4 plies (116, 115, 115 unknown);
// 3 and 4 with at most 6 (117, 118); 3 with at most 3 (118); 2 plies whenever an iteration cost
// less than twice the last (121), 2 or 3 by thresholds 2 and 1.5 (118).
//
// The plan's narrow searches that are not kept (phase.leap) deepen by leaps: after the first
// iteration (depth 1) straight to leapMaxStep plies more, then up to leapMaxStep plies for an
// iteration leapGrowth times the last. Their mates are mostly found along the first lines tried, so
// a deep iteration finds them at once, and the shallow iterations before it were most of the cost:
// with steps of 4, 65 % of the first step's nodes on the timeouts file (--winner) were spent in
// iterations before the one that found the mate. Measured (nodes, plan and deep steps, --winner on
// the timeouts file / both sides of the unfair file): steps of 4, 14.68 M / 14.89 M; leaping 9.75 M
// / 9.54 M, unknown 0 on both; labelled-dev.txt 83.55 M → 82.67 M, 5 unknown as before. Tried: a
// first leap of 1 (growth alone decides) 11.74 M / 12.40 M, of 3, 6, 10, 16, 20, 28, 32, 40, 59
// plies: 12.39 / 12.75, 11.54 / 12.00, 12.29 / 12.44, 10.61 / 10.33, 9.99 / 9.92, 9.64 / 9.82, 9.83
// / 9.97, 10.35 / 11.04, 12.16 / 12.82 M; with a first leap of 1, growth 32 and at most 12 plies
// 12.22 / 13.06 M, 64 and 16 11.83 / 13.25 M, 128 and 20 11.69 / 12.72 M. Every mate search leaping
// with growth 64 and 16 plies (the kept one and the deep steps' too) left 5 unknown on
// labelled-dev.txt; leaping in the kept search but not in the deep step that resumes it, 17 (the
// deep step cannot resume it).
const (
	deepenGrowth  = 4
	deepenMaxStep = 4
	leapGrowth    = 256
	leapMaxStep   = 24
)

// leapMinBudget is the least budget at which the narrow searches leap. Below it a step's share
// is too small for an iteration 25 plies deep to finish, and the steps that leaped would spend it
// all there: at the scan's budget (rules.ScanBudget, 2,000: 10 nodes for the first step) the
// leaping plan left 8/8/3b4/8/8/5k2/5n2/6K1 w unknown for Black, whose mate the steps of 4 find.
const leapMinBudget = 100_000

// depthStep returns how many plies the next iteration adds, from the nodes of the last two
// complete iterations (prev 0: none before the last): the least k, at most deepenMaxStep, for
// which the last step's growth cost/prev raised to k reaches deepenGrowth (leapMaxStep and
// leapGrowth for a search that leaps, whose first step is leapMaxStep).
func depthStep(prev, cost int, leap bool) int {
	growth, most, first := float64(deepenGrowth), deepenMaxStep, 1
	if leap {
		growth, most, first = leapGrowth, leapMaxStep, leapMaxStep
	}
	if prev <= 0 {
		return first
	}
	r := float64(cost) / float64(prev)
	k, g := 1, r
	for g < growth && k < most {
		g *= r
		k++
	}
	return k
}

// dfs searches the position of frame ply with depth costed plies left.
func (d *Decider) dfs(ply, depth int) bool {
	f := &d.frames[ply]
	p := &f.pos
	if d.nodes >= d.limit {
		d.out = true
		return false
	}
	d.nodes++
	toMove := p.Turn()
	// A leaf: the loser's move is useful only if side has a ply left to mate after it, and
	// side's only if it has depth left; a leaf is a mate or nothing, which needs no move list.
	if toMove == d.loser && depth < 2 || toMove == d.side && depth < 1 || ply+1 >= maxPly {
		if toMove == d.loser && p.IsCheckmate() {
			d.lineLen = ply
			return true
		}
		return false
	}
	// The table first: a position stored there had legal moves and was no mate (a mate ends
	// the search, and a position with no move is never stored), so a hit needs no move list.
	key := p.Key()
	if d.tt.depth(key) >= depth {
		return false
	}
	lk := p.KingSquare(d.loser)
	if toMove == d.side && depth == 1 {
		return d.lastPly(f, ply, lk)
	}
	if toMove == d.side {
		d.sideMoves(f, lk)
	} else if !d.loserStep(f) {
		p.LegalMoves(&f.moves)
	}
	if f.moves.N == 0 {
		if toMove == d.loser && p.InCheck() {
			d.lineLen = ply
			return true
		}
		return false
	}
	if materialNo(p, d.side) {
		return false
	}
	if d.children(f, ply, depth, toMove, lk) {
		return true
	}
	if d.out {
		return false
	}
	d.tt.store(key, depth)
	return false
}

// lastPly searches frame ply, side to move with one costed ply left (past the table, which
// missed): only a mate in one can end it, so only the moves that may give check are listed
// (mateInOne). It does what dfs does with a full list: a position with no legal move, or from
// which the material proves no mate, is neither searched nor stored, the rest stored in vain.
func (d *Decider) lastPly(f *frame, ply int, lk board.Square) bool {
	p := &f.pos
	c := newChecks(p, d.side, lk)
	c.From = discoverers(p, d.side, lk, &c)
	p.LegalMovesOnly(&f.moves, (*board.MoveFilter)(&c))
	if f.moves.N == 0 && !p.HasLegalMove() || materialNo(p, d.side) {
		return false
	}
	if d.mateInOne(f, ply) {
		return true
	}
	if !d.out {
		d.tt.store(p.Key(), 1)
	}
	return false
}

// children searches the children of frame ply, ordered, with the depth they cost.
func (d *Decider) children(f *frame, ply, depth int, toMove board.Color, lk board.Square) bool {
	n := f.moves.N
	if w := d.widths[toMove]; w > 0 {
		n = min(n, w)
	}
	d.order(f, toMove, lk, n)
	child := &d.frames[ply+1]
	p := &f.pos
	for _, m := range f.moves.Moves[:n] {
		child.pos = *p
		child.pos.Play(m)
		cost := 1
		if toMove == d.side && (d.approaches(m, lk) || child.pos.InCheck()) {
			cost = 0
		}
		if d.dfs(ply+1, depth-cost) {
			d.line[ply] = m
			return true
		}
		if d.out {
			return false
		}
	}
	return false
}

// mateInOne looks for side's mate in one from frame ply, whose list holds the moves that may
// give check (lastPly): each is played, and a check is a mate when the loser has no legal move.
func (d *Decider) mateInOne(f *frame, ply int) bool {
	p := &f.pos
	child := &d.frames[ply+1]
	for _, m := range f.moves.Slice() {
		child.pos = *p
		child.pos.Play(m)
		if !child.pos.InCheck() {
			continue
		}
		if d.nodes >= d.limit {
			d.out = true
			return false
		}
		d.nodes++
		if !child.pos.HasLegalMove() {
			d.line[ply] = m
			d.lineLen = ply + 1
			return true
		}
	}
	return false
}

// checks holds what a move of side must touch to give check to the loser's king lk: for each
// role, the squares from which a piece of that role attacks lk (direct checks), and side's
// pieces that are the first on a line from lk (they may uncover a check by moving away, or
// open the line behind themselves for a check along it).
// It is a board.MoveFilter (To: the direct checks, From: the discoverers), so that the legal
// moves that may check can be listed alone (lastPly).
type checks board.MoveFilter

// newChecks computes the check squares of side against the king on lk in p.
func newChecks(p *board.Position, side board.Color, lk board.Square) checks {
	occ := p.Occupied()
	var c checks
	c.To[board.Pawn] = board.Attacks(side.Other(), board.Pawn, lk, occ)
	for r := board.Knight; r <= board.Queen; r++ {
		c.To[r] = board.Attacks(side, r, lk, occ)
	}
	c.From = c.To[board.Queen] & p.ByColor(side)
	return c
}

// discoverers returns the men of c.From (side's men first on a line from lk) that may
// uncover a check by moving: those with a rook or queen of side behind them on a rank or file
// from lk, or a bishop or queen on a diagonal. The others' moves check only directly (c.To),
// so lastPly lists fewer moves than mayCheck allows and plays the same checks.
func discoverers(p *board.Position, side board.Color, lk board.Square, c *checks) uint64 {
	own := p.ByColor(side)
	rooks := (p.ByRole(board.Rook) | p.ByRole(board.Queen)) & own
	bishops := (p.ByRole(board.Bishop) | p.ByRole(board.Queen)) & own
	rooks &= board.Attacks(side, board.Rook, lk, 0) &^ c.To[board.Rook]
	bishops &= board.Attacks(side, board.Bishop, lk, 0) &^ c.To[board.Bishop]
	if rooks|bishops == 0 {
		return 0
	}
	occ := p.Occupied()
	var found uint64
	for b := c.From; b != 0; b &= b - 1 {
		x := b & -b
		if x&c.To[board.Rook] != 0 && board.Attacks(side, board.Rook, lk, occ^x)&rooks != 0 ||
			x&c.To[board.Bishop] != 0 && board.Attacks(side, board.Bishop, lk, occ^x)&bishops != 0 {
			found |= x
		}
	}
	return found
}

// mayCheck reports whether m might give check: false only when it surely does not. Castling,
// en passant and promotions, which move or remove a second piece or change the role, are
// always played out.
func (c *checks) mayCheck(m board.Move) bool {
	if m.IsCastle() || m.IsEnPassant() || m.Promotion() != board.NoRole {
		return true
	}
	return c.To[m.Role()]&(1<<m.To()) != 0 || c.From&(1<<m.From()) != 0
}

// approaches reports whether m, a move of side, is a capture or a pawn move (finitely many in
// any line: material only goes and pawns only go forward) or brings a piece nearer lk, the
// loser's king. Such moves, and checks, cost no depth.
func (d *Decider) approaches(m board.Move, lk board.Square) bool {
	if m.Captured() != board.NoRole {
		return true
	}
	if m.Role() == board.Pawn {
		return true
	}
	steps := d.stepsTo(m, lk)
	return steps[m.To()] < steps[m.From()]
}

// stepsTo returns the distances to lk that order and approaches use for m: king steps round the
// root's pawns for side's king in the walled searches (phase.walk), else straight ones.
func (d *Decider) stepsTo(m board.Move, lk board.Square) *[64]int8 {
	if m.Role() == board.King {
		return d.kingSteps(lk)
	}
	return &distances[lk]
}

// kingSteps returns the distances to lk that side's king's moves are scored by: round the
// root's pawns in the walled searches (phase.walk), else straight ones.
func (d *Decider) kingSteps(lk board.Square) *[64]int8 {
	if d.walk {
		return &d.walks[lk]
	}
	return &distances[lk]
}

// sideMoves lists side's legal moves at frame f and scores them for order (scoreSide). When
// side tries only its best few (widths), it lists first only the moves that may score above 0
// (approachFilter keeps all of those, in LegalMoves' order): when at least so many of them
// score above 0, no other move could be among the best, ties going the same way, and the rest
// need not be listed. Otherwise every legal move is listed. The short list is tried only when
// it would have sufficed at the last side's node of this ply (f.approach), its neighbour in
// the tree: where it falls short, it mostly does so at the next node too.
func (d *Decider) sideMoves(f *frame, lk board.Square) {
	p := &f.pos
	w := d.widths[d.side]
	if f.approach && w > 0 && w <= maxSelect {
		flt := d.approachFilter(p, lk)
		p.LegalMovesOnly(&f.moves, &flt)
		if d.scoreSide(f, lk) >= w {
			return
		}
	}
	p.LegalMoves(&f.moves)
	f.approach = d.scoreSide(f, lk) >= w
}

// scoreSide scores f's moves, side's, into f.scores: approaches to the loser's king lk (closer:
// stepsTo's tables, king moves 2 below other men's), promotions 4 a role above, captures 16
// above in the opening searches (d.open), which take what the loser gives. It returns how many
// score above 0.
func (d *Decider) scoreSide(f *frame, lk board.Square) int {
	// stepsTo's tables, looked up once for the node, not once a move.
	pieces, king := &distances[lk], d.kingSteps(lk)
	captureBonus := int32(0)
	if d.open {
		captureBonus = 16
	}
	scores := f.scores[:f.moves.N]
	positive := 0
	for i, m := range f.moves.Moves[:len(scores)] {
		s := int32(m.Promotion()) * 4
		if m.Role() == board.King {
			s += closer(king, m) - 2
		} else {
			s += closer(pieces, m)
		}
		if m.Captured() != board.NoRole {
			s += captureBonus
		}
		scores[i] = s
		if s > 0 {
			positive++
		}
	}
	return positive
}

// approachFilter returns a move filter that keeps every move of side in p that scoreSide may
// score above 0 (and some others): a man of a role lands nearer lk than the farthest man of
// that role, the king on a step nearer by kingSteps' table; in the opening searches any capture
// (16 above: it may step away); promotions, castling and en passant are always kept.
func (d *Decider) approachFilter(p *board.Position, lk board.Square) board.MoveFilter {
	var flt board.MoveFilter
	own := p.ByColor(d.side)
	dist := &distances[lk]
	for r := board.Pawn; r <= board.Queen; r++ {
		far := int8(0)
		for b := p.ByRole(r) & own; b != 0; b &= b - 1 {
			far = max(far, dist[bits.TrailingZeros64(b)])
		}
		flt.To[r] = nearer[lk][far&7]
	}
	if d.open {
		for r := board.Pawn; r <= board.King; r++ {
			flt.To[r] |= p.ByColor(d.loser)
		}
	}
	k := p.KingSquare(d.side)
	steps := kingSteps(uint64(1) << k)
	if !d.walk {
		flt.To[board.King] |= steps & nearer[lk][dist[k]]
		return flt
	}
	for b := steps; b != 0; b &= b - 1 {
		if sq := bits.TrailingZeros64(b); d.walks[lk][sq] < d.walks[lk][k] {
			flt.To[board.King] |= uint64(1) << sq
		}
	}
	return flt
}

// order puts f's best n moves first, best first: for side, by scoreSide's scores (sideMoves
// scored them as it listed them); for the loser, king moves toward the nearest corner (or
// side's king, d.toward), then moves that put a piece beside its own king (a blocker), then
// other waiting moves, captures last (they take away side's mating material); in the opening
// searches, the loser's order is orderOpening's. Only the first n places are sorted (a
// selection: each side tries only its best few).
func (d *Decider) order(f *frame, toMove board.Color, lk board.Square, n int) {
	moves := f.moves.Moves[:f.moves.N]
	scores := f.scores[:f.moves.N]
	if toMove == d.loser {
		if d.open {
			d.orderOpening(f, moves, scores)
		} else {
			d.scoreLoser(f, lk)
		}
	}
	if n < len(moves) && n <= maxSelect {
		selectBest(moves, scores, n)
		return
	}
	// Insertion sort: the lists are short, and it allocates nothing.
	for i := 1; i < len(moves); i++ {
		m, s := moves[i], scores[i]
		j := i
		for ; j > 0 && scores[j-1] < s; j-- {
			moves[j], scores[j] = moves[j-1], scores[j-1]
		}
		moves[j], scores[j] = m, s
	}
}

// scoreLoser scores f's moves, the loser's, into f.scores (order's ranking for the loser).
func (d *Decider) scoreLoser(f *frame, lk board.Square) {
	toKing := &distances[lk]
	goal, _ := d.loserGoal(&f.pos)
	scores := f.scores[:f.moves.N]
	for i, m := range f.moves.Moves[:len(scores)] {
		var s int32
		switch {
		case m.Captured() != board.NoRole:
			s = -100
		case m.Role() == board.King:
			s = closer(goal, m)
		default:
			s = -30 // waiting moves come after the king's moves that do not leave its corner
			if toKing[m.To()] == 1 {
				s += 20 // a piece that takes a square from its own king may block a flight
			}
		}
		scores[i] = s
	}
}

// loserGoal returns the distances the loser's king steps are scored by in p (order): to
// side's king (d.toward), else to the nearest corner; and near, the squares nearer to the
// same goal than each distance (near[k]: below k steps).
func (d *Decider) loserGoal(p *board.Position) (goal *[64]int8, near *[8]uint64) {
	if d.toward {
		k := p.KingSquare(d.side)
		return &distances[k], &nearer[k]
	}
	return &cornerDistances, &cornerNearer
}

// loserStep is the mate search's move list for a loser's node where the loser tries w moves
// (widths) in order's order, not the opening one: order ranks a king step onto an empty square
// (-8 to 8: closer to the goal) above every other move (captures -100, other men -30 or -10),
// and the king's moves come first in generation order (by target square), so when the king has
// w such steps or more the moves tried are the best w of those steps, ties going the same way.
// loserStep lists those w alone, best first, with one legality test a step (board's
// QuietPieceMove) instead of listing every move: it takes the steps by rings of equal distance
// to the goal (loserGoal's near), nearest first, each from its lowest square up, and stops at
// the w-th legal one, so that most nodes test one or two steps. ok is false when it cannot tell
// (the king has fewer than w such steps, or the loser could castle: a castling is a king move
// too), and the list must be generated.
func (d *Decider) loserStep(f *frame) (ok bool) {
	p := &f.pos
	w := d.widths[d.loser]
	if w <= 0 || d.open || p.Castling() != 0 {
		return false
	}
	k := p.KingSquare(d.loser)
	steps := kingSteps(uint64(1)<<k) &^ p.Occupied()
	_, near := d.loserGoal(p)
	n := 0
	for dist := 1; steps != 0; dist++ {
		ring := steps // the steps at distance dist-1 from the goal (every one left, at 8)
		if dist < len(near) {
			ring &= near[dist]
		}
		steps &^= ring
		for ; ring != 0; ring &= ring - 1 {
			if m, legal := p.QuietPieceMove(k, board.Square(bits.TrailingZeros64(ring))); legal {
				f.moves.Moves[n] = m
				if n++; n == w {
					f.moves.N = n
					return true
				}
			}
		}
	}
	return false
}

// maxSelect is the most moves selectBest picks; the plan's widths are at most 6.
const maxSelect = 8

// selectBest puts the best n (at most maxSelect) of moves first, best first, stable like the
// insertion sort of order: of equal scores, the earlier move first. The moves after the first
// n are left in no order, some lost: the search tries only the first n. One pass keeps the
// best so far in a small sorted buffer, where a selection sort would pass over the list n
// times and shift it (a fifth of the mate search's instructions on the timeouts file). Once
// the buffer is full, a move must beat its last (floor) to enter: most moves are turned away
// by that one comparison.
func selectBest(moves []board.Move, scores []int32, n int) {
	var top [maxSelect]board.Move
	var best [maxSelect]int32
	scores = scores[:len(moves)]
	for j, m := range moves[:n] {
		insertBest(&top, &best, j, m, scores[j])
	}
	floor := best[n-1]
	for j, s := range scores[n:] {
		if s > floor {
			insertBest(&top, &best, n-1, moves[n+j], s) // the last is dropped
			floor = best[n-1]
		}
	}
	copy(moves, top[:n])
}

// insertBest puts m, scored s, into the sorted buffer top (scores best) at or above place i,
// after the moves scored s or more (the earlier move first among equals), shifting down the
// worse ones up to place i.
func insertBest(top *[maxSelect]board.Move, best *[maxSelect]int32, i int, m board.Move, s int32) {
	for ; i > 0 && best[i-1] < s; i-- {
		top[i], best[i] = top[i-1], best[i-1]
	}
	top[i], best[i] = m, s
}

// closer scores m by the steps it gains toward what the distances t measure to: 8 a step.
func closer(t *[64]int8, m board.Move) int32 {
	return 8 * (int32(t[m.From()]) - int32(t[m.To()]))
}

// distances[a][b] is distance(a, b), and cornerDistances[sq] cornerDistance(sq): the move
// ordering asks them at every node. nearer[a][k] holds the squares at distance below k from a
// (approachFilter, loserStep), cornerNearer[k] those below k steps from the nearest corner.
var (
	distances       [64][64]int8
	cornerDistances [64]int8
	nearer          [64][8]uint64
	cornerNearer    [8]uint64
)

func init() {
	for a := range board.Square(64) {
		cornerDistances[a] = int8(cornerDistance(a))
		for k := cornerDistance(a) + 1; k < 8; k++ {
			cornerNearer[k] |= uint64(1) << a
		}
		for b := range board.Square(64) {
			distances[a][b] = int8(distance(a, b))
			for k := distance(a, b) + 1; k < 8; k++ {
				nearer[a][k] |= uint64(1) << b
			}
		}
	}
}

// distance is the number of king steps from a to b.
func distance(a, b board.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// cornerDistance is the number of king steps from sq to the nearest corner of the board.
func cornerDistance(sq board.Square) int {
	f, r := sq.File(), sq.Rank()
	return max(min(f, 7-f), min(r, 7-r))
}

// keptSearch is a mate search that a step of plan marked keep (phase.keep) left when the budget
// cut it short: its table and iteration, so that a later step marked resume with the same
// widths and flags goes on with it instead of starting over. The table's entries stay true
// (a position's depth is recorded only when its subtree was searched in vain), so the resumed
// search repeats only the path to where it was cut, and together the two steps cost what one
// search of both shares would.
type keptSearch struct {
	tt                      depthTable
	depth, ttSize, lastIter int
	settings                phase // the search's widths and flags (settings)
	cut                     bool  // a search of this question was kept, cut short by the budget
}

// settings returns ph's widths and flags: the search a step runs, without its share.
func (ph phase) settings() phase {
	return phase{sideWidth: ph.sideWidth, loserWidth: ph.loserWidth, toward: ph.toward, open: ph.open, walk: ph.walk, leap: ph.leap}
}

// setSearch sets the mate search's widths and flags (d.widths, d.toward, d.open, d.walk, d.leap) to
// ph's (leaping only at budgets from leapMinBudget up); the searches that run a mate search of their own (mateStep, breachProbe,
// playoutSearch) set them here, in one place. A walking search needs d.walks filled too.
func (d *Decider) setSearch(ph phase) {
	d.widths[d.side], d.widths[d.loser] = ph.sideWidth, ph.loserWidth
	d.toward, d.open, d.walk = ph.toward, ph.open, ph.walk
	d.leap = ph.leap && d.budget >= leapMinBudget
}

// mateStep runs the mate search of step ph from root with the node limit given (resuming the
// kept search for a step marked resume: none to resume, it does nothing) and reports whether
// it found a mate (d.line[:d.lineLen]).
func (d *Decider) mateStep(root *board.Position, ph phase, limit int) bool {
	k := &d.kept
	if ph.resume && (!k.cut || k.settings != ph.settings()) {
		return false
	}
	d.limit, d.out = limit, false
	d.setSearch(ph)
	if d.walk && !d.walked {
		d.walks.fill(root, d.side)
		d.walked = true
	}
	// The kept search has a table of its own, so that it stays as small as its steps' shares.
	keeps := ph.keep || ph.resume
	if keeps {
		d.tt, k.tt = k.tt, d.tt
	}
	var found bool
	if ph.resume {
		d.depth, d.ttSize, d.lastIter = k.depth, k.ttSize, k.lastIter
		d.frames[0].pos = *root
		found, _ = d.deepen()
	} else {
		found, _ = d.mateSearch(root)
	}
	if keeps {
		d.tt, k.tt = k.tt, d.tt
		k.cut = !found && d.out
		k.depth, k.ttSize, k.lastIter, k.settings = d.depth, d.ttSize, d.lastIter, ph.settings()
	}
	return found
}
