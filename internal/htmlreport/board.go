package htmlreport

import (
	"fmt"
	"html/template"
	"strings"
)

// placement is a board's pieces, a1 = 0 … h8 = 63, 0 for an empty square and
// the FEN letter otherwise: what Chess.Placement reads from a FEN.
type placement = [64]byte

// diagram draws the placement of a FEN as Chess.Placement reads it.
func (a *Aggregate) diagram(fen string) (template.HTML, error) {
	p, err := a.chess.Placement(fen)
	if err != nil {
		return "", err
	}
	return boardSVG(&p), nil
}

// squareName is the algebraic name of square s (0 = a1).
func squareName(s int) string { return string(rune('a'+s%8)) + string(rune('1'+s/8)) }

// Diagram geometry, in SVG user units.
const (
	squareSize = 36
	boardEdge  = 14 // room for the coordinates
	boardSize  = 8*squareSize + boardEdge
)

// glyphs are the solid figurines (U+265A…U+265F), filled white or black so
// that both colours have the same shape; U+FE0E asks for text, not emoji.
var glyphs = map[byte]string{'k': "♚", 'q': "♛", 'r': "♜", 'b': "♝", 'n': "♞", 'p': "♟"}

// boardSVG draws a placement, White at the bottom, as an inline SVG. Every
// piece is a <text> element with data-square and data-piece (the FEN letter),
// so that tests and scripts can read the diagram back. A byte that is not a
// piece letter (PNBRQK, pnbrqk) is drawn as an empty square.
func boardSVG(p *placement) template.HTML {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="board diagram">`,
		boardSize, boardSize, boardSize, boardSize)
	// The light squares are the background, the dark ones one path: a page
	// lists up to MaxArbiterEntries diagrams, so each is kept small.
	fmt.Fprintf(&b, `<rect x="%d" y="0" width="%d" height="%d" fill="#f0d9b5"/><path fill="#b58863" d="`, boardEdge, 8*squareSize, 8*squareSize)
	for s := 0; s < 64; s++ {
		if (s%8+s/8)%2 == 0 { // a1 is dark
			fmt.Fprintf(&b, "M%d %dh%dv%dh-%dz", boardEdge+(s%8)*squareSize, (7-s/8)*squareSize, squareSize, squareSize, squareSize)
		}
	}
	b.WriteString(`"/>`)
	for s, c := range p {
		if glyphs[c|0x20] == "" {
			continue
		}
		x, y := boardEdge+(s%8)*squareSize+squareSize/2, (7-s/8)*squareSize+squareSize*4/5
		fill := "#000"
		if c >= 'A' && c <= 'Z' {
			fill = "#fff"
		}
		fmt.Fprintf(&b, `<text class="piece" data-square="%s" data-piece="%c" x="%d" y="%d" fill="%s">%s&#xFE0E;</text>`,
			squareName(s), c, x, y, fill, glyphs[c|0x20])
	}
	for i := 0; i < 8; i++ {
		fmt.Fprintf(&b, `<text class="coord" x="%d" y="%d">%c</text>`, boardEdge+i*squareSize+squareSize/2, 8*squareSize+boardEdge-2, 'a'+i)
		fmt.Fprintf(&b, `<text class="coord" x="%d" y="%d">%c</text>`, boardEdge/2, (7-i)*squareSize+squareSize/2+4, '1'+i)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}
