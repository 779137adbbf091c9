package htmlreport

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"
)

//go:embed page.html.tmpl
var pageSource string

// page is the template's root.
var page = template.Must(template.New("page").Funcs(template.FuncMap{"inc": func(n int) int { return n + 1 }}).Parse(pageSource))

// pageData is what the template shows, all computed before rendering.
type pageData struct {
	Version    string
	Inputs     []string
	GameInputs []string
	Findings   int64
	GamesNote  string
	Overview   overview
	Questions  []*question
	SpeedNote  string // why the speed charts are missing, when they are
	Events     []eventView
	Shown      int   // arbiter entries listed
	Omitted    int64 // arbiter entries beyond MaxArbiterEntries
	Limit      int   // MaxArbiterEntries, as the aggregate applied it
}

// eventView is one event's section of the arbiter's part.
type eventView struct {
	Event, Site, Dates string
	Entries            []entryView
	Omitted            int64
}

// entryView is one game of an event's section.
type entryView struct {
	Round, White, Black, Result, Mandated, Rule string
	Verdicts                                    []verdict
	Ply                                         int32
	Move                                        string
	Link                                        string
	FEN                                         string
	Board                                       template.HTML
	BoardErr                                    string
	Source                                      string
	GameIndex                                   int64
}

// WriteHTML renders the page from what was aggregated. version names the
// pgnscan that wrote it. The page is complete whatever the tallies hold: with
// no findings it says there is nothing to show.
func (a *Aggregate) WriteHTML(w io.Writer, version string) error {
	d, err := a.pageData(version)
	if err != nil {
		return err
	}
	return page.Execute(w, d)
}

func (a *Aggregate) pageData(version string) (*pageData, error) {
	d := &pageData{
		Version: version, Inputs: a.inputs, GameInputs: a.gameInputs, Findings: a.findings,
		Overview: a.overview(), Questions: a.questions(),
		Omitted: a.arbiter.omitted, Shown: a.arbiter.entries, Limit: a.arbiter.limit,
	}
	switch {
	case a.gamesByRows:
		d.GamesNote = fmt.Sprintf("%d games judged (games rows, over all editions).", a.gamesTotal())
	case a.gamesByMeta:
		d.GamesNote = fmt.Sprintf("%d games judged (from the findings files' metadata; rates by Elo band need --games).", a.gamesTotal())
	default:
		d.GamesNote = "Game counts unknown: rates per 1,000 games need --games GAMES."
	}
	if !a.speedsKnown() && len(a.rulesOf(groupClaim, a.chess.Claims)) > 0 {
		d.SpeedNote = "No charts by speed class: no game has a TimeControl tag that gives one (over-the-board archives)."
	}
	for _, q := range d.Questions {
		if err := q.render(); err != nil {
			return nil, err
		}
	}
	for _, ev := range a.arbiter.events() {
		d.Events = append(d.Events, a.viewOf(ev))
	}
	return d, nil
}

// gamesTotal returns the games judged, summed over editions.
func (a *Aggregate) gamesTotal() int64 {
	var n int64
	for _, g := range a.games {
		n += g.total
	}
	return n
}

// viewOf prepares an event's section, drawing each entry's diagram.
func (a *Aggregate) viewOf(ev *event) eventView {
	v := eventView{Event: orUnknown(ev.event), Site: orUnknown(ev.site), Omitted: ev.omitted}
	switch {
	case ev.first == "":
		v.Dates = "dates unknown"
	case ev.first == ev.last:
		v.Dates = ev.first
	default:
		v.Dates = ev.first + " to " + ev.last
	}
	for _, e := range ev.entries {
		ev := entryView{
			Round: orUnknown(e.round), White: player(e.white, e.whiteElo.Int32, e.whiteElo.Valid),
			Black: player(e.black, e.blackElo.Int32, e.blackElo.Valid), Result: orUnknown(e.result),
			Mandated: e.mandated, Rule: e.rule, Verdicts: e.verdicts, Ply: e.ply, Move: e.moveText(),
			Link: e.link(), FEN: e.fen, Source: e.source, GameIndex: e.gameIndex,
		}
		board, err := a.diagram(e.fen)
		if err != nil {
			ev.BoardErr = err.Error()
		}
		ev.Board = board
		v.Entries = append(v.Entries, ev)
	}
	return v
}

// orUnknown shows an empty tag as "?".
func orUnknown(s string) string {
	if strings.TrimSpace(s) == "" {
		return "?"
	}
	return s
}

// player shows a player's name with the rating when there is one.
func player(name string, elo int32, valid bool) string {
	if valid {
		return fmt.Sprintf("%s (%d)", orUnknown(name), elo)
	}
	return orUnknown(name)
}
