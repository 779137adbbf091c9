package htmlreport

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// expect holds, per chart id, the table the page must show (category and
// edition → cells), computed here from the fixture's rows without the
// package's tallies.
type expect map[string]map[string][]string

func (e expect) set(id, label string, cells ...string) {
	if e[id] == nil {
		e[id] = map[string][]string{}
	}
	e[id][label] = cells
}

// wilsonRoots is the test's own Wilson interval: the two roots of
// (1 + z²/n) p² − (2p̂ + z²/n) p + p̂² = 0, the p at which p̂ lies exactly z
// standard errors √(p(1−p)/n) away (Wilson 1927), found with the quadratic
// formula rather than the package's centre and half-width.
func wilsonRoots(k, n int) (lo, hi float64) {
	z := 1.959963985 // the standard normal's 97.5th percentile
	z2, ph, nf := z*z, float64(k)/float64(n), float64(n)
	a, b, c := 1+z2/nf, -(2*ph + z2/nf), ph*ph
	d := math.Sqrt(b*b - 4*a*c)
	return (-b - d) / (2 * a), (-b + d) / (2 * a)
}

// rateText is what the page writes for k of n: the rate in unit (1000 or
// 100) with its interval, or that the sample is too small.
func rateText(k, n int, unit float64) string {
	if n < 30 {
		if unit == 100 {
			return "too few claims"
		}
		return "too few games"
	}
	lo, hi := wilsonRoots(k, n)
	p := float64(k) / float64(n)
	if unit == 100 {
		return fmt.Sprintf("%.1f %% (%.1f–%.1f)", 100*p, 100*lo, 100*hi)
	}
	return fmt.Sprintf("%.2f (%.2f–%.2f)", 1000*p, 1000*lo, 1000*hi)
}

