package board

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// Differential test against github.com/notnil/chess v1.10.0, an independent implementation:
// every ply of real games is replayed in both, and placement, side to move, castling rights,
// the en passant square (ours must equal notnil's exactly when notnil lists an en passant
// capture), check/mate/stalemate and the set of legal moves must agree. The SAN token is
// decoded by us and, where notnil's decoder can read it, by notnil too; both must give the
// same move. Our SAN of every move must decode back to the move.
//
// notnil is slow (tens of thousands of plies per second), so the default run covers the two
// excerpts and otbDiffGames games of otb-masters; -tags slow raises that (notnil_slow_test.go).

var otbDiffGames = 2000

func TestNotnilDifferential(t *testing.T) {
	files := []struct {
		name string
		max  int
	}{
		{"lichess-2025-05-excerpt.pgn", 0},
		{"twic1599-excerpt.pgn", 0},
		{"otb-masters.pgn.zst", otbDiffGames},
	}
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			t.Parallel()
			games := loadGames(t, f.name, f.max)
			var st diffStats
			for i := range games {
				diffGame(t, &games[i], &st)
				if t.Failed() && st.failures > 20 {
					t.Fatal("too many failures")
				}
			}
			t.Logf("%s: %d games, %d plies compared; %d games stopped at a bad token; notnil could not read %d tokens (%v); SAN text differs from notnil's on %d moves",
				f.name, len(games), st.plies, st.badGames, st.notnilUnreadable, st.notnilUnreadableExamples, st.sanDiffers)
			if st.plies == 0 {
				t.Fatal("no plies compared")
			}
		})
	}
}

type diffStats struct {
	plies                    int
	badGames                 int
	notnilUnreadable         int
	notnilUnreadableExamples []string
	sanDiffers               int
	failures                 int
}

type moveKey struct {
	from, to Square
	promo    Role
}

var notnilRole = map[chess.PieceType]Role{
	chess.NoPieceType: NoRole, chess.Pawn: Pawn, chess.Knight: Knight, chess.Bishop: Bishop,
	chess.Rook: Rook, chess.Queen: Queen, chess.King: King,
}

func notnilKey(m *chess.Move) moveKey {
	return moveKey{Square(m.S1()), Square(m.S2()), notnilRole[m.Promo()]}
}

func diffGame(t *testing.T, g *testGame, st *diffStats) {
	t.Helper()
	fail := func(ply int, format string, args ...any) {
		st.failures++
		t.Errorf("%s ply %d: "+format, append([]any{g.where(), ply}, args...)...)
	}
	if g.variant != "" && g.variant != "Standard" && g.variant != "From Position" {
		return
	}
	pos, err := startOf(g)
	if err != nil {
		fail(0, "start position %q: %v", g.fen, err)
		return
	}
	var npos *chess.Position
	if g.fen == "" {
		npos = chess.StartingPosition()
	} else {
		opt, err := chess.FEN(pos.FEN())
		if err != nil {
			fail(0, "notnil cannot read FEN %q: %v", pos.FEN(), err)
			return
		}
		npos = chess.NewGame(opt).Position()
	}
	var l MoveList
	var buf []byte
	for ply := 0; ; ply++ {
		st.plies++
		if !comparePositions(&pos, npos, &l, func(format string, args ...any) { fail(ply, format, args...) }) {
			return
		}
		if pos.key != pos.computeKey() {
			fail(ply, "incremental key %x, recomputed %x", pos.key, pos.computeKey())
			return
		}
		if ply == len(g.sans) {
			return
		}
		tok := g.sans[ply]
		m, err := pos.ParseSAN([]byte(tok))
		if err != nil {
			// The move must then be missing from notnil's list as well.
			if nm, _ := notnilDecode(npos, tok); nm != nil {
				fail(ply, "we reject %q (%v), notnil reads it as %v", tok, err, nm)
			}
			st.badGames++
			t.Logf("%s ply %d: stops at %q: %v", g.where(), ply, tok, err)
			return
		}
		// notnil's own SAN reading, where it can read the token.
		nm, nsan := notnilDecode(npos, tok)
		switch {
		case nm == nil:
			st.notnilUnreadable++
			if len(st.notnilUnreadableExamples) < 5 {
				st.notnilUnreadableExamples = append(st.notnilUnreadableExamples, tok)
			}
			if st.notnilUnreadable <= 5 {
				t.Logf("%s ply %d: notnil cannot read %q; we read %v, our SAN %q", g.where(), ply, tok, m, pos.SAN(m))
			}
			for _, c := range npos.ValidMoves() {
				if notnilKey(c) == (moveKey{m.From(), m.To(), m.Promotion()}) {
					nm = c
				}
			}
			if nm == nil {
				fail(ply, "our move %v for %q is not among notnil's legal moves", m, tok)
				return
			}
			nsan = (chess.AlgebraicNotation{}).Encode(npos, nm)
		case notnilKey(nm) != (moveKey{m.From(), m.To(), m.Promotion()}):
			fail(ply, "%q: we decode %v, notnil %v", tok, m, nm)
			return
		}
		// SAN round trip, and our SAN beside notnil's.
		buf = pos.AppendSAN(buf[:0], m)
		if back, err := pos.ParseSAN(buf); err != nil || back != m {
			fail(ply, "SAN round trip of %v: %q decodes to %v, %v", m, buf, back, err)
		}
		if ns := nsan; ns != string(buf) {
			st.sanDiffers++
			if st.sanDiffers <= 5 {
				t.Logf("%s ply %d: our SAN %q, notnil's %q (FEN %s)", g.where(), ply, buf, ns, pos.FEN())
			}
		}
		pos.Play(m)
		npos = npos.Update(nm)
	}
}

