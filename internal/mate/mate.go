// Package mate decides whether a side can still checkmate (rules.md section 7.1): does some
// series of legal moves from a position, both sides' moves chosen freely, end in a checkmate by
// that side? It answers Yes with a witness, No with a proof, or Unknown when its node budget ran
// out. A wrong No is the one unforgivable answer, so every No comes from an argument that is
// sound (material, a static reachability proof, or an exhausted search), never from a limit.
//
// It imports only internal/board. The rules package asks it about the final position of games
// lost on time or by resignation, and about positions that cheap filters say could be dead.
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

// Decider answers CanMate questions, reusing its tables between calls: after the first hard
// question it allocates nothing but the witnesses it returns. It is not safe for concurrent use:
// give each worker its own.
type Decider struct {
	budget int

	// The question being answered.
	side, loser board.Color
	nodes       int  // nodes spent so far on this question
	limit       int  // nodes the current phase may reach
	out         bool // the budget ran out

	frames  []frame            // the mate search's plies
	line    [maxPly]board.Move // the mate search's line, valid up to lineLen
	lineLen int                // moves in line when a mate was found
	depth   int                // the mate search's current iteration
	width   int                // the mate search tries so many of the loser's moves
	ttSize  int                // entries in tt after the last complete iteration
	tt      table              // the mate search's transposition table
	seen    table              // the exhaustive search's visited set
	forced  []board.Identity   // positions of the forced-move layer
	prefix  []board.Move       // the forced moves played before the search
	pattern patternState       // the pattern search's memory (pattern.go)
}

// NewDecider returns a decider whose searches visit at most budget nodes per question
// (DefaultBudget when budget <= 0).
func NewDecider(budget int) *Decider {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return &Decider{budget: budget, frames: make([]frame, maxPly+1)}
}

// maxForced bounds the forced-move layer; a longer run of single legal moves is left to the
// search.
const maxForced = 64

// cheapLayers starts a question about side from root and runs the layers that need no search:
// a mate on the board, the material, the forced moves (played out on root) and the static
// argument. done reports that they answered it, in r.
func (d *Decider) cheapLayers(root *board.Position, side board.Color) (r Result, done bool) {
	d.side, d.loser = side, side.Other()
	d.nodes, d.out = 0, false
	d.prefix, d.forced = d.prefix[:0], d.forced[:0]
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
// static reachability layer (staticNo), then the cooperative mate search (search.go) and,
// when it finds nothing, the exhaustive search (reach.go), which alone may answer No among the
// searches.
func (d *Decider) CanMate(p *board.Position, side board.Color) Result {
	root := *p
	if r, done := d.cheapLayers(&root, side); done {
		return r
	}
	if line, ok := d.patternMate(&root); ok {
		return d.yes(line)
	}
	// A short mate search finds most mates; then a short exhaustive search settles small
	// reachable spaces; then a narrower mate search starts again, up to 4/5 of the budget, and the
	// exhaustive search starts again with what is left. A stalled mate search goes straight
	// to the exhaustive search with the whole rest.
	probe := max(d.budget/probeShare, 1)
	d.limit, d.width = probe, loserWidth
	found, stalled := d.mateSearch(&root)
	if found {
		return d.yes(d.line[:d.lineLen])
	}
	limit := d.nodes + probe
	if stalled {
		limit = d.budget
	}
	if r, final := d.exhaustive(&root, limit); final || stalled {
		return r
	}
	d.limit, d.out = d.budget*4/5, false
	d.width = loserWidthLong
	if found, _ = d.mateSearch(&root); found {
		return d.yes(d.line[:d.lineLen])
	}
	r, _ := d.exhaustive(&root, d.budget)
	return r
}

// probeShare: the first mate search and the first exhaustive search may each spend
// 1/probeShare of the budget.
const probeShare = 25

// exhaustive runs the exhaustive search with the node limit given and returns its answer;
// final is false for Unknown.
func (d *Decider) exhaustive(root *board.Position, limit int) (r Result, final bool) {
	d.limit, d.out = limit, false
	if i, complete := d.exhaust(root); i >= 0 {
		return d.yes(d.pathTo(nil, i)), true
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
func (d *Decider) forcedLayer(root *board.Position) (r Result, done bool) {
	moves := &d.frames[0].moves
	for range maxForced {
		root.LegalMoves(moves)
		if moves.N == 0 {
			if root.Turn() == d.loser && root.InCheck() {
				return d.yes(nil), true
			}
			return Result{Answer: No, Proof: ProofStatic}, true
		}
		if materialNo(root, d.side) {
			if len(d.prefix) == 0 {
				return Result{Answer: No, Proof: ProofMaterial}, true
			}
			return Result{Answer: No, Proof: ProofStatic}, true
		}
		if moves.N > 1 {
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
