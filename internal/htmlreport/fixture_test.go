package htmlreport

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/pgnscan/pgnscan/internal/report"
)

// fixtureSpeed is a TimeControl tag and the lichess class it stands for,
// worked by hand: base + 40 × increment seconds (0–29 ultrabullet, 30–179
// bullet, 180–479 blitz, 480–1,499 rapid, 1,500+ classical).
type fixtureSpeed struct{ tc, class string }

var fixtureSpeeds = []fixtureSpeed{
	{"15+0", "ultrabullet"}, {"60+0", "bullet"}, {"180+2", "blitz"}, {"600+5", "rapid"},
	{"1800+30", "classical"}, {"-", "correspondence"}, {"", "unknown"},
}

// fixtureFENs are real positions (each reached in a game) for the arbiter's rows.
var fixtureFENs = []string{
	"rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
	"r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
	"8/8/8/3k4/8/8/3K4/8 b - - 0 60",
	"7k/5Q2/6K1/8/8/8/8/8 b - - 0 70",
}

// fixture is a scan's rows made up with known counts: the games rows (one
// per game and edition) and the findings rows.
type fixture struct {
	games    []report.Game
	findings []report.Finding
	speedOf  map[string]string // TimeControl → class, as worked above
}

// newFixture makes n games judged under fide2017 and lichess, each with a few
// findings drawn at random (seeded, so the same every run).
func newFixture(n int) *fixture {
	r := rand.New(rand.NewPCG(17, 2026))
	fx := &fixture{speedOf: map[string]string{}}
	for _, s := range fixtureSpeeds {
		fx.speedOf[s.tc] = s.class
	}
	events := []string{"Rated Blitz game", "Club <Championship> & Cup", "Open"}
	for i := 0; i < n; i++ {
		sp := fixtureSpeeds[r.IntN(len(fixtureSpeeds))]
		info := &report.GameInfo{
			Source: "month.pgn.zst", GameIndex: int64(i), Event: events[r.IntN(len(events))],
			Date: fmt.Sprintf("2024.03.%02d", 1+r.IntN(28)), Round: fmt.Sprint(1 + r.IntN(9)),
			White: fmt.Sprintf("white%d", i), Black: fmt.Sprintf("black <%d>", i),
			Result: []string{"1-0", "0-1", "1/2-1/2"}[r.IntN(3)], TimeControl: sp.tc,
		}
		if info.Event == "Rated Blitz game" {
			info.GameID = fmt.Sprintf("g%07d", i)
			info.Site = "https://lichess.org/" + info.GameID
		} else {
			info.Site = "Reykjavik"
		}
		if r.IntN(10) > 0 { // one game in ten has no ratings
			info.WhiteElo = report.ValidInt32(int32(600 + r.IntN(2400)))
			info.BlackElo = report.ValidInt32(int32(600 + r.IntN(2400)))
		}
		for _, ed := range []string{"fide2017", "lichess"} {
			fx.games = append(fx.games, report.Game{GameInfo: info, Edition: ed})
			fx.addFindings(r, info, ed)
		}
	}
	return fx
}

// addFindings adds a random few findings of one game under one edition.
func (fx *fixture) addFindings(r *rand.Rand, info *report.GameInfo, ed string) {
	add := func(rule, kind string, missed, differs bool, outcome string) {
		f := report.Finding{GameInfo: info, Edition: ed, Rule: rule, Kind: kind, Article: "art-" + rule,
			Missed: missed, ResultDiffers: differs, ClaimantOutcome: outcome,
			Ply: int32(1 + r.IntN(120)), FEN: fixtureFENs[r.IntN(len(fixtureFENs))]}
		f.MoveNumber = f.Ply/2 + 1
		if outcome == "draw" && r.IntN(2) == 0 {
			f.EndedBy = "claim" // missed, then drawn by a later claim
		}
		fx.findings = append(fx.findings, f)
	}
	outcomes := []string{"win", "draw", "loss", "unknown"}
	for _, rule := range []string{"threefold", "fifty_move"} {
		if ed == "lichess" && rule == "fifty_move" {
			continue
		}
		for side := 0; side < 2; side++ {
			if r.IntN(4) == 0 {
				add(rule, []string{"on_board", "move_played", "move_available"}[r.IntN(3)], r.IntN(3) > 0, false, outcomes[r.IntN(4)])
			}
		}
	}
	if r.IntN(6) == 0 {
		rules := []string{"fivefold", "seventyfive_move", "dead_position"}
		if ed == "lichess" {
			rules = []string{"fivefold", "fifty_move", "dead_position"}
		}
		add(rules[r.IntN(3)], "automatic", r.IntN(2) == 0, r.IntN(3) == 0, "")
	}
	if ed == "fide2017" && r.IntN(20) == 0 {
		add("unwinnable_timeout", "automatic", true, true, "")
	}
	if ed == "fide2017" && r.IntN(25) == 0 {
		add("checkmate", "on_board", false, true, "")
	}
}

