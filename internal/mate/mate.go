// Package mate decides whether a side can still checkmate (rules.md section 7.1): does some
// series of legal moves from a position, both sides' moves chosen freely, end in a checkmate by
// that side? It answers Yes with a witness, No with a proof, or Unknown when its node budget ran
// out. A wrong No is the one unforgivable answer, so every No comes from an argument that is
// sound (material, a static reachability proof, or an exhausted search), never from a limit.
//
// It imports only internal/board. The rules package asks it about the final position of games
// lost on time or by resignation, and about positions that cheap filters say could be dead.
//
// # Map
//
// The layers, in the order CanMate runs them, and the files they live in. The cheap layers
// (Quick runs them alone) answer No, or Yes only for a mate on the board:
//
//   - mate.go: Decider, CanMate, the plan of searches, and the forced-move layer (forcedLayer):
//     a mate on the board, the material, single legal moves played out.
//   - material.go: materialNo, the material alone (also asked at every node of the searches).
//   - static.go, static_bits.go, static_bound.go: staticNo, the locked pawn walls and what each
//     man can ever reach.
//   - static_tempo.go: the tempo proof.
//   - static_space.go: the small-space proof.
//   - quick.go: Quick, cheapProof (the cheap layers in turn) and the one-ply step
//     (everyReplyNo).
//
// Then the searches of plan (mate.go), which answer Yes with the line they found, except the
// exhaustive search, which alone among them may answer No:
//
//   - search.go: the cooperative mate search, iterative deepening at a few moves a side
//     (its table: table_depth.go; the loser's opening order: open.go; side's king's walk
//     round the pawns: walk.go).
//   - pattern.go, pattern_distance.go: the best-first search toward the shape of few-piece
//     helpmates; pattern_cage.go: its guide when side has a lone bishop or knight, the loser's
//     king caged by its own men.
//   - reach.go: the exhaustive search of every reachable position.
//   - breach.go: the best-first search through locked pawn walls.
//   - playout.go, playout_weights.go: random cooperative playouts.
//
// Shared by the searches: table.go (the exact position table, in chunks) and queue.go (the
// best-first searches' open list).
package mate

import "github.com/pgnscan/pgnscan/internal/board"

// Answer is the decider's verdict for one side.
type Answer uint8

const (
	// Unknown: the search spent its budget without deciding. Never reported as No.
	Unknown Answer = iota
	// Yes: the side can checkmate; Result.Witness replays to that mate.
	Yes
	// No: the side can never checkmate, proved.
	No
)

