package board

import (
	"errors"
	"strings"
	"testing"
)

// canonicalFENs are valid FENs written as AppendFEN writes them: the perft favourites, a legal
// en passant square and a halfmove clock of 98. FuzzFEN seeds with them too.
var canonicalFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
	"8/8/8/4k3/8/8/8/4KBN1 w - - 98 80",
}

func TestFENRoundTrip(t *testing.T) {
	for _, fen := range canonicalFENs {
		p, err := FromFEN(fen)
		if err != nil {
			t.Errorf("FromFEN(%q): %v", fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("FEN round trip:\n got %s\nwant %s", got, fen)
		}
	}
}

func TestFENStartPosition(t *testing.T) {
	p := StartPosition()
	if p.Turn() != White || p.Castling() != AllCastling || p.EnPassant() != NoSquare ||
		p.HalfmoveClock() != 0 || p.FullmoveNumber() != 1 {
		t.Errorf("start position fields wrong: %s", p.FEN())
	}
	if p.PieceAt(E1) != MakePiece(White, King) || p.PieceAt(D8) != MakePiece(Black, Queen) ||
		p.PieceAt(SquareAt(4, 3)) != NoPiece {
		t.Error("start position placement wrong")
	}
}

func TestFENLenientForms(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// EPD form without clocks.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", StartFEN},
		// Extra blank space, castling letters out of order.
		{"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w qkQK - 0 1 ", StartFEN},
		// Full-move number 0 read as 1.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", StartFEN},
		// Rights without king and rook in place are dropped (rules.md section 1).
		{"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
		{"r3k3/8/8/8/8/8/8/R4K1R w KQkq - 3 9", "r3k3/8/8/8/8/8/8/R4K1R w q - 3 9"},
		// An en passant square without a legal capture is dropped.
		{"rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 2", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"},
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3"},
	} {
		p, err := FromFEN(c.in)
		if err != nil {
			t.Errorf("FromFEN(%q): %v", c.in, err)
			continue
		}
		if got := p.FEN(); got != c.want {
			t.Errorf("FromFEN(%q).FEN()\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct {
		fen   string
		want  error
		field string
	}{
		{"", ErrInvalidFEN, "fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", ErrInvalidFEN, "fields"},
		{StartFEN + " extra", ErrInvalidFEN, "fields"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", ErrInvalidFEN, "placement"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", ErrInvalidFEN, "placement"},
		{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrInvalidFEN, "placement"},
		{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrInvalidFEN, "placement"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", ErrInvalidFEN, "placement"},
		{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrInvalidFEN, "placement"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", ErrInvalidFEN, "side to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", ErrInvalidFEN, "side to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1", ErrInvalidFEN, "castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", ErrInvalidFEN, "castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e4 0 1", ErrInvalidFEN, "en passant"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", ErrInvalidFEN, "en passant"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", ErrInvalidFEN, "halfmove clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", ErrInvalidFEN, "halfmove clock"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", ErrInvalidFEN, "fullmove number"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999", ErrInvalidFEN, "fullmove number"},
		// Chess960 / X-FEN / Shredder-FEN castling letters: bad ones.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kq-h - 0 1", ErrInvalidFEN, "castling"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HHha - 0 1", ErrInvalidFEN, "castling"},
		{"4k3/8/8/8/8/8/8/4K1RR w HG - 0 1", ErrInvalidFEN, "castling"}, // two rooks for one right
		// Impossible positions.
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", ErrInvalidFEN, "placement"},     // no black king
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", ErrInvalidFEN, "placement"},     // two white kings
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w kq - 0 1", ErrInvalidFEN, "placement"},     // pawn on rank 1
		{"pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", ErrInvalidFEN, "placement"},     // pawn on rank 8
		{"4k3/8/8/8/8/8/PPPPPPPP/QQQQKQQQ w - - 0 1", ErrInvalidFEN, "placement"},                  // too much material
		{"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", ErrInvalidFEN, "position"},                             // black (not to move) in check
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", ErrInvalidFEN, "en passant"}, // no pawn that just moved
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", ErrInvalidFEN, "en passant"}, // wrong rank for side
	} {
		_, err := FromFEN(c.fen)
		if !errors.Is(err, c.want) {
			t.Errorf("FromFEN(%q) = %v, want %v", c.fen, err, c.want)
			continue
		}
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("FromFEN(%q): error %T is not a *FENError", c.fen, err)
			continue
		}
		if fe.Field != c.field {
			t.Errorf("FromFEN(%q): field %q, want %q (%v)", c.fen, fe.Field, c.field, err)
		}
		if !strings.Contains(err.Error(), c.field) || fe.Reason == "" {
			t.Errorf("FromFEN(%q): message %q does not name the field and why", c.fen, err)
		}
	}
}

func TestFENSideToMoveInCheckIsFine(t *testing.T) {
	p, err := FromFEN("4k3/8/8/8/8/8/8/4K2r w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if !p.InCheck() {
		t.Error("white should be in check")
	}
}

func TestSetupRoundTrip(t *testing.T) {
	p, err := FromFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 5 17")
	if err != nil {
		t.Fatal(err)
	}
	s := setupOf(&p)
	q, err := s.Position()
	if err != nil {
		t.Fatal(err)
	}
	if q != p {
		t.Errorf("Setup().Position() differs: %s vs %s", q.FEN(), p.FEN())
	}
	s.Board[E1] = NoPiece
	if _, err := s.Position(); !errors.Is(err, ErrInvalidFEN) {
		t.Errorf("setup without white king: %v, want ErrInvalidFEN", err)
	}
}

// TestPlayable: a setup with more material than promotions explain is rejected by Position
// and played by Playable, which names the reason; a reachable one has no reason; one whose
// men could outnumber a move list's room is an error of both.
func TestPlayable(t *testing.T) {
	const tooMany = "4k3/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1" // 8 pawns and 3 queens
	s, err := ParseFEN(tooMany)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Position(); !errors.Is(err, ErrInvalidFEN) {
		t.Errorf("Position(%s): %v, want an invalid FEN", tooMany, err)
	}
	if _, unreachable, err := s.Playable(); err != nil || unreachable == nil || !strings.Contains(unreachable.Error(), "more material than 8 pawns") {
		t.Fatalf("Playable(%s): unreachable %v, err %v", tooMany, unreachable, err)
	}
	s, _ = ParseFEN(StartFEN)
	if _, unreachable, err := s.Playable(); unreachable != nil || err != nil {
		t.Errorf("Playable(start): %v, %v", unreachable, err)
	}
	s, _ = ParseFEN("QQQQQQQQ/QQ6/8/4k3/8/8/8/4K3 w - - 0 1") // 10 queens: up to 280 moves
	if _, _, err := s.Playable(); !errors.Is(err, ErrInvalidFEN) {
		t.Errorf("Playable(ten queens): %v, want an invalid FEN", err)
	}
}

// setupOf returns p as a Setup, the inverse of Setup.Position.
func setupOf(p *Position) Setup {
	return Setup{
		Board:          p.board,
		Turn:           p.turn,
		Castling:       p.castling,
		CastlingRooks:  p.castlingRooks(),
		EnPassant:      p.ep,
		HalfmoveClock:  int(p.halfmove),
		FullmoveNumber: int(p.fullmove),
	}
}
