package board

import "math/bits"

// Legal move generation. Moves are generated legal directly: the king avoids attacked squares
// (computed with the king lifted off the board, so it cannot hide behind itself from a slider),
// a check restricts the other pieces to capturing the checker or blocking, pinned pieces move
// only along their pin line, and en passant, the one move that removes two pieces from a line,
// is checked by playing it out on the occupancy.

// LegalMoves fills l with all legal moves of p (l is reset first). It does not allocate.
func (p *Position) LegalMoves(l *MoveList) {
	l.N = 0
	p.generate(l, nil)
}

// MoveFilter selects moves for LegalMovesOnly: a move is kept when it lands on a square of
// To[its role] or leaves a square of From; castling, en passant and promotions are always kept.
// (The mate search asks only for the moves that may give check: To holds each role's checking
// squares, From the men that may uncover a check.)
type MoveFilter struct {
	To   [King + 1]uint64
	From uint64
}

// LegalMovesOnly fills l with the legal moves of p that f keeps, in LegalMoves' order (l is
// reset first): the same list with the other moves left out, at less cost.
func (p *Position) LegalMovesOnly(l *MoveList, f *MoveFilter) {
	l.N = 0
	p.generate(l, f)
}

// QuietPieceMove returns the legal move of the side to move's knight, bishop, rook, queen or
// king on from to the empty square to, if there is one. Such moves (no capture, no pawn move,
// no castling) are the only ones after which an earlier position can recur (rules.md 4.2); a
// claim by intended move needs one known move checked, which costs less than listing them all.
func (p *Position) QuietPieceMove(from, to Square) (Move, bool) {
	us := p.turn
	pc := p.board[from]
	r := pc.Role()
	occ := p.occupied()
	if pc == NoPiece || pc.Color() != us || r == Pawn || occ&to.bb() != 0 ||
		attacksOf(r, from, occ)&to.bb() == 0 {
		return 0, false
	}
	if r == King {
		if p.attacked(to, us^1, occ^from.bb(), 0) {
			return 0, false
		}
		return newMove(from, to, King, NoRole), true
	}
	king := p.kingSquare(us)
	if checkers := p.attackersTo(king, occ) & p.byColor[us^1]; checkers != 0 {
		// In check, a quiet move must block the one checker's line.
		if moreThanOne(checkers) || between[king][lsb(checkers)]&to.bb() == 0 {
			return 0, false
		}
	}
	if p.pinned(us, king, occ)&from.bb() != 0 && line[king][from]&to.bb() == 0 {
		return 0, false
	}
	return newMove(from, to, r, NoRole), true
}

// HasLegalMove reports whether the side to move has at least one legal move. It is generate
// stopping at the first move, in generate's order: castling comes last, because in standard
// chess, when it is legal so is the king's step towards the rook, but in Chess960 it may be the
// only move (a king on g1 whose rook goes from h1 to f1).
func (p *Position) HasLegalMove() bool { return p.generate(nil, nil) }

// IsCheckmate reports whether the side to move is in check and has no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// IsStalemate reports whether the side to move is not in check and has no legal move.
func (p *Position) IsStalemate() bool { return !p.InCheck() && !p.HasLegalMove() }

// pinned returns our pieces pinned against our king on square king.
func (p *Position) pinned(us Color, king Square, occ uint64) uint64 {
	them := p.byColor[us^1]
	snipers := (rookAttacks(king, 0)&(p.byRole[Rook]|p.byRole[Queen]) |
		bishopAttacks(king, 0)&(p.byRole[Bishop]|p.byRole[Queen])) & them
	var pinned uint64
	for ; snipers != 0; snipers &= snipers - 1 {
		b := between[king][lsb(snipers)] & occ
		if b != 0 && !moreThanOne(b) {
			pinned |= b & p.byColor[us]
		}
	}
	return pinned
}

// generate adds the legal moves of p to l: king, knights, bishops, rooks, queens, pawns, en
// passant, castling; with a filter f only those f keeps (LegalMovesOnly). With l nil it adds
// nothing and stops at the first legal move, reporting whether there is one (HasLegalMove);
// with a list it returns false.
func (p *Position) generate(l *MoveList, f *MoveFilter) bool {
	us := p.turn
	them := us ^ 1
	occ := p.occupied()
	king := p.kingSquare(us)
	// The king steps to squares not attacked once it has left its own (so that it cannot hide
	// behind itself from a slider).
	occNoKing := occ ^ king.bb()
	kt := kingAttacks[king] &^ p.byColor[us]
	if f != nil && f.From&king.bb() == 0 {
		kt &= f.To[King]
	}
	for ; kt != 0; kt &= kt - 1 {
		if to := lsb(kt); !p.attacked(to, them, occNoKing, 0) {
			if l == nil {
				return true
			}
			l.push(newMove(king, to, King, p.board[to].Role()))
		}
	}
	checkers := p.attackersTo(king, occ) & p.byColor[them]
	if moreThanOne(checkers) {
		return false // double check: only the king can move
	}
	target := ^p.byColor[us] // where a piece may go: anywhere not ours, or onto a check's line
	if checkers != 0 {
		target = between[king][lsb(checkers)] | checkers
	}
	pinned := p.pinned(us, king, occ)
	// Knights (a pinned knight can never move), bishops, rooks, queens: a pinned piece only
	// along its pin line.
	ours := p.byColor[us]
	for fromBB := p.byRole[Knight] & ours &^ pinned; fromBB != 0; fromBB &= fromBB - 1 {
		from := lsb(fromBB)
		if p.pushTargets(l, from, Knight, f.keep(Knight, from, knightAttacks[from]&target)) {
			return true
		}
	}
	for r := Bishop; r <= Queen; r++ {
		for fromBB := p.byRole[r] & ours; fromBB != 0; fromBB &= fromBB - 1 {
			from := lsb(fromBB)
			att := attacksOf(r, from, occ) & target
			if pinned&from.bb() != 0 {
				att &= line[king][from]
			}
			if p.pushTargets(l, from, r, f.keep(r, from, att)) {
				return true
			}
		}
	}
	start := 0
	if l != nil {
		start = l.N
	}
	if p.genPawns(l, king, occ, target, pinned) {
		return true
	}
	if f != nil {
		f.keepPawnMoves(l, start)
	}
	if p.ep != NoSquare && p.genEnPassant(l, p.ep) {
		return true
	}
	// Castling: rights are normalised, so king and rook stand on their squares.
	return checkers == 0 && p.genCastling(l, us, occ)
}

