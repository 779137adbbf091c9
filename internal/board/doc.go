// Package board owns chess positions: piece placement on bitboards, legal move generation,
// FEN in and out, SAN decoding and encoding, and the exact identity of a position in the sense
// of article 9.2 of the FIDE Laws (spec/rules.md section 1), together with an incremental 64-bit
// Zobrist key that is consistent with that identity.
//
// It is the hot path of pgnscan: replaying a game is ParseSAN followed by Play for every ply, and
// neither allocates. A Position is a plain value without pointers, so copying it (q := *p) gives
// an independent position; that is how callers keep history or try a move.
//
// Standard chess and Chess960 (spec/rules.md section 9): castling with any king and rook
// files, the king and rook ending on the usual squares; FEN castling fields in standard FEN,
// Shredder-FEN (HAha) and X-FEN, read by FromFEN (KQkq as standard chess reads them) and
// FromFEN960 (KQkq as X-FEN reads them), written in X-FEN; castling rights per rook in the
// identity and the key. castling.go holds what castling needs, in one place.
//
// The package imports nothing else of pgnscan.
package board
