package htmlreport

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/notnil/chess"
	"golang.org/x/net/html"
)

// notnilPieces is the independent reading of a FEN's pieces, by
// github.com/notnil/chess: square name → FEN letter.
func notnilPieces(t *testing.T, fen string) map[string]string {
	t.Helper()
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("notnil reads %q: %v", fen, err)
	}
	out := map[string]string{}
	for sq, p := range chess.NewGame(opt).Position().Board().SquareMap() {
		letter := p.Type().String()
		if p.Color() == chess.White {
			letter = strings.ToUpper(letter)
		}
		out[sq.String()] = letter
	}
	return out
}

// diagramPieces reads a diagram back from its SVG: square → FEN letter, from
// the data-square and data-piece attributes of its piece elements.
func diagramPieces(t *testing.T, svg string) map[string]string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(svg))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && attr(n, "class") == "piece" {
			out[attr(n, "data-square")] = attr(n, "data-piece")
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

// TestBoardAgainstNotnil draws the positions of random games, read by notnil/chess, and
// checks every piece drawn against notnil/chess's reading of the same FEN. (That pgnscan's own
// reading of a FEN agrees with notnil's is cmd/pgnscan's TestPlacementAgainstNotnil.)
func TestBoardAgainstNotnil(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 17))
	positions := 0
	for g := 0; g < 20; g++ {
		game := chess.NewGame()
		for ply := 0; ply < 120 && game.Outcome() == chess.NoOutcome; ply++ {
			moves := game.ValidMoves()
			if err := game.Move(moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
			fen := game.Position().String()
			p, err := notnilPlacement(fen)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			if got, want := diagramPieces(t, string(boardSVG(&p))), notnilPieces(t, fen); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: diagram has %v, want %v", fen, got, want)
			}
			positions++
		}
	}
	if positions < 1000 {
		t.Fatalf("only %d positions drawn", positions)
	}
}

// TestBadPlacement checks that a FEN the caller cannot read shows the caller's error, not a
// diagram.
func TestBadPlacement(t *testing.T) {
	bad := errors.New("unreadable")
	ch := testChess
	ch.Placement = func(string) ([64]byte, error) { return [64]byte{}, bad }
	a := NewAggregate(false, &ch)
	if svg, err := a.diagram("8/8/8/8/8/8/8 w - - 0 1"); !errors.Is(err, bad) || svg != "" {
		t.Errorf("diagram = %q, %v; want no diagram and the caller's error", svg, err)
	}
}

// FuzzPlacement checks that any 64 bytes draw a diagram whose pieces are exactly the piece
// letters among them, on their squares; never a panic.
func FuzzPlacement(f *testing.F) {
	for _, fen := range fixtureFENs {
		p, err := notnilPlacement(fen)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p[:])
	}
	f.Add([]byte("<script>"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var p placement
		copy(p[:], b)
		pieces := diagramPieces(t, string(boardSVG(&p)))
		n := 0
		for s, c := range p {
			if c != 0 && strings.IndexByte("PNBRQKpnbrqk", c) >= 0 {
				n++
				if pieces[squareName(s)] != string(c) {
					t.Fatalf("%q: square %s shows %q, want %c", b, squareName(s), pieces[squareName(s)], c)
				}
			}
		}
		if n != len(pieces) {
			t.Fatalf("%q: %d pieces drawn, placement has %d", b, len(pieces), n)
		}
	})
}