// expected works out every chart's numbers from the rows.
func (fx *fixture) expected(withGames bool) expect {
	type k3 struct{ ed, rule, cat string }
	type gk struct {
		k3
		game int64
	}
	gamesSpeed, gamesBand, gamesEd := map[k3]int{}, map[k3]int{}, map[string]int{}
	for _, g := range fx.games {
		gamesSpeed[k3{g.Edition, "", fx.speedOf[g.TimeControl]}]++
		gamesBand[k3{g.Edition, "", bandOf(g.WhiteElo, g.BlackElo)}]++
		gamesEd[g.Edition]++
	}
	missedGames := map[gk]bool{} // (edition, rule, speed:/band:/"") and game
	missedRows := map[k3]int{}
	fate := map[k3]int{}
	claimRules, endingRules, unwinRules := map[k3]bool{}, map[string]bool{}, map[string]bool{}
	hasRows := map[k3]bool{} // (edition, rule) with rows that are not claims
	eds := map[string]bool{}
	for _, f := range fx.findings {
		eds[f.Edition] = true
		claim := (f.Rule == "threefold" || f.Rule == "fifty_move") && f.Kind != "automatic"
		switch {
		case claim:
			claimRules[k3{f.Edition, f.Rule, ""}] = true
		case f.Rule == "checkmate":
			continue
		default:
			hasRows[k3{f.Edition, f.Rule, ""}] = true
		}
		switch {
		case claim:
		case strings.HasPrefix(f.Rule, "unwinnable") || f.Rule == "early_agreement":
			unwinRules[f.Rule] = true
			missedGames[gk{k3{f.Edition, f.Rule, ""}, f.GameIndex}] = true
			continue
		default:
			endingRules[f.Rule] = true
		}
		if !f.Missed {
			continue
		}
		if !claim {
			missedGames[gk{k3{f.Edition, f.Rule, ""}, f.GameIndex}] = true
			continue
		}
		sp, band := "speed:"+fx.speedOf[f.TimeControl], "band:"+bandOf(f.WhiteElo, f.BlackElo)
		for _, cat := range []string{sp, band} {
			missedGames[gk{k3{f.Edition, f.Rule, cat}, f.GameIndex}] = true
			missedRows[k3{f.Edition, f.Rule, cat}]++
		}
		missedRows[k3{f.Edition, f.Rule, ""}]++
		what := "otherwise"
		switch {
		case f.EndedBy == "claim":
			what = "drawn by a later claim"
		case f.ClaimantOutcome == "loss":
			what = "played on and lost"
		case f.ClaimantOutcome == "win":
			what = "played on and won"
		}
		fate[k3{f.Edition, f.Rule, what}]++
	}
	count := map[k3]int{}
	for g := range missedGames {
		count[g.k3]++
	}
	e := expect{}
	for k := range claimRules {
		cats := map[string]bool{}
		for c := range missedRows {
			if c.ed == k.ed && c.rule == k.rule && strings.HasPrefix(c.cat, "speed:") {
				cats[c.cat] = true
			}
		}
		for c := range count {
			if c.rule == k.rule && strings.HasPrefix(c.cat, "band:") {
				cats[c.cat] = true // every edition's band appears for all
			}
		}
		if withGames {
			for c := range gamesSpeed {
				if c.ed == k.ed {
					cats["speed:"+c.cat] = true
				}
			}
			for c := range gamesBand {
				if c.ed == k.ed {
					cats["band:"+c.cat] = true
				}
			}
		}
		for _, sp := range fixtureSpeeds { // every speed class is a category
			cats["speed:"+sp.class] = true
		}
		for cat := range cats {
			dim, name, _ := strings.Cut(cat, ":")
			id := fmt.Sprintf("missed-%s-%s", k.rule, map[string]string{"speed": "speed", "band": "elo"}[dim])
			m, rows := count[k3{k.ed, k.rule, cat}], missedRows[k3{k.ed, k.rule, cat}]
			g := gamesSpeed[k3{k.ed, "", name}]
			if dim == "band" {
				g = gamesBand[k3{k.ed, "", name}]
			}
			if withGames {
				e.set(id, rowKey(name, k.ed), fmt.Sprint(g), fmt.Sprint(m), rateText(m, g, 1000), fmt.Sprint(rows))
			} else {
				e.set(id, rowKey(name, k.ed), "unknown", fmt.Sprint(m), "n/a", fmt.Sprint(rows))
			}
		}
		n := missedRows[k]
		for _, what := range []string{"drawn by a later claim", "played on and lost", "played on and won", "otherwise"} {
			c := fate[k3{k.ed, k.rule, what}]
			e.set("fate-"+k.rule, rowKey(what, k.ed), fmt.Sprint(n), fmt.Sprint(c), rateText(c, n, 100))
		}
	}
	for id, rules := range map[string]map[string]bool{"unapplied-endings": endingRules, "unwinnable": unwinRules} {
		for rule := range rules {
			for ed := range eds {
				if claimRules[k3{ed, rule, ""}] || (!withGames && !hasRows[k3{ed, rule, ""}]) {
					continue // a claim under this edition; or no rows, and no games to give a 0 rate
				}
				m := count[k3{ed, rule, ""}]
				if withGames {
					e.set(id, rowKey(rule, ed), fmt.Sprint(gamesEd[ed]), fmt.Sprint(m), rateText(m, gamesEd[ed], 1000))
				} else {
					e.set(id, rowKey(rule, ed), "unknown", fmt.Sprint(m), "n/a")
				}
			}
		}
	}
	return e
}

