package htmlreport

import (
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/pgnscan/pgnscan/internal/report"
)

// MaxArbiterEntries bounds the games the arbiter's section lists, over all
// events, so that a page built from a corrupt archive stays small and quick
// to open; the page says how many more the findings hold.
const MaxArbiterEntries = 300

// eventKey identifies an event's section: its Event and Site tags. A lichess
// game's Site is the game's own address, so games with a game id are grouped
// by the address's host instead.
type eventKey struct{ event, site string }

// event is one section of the arbiter's part: the games of one event whose
// result the board contradicts.
type event struct {
	eventKey
	first, last string // the earliest and latest fully known Date tags of its games
	entries     []*entry
	omitted     int64 // its entries beyond MaxArbiterEntries
}

// verdict is one edition's reading of an entry's position.
type verdict struct{ Edition, Article string }

// entry is one game and position whose result differs from what a rule
// mandates, under one or more editions.
type entry struct {
	source       string
	gameIndex    int64
	gameID, site string
	round, date  string
	white, black string
	whiteElo     report.NullInt32
	blackElo     report.NullInt32
	result       string // the Result tag
	mandated     string // mandated_result, empty for rules that mandate none
	rule         string
	ply          int32
	moveNumber   int32
	fen          string
	verdicts     []verdict
}

// arbiter collects the entries of the arbiter's section by event.
type arbiter struct {
	byKey   map[eventKey]*event
	kept    map[findingKey]*entry // the entries kept, to which the same finding under another edition is added
	entries int                   // entries kept
	limit   int                   // entries kept at most
	omitted int64                 // entries not kept, in these events or in events not shown
}

// keyOf returns the section a finding's game belongs to.
func keyOf(f *report.Finding) eventKey {
	site := f.Site
	if f.GameID != "" {
		if u, err := url.Parse(site); err == nil && u.Host != "" {
			site = u.Host
		}
	}
	return eventKey{f.Event, site}
}

// findingKey identifies a finding across editions: one entry lists its verdicts.
type findingKey struct {
	source    string
	gameIndex int64
	rule      string
	ply       int32
}

// add records a finding whose result differs. The same finding under several editions makes
// one entry, whether its rows come in a run (a scan's table, game by game) or apart (the part
// files of a table partitioned by edition).
func (ar *arbiter) add(f *report.Finding) {
	v := verdict{Edition: f.Edition, Article: f.Article}
	if e := ar.kept[findingKey{f.Source, f.GameIndex, f.Rule, f.Ply}]; e != nil {
		e.verdicts = append(e.verdicts, verdict{strings.Clone(v.Edition), strings.Clone(v.Article)})
		return
	}
	k := keyOf(f)
	ev, ok := ar.byKey[k]
	if ar.entries >= ar.limit { // no new entry, and no new section: memory stays bounded
		ar.omitted++
		if ok {
			ev.omitted++
			ev.addDate(f.Date)
		}
		return
	}
	if !ok {
		k = eventKey{strings.Clone(k.event), strings.Clone(k.site)}
		ev = &event{eventKey: k}
		ar.byKey[k] = ev
	}
	ev.addDate(f.Date)
	e := &entry{
		source: strings.Clone(f.Source), gameIndex: f.GameIndex,
		gameID: strings.Clone(f.GameID), site: strings.Clone(f.Site),
		round: strings.Clone(f.Round), date: strings.Clone(f.Date),
		white: strings.Clone(f.White), black: strings.Clone(f.Black),
		whiteElo: f.WhiteElo, blackElo: f.BlackElo,
		result: strings.Clone(f.Result), mandated: strings.Clone(f.MandatedResult),
		rule: strings.Clone(f.Rule), ply: f.Ply, moveNumber: f.MoveNumber,
		fen:      strings.Clone(f.FEN),
		verdicts: []verdict{{strings.Clone(v.Edition), strings.Clone(v.Article)}},
	}
	ev.entries = append(ev.entries, e)
	ar.entries++
	if ar.kept == nil {
		ar.kept = map[findingKey]*entry{}
	}
	ar.kept[findingKey{e.source, e.gameIndex, e.rule, e.ply}] = e
}

// addDate widens the event's date range by a Date tag that is fully known
// (PGN's YYYY.MM.DD without '?'), which then sorts as text.
func (ev *event) addDate(date string) {
	if len(date) != len("2006.01.02") || strings.Contains(date, "?") {
		return
	}
	if ev.first == "" || date < ev.first {
		ev.first = strings.Clone(date)
	}
	if date > ev.last {
		ev.last = strings.Clone(date)
	}
}

// events returns the sections in order of Event, then Site.
func (ar *arbiter) events() []*event {
	out := make([]*event, 0, len(ar.byKey))
	for _, ev := range ar.byKey {
		out = append(out, ev)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].event != out[j].event {
			return out[i].event < out[j].event
		}
		return out[i].site < out[j].site
	})
	for _, ev := range out { // in game order, however the rows came (edition by edition)
		sort.SliceStable(ev.entries, func(i, j int) bool {
			a, b := ev.entries[i], ev.entries[j]
			if a.source != b.source {
				return false // inputs stay in the order they came
			}
			if a.gameIndex != b.gameIndex {
				return a.gameIndex < b.gameIndex
			}
			return a.ply < b.ply
		})
	}
	return out
}

// link returns the address of the game at the entry's ply: lichess's
// https://lichess.org/ID#PLY for a game with a lichess id, else the Site tag
// when it is a web address (http or https only), else "".
func (e *entry) link() string {
	if e.gameID != "" {
		return "https://lichess.org/" + url.PathEscape(e.gameID) + "#" + strconv.Itoa(int(e.ply))
	}
	if u, err := url.Parse(e.site); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		return u.String()
	}
	return ""
}

// moveText says where the entry's position stands: "move 29, Black to move".
func (e *entry) moveText() string {
	side := "White"
	if f := strings.Fields(e.fen); len(f) > 1 && f[1] == "b" {
		side = "Black"
	}
	return "move " + strconv.Itoa(int(e.moveNumber)) + ", " + side + " to move"
}