var annotationStripper = strings.NewReplacer("!", "", "?", "")

// notnilDecode reads a SAN token the way notnil's AlgebraicNotation.Decode does (drop '!' and
// '?', then match the token, or the token plus '+' or '#', against notnil's SAN of each legal
// move), encoding each move once instead of once per variant. It returns the move and notnil's
// SAN of it, or nil.
func notnilDecode(npos *chess.Position, tok string) (*chess.Move, string) {
	s := annotationStripper.Replace(tok)
	for _, m := range npos.ValidMoves() {
		enc := (chess.AlgebraicNotation{}).Encode(npos, m)
		if enc == s || enc == s+"+" || enc == s+"#" {
			return m, enc
		}
	}
	return nil, ""
}

// comparePositions compares our position with notnil's and reports differences through fail.
func comparePositions(pos *Position, npos *chess.Position, l *MoveList, fail func(string, ...any)) bool {
	ok := true
	nb := npos.Board()
	for sq := Square(0); sq < 64; sq++ {
		np := nb.Piece(chess.Square(sq))
		want := NoPiece
		if np != chess.NoPiece {
			c := White
			if np.Color() == chess.Black {
				c = Black
			}
			want = MakePiece(c, notnilRole[np.Type()])
		}
		if got := pos.PieceAt(sq); got != want {
			fail("square %v: we have piece %d, notnil %v", sq, got, np)
			return false
		}
	}
	if (pos.Turn() == White) != (npos.Turn() == chess.White) {
		fail("side to move differs")
		return false
	}
	// The clocks: notnil counts them itself as it plays the moves (issue 14: a castling move
	// that reset the halfmove clock, or a promotion that did not, passed this test).
	if pos.HalfmoveClock() != npos.HalfMoveClock() {
		fail("halfmove clock: we have %d, notnil %d", pos.HalfmoveClock(), npos.HalfMoveClock())
		ok = false
	}
	if f := strings.Fields(npos.String()); len(f) != 6 || f[5] != strconv.Itoa(pos.FullmoveNumber()) {
		fail("fullmove number: we have %d, notnil's FEN %q", pos.FullmoveNumber(), npos.String())
		ok = false
	}
	var nc Castling
	cr := npos.CastleRights()
	for i, cs := range []struct {
		c chess.Color
		s chess.Side
	}{{chess.White, chess.KingSide}, {chess.White, chess.QueenSide}, {chess.Black, chess.KingSide}, {chess.Black, chess.QueenSide}} {
		if cr.CanCastle(cs.c, cs.s) {
			nc |= 1 << i
		}
	}
	if pos.Castling() != nc {
		fail("castling rights: we have %v, notnil %v", pos.Castling(), cr)
		ok = false
	}
	nmoves := npos.ValidMoves()
	var nkeys []moveKey
	wantEP := NoSquare
	for _, m := range nmoves {
		nkeys = append(nkeys, notnilKey(m))
		if m.HasTag(chess.EnPassant) {
			wantEP = Square(m.S2())
		}
	}
	if pos.EnPassant() != wantEP {
		fail("en passant square: we have %v, notnil's legal en passant captures say %v", pos.EnPassant(), wantEP)
		ok = false
	}
	pos.LegalMoves(l)
	var keys []moveKey
	for _, m := range l.Slice() {
		keys = append(keys, moveKey{m.From(), m.To(), m.Promotion()})
	}
	cmp := func(a, b moveKey) int {
		if a.from != b.from {
			return int(a.from) - int(b.from)
		}
		if a.to != b.to {
			return int(a.to) - int(b.to)
		}
		return int(a.promo) - int(b.promo)
	}
	slices.SortFunc(keys, cmp)
	slices.SortFunc(nkeys, cmp)
	if !slices.Equal(keys, nkeys) {
		fail("legal moves differ in %s:\n ours   %v\n notnil %v", pos.FEN(), keys, nkeys)
		return false
	}
	switch npos.Status() {
	case chess.Checkmate:
		if !pos.IsCheckmate() {
			fail("notnil says checkmate, we do not")
			ok = false
		}
	case chess.Stalemate:
		if !pos.IsStalemate() {
			fail("notnil says stalemate, we do not")
			ok = false
		}
	default:
		if pos.IsCheckmate() || pos.IsStalemate() {
			fail("we say mate or stalemate, notnil does not")
			ok = false
		}
	}
	return ok
}
