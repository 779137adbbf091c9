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

	frames   []frame            // the mate search's plies
	line     [maxPly]board.Move // the mate search's line, valid up to lineLen
	lineLen  int                // moves in line when a mate was found
	depth    int                // the mate search's current iteration
	lastIter int                // nodes of the mate search's last complete iteration (0: none yet)
	toward   bool               // the loser's king walks toward side's king, not to a corner (phase.toward)
	open     bool               // the loser opens its pawn wall first (phase.open)
	walk     bool               // side's king walks round the pawns (phase.walk, walks)
	walks    walkTable          // side's king's distances round the root's pawns, once walked
	walked   bool               // walks holds this question's table
	widths   [2]int             // the mate search tries so many of each colour's moves (0: all)
	ttSize   int                // entries in tt after the last complete iteration
	tt       table              // the mate search's transposition table
	seen     table              // the exhaustive search's visited set
	reachAt  int                // the entry of seen where a cut-short exhaustive search resumes (0: anew)
	forced   []board.Identity   // positions of the forced-move layer
	prefix   []board.Move       // the forced moves played before the search
	pattern  patternState       // the pattern search's memory (pattern.go)
	kept     keptSearch         // a mate search a step of plan keeps for a later one (resume)
	tempo    tempo              // the tempo proof's states (static_tempo.go)
	breach   breachState        // the breach search's memory (breach.go)
	playout  playoutState       // the playout search's memory (playout.go)
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
	d.nodes, d.out, d.reachAt, d.walked = 0, false, 0, false
	d.prefix, d.forced = d.prefix[:0], d.forced[:0]
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
		switch {
		case ph.pattern:
			var line []board.Move
			var ok bool
			if ph.resume {
				line, ok = d.patternResume(limit - d.nodes)
			} else {
				line, ok = d.patternMate(&root)
			}
			if ok {
				return d.yes(line)
			}
		case ph.breach:
			if line, ok := d.breachMate(&root, limit); ok {
				return d.yes(line)
			}
		case ph.playout:
			if line, ok := d.playoutMate(&root, limit); ok {
				return d.yes(line)
			}
		case ph.exhaustive:
			if r, final := d.exhaustive(&root, limit); final {
				return r
			}
		default:
			if d.mateStep(&root, ph, limit) {
				return d.yes(d.line[:d.lineLen])
			}
		}
		if d.nodes >= d.budget {
			break
		}
	}
	return Result{Answer: Unknown, Nodes: d.nodes}
}

