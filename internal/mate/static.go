package mate

import "github.com/pgnscan/pgnscan/internal/board"

// staticNo reports whether a static argument (locked pawns, unreachable squares) proves that
// side can never checkmate from p. It must never return true wrongly.
func staticNo(p *board.Position, side board.Color) bool {
	return false
}

// MayBeDead is the cheap filter run on the final position of every game: false means p is
// certainly not dead, so no search is needed.
func MayBeDead(p *board.Position) bool {
	return true
}
