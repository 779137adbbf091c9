package htmlreport

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/report"
)

// smallScan is n games of one edition and time control, in which the games
// listed in both have both players miss a threefold claim and the games in
// white only White; games in claimed end by a later claim.
func smallScan(n int, tc string, both, white []int64, claimed map[int64]bool) *Aggregate {
	a := NewAggregate(true, &testChess)
	for i := range int64(n) {
		info := &report.GameInfo{Source: "otb.pgn", GameIndex: i, TimeControl: tc, Result: "1-0"}
		a.AddGame(&report.Game{GameInfo: info, Edition: "fide2017"})
		sides := []string{}
		for _, g := range both {
			if g == i {
				sides = append(sides, "white", "black")
			}
		}
		for _, g := range white {
			if g == i {
				sides = append(sides, "white")
			}
		}
		for _, side := range sides {
			f := report.Finding{GameInfo: info, Edition: "fide2017", Rule: "threefold", Kind: "on_board", Side: side,
				Missed: true, ClaimantOutcome: map[string]string{"white": "win", "black": "loss"}[side]}
			if claimed[i] {
				f.Result, f.ClaimantOutcome, f.EndedBy = "1/2-1/2", "draw", "claim"
			}
			a.AddFinding(&f)
		}
	}
	return a
}

// TestGameCountsOnce: a game in which both players miss a claim is one game
// in the rate, two claims in the per-claimant column; worked by hand: 40
// bullet games, game 0 missed by both, game 1 by White: 2 games of 40, 3 claims.
func TestGameCountsOnce(t *testing.T) {
	figs := parseFigures(t, render(t, smallScan(40, "60+0", []int64{0}, []int64{1}, nil)))
	got := figs["missed-threefold-speed"].rows[rowKey("bullet", "fide2017")]
	want := []string{"40", "2", rateText(2, 40, 1000), "3"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("bullet fide2017: %v, want %v", got, want)
	}
	// What followed the 3 missed claims: White won twice, Black lost once.
	fates := figs["fate-threefold"].rows
	if g := fates[rowKey("played on and won", "fide2017")]; g[1] != "2" {
		t.Errorf("won: %v", g)
	}
	if g := fates[rowKey("played on and lost", "fide2017")]; g[1] != "1" {
		t.Errorf("lost: %v", g)
	}
}

// TestTooFewGames: cells of fewer than 30 games are greyed "too few games"
// and draw no bar; from 30 games on they have a rate.
func TestTooFewGames(t *testing.T) {
	for _, n := range []int{29, 30} {
		page := string(render(t, smallScan(n, "60+0", []int64{0}, nil, nil)))
		figs := parseFigures(t, []byte(page))
		row := figs["missed-threefold-speed"].rows[rowKey("bullet", "fide2017")]
		few := n < 30
		if got := row[2] == "too few games"; got != few {
			t.Errorf("%d games: rate %q", n, row[2])
		}
		if got := strings.Contains(page, `<tr class="few"><td>bullet</td>`); got != few {
			t.Errorf("%d games: greyed %v", n, got)
		}
		if bars := figs["missed-threefold-speed"].bars; (bars == 0) != few {
			t.Errorf("%d games: %d bars", n, bars)
		}
	}
}

// TestSpeedHidden: an archive whose games have no TimeControl (over the
// board) gets no chart by speed class, and the page says why; one
// classified game brings the chart back.
func TestSpeedHidden(t *testing.T) {
	page := string(render(t, smallScan(40, "", []int64{0}, nil, nil)))
	if strings.Contains(page, `id="missed-threefold-speed"`) || !strings.Contains(page, `id="speed-note"`) {
		t.Error("speed chart shown for games whose speed classes are all unknown")
	}
	a := smallScan(40, "", []int64{0}, nil, nil)
	a.AddGame(&report.Game{GameInfo: &report.GameInfo{Source: "otb.pgn", GameIndex: 40, TimeControl: "60+0"}, Edition: "fide2017"})
	if page := string(render(t, a)); !strings.Contains(page, `id="missed-threefold-speed"`) {
		t.Error("no speed chart once a game has a speed class")
	}
}

// TestOverview: the overview's numbers for a scan worked by hand: 100 games,
// games 0 and 5 missed by both players (game 5 then drawn by a claim), game
// 7 by White: 3 games of 100 affected, 5 claim rows in 3 games.
func TestOverview(t *testing.T) {
	page := string(render(t, smallScan(100, "", []int64{0, 5}, []int64{7}, map[int64]bool{5: true})))
	_, ov, _ := strings.Cut(page, `id="overview-table"`)
	ov, _, _ = strings.Cut(ov, "</table>")
	for _, want := range []string{
		"<td>100</td>",
		fmt.Sprintf("<td>%s, 3 of 100 games</td>", rateText(3, 100, 100)),
		fmt.Sprintf("<td>%s, 3 of 100 games</td>", rateText(3, 100, 1000)),
		"<td>threefold</td><td>5 in 3 games (5 missed)</td>",
	} {
		if !strings.Contains(ov, want) {
			t.Errorf("overview lacks %s:\n%s", want, ov)
		}
	}
	// Missed claims whose claimant lost: Black of game 0 only (game 5 was drawn): 1 of 5 claims, too few.
	if !strings.Contains(ov, `<td class="few">too few claims (1 of 5)</td>`) {
		t.Errorf("overview's lost share:\n%s", ov)
	}
}