// phase is one step of CanMate's plan: a mate search that tries, at each node, the best
// sideWidth moves of side and loserWidth of the loser (order's best first; 0: all), or an
// exhaustive search; either may spend share/1000 of the budget beyond what earlier steps
// spent (the last step: whatever is left). toward changes the loser's king moves that order
// puts first: toward side's king instead of toward the nearest corner (the two find different
// mates: a helping king walks into the net, or waits in a corner for it). open puts the loser's
// moves that give material first (orderOpening): the loser opens its own pawn wall.
type phase struct {
	pattern    bool // the few-piece pattern search (pattern.go), with its own share
	playout    bool // the random cooperative playouts (playout.go)
	breach     bool // the search through locked pawn walls (breach.go)
	exhaustive bool
	toward     bool
	open       bool
	walk       bool // side's king's distances round the pawns (walkTable)
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
// reachable spaces (most No answers) before the long searches. Measured on every 10th line of
// lichess-timeouts-15k-dev.txt (1,500 questions, nodes in all): the previous plan (the loser's
// best 4 to 1/25 of the budget, an exhaustive search to 2/25, the loser's best 2 to 4/5, then
// an exhaustive search) 27.9 M nodes, 11 unknown; this plan without the two toward steps 6.2 M
// nodes, 3 unknown; with them 4.9 M, 3 unknown (labelled-dev.txt: 204 and 203 unknown). The
// opening searches (open: a narrow one early, then 1/4 of the budget before the widest search;
// side's captures ranked higher in them): the same 1,500 questions 4.93 M → 3.40 M nodes,
// 3 → 2 unknown; every 4th line of labelled-dev.txt (444 questions) 41.4 M → 38.1 M nodes,
// 59 → 54 unknown. Tried, not kept: a second early opening search (3 × 2, 3 % of the budget):
// 3.58 M, 56 unknown and 2 fewer No. The pattern search (its own share, 1/25 of the budget,
// in positions generated, each dearer than a mate search's node) runs after the first narrow
// searches, not before them: most mates are found more cheaply by those. With it first the
// whole timeouts file took 7.74 s of CPU, after them 5.89 s (medians of 3 alternated), the
// same answers; every 10th line 3.37 M → 2.84 M nodes, labelled's every 4th 35.6 M → 35.7 M,
// 50 unknown either way (after the 4 × 4 search instead: 2.88 M and 35.9 M). The early opening
// search's share 1 % → 4 % (2 % and 8 % tried): every 5th line of the timeouts file 7.10 M →
// 5.72 M nodes, 4 → 3 unknown; labelled's every 4th 35.7 M → 34.6 M, 50 → 48 unknown; the
// same search first in the plan: 6.25 M. Without the 2 × 2 search (1 % of the budget) before
// it, which the opening search makes redundant: 5.72 M → 5.30 M (at 0.5 % and 0.2 %: 5.52 M,
// 5.40 M), 3 unknown; labelled 34.6 M, 48 unknown either way. Late opening searches for the
// walled positions (2 × 1 at 10 %, 2 × 2 at 10 %, 3 × 2 at 20 % instead of 3 × 2 at 25 %; the
// 6 × 2 search 45 % → 30 %): the narrow opening search finds mates of locked structures that
// its early 4 % cut short (at a budget of 2,000,000 some are found at 25,000-40,000 nodes).
// Measured on the 585 questions of labelled-dev.txt and the timeouts file that took more than
// 20,000 nodes (the others end before these steps): 120.2 M → 119.2 M nodes, 148 → 146 unknown
// (6 found, 3 lost, no answer of the timeouts file changed). Tried, not kept: 2 × 1 opening at
// 10 % with the rest as before (no change); 2 × 2 at 15 % and 6 × 2 at 21 % (one more timeouts
// unknown). In those four steps side's king measures its way to the loser's king round the
// root's pawns (phase.walk, walkTable): the same 585 questions 119.2 M → 116.9 M nodes, 146 →
// 144 unknown (7 found, among them lines 83-86 where the mating king must go round its own
// pawns; 5 lost; no timeouts answer changed); the walk in only some of the four steps: 145,
// 147, 148. Resumed steps (phase.keep, phase.resume): the 4 × 4 search, which finds many
// composed mates at 20,000-180,000 nodes (at a budget of 5,000,000, 15 of labelled's unknowns),
// and the pattern search, which finds few-piece mates at 40,000-180,000 positions, each get a
// second step after the 2 × 2 walking search that continues the first one where the budget cut
// it (kept table and iteration; the pattern search's open list) instead of starting over;
// the 2 × 1 walking search, whose mates all came within 6,000 of its 50,000 nodes, 10 % → 2 %.
// labelled-dev.txt 131 → 129 unknown (6 found: 89, 186, 321, 415, 669, 728; 4 lost, all found
// by the last exhaustive step within 25,000 nodes of the budget: 7, 659, 757, 836), 107.9 M →
// 108.7 M nodes; lichess-timeouts-15k-dev.txt 13 → 9 unknown, 25.56 M → 23.89 M nodes. The two
// resumed steps before the 2 × 2 walking search, or the pattern's at 60: 129-130 unknown and
// more nodes. After the stepped deepening (depthStep) and maxDepth 60 (112 and 7 unknown), the
// resumed pattern step 10 % → 20 % of the budget: labelled 112 → 111, 97.9 M → 97.6 M nodes;
// timeouts 7 → 4 unknown, 17.15 M → 16.43 M nodes, CPU no more (3.34-3.45 s against
// 3.49-3.57 s, alternated); at 30 %: 110 and 5.
// The breach search (breach.go), for mates that first break a locked pawn wall,
// takes 1/4 of the budget: 3/20 from the 3 × 2 opening search before it (1/5 → 1/20) and
// 1/10 from the 6 × 2 search after it (3/10 → 1/5). The whole of labelled-dev.txt: 131 → 54
// unknown (81 of its 117 Yes unknowns found, 4 Yes lost, no No lost), 107.9 M → 64.5 M
// nodes; the timeouts file 13 → 12 unknown (2 found, 1 lost), 25.6 M → 25.1 M nodes. With 3/20
// only (the 6 × 2 search as it was): 62 and 11 unknown; with 7/20 (the 6 × 2 search 1/10): 52
// and 16 (below 99.9 % final); at the end of the plan instead (1/5, before the last exhaustive
// search): 71 unknown, 4 No answers lost to the budget it took from that search.
// The playouts (playout.go) take 3/10 of the budget late, from the 2 × 2 opening
// search (1/10 → 1/20), the 6 × 2 search (3/10 → 3/20) and the last exhaustive step (1/10 →
// 1/100, plus what the others leave), where only the questions of locked structures arrive:
// labelled-dev.txt 131 → 70 unknown (68 found, 7 lost, all Yes; no No lost), 107.9 M → 89.3 M
// nodes; the timeouts file 13 → 10 unknown (4 found, 1 lost), 25.6 M → 24.9 M nodes. The
// playouts at 1/5 with 6 × 2 at 1/5 (the 2 × 2 search as before): 72 and 11; at 1/4 with 6 × 2
// at 3/20: 71 and 11; at 3/10 with 6 × 2 at 1/10: 70 and 13 (3 timeouts answers lost). Every
// answer is still sound whatever the plan. Merged (deep's resumed steps, mateno2's tempo
// proof, the breach search and the playouts together; the lead's run, the whole of each file):
// with the shares above and the playouts at 3/10, 6 × 2 at 3/20, labelled-dev.txt 32 unknown
// but 3 No answers lost to the budget the last exhaustive step no longer gets (472, 492, 515);
// the playouts at 3/20 and 6 × 2 at 1/10 (this plan): 29 unknown (1.65 %), one No and one Yes
// lost against the plan without playouts (35 unknown), the timeouts file 6 unknown (99.96 %
// final); the playouts at 1/5 with the breach search at 1/5: 30 and 5. Every answer is sound
// whatever the plan: a mate search, the breach search and the playouts only find mates, and
// only an exhaustive search that completes answers No.
var plan = []phase{
	{sideWidth: 2, loserWidth: 1, share: 5},
	{sideWidth: 2, loserWidth: 1, share: 5, toward: true},
	{sideWidth: 2, loserWidth: 1, share: 40, open: true},
	{pattern: true},
	{sideWidth: 4, loserWidth: 4, share: 40, keep: true},
	{exhaustive: true, share: 20},
	{sideWidth: 3, loserWidth: 1, share: 40},
	{sideWidth: 3, loserWidth: 1, share: 40, toward: true},
	{sideWidth: 2, loserWidth: 1, share: 20, open: true, walk: true},
	{sideWidth: 2, loserWidth: 2, share: 100, open: true, walk: true},
	{pattern: true, resume: true, share: 200},
	{sideWidth: 4, loserWidth: 4, share: 60, resume: true},
	{breach: true, share: 250},
	{sideWidth: 3, loserWidth: 2, share: 50, open: true, walk: true},
	{playout: true, share: 150},
	{sideWidth: 6, loserWidth: 2, share: 100, walk: true},
	{exhaustive: true},
}

// exhaustive runs the exhaustive search with the node limit given and returns its answer;
// final is false for Unknown.
func (d *Decider) exhaustive(root *board.Position, limit int) (r Result, final bool) {
	d.limit, d.out = limit, false
	if i, complete := d.exhaust(root); i >= 0 {
		return d.yes(d.seen.path(nil, int32(i))), true
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
