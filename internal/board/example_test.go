package board_test

import (
	"fmt"

	"github.com/pgnscan/pgnscan/internal/board"
)

// Replaying a game: decode each SAN token against the current position and play it.
func Example() {
	p := board.StartPosition()
	for _, san := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"} {
		m, err := p.ParseSAN([]byte(san))
		if err != nil {
			fmt.Println(err)
			return
		}
		p.Play(m)
	}
	fmt.Println(p.FEN())
	// Output: r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 4
}

// Identity decides whether two positions are the same for the repetition rules; the key only
// selects candidates.
func ExamplePosition_Identity() {
	a := board.StartPosition()
	b := board.StartPosition()
	for _, san := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		m, _ := b.ParseSAN([]byte(san))
		b.Play(m)
	}
	fmt.Println(a.Identity() == b.Identity(), a.Key() == b.Key())
	// Output: true true
}

// After 1. e4 Black cannot take en passant, so the position has no en passant square.
func ExamplePosition_EnPassant() {
	p := board.StartPosition()
	m, _ := p.ParseSAN([]byte("e4"))
	p.Play(m)
	fmt.Println(p.EnPassant(), p.FEN())
	// Output: - rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
}

func ExamplePosition_ParseSAN_error() {
	p := board.StartPosition()
	_, err := p.ParseSAN([]byte("Nd2"))
	fmt.Println(err)
	// Output: board: illegal move "Nd2": own piece on the target square
}