// TestChartNumbers checks that the numbers beside every chart equal counts
// worked out from the rows, with and without games rows, and that each
// chart draws a panel per edition and a bar per line of its table.
func TestChartNumbers(t *testing.T) {
	fx := newFixture(3000)
	for _, withGames := range []bool{true, false} {
		t.Run(fmt.Sprintf("games=%v", withGames), func(t *testing.T) {
			page := render(t, fx.aggregate(withGames))
			figs := parseFigures(t, page)
			want := fx.expected(withGames)
			if len(want) < 7 {
				t.Fatalf("the fixture makes only %d charts: %v", len(want), sortedKeys(want))
			}
			for _, id := range sortedKeys(want) {
				fig, ok := figs[id]
				if !ok {
					t.Errorf("no chart %s (charts: %v)", id, sortedKeys(figs))
					continue
				}
				if !reflect.DeepEqual(fig.rows, want[id]) {
					t.Errorf("chart %s shows\n%v\nwant\n%v", id, fig.rows, want[id])
				}
				eds := map[string]bool{}
				for k := range want[id] {
					_, ed, _ := strings.Cut(k, " | ")
					eds[ed] = true
				}
				if !fig.svg || fig.panels != len(eds) {
					t.Errorf("chart %s: svg %v with %d panels, want %d", id, fig.svg, fig.panels, len(eds))
				}
				if wantBars := len(want[id]); withGames && fig.bars != wantBars {
					t.Errorf("chart %s: %d bars, want %d", id, fig.bars, wantBars)
				}
			}
			for id := range figs {
				if _, ok := want[id]; !ok {
					t.Errorf("unexpected chart %s", id)
				}
			}
			needGames := bytes.Contains(page, []byte("--games GAMES"))
			if needGames == withGames {
				t.Errorf("games rows given %v, page says rates need --games: %v", withGames, needGames)
			}
		})
	}
}

// TestArbiterEntries checks the arbiter's part: one entry per game and
// finding whose result differs (one finding under several editions is one
// entry), grouped by event, lichess games linked at their ply.
func TestArbiterEntries(t *testing.T) {
	fx := newFixture(600)
	page := string(render(t, fx.aggregate(true)))
	wantEntries, prev := 0, report.Finding{}
	events := map[string]bool{}
	for _, f := range fx.findings {
		if !f.ResultDiffers {
			continue
		}
		if !(prev.ResultDiffers && prev.GameIndex == f.GameIndex && prev.Rule == f.Rule && prev.Ply == f.Ply) {
			wantEntries++
		}
		prev = f
		site := f.Site
		if f.GameID != "" {
			site = "lichess.org"
		}
		events[escaped(f.Event)+" · "+site] = true
	}
	if got := strings.Count(page, `<div class="game">`); got != wantEntries || wantEntries < 20 {
		t.Errorf("%d games listed, want %d", got, wantEntries)
	}
	if got := strings.Count(page, `<article class="event">`); got != len(events) {
		t.Errorf("%d event sections, want %d", got, len(events))
	}
	for ev := range events {
		if !strings.Contains(page, "<h3>"+ev+"</h3>") {
			t.Errorf("no section %q", ev)
		}
	}
	for _, f := range fx.findings {
		if f.ResultDiffers && f.GameID != "" {
			link := fmt.Sprintf("https://lichess.org/%s#%d", f.GameID, f.Ply)
			if !strings.Contains(page, `href="`+link+`"`) {
				t.Errorf("no link %s", link)
			}
			break
		}
	}
	if strings.Contains(page, "black <") {
		t.Error("a player's name reached the page unescaped")
	}
}

// escaped escapes s as html/template does for text.
func escaped(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// TestArbiterCap checks that the arbiter's part stops at its limit and says
// how many games it leaves out.
func TestArbiterCap(t *testing.T) {
	a := NewAggregate(false, &testChess)
	a.arbiter.limit = 3
	for i := 0; i < 5; i++ {
		a.AddFinding(&report.Finding{GameInfo: &report.GameInfo{Source: "s", GameIndex: int64(i), Event: "E", Result: "1-0"},
			Edition: "fide2017", Rule: "checkmate", ResultDiffers: true, FEN: fixtureFENs[3]})
	}
	page := string(render(t, a))
	if got := strings.Count(page, `<div class="game">`); got != 3 {
		t.Errorf("%d games listed, want 3", got)
	}
	if !strings.Contains(page, "2 more are in the findings but not listed") {
		t.Error("the page does not say that 2 games are not listed")
	}
}

// TestEmpty checks that an aggregate of no rows makes a whole page that says
// there is nothing to show.
func TestEmpty(t *testing.T) {
	page := string(render(t, NewAggregate(false, &testChess)))
	for _, want := range []string{`id="nothing"`, "nothing to show", "</html>", "No threefold or fifty-move claims, automatic endings"} {
		if !strings.Contains(page, want) {
			t.Errorf("empty page lacks %q", want)
		}
	}
	if strings.Contains(page, "<svg") {
		t.Error("empty page draws a chart")
	}
}
