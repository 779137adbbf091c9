package htmlreport

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// expect holds, per chart id, the table the page must show, computed here
// from the fixture's rows without the package's tallies.
type expect map[string]map[string][]string

func (e expect) set(id, label string, cells ...string) {
	if e[id] == nil {
		e[id] = map[string][]string{}
	}
	e[id][label] = cells
}

func per1000(n, games int) string {
	if games == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", float64(n)*1000/float64(games))
}

// expected works out every chart's numbers from the rows.
func (fx *fixture) expected(withGames bool) expect {
	type k3 struct{ ed, rule, cat string }
	missedSpeed, missedBand := map[k3]int{}, map[k3]int{}
	gamesSpeed, gamesBand, gamesEd := map[k3]int{}, map[k3]int{}, map[string]int{}
	for _, g := range fx.games {
		gamesSpeed[k3{g.Edition, "", fx.speedOf[g.TimeControl]}]++
		gamesBand[k3{g.Edition, "", bandOf(g.WhiteElo, g.BlackElo)}]++
		gamesEd[g.Edition]++
	}
	type k2 struct{ ed, rule string }
	claimRows, missed, lost := map[k2]int{}, map[k2]int{}, map[k2]int{}
	reached, unapplied, differs := map[k2]int{}, map[k2]int{}, map[k2]int{}
	isClaim := func(f report.Finding) bool {
		return (f.Rule == "threefold" || f.Rule == "fifty_move") && f.Kind != "automatic"
	}
	for _, f := range fx.findings {
		k := k2{f.Edition, f.Rule}
		switch {
		case isClaim(f):
			claimRows[k]++
			if f.Missed {
				missed[k]++
				missedSpeed[k3{f.Edition, f.Rule, fx.speedOf[f.TimeControl]}]++
				missedBand[k3{f.Edition, f.Rule, bandOf(f.WhiteElo, f.BlackElo)}]++
				if f.ClaimantOutcome == "loss" {
					lost[k]++
				}
			}
		case f.Rule == "checkmate":
		default:
			reached[k]++
			if f.Missed {
				unapplied[k]++
			}
			if f.ResultDiffers {
				differs[k]++
			}
		}
	}
	e := expect{}
	for k := range claimRows {
		for _, dim := range []struct {
			name     string
			missed   map[k3]int
			games    map[k3]int
			withRate bool
		}{{"speed", missedSpeed, gamesSpeed, withGames}, {"elo", missedBand, gamesBand, withGames}} {
			id := fmt.Sprintf("missed-%s-%s-%s", k.rule, k.ed, dim.name)
			cats := map[string]bool{}
			for c := range dim.missed {
				if c.ed == k.ed && c.rule == k.rule {
					cats[c.cat] = true
				}
			}
			if dim.withRate {
				for c := range dim.games {
					if c.ed == k.ed {
						cats[c.cat] = true
					}
				}
			}
			for cat := range cats {
				m := dim.missed[k3{k.ed, k.rule, cat}]
				if dim.withRate {
					g := dim.games[k3{k.ed, "", cat}]
					e.set(id, cat, fmt.Sprint(m), fmt.Sprint(g), per1000(m, g))
				} else {
					e.set(id, cat, fmt.Sprint(m))
				}
			}
		}
		if missed[k] > 0 {
			e.set("missed-then-lost", k.rule+" ("+k.ed+")", fmt.Sprint(missed[k]), fmt.Sprint(lost[k]),
				fmt.Sprintf("%.1f%%", float64(lost[k])*100/float64(missed[k])))
		}
	}
	for k, n := range reached {
		games := 0
		if withGames {
			games = gamesEd[k.ed]
		}
		label := k.rule + " (" + k.ed + ")"
		if strings.HasPrefix(k.rule, "unwinnable") || k.rule == "early_agreement" {
			e.set("unwinnable", label, fmt.Sprint(n), fmt.Sprint(differs[k]), per1000(n, games))
		} else {
			e.set("unapplied-endings", label, fmt.Sprint(n), fmt.Sprint(unapplied[k]), fmt.Sprint(differs[k]), per1000(unapplied[k], games))
		}
	}
	return e
}

// TestChartNumbers checks that the numbers beside every chart equal counts
// worked out from the rows, with and without games rows, and that each
// chart draws one bar per row of its table.
func TestChartNumbers(t *testing.T) {
	fx := newFixture(3000)
	for _, withGames := range []bool{true, false} {
		t.Run(fmt.Sprintf("games=%v", withGames), func(t *testing.T) {
			page := render(t, fx.aggregate(withGames))
			figs := parseFigures(t, page)
			want := fx.expected(withGames)
			if len(want) < 8 {
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
				if !fig.svg || fig.bars != len(want[id]) {
					t.Errorf("chart %s: svg %v with %d bars, want %d", id, fig.svg, fig.bars, len(want[id]))
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
	a := NewAggregate(false)
	a.arbiter.limit = 3
	for i := 0; i < 5; i++ {
		a.AddFinding(&report.Finding{GameInfo: report.GameInfo{Source: "s", GameIndex: int64(i), Event: "E", Result: "1-0"},
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
	page := string(render(t, NewAggregate(false)))
	for _, want := range []string{`id="nothing"`, "nothing to show", "</html>", "No threefold or fifty-move claims"} {
		if !strings.Contains(page, want) {
			t.Errorf("empty page lacks %q", want)
		}
	}
	if strings.Contains(page, "<svg") {
		t.Error("empty page draws a chart")
	}
}
