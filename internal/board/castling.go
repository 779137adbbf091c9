package board

import "math/bits"

// Castling in standard chess and Chess960 (rules.md sections 1 and 9), in one place: which
// rook each right belongs to, which squares a castling needs empty and safe, how a move takes
// rights away, and what the rights add to the key.
//
// A right is bit i of Castling (0 white kingside, 1 white queenside, 2 black kingside, 3 black
// queenside) together with the square of its rook, byte i of Position.castleRooks. While a
// right exists, its king and rook stand on their original squares, so the king's square is the
// king's current square and the rook's is recorded once, when the position is set up. Standard
// chess is the case of a king on e1/e8 and rooks on a and h.

// castlePath is what castling with one king file and one rook file needs, on the first rank
// (shifted by 56 for Black).
type castlePath struct {
	empty uint64 // squares the king or the rook crosses or lands on, but for their own two
	safe  uint64 // squares the king crosses or lands on (its own only when it is the target)
}

// castlePaths is indexed by king file and rook file; the rook's side of the king decides
// whether it is kingside (king to g, rook to f) or queenside (king to c, rook to d).
var castlePaths [8][8]castlePath

// initCastling fills castlePaths, rookBytes and rightlessRanks; called by the package's init.
func initCastling() {
	for c := range rookBytes {
		for i := range 4 {
			if c&(1<<i) != 0 {
				rookBytes[c] |= 0xff << (8 * i)
			}
		}
		for col := White; col <= Black; col++ {
			if Castling(c)&colorRights(col) == 0 {
				rightlessRanks[c] |= rank1 << (56 * uint(col))
			}
		}
	}
	for k := range 8 {
		for r := range 8 {
			if r == k {
				continue
			}
			kingTo, rookTo := 6, 5
			if r < k {
				kingTo, rookTo = 2, 3
			}
			kp, rp := fileSpan(k, kingTo), fileSpan(r, rookTo)
			castlePaths[k][r] = castlePath{
				empty: (kp | rp) &^ (1<<k | 1<<r),
				// The target even when the king stands on it: the rook leaving may uncover it.
				safe: kp&^(1<<k) | 1<<kingTo,
			}
		}
	}
}

// fileSpan returns the squares of the first rank from file a to file b, both included.
func fileSpan(a, b int) uint64 {
	lo, hi := min(a, b), max(a, b)
	return (uint64(1)<<(hi+1) - 1) &^ (uint64(1)<<lo - 1)
}

// standardRooks is castleRooks of the standard array: h1, a1, h8, a8.
const standardRooks = uint32(H1) | uint32(A1)<<8 | uint32(H8)<<16 | uint32(A8)<<24

// rookBytes[c] keeps the bytes of castleRooks whose right is in c.
var rookBytes [16]uint32

// colorRights returns the two rights of colour c.
func colorRights(c Color) Castling { return Castling(3) << (2 * c) }

// castleRook returns the rook square of right i; meaningful only while p has the right.
func (p *Position) castleRook(i int) Square { return Square(p.castleRooks >> (8 * i) & 63) }

// castleMove returns the castling move of right i (which p has) when the squares it needs are
// empty and the king's are not attacked, else the reason why not. The caller has checked that
// the king is not in check. The king and the rook are lifted off the board before the king's
// squares are looked at: a rook that shields the king's target square now does not after
// castling.
func (p *Position) castleMove(i int, occ uint64) (Move, string) {
	us := Color(i >> 1)
	king, rook := p.kingSquare(us), p.castleRook(i)
	cp := &castlePaths[king.File()][rook.File()]
	shift := 56 * uint(us)
	if occ&(cp.empty<<shift) != 0 {
		return 0, "pieces between king and rook"
	}
	o := occ ^ king.bb() ^ rook.bb()
	for s := cp.safe << shift; s != 0; s &= s - 1 {
		if p.attacked(lsb(s), us^1, o, 0) {
			return 0, "the king passes through or lands on an attacked square"
		}
	}
	kingTo := G1
	if i&1 != 0 {
		kingTo = C1
	}
	return newCastle(king, kingTo+Square(shift), rook), ""
}

// castlingAfter returns the rights left after a move of a role piece from from to to: a right
// goes when its king moves, or something leaves or lands on its rook's square. This is the one
// place of the rule (Play, IsIrreversible and KeyAfter call it). The rook squares, a byte each
// in castleRooks, are compared with from and to all at once.
func (p *Position) castlingAfter(from, to Square, role Role) Castling {
	if !p.touchesRights(from, to) {
		return p.castling
	}
	lost := rooksOn(p.castleRooks, from, to) | kingMoves[role&7]&colorRights(p.turn)
	return p.castling &^ lost
}

// touchesRights reports whether a move from from to to touches castleSquares, the squares of
// the kings and rooks of the rights (none once the rights are gone): only such a move can take a
// right. Most moves touch none, and then this test, inlined in Play (castlingAfter is not), costs
// what standard chess's two table lookups cost before Chess960.
func (p *Position) touchesRights(from, to Square) bool {
	return (from.bb()|to.bb())&p.castleSquares != 0
}

// kingMoves[r] is every right when r is the king, else none: a table, not a branch.
var kingMoves = [8]Castling{King: AllCastling}

// rooksOn returns the set of rights i whose byte i of rooks is a or b.
func rooksOn(rooks uint32, a, b Square) Castling {
	ya, yb := rooks^uint32(a)*0x01010101, rooks^uint32(b)*0x01010101
	// The high bit of each byte is set exactly when the byte of ya or yb is zero ...
	z := ^(ya&0x7f7f7f7f + 0x7f7f7f7f | ya) | ^(yb&0x7f7f7f7f + 0x7f7f7f7f | yb)
	// ... and the four high bits are gathered into bits 0-3.
	return Castling((z & 0x80808080 >> 7) * 0x204081 >> 21 & 0xf)
}