// String returns "yes", "no" or "unknown", the words of the outputs.
func (a Answer) String() string {
	switch a {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unknown"
}

// Proof says how an answer was reached. The outputs' proof column distinguishes only
// material from the rest (ProofMaterial is "material"; every other proof is "search").
type Proof uint8

const (
	ProofNone     Proof = iota // Unknown answers
	ProofMaterial              // the material alone decides
	ProofStatic                // a static argument beyond material (locked pawns, forced moves)
	ProofSearch                // an exhausted search, or a found mate (Yes)
)

// Column returns the proof column's value: "material" or "search" ("" for ProofNone).
func (p Proof) Column() string {
	switch p {
	case ProofNone:
		return ""
	case ProofMaterial:
		return "material"
	}
	return "search"
}

// Result is one answer of the decider.
type Result struct {
	Answer  Answer
	Proof   Proof
	Witness []board.Move // Yes: moves from the position to a checkmate by the side asked
	Nodes   int          // positions visited by the search
}

// DefaultBudget is the node budget per side that scan and canmate use unless told otherwise
// (the reference tool's default).
const DefaultBudget = 500_000

// DeepFactor and DeepMinBudget say what a question the plan leaves unknown may spend more: up
// to DeepFactor times the budget in the deep steps, at budgets of DeepMinBudget and above.
const (
	DeepFactor    = deepFactor
	DeepMinBudget = deepMinBudget
)

// Decider answers CanMate questions, reusing its tables between calls: after the first hard
// question it allocates nothing but the witnesses it returns. It is not safe for concurrent use:
// give each worker its own.
//
// Each layer owns its state, in a type of its own beside the layer's code; the Decider only
// holds them. The question and the mate search are embedded, because every layer reads the
// question (its side, its node count) and several searches run the mate search from their own
// positions (breachProbe, playoutSearch).
type Decider struct {
	budget int
	question
	searchState              // the mate search (search.go)
	kept        keptSearch   // a mate search a step of plan keeps for a later one (resume)
	reach       reachState   // the exhaustive search (reach.go)
	pattern     patternState // the pattern search (pattern.go)
	tempo       tempo        // the tempo proof's states (static_tempo.go)
	space       space        // the small-space proof's positions (static_space.go)
	breach      breachState  // the breach search (breach.go)
	playout     playoutState // the playout search (playout.go)
}

// question is the question being answered and what it has spent: every layer reads it.
type question struct {
	side, loser board.Color
	nodes       int  // nodes spent so far on this question
	limit       int  // nodes the current phase may reach
	out         bool // the budget ran out

	forced []board.Identity // positions of the forced-move layer
	prefix []board.Move     // the forced moves played before the search
	// moves holds the legal moves of the position the forced-move layer stopped at, which
	// the one-ply step reads again; unless many: manyMoves showed that position to have more
	// than maxReplies moves, and they were not listed.
	moves board.MoveList
	many  bool
}

// start sets q to a new question about side, with nothing spent.
func (q *question) start(side board.Color) {
	q.side, q.loser = side, side.Other()
	q.nodes, q.out = 0, false
	q.prefix, q.forced = q.prefix[:0], q.forced[:0]
}

// NewDecider returns a decider whose plan visits at most budget nodes per question
// (DefaultBudget when budget <= 0); a question the plan leaves unknown may spend up to
// DeepFactor times more in the deep steps (deep.go) when budget >= DeepMinBudget.
func NewDecider(budget int) *Decider {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return &Decider{budget: budget, searchState: searchState{frames: make([]frame, maxPly+1)}}
}

// maxForced bounds the forced-move layer; a longer run of single legal moves is left to the
// search.
const maxForced = 64

// cheapLayers starts a question about side from root and runs the layers that need no search:
// a mate on the board, the material, the forced moves (played out on root) and the static
// argument. done reports that they answered it, in r.
func (d *Decider) cheapLayers(root *board.Position, side board.Color) (r Result, done bool) {
	d.start(side)
	d.reach.at, d.walked = 0, false
	d.pattern.cut, d.kept.cut = false, false
	if r, done := d.forcedLayer(root); done {
		return r, true
	}
	if staticNo(root, side) {
		return Result{Answer: No, Proof: ProofStatic}, true
	}
	return Result{}, false
}

// CanMate answers whether side can still checkmate from p (rules.md 7.1). The layers run
// cheapest first: a mate on the board, the material (materialNo), forced moves played out, the
// static reachability layer (staticNo), then the tempo proof (static_tempo.go) and the
// one-ply step (everyReplyNo: every reply settled by the material or the static layer), all
// of them Quick's too (cheapProof), then the searches of plan: cooperative mate searches
// (search.go), narrow first, the few-piece pattern search (pattern.go), the breach search through
// locked walls (breach.go), random cooperative playouts (playout.go) and exhaustive searches
// (reach.go), which alone may answer No among the searches.
func (d *Decider) CanMate(p *board.Position, side board.Color) Result {
	root := *p
	if r, done := d.cheapProof(&root, side); done {
		return r
	}
	for i, ph := range plan {
		limit := d.budget
		if ph.share > 0 && i < len(plan)-1 {
			limit = min(d.budget, d.nodes+ph.share*d.budget/1000)
		}
		if ph.exhaustive && i == len(plan)-1 {
			d.pattern.cut = false // the pattern search's steps are over: nothing to resume
		}
		if r, done := d.step(&root, ph, limit); done {
			return r
		}
		if d.nodes >= d.budget {
			break
		}
	}
	if r, done := d.deep(&root); done {
		return r
	}
	return Result{Answer: Unknown, Nodes: d.nodes}
}

// step runs one step of a plan (plan, deepPlan) from root until d.nodes reaches limit, and
// returns its answer; done is false when it settled nothing.
func (d *Decider) step(root *board.Position, ph phase, limit int) (r Result, done bool) {
	switch {
	case ph.pattern:
		var line []board.Move
		var ok bool
		if ph.cage > 0 {
			line, ok = d.cageMate(root, ph.cage-1, ph.late, limit-d.nodes)
		} else if ph.resume {
			line, ok = d.patternResume(limit - d.nodes)
		} else {
			more := min(d.budget/patternShare, patternMaxNodes)
			if ph.share > 0 {
				more = min(more, limit-d.nodes)
			}
			line, ok = d.patternMate(root, more)
		}
		if ok {
			return d.yes(line), true
		}
	case ph.breach:
		if line, ok := d.breachMate(root, limit); ok {
			return d.yes(line), true
		}
	case ph.playout:
		if line, ok := d.playoutMate(root, limit); ok {
			return d.yes(line), true
		}
	case ph.exhaustive:
		return d.exhaustive(root, limit)
	default:
		if d.mateStep(root, ph, limit) {
			return d.yes(d.line[:d.lineLen]), true
		}
	}
	return Result{}, false
}

// phase is one step of CanMate's plan: a mate search that tries, at each node, the best
// sideWidth moves of side and loserWidth of the loser (order's best first; 0: all), or an
// exhaustive search; either may spend share/1000 of the budget beyond what earlier steps
// spent (the last step: whatever is left). toward changes the loser's king moves that order
// puts first: toward side's king instead of toward the nearest corner (the two find different
// mates: a helping king walks into the net, or waits in a corner for it). open puts the loser's
// moves that give material first (orderOpening): the loser opens its own pawn wall.
type phase struct {
	pattern    bool // the few-piece pattern search (pattern.go); without a share, patternShare of the budget
	cage       int  // with pattern: the cage search's try of that number, from 1 (cageMate)
	late       bool // with cage: the try for the positions patternMate searched
	playout    bool // the random cooperative playouts (playout.go)
	breach     bool // the search through locked pawn walls (breach.go)
	exhaustive bool
	toward     bool
	open       bool
	walk       bool // side's king's distances round the pawns (walkTable)
	leap       bool // the iterations deepen by leaps (depthStep)
	// keep: a mate search the budget cuts short is kept for a later step marked resume with the
	// same widths and flags, which continues it (mateStep); a pattern step marked resume
	// continues the pattern search (patternResume).
	keep, resume          bool
	sideWidth, loserWidth int
	share                 int
}

// plan is CanMate's order of searches. The narrow mate searches come first: most mates in real
// games are found by a line in which each side plays one of its two best moves, at a few
// thousand nodes, where the full-width search needs ten times more; each wider search costs
// more and finds the mates the narrower missed. A short exhaustive search settles the small
// reachable spaces (most No answers) before the long searches. The pattern search runs a short
// first step right after the first narrow search and goes on (resume) after the next two: on
// the few-man questions it settles it spends a few hundred positions where the narrow
// searches spent thousands before failing (both sides of lichess-unfair-timeouts-dev.txt:
// 22.1 M → 14.9 M nodes), and the short step costs little where it fails. The variants (the
// loser's king toward side's, the loser opening its wall, side's king walking round the
// pawns), the resumed steps, the breach search and the playouts each find mates the others
// miss; the cage search (pattern_cage.go: a lone bishop or knight against an army) runs two
// tries early where the pattern search did not run (more than patternMaxMen men), and after
// the pattern search's resumed step where it did; their places and shares were chosen by nodes
// and unknown answers on labelled-dev.txt and lichess-timeouts-15k-dev.txt
// (benchmarks/RESULTS.md as it stood at 11ce268: the decider's sections, and "The plan's
// measurements" for the figures this comment once listed). The narrow searches that are not
// kept deepen by leaps (depthStep). Every answer is sound whatever the
// plan: a mate search, the pattern and breach searches and the playouts only find mates, and
// only an exhaustive search that completes answers No.
var plan = []phase{
	{sideWidth: 2, loserWidth: 1, share: 5, leap: true},
	{pattern: true, share: 4},
	{sideWidth: 2, loserWidth: 1, share: 5, toward: true, leap: true},
	{sideWidth: 2, loserWidth: 1, share: 40, open: true, leap: true},
	{pattern: true, resume: true, share: 36},
	{pattern: true, cage: 1, share: 150},
	{pattern: true, cage: 2, share: 150},
	{sideWidth: 4, loserWidth: 4, share: 40, keep: true},
	{exhaustive: true, share: 20},
	{sideWidth: 3, loserWidth: 1, share: 40, leap: true},
	{sideWidth: 3, loserWidth: 1, share: 40, toward: true, leap: true},
	{sideWidth: 2, loserWidth: 1, share: 20, open: true, walk: true, leap: true},
	{sideWidth: 2, loserWidth: 2, share: 100, open: true, walk: true, leap: true},
	{pattern: true, resume: true, share: 200},
	{pattern: true, cage: 1, late: true, share: 100},
	{pattern: true, cage: 2, late: true, share: 100},
	{sideWidth: 4, loserWidth: 4, share: 60, resume: true},
	{breach: true, share: 250},
	{sideWidth: 3, loserWidth: 2, share: 50, open: true, walk: true, leap: true},
	{playout: true, share: 150},
	{sideWidth: 6, loserWidth: 2, share: 100, walk: true, leap: true},
	{exhaustive: true},
}

// exhaustive runs the exhaustive search with the node limit given and returns its answer;
// final is false for Unknown.
func (d *Decider) exhaustive(root *board.Position, limit int) (r Result, final bool) {
	d.limit, d.out = limit, false
	if i, complete := d.exhaust(root); i >= 0 {
		return d.yes(d.reach.seen.path(nil, int32(i))), true
	} else if complete {
		return Result{Answer: No, Proof: ProofSearch, Nodes: d.nodes}, true
	}
	return Result{Answer: Unknown, Nodes: d.nodes}, false
}

// forcedLayer answers from the board and the material while the side to move has a single
// legal move, playing it out on root. done is false when root was left with a choice of moves
// (or the run was too long): the search takes over from root, after the moves in d.prefix.
// A run of forced moves that comes back to a position it passed is a cycle with nothing else
// reachable and no mate in it.
//
// Past the first position, where manyMoves shows the side to move to have more than
// maxReplies legal moves the run stops without listing them (d.many; the move generation was
// most of the layer's cost on the scan's final positions in check, whose forced reply leaves
// the other side free). Wherever it stops, d.moves holds the moves of root, unless d.many.
func (d *Decider) forcedLayer(root *board.Position) (r Result, done bool) {
	moves := &d.moves
	for range maxForced {
		if d.many = len(d.prefix) > 0 && manyMoves(root); !d.many { // else neither none nor one
			root.LegalMoves(moves)
			if moves.N == 0 {
				if root.Turn() == d.loser && root.InCheck() {
					return d.yes(nil), true
				}
				return Result{Answer: No, Proof: ProofStatic}, true
			}
		}
		if materialNo(root, d.side) {
			if len(d.prefix) == 0 {
				return Result{Answer: No, Proof: ProofMaterial}, true
			}
			return Result{Answer: No, Proof: ProofStatic}, true
		}
		if d.many || moves.N > 1 {
			return Result{}, false
		}
		id := root.Identity()
		for _, seen := range d.forced {
			if seen == id {
				return Result{Answer: No, Proof: ProofStatic}, true
			}
		}
		d.forced = append(d.forced, id)
		d.prefix = append(d.prefix, moves.Moves[0])
		root.Play(moves.Moves[0])
	}
	root.LegalMoves(moves) // the run was too long: the moves of the root it leaves
	return Result{}, false
}

// yes returns a Yes whose witness is the forced moves followed by line, in a new slice.
func (d *Decider) yes(line []board.Move) Result {
	w := make([]board.Move, 0, len(d.prefix)+len(line))
	w = append(append(w, d.prefix...), line...)
	return Result{Answer: Yes, Proof: ProofSearch, Witness: w, Nodes: d.nodes}
}

// Dead reports whether p is a dead position (rules.md 7.2): neither side can checkmate. The
// proof is the weaker of the two sides' proofs (material only when both are material).
func (d *Decider) Dead(p *board.Position) (bool, Proof) {
	w := d.CanMate(p, board.White)
	if w.Answer != No {
		return false, ProofNone
	}
	b := d.CanMate(p, board.Black)
	if b.Answer != No {
		return false, ProofNone
	}
	return true, max(w.Proof, b.Proof)
}
