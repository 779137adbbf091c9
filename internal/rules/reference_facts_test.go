package rules

import "github.com/pgnscan/pgnscan/internal/board"

// The reference judge (reference_test.go) takes from board only the placement of the pieces
// (PieceAt), the legal moves, check and the start position's FEN fields; the facts the rules
// turn on it derives itself, here, from the moves: the halfmove clock and fullmove number, the
// side to move, the castling rights, whether an en passant capture is possible, the identity of
// a position and death by material. So a board bug in one of those (a castling move that
// resets the clock, a promotion that does not, a lost castling right) makes the Judge and the
// reference disagree instead of hiding in both.

// refFacts are the facts of one position that the reference keeps itself.
type refFacts struct {
	turn     board.Color
	castling board.Castling
	ep       board.Square // the square an en passant capture would land on, when one is legal
	hmc      int          // halfmove clock
	fullmove int

	// byPlacement: the facts as lichess kept them before scalachess #56 (rules.md 10): the
	// identity is the placement and the side to move alone, and a castling move restarts the
	// clock and the positions compared, which castlings (the castling moves played so far)
	// tells apart.
	byPlacement bool
	castlings   int
	// noTurn: by placement and without the side to move, as lichess's code of 2013 compared
	// positions (scalachess 8e3b146: the hash of the pieces on their squares alone).
	noTurn bool
}

// refID is the identity of a position (rules.md section 1): placement, side to move, castling
// rights, and the en passant square when a capture there is legal; by placement, the
// placement, the side to move and the castling moves played.
type refID struct {
	placement [64]board.Piece
	facts     refFacts // with hmc and fullmove zero
}

// startFacts reads P0's facts from its FEN fields (as board parsed them).
func startFacts(p *board.Position, byPlacement bool) refFacts {
	return refFacts{turn: p.Turn(), castling: p.Castling(), ep: p.EnPassant(), hmc: p.HalfmoveClock(),
		fullmove: p.FullmoveNumber(), byPlacement: byPlacement}
}

// refZeroing reports whether m, legal in p, is a capture or a pawn move: the mover is a pawn, or
// the square it goes to holds an enemy piece. (A castling move may name the rook's square: a
// piece of the mover's colour, so not a capture.)
func refZeroing(p *board.Position, m board.Move) bool {
	mover, target := p.PieceAt(m.From()), p.PieceAt(m.To())
	return mover.Role() == board.Pawn || (target != board.NoPiece && target.Color() != mover.Color())
}

// cornerRights maps the rook's home squares to the castling right a move from or to it ends.
var cornerRights = map[board.Square]board.Castling{
	board.SquareAt(0, 0): board.WhiteQueenside, board.SquareAt(7, 0): board.WhiteKingside,
	board.SquareAt(0, 7): board.BlackQueenside, board.SquareAt(7, 7): board.BlackKingside,
}

// refAfter returns q, the position after m (legal in p, whose facts are f), and q's facts.
func refAfter(p *board.Position, f refFacts, m board.Move) (board.Position, refFacts) {
	q := *p
	q.Play(m)
	mover := p.PieceAt(m.From())
	n := refFacts{turn: f.turn.Other(), castling: f.castling, ep: board.NoSquare, hmc: f.hmc + 1, fullmove: f.fullmove,
		byPlacement: f.byPlacement, castlings: f.castlings, noTurn: f.noTurn}
	if refZeroing(p, m) {
		n.hmc = 0
	}
	// Castling: the king goes two files, or onto its own rook (as a Chess960 move names it).
	target := p.PieceAt(m.To())
	if mover.Role() == board.King && (target.Color() == mover.Color() && target != board.NoPiece ||
		m.To().File()-m.From().File() >= 2 || m.From().File()-m.To().File() >= 2) {
		n.castlings++
		if f.byPlacement {
			n.hmc = 0
		}
	}
	if f.turn == board.Black {
		n.fullmove++
	}
	if mover.Role() == board.King {
		if mover.Color() == board.White {
			n.castling &^= board.WhiteKingside | board.WhiteQueenside
		} else {
			n.castling &^= board.BlackKingside | board.BlackQueenside
		}
	}
	n.castling &^= cornerRights[m.From()] | cornerRights[m.To()]
	if from, to := m.From(), m.To(); mover.Role() == board.Pawn && (to-from == 16 || from-to == 16) {
		passed := (from + to) / 2
		var l board.MoveList
		q.LegalMoves(&l)
		for _, r := range l.Slice() {
			if r.To() == passed && q.PieceAt(r.From()).Role() == board.Pawn && r.From().File() != passed.File() {
				n.ep = passed
			}
		}
	}
	return q, n
}

// refIdentity is the identity of p with facts f.
func refIdentity(p *board.Position, f refFacts) refID {
	var id refID
	for sq := range board.Square(64) {
		id.placement[sq] = p.PieceAt(sq)
	}
	id.facts = f
	id.facts.hmc, id.facts.fullmove, id.facts.castlings = 0, 0, 0
	if f.byPlacement {
		id.facts = refFacts{turn: f.turn, byPlacement: true, castlings: f.castlings}
		if f.noTurn {
			id.facts.turn = board.White
		}
	}
	return id
}

// refDeadByMaterial is rules.md section 5's first level, counted from the placement: king
// against king; king and one minor piece against a lone king; kings and bishops only, all on
// squares of one colour.
func refDeadByMaterial(p *board.Position) bool {
	knights, bishops := 0, [2]int{} // bishops by square colour
	for sq := range board.Square(64) {
		switch p.PieceAt(sq).Role() {
		case board.Pawn, board.Rook, board.Queen:
			return false
		case board.Knight:
			knights++
		case board.Bishop:
			bishops[(sq.File()+sq.Rank())%2]++
		}
	}
	minors := knights + bishops[0] + bishops[1]
	return minors <= 1 || (knights == 0 && (bishops[0] == 0 || bishops[1] == 0))
}