// keep returns the targets of the piece of role r on from that f keeps (all of them when f is
// nil or keeps every move from from).
func (f *MoveFilter) keep(r Role, from Square, targets uint64) uint64 {
	if f != nil && f.From&from.bb() == 0 {
		return targets & f.To[r]
	}
	return targets
}

// keepPawnMoves removes from l's moves from start on (genPawns' moves) those f does not keep:
// afterwards, so that the pawns' loop pays nothing for the filter when there is none.
func (f *MoveFilter) keepPawnMoves(l *MoveList, start int) {
	n := start
	for _, m := range l.Moves[start:l.N] {
		if m.Promotion() != NoRole || f.To[Pawn]&m.To().bb() != 0 || f.From&m.From().bb() != 0 {
			l.Moves[n] = m
			n++
		}
	}
	l.N = n
}

// genPawns adds the pawns' pushes, double steps and captures (en passant aside) to the squares
// of target, pinned pawns only along their pin line, with the four promotions on the last
// rank. With l nil it reports whether there is one.
func (p *Position) genPawns(l *MoveList, king Square, occ, target, pinned uint64) bool {
	us := p.turn
	up, startRank, lastRank := Square(8), rank2, rank8
	if us == Black {
		up, startRank, lastRank = -8, rank7, rank1
	}
	for fromBB := p.byRole[Pawn] & p.byColor[us]; fromBB != 0; fromBB &= fromBB - 1 {
		from := lsb(fromBB)
		var dests uint64
		if one := from + up; occ&one.bb() == 0 {
			dests |= one.bb()
			if two := one + up; startRank&from.bb() != 0 && occ&two.bb() == 0 {
				dests |= two.bb()
			}
		}
		dests |= pawnAttacks[us][from] & p.byColor[us^1]
		dests &= target
		if pinned&from.bb() != 0 {
			dests &= line[king][from]
		}
		if l == nil {
			if dests != 0 {
				return true
			}
			continue
		}
		for ; dests != 0; dests &= dests - 1 {
			to := lsb(dests)
			m := newMove(from, to, Pawn, p.board[to].Role())
			switch {
			case lastRank&to.bb() != 0:
				l.push(m | Move(Queen)<<12)
				l.push(m | Move(Rook)<<12)
				l.push(m | Move(Bishop)<<12)
				l.push(m | Move(Knight)<<12)
			case to-from == 2*up:
				l.push(m | moveDoublePush)
			default:
				l.push(m)
			}
		}
	}
	return false
}

// genEnPassant adds the legal en passant captures onto ep (see epLegal). With l nil it reports
// whether there is one.
func (p *Position) genEnPassant(l *MoveList, ep Square) bool {
	for fromBB := p.epPawns(ep); fromBB != 0; fromBB &= fromBB - 1 {
		if from := lsb(fromBB); p.epLegal(from, ep) {
			if l == nil {
				return true
			}
			l.push(newMove(from, ep, Pawn, Pawn) | moveEnPassant)
		}
	}
	return false
}

// epPawns returns the pawns of the side to move that attack ep.
func (p *Position) epPawns(ep Square) uint64 {
	return pawnAttacks[p.turn^1][ep] & p.byRole[Pawn] & p.byColor[p.turn]
}

// epLegal reports whether our pawn on from, which attacks ep, the square the opponent's pawn
// has just skipped, may capture en passant: the one move that removes two men from a line is
// played out on the occupancy. It may not when our king is attacked once both pawns have moved
// (a pin of either pawn, even along the rank they share, or a check the capture does not
// resolve).
func (p *Position) epLegal(from, ep Square) bool {
	victim := ep ^ 8
	occ := p.occupied() ^ from.bb() ^ victim.bb() | ep.bb()
	return !p.attacked(p.kingSquare(p.turn), p.turn^1, occ, victim.bb())
}

// genCastling adds the legal castlings of us, who is not in check. With l nil it reports
// whether there is one.
func (p *Position) genCastling(l *MoveList, us Color, occ uint64) bool {
	for c := p.castling & colorRights(us); c != 0; c &= c - 1 {
		if m, _ := p.castleMove(bits.TrailingZeros8(uint8(c)), occ); m != 0 {
			if l == nil {
				return true
			}
			l.push(m)
		}
	}
	return false
}

// pushTargets adds the moves of the piece r on from to each square of targets. With l nil it
// adds nothing and reports whether there is one.
func (p *Position) pushTargets(l *MoveList, from Square, r Role, targets uint64) bool {
	if l == nil {
		return targets != 0
	}
	for ; targets != 0; targets &= targets - 1 {
		to := lsb(targets)
		l.push(newMove(from, to, r, p.board[to].Role()))
	}
	return false
}
