package board

// Test helpers of move generation: a move looked up by its squares, and perft.

// findMove returns the legal move of p from from to to (promoting to promo, NoRole for none),
// and whether there is one. Castling is given as the king's move (e1g1) or as the king taking
// its own rook (e1h1, UCI_Chess960); where the king's move is also an ordinary one (Chess960:
// king f1, rook h1, f1g1), it is the ordinary move.
func (p *Position) findMove(from, to Square, promo Role) (Move, bool) {
	var l MoveList
	p.LegalMoves(&l)
	var castle Move
	for _, m := range l.Slice() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		switch {
		case m&moveCastle == 0 && m.To() == to:
			return m, true
		case m&moveCastle != 0 && m.castleRook() == to:
			return m, true
		case m&moveCastle != 0 && m.To() == to:
			castle = m
		}
	}
	return castle, castle != 0
}

// perft counts the leaf nodes of the legal move tree of depth depth (the standard
// move generator test: published counts exist for well-known positions). The last ply is
// counted in bulk, without making the moves.
func (p *Position) perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	// One allocation per call: positions and move lists for each ply (recursion would
	// otherwise move every copy to the heap).
	st := &perftStack{pos: make([]Position, depth), lists: make([]MoveList, depth)}
	st.pos[0] = *p
	return st.count(0, depth)
}

type perftStack struct {
	pos   []Position
	lists []MoveList
}

func (st *perftStack) count(ply, depth int) uint64 {
	l := &st.lists[ply]
	st.pos[ply].LegalMoves(l)
	if depth == 1 {
		return uint64(l.N)
	}
	var n uint64
	for _, m := range l.Slice() {
		st.pos[ply+1] = st.pos[ply]
		st.pos[ply+1].Play(m)
		n += st.count(ply+1, depth-1)
	}
	return n
}
