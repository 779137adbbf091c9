package mate

import (
	"testing"

	"github.com/notnil/chess"
	"github.com/pgnscan/pgnscan/internal/board"
)

// checkResult checks what every answer must satisfy: a Yes carries a witness that replays, in
// internal/board and in notnil/chess (an independent implementation), from p to a checkmate by
// side; a No carries a proof; an Unknown carries neither.
func checkResult(t *testing.T, where string, p *board.Position, side board.Color, r Result) {
	t.Helper()
	switch r.Answer {
	case Yes:
		checkWitness(t, where, p, side, r.Witness)
	case No:
		if r.Proof == ProofNone || r.Witness != nil {
			t.Errorf("%s: No with proof %v and witness %v", where, r.Proof, r.Witness)
		}
	case Unknown:
		if r.Proof != ProofNone || r.Witness != nil {
			t.Errorf("%s: Unknown with proof %v and witness %v", where, r.Proof, r.Witness)
		}
	}
}

// checkWitness replays w from p in both implementations and wants a checkmate of side's
// opponent at its end.
func checkWitness(t *testing.T, where string, p *board.Position, side board.Color, w []board.Move) {
	t.Helper()
	q := *p
	var l board.MoveList
	for i, m := range w {
		q.LegalMoves(&l)
		legal := false
		for _, n := range l.Slice() {
			legal = legal || n == m
		}
		if !legal {
			t.Errorf("%s: witness move %d (%v) is not legal in %s", where, i, m, q.FEN())
			return
		}
		q.Play(m)
	}
	if !q.IsCheckmate() || q.Turn() != side.Other() {
		t.Errorf("%s: witness %v ends in %s, not a checkmate by %v", where, w, q.FEN(), side)
	}

	opt, err := chess.FEN(p.FEN())
	if err != nil {
		t.Fatalf("%s: notnil cannot read %s: %v", where, p.FEN(), err)
	}
	np := chess.NewGame(opt).Position()
	for i, m := range w {
		var found *chess.Move
		for _, n := range np.ValidMoves() {
			if board.Square(n.S1()) == m.From() && board.Square(n.S2()) == m.To() && notnilPromo(n.Promo()) == m.Promotion() {
				found = n
			}
		}
		if found == nil {
			t.Errorf("%s: notnil finds witness move %d (%v) illegal", where, i, m)
			return
		}
		np = np.Update(found)
	}
	wantTurn := chess.Black
	if side == board.Black {
		wantTurn = chess.White
	}
	if np.Status() != chess.Checkmate || np.Turn() != wantTurn {
		t.Errorf("%s: notnil: witness ends with status %v, %v to move; want checkmate of %v", where, np.Status(), np.Turn(), wantTurn)
	}
}

func notnilPromo(p chess.PieceType) board.Role {
	switch p {
	case chess.Knight:
		return board.Knight
	case chess.Bishop:
		return board.Bishop
	case chess.Rook:
		return board.Rook
	case chess.Queen:
		return board.Queen
	}
	return board.NoRole
}