// aggregate feeds the fixture's rows to a new Aggregate.
func (fx *fixture) aggregate(withGames bool) *Aggregate {
	a := NewAggregate(withGames, &testChess)
	a.SetInputs("month.pgn.zst")
	if withGames {
		for i := range fx.games {
			a.AddGame(&fx.games[i])
		}
	}
	for i := range fx.findings {
		a.AddFinding(&fx.findings[i])
	}
	return a
}

// bandOf is the test's own reading of issue 17's Elo bands: 200-point bands
// of the average of both ratings, "no rating" when one is missing.
func bandOf(w, b report.NullInt32) string {
	if !w.Valid || !b.Valid {
		return "no rating"
	}
	lo := int(math.Floor((float64(w.Int32)+float64(b.Int32))/2/200)) * 200
	if lo >= 3200 {
		return "3200+"
	}
	return fmt.Sprintf("%d–%d", lo, lo+199)
}

// figure is a chart as the page shows it: its table (category and edition →
// cells), its panels and the number of bars they draw.
type figure struct {
	rows   map[string][]string
	head   []string
	bars   int // paths filled with the colour of an interval's upper part, one per bar
	panels int
	svg    bool
}

// seriesFill is the fill of the last part of every bar (from the estimate to
// the interval's upper end): colourHigh.
const seriesFill = "fill:rgb(205,214,240)"

// rowKey is how figure.rows names a line of a question's table.
func rowKey(category, edition string) string { return category + " | " + edition }

// parseFigures reads every chart of a page.
func parseFigures(t *testing.T, page []byte) map[string]*figure {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	figs := map[string]*figure{}
	var cur *figure
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch {
			case n.Data == "figure" && attr(n, "class") == "chart":
				cur = &figure{rows: map[string][]string{}}
				figs[attr(n, "id")] = cur
			case n.Data == "svg" && cur != nil:
				cur.svg = true
			case n.Data == "div" && cur != nil && attr(n, "class") == "panel":
				cur.panels++
			case n.Data == "path" && cur != nil && strings.Contains(attr(n, "style"), seriesFill) && pathWidth(attr(n, "d")) > 0:
				cur.bars++ // the library draws a 0 as a path of no width
			case n.Data == "th" && cur != nil:
				cur.head = append(cur.head, text(n))
			case n.Data == "tr" && cur != nil:
				var cells []string
				for c := n.FirstChild; c != nil; c = c.NextSibling {
					if c.Type == html.ElementNode && c.Data == "td" {
						cells = append(cells, text(c))
					}
				}
				if len(cells) > 1 {
					cur.rows[rowKey(cells[0], cells[1])] = cells[2:]
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode && n.Data == "figure" {
			cur = nil
		}
	}
	walk(doc)
	return figs
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *html.Node) string {
	var b strings.Builder
	var rec func(*html.Node)
	rec = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			rec(c)
		}
	}
	rec(n)
	return strings.TrimSpace(b.String())
}

// render writes the aggregate's page.
func render(t *testing.T, a *Aggregate) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := a.WriteHTML(&buf, "test"); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sortedKeys returns a map's keys in order, for stable messages.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// pathWidth returns the horizontal extent of an SVG path made of M and L
// commands with absolute coordinates, as go-analyze/charts writes bars.
func pathWidth(d string) float64 {
	f := strings.Fields(strings.NewReplacer("M", " ", "L", " ", "Z", " ").Replace(d))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := 0; i+1 < len(f); i += 2 {
		var x float64
		if _, err := fmt.Sscan(f[i], &x); err != nil {
			return 0
		}
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if hi < lo {
		return 0
	}
	return hi - lo
}
