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

// Decider answers CanMate questions, reusing its tables between calls. It is not safe for
// concurrent use: give each worker its own.
type Decider struct {
	budget int
}

// NewDecider returns a decider whose searches visit at most budget nodes per question
// (DefaultBudget when budget <= 0).
func NewDecider(budget int) *Decider {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return &Decider{budget: budget}
}

// CanMate answers whether side can still checkmate from p (rules.md 7.1).
func (d *Decider) CanMate(p *board.Position, side board.Color) Result {
	if p.IsDeadByMaterial() {
		return Result{Answer: No, Proof: ProofMaterial}
	}
	return Result{Answer: Unknown}
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