// setCastling replaces the rights by c, the rights left after a move from from to to (as
// castlingAfter returns them), and returns the change of the key. castleSquares loses from and
// to (a right is lost exactly when its king's or rook's square is one of them) and the back
// rank of a colour without rights left: no recomputation on the replay's path.
func (p *Position) setCastling(c Castling, from, to Square) uint64 {
	d := castleDelta(p.castling, c, p.castleRooks)
	p.castling, p.castleRooks = c, p.castleRooks&rookBytes[c]
	p.rightsKey ^= d
	p.castleSquares &^= from.bb() | to.bb() | rightlessRanks[c]
	return d
}

// rightlessRanks[c] is the back rank of each colour without a right in c.
var rightlessRanks [16]uint64

// rightsSquares returns the squares of the kings and rooks of p's rights, castleSquares
// computed from the rest of p: a colour's king square counts while the colour has a right.
func (p *Position) rightsSquares() uint64 {
	b := p.castlingRooks()
	for c := White; c <= Black; c++ {
		if p.castling&colorRights(c) != 0 {
			b |= p.kingSquare(c).bb()
		}
	}
	return b
}

// castleDelta returns castleKey(from, rooks) ^ castleKey(to, rooks) for rights to, a subset of
// from: only the lost rights' rook files are looked at.
func castleDelta(from, to Castling, rooks uint32) uint64 {
	d := zobCastle[from] ^ zobCastle[to]
	if (rooks^standardRooks)&rookBytes[from&^to]&0x07070707 == 0 {
		return d // the lost rights' rooks are on the standard files, whose keys are zero
	}
	for lost := from &^ to; lost != 0; lost &= lost - 1 {
		i := bits.TrailingZeros8(uint8(lost))
		d ^= zobRookFile[i][rooks>>(8*i)&7]
	}
	return d
}

// castleKey returns the part of the key for rights c whose rooks stand as rooks records: the
// key of the set of rights, and for each right whose rook is not on the standard a or h file a
// key of its file (zero for the standard file, so standard keys are those of the rights alone).
func castleKey(c Castling, rooks uint32) uint64 {
	k := zobCastle[c]
	for r := c; r != 0; r &= r - 1 {
		i := bits.TrailingZeros8(uint8(r))
		k ^= zobRookFile[i][rooks>>(8*i)&7]
	}
	return k
}

// setupCastling returns the rights of a position with kings and rooks in place, read from a
// Setup: for each right, the rook a file letter names on that side of the king, else for a
// KQkq letter the outermost rook on that side (Chess960, X-FEN) or the a/h rook with the king
// on e (standard chess). A right without its rook, or with its king off the first rank, is
// dropped (rules.md section 1).
func (p *Position) setupCastling(s *Setup) error {
	for c := White; c <= Black; c++ {
		king := p.kingSquare(c)
		back := rank1 << (56 * uint(c))
		if back&king.bb() == 0 {
			continue
		}
		rooks := p.Pieces(c, Rook) & back
		for side := range 2 {
			i := 2*int(c) + side
			beyond := back &^ (king.bb()<<1 - 1) // kingside: the files after the king's
			if side == 1 {
				beyond = back & (king.bb() - 1)
			}
			named := s.CastlingRooks & beyond
			rook := NoSquare
			switch {
			case moreThanOne(named):
				return fenErr("castling", "", "two rooks named for one side of the "+c.String()+" king")
			case named != 0:
				if named&rooks != 0 {
					rook = lsb(named)
				}
			case s.Castling&(1<<i) == 0:
			case s.Chess960 && rooks&beyond != 0:
				rook = lsb(rooks & beyond) // outermost queenside
				if side == 0 {
					rook = msb(rooks & beyond)
				}
			case !s.Chess960:
				std := Square(standardRooks >> (8 * i) & 63)
				if king.File() == 4 && rooks&std.bb() != 0 {
					rook = std
				}
			}
			if rook != NoSquare {
				p.castling |= 1 << i
				p.castleRooks |= uint32(rook) << (8 * i)
			}
		}
	}
	p.castleSquares = p.rightsSquares()
	return nil
}

// appendCastling appends the castling field in X-FEN: K, Q, k, q for a right whose rook is the
// outermost rook of its side, the rook's file letter when another rook stands beyond it. A
// standard position is written as in standard FEN.
func (p *Position) appendCastling(dst []byte) []byte {
	if p.castling == 0 {
		return append(dst, '-')
	}
	for r := p.castling; r != 0; r &= r - 1 {
		i := bits.TrailingZeros8(uint8(r))
		c := Color(i >> 1)
		rook := p.castleRook(i)
		back := rank1 << (56 * uint(c))
		beyond := back &^ (rook.bb()<<1 - 1)
		if i&1 != 0 {
			beyond = back & (rook.bb() - 1)
		}
		letter := "KQkq"[i]
		if p.Pieces(c, Rook)&beyond != 0 {
			letter = byte('A'+rook.File()) | byte(c)<<5 // lower case for Black
		}
		dst = append(dst, letter)
	}
	return dst
}

// castlingRooks returns the squares of the rooks of p's rights, as Setup.CastlingRooks.
func (p *Position) castlingRooks() uint64 {
	var b uint64
	for r := p.castling; r != 0; r &= r - 1 {
		b |= p.castleRook(bits.TrailingZeros8(uint8(r))).bb()
	}
	return b
}
