package htmlreport

import (
	"strings"

	"github.com/pgnscan/pgnscan/internal/report"
)

// outcomeLoss is the claimant_outcome of a claimant who lost (cli-and-output.md).
const outcomeLoss = "loss"

// ruleKey names the tally of one rule under one edition.
type ruleKey struct{ edition, rule string }

// gameMark remembers the last game a tally counted, so that a game's several
// rows (both claimants, a rule under several kinds) count it once: rows come
// game by game, every row of a game before the next game's.
type gameMark struct {
	source string
	index  int64
	set    bool
}

// first reports whether f is the first row of its game that the mark sees,
// and marks its game.
func (m *gameMark) first(f *report.Finding) bool {
	if m.set && m.index == f.GameIndex && m.source == f.Source {
		return false
	}
	if m.source != f.Source {
		m.source = strings.Clone(f.Source)
	}
	m.set, m.index = true, f.GameIndex
	return true
}

// gameCounts are the games judged under one edition, the denominators, and
// the games of that edition some finding affects.
type gameCounts struct {
	total    int64
	bySpeed  [report.NumSpeeds]int64
	byBand   map[int32]int64 // only from games rows: the metadata has no ratings
	affected int64           // games with a missed claim, an unapplied ending or a result the board contradicts
	differs  int64           // games whose Result tag the board contradicts
	affMark  gameMark
	difMark  gameMark
}

// ruleTally counts the findings rows of one rule under one edition, and the
// games they fall in.
type ruleTally struct {
	rows, games             int64 // findings rows; games with one
	missedRows, missedGames int64 // rows with missed set; games with one
	// games with a missed row, by the game's speed class and Elo band
	missedBySpeed     [report.NumSpeeds]int64
	missedRowsBySpeed [report.NumSpeeds]int64
	missedByBand      map[int32]int64
	missedRowsByBand  map[int32]int64
	// what followed the missed claims (rows): Names.MissedClaimFate, and losses among the decided
	laterClaim, decided, lost int64
	mark, missedMark          gameMark
	group                     group // what the rule is under this edition: a claim, an ending, ...
}

// Aggregate accumulates findings and games rows into the tallies the page
// shows and the arbiter's entries, without keeping the rows: its size depends
// on the numbers of editions, rules, rating bands and (up to a cap) arbiter
// entries, not on the number of rows. Feed it from one goroutine.
type Aggregate struct {
	chess        *Chess
	findings     int64
	inputs       []string // the inputs the findings come from, for the page's header
	gameInputs   []string // the games files read, for the page's header
	gamesByRows  bool     // games rows are fed (--games, or a scan): game counts per edition, speed and band
	gamesByMeta  bool     // game counts per edition and speed came from every findings file's metadata
	games        map[string]*gameCounts
	rules        map[ruleKey]*ruleTally
	arbiter      arbiter
	lastEdition  string // to clone an edition name once per run of rows
	lastEditionC string
}

// NewAggregate returns an empty aggregate that groups, orders and draws rows as chess says.
// withGames says that games rows will be fed (one per game and edition, as a scan writes
// them): the page then gives rates per 1,000 games by speed class and Elo band.
func NewAggregate(withGames bool, chess *Chess) *Aggregate {
	return &Aggregate{
		chess:       chess,
		gamesByRows: withGames,
		games:       map[string]*gameCounts{},
		rules:       map[ruleKey]*ruleTally{},
		arbiter:     arbiter{byKey: map[eventKey]*event{}, limit: MaxArbiterEntries},
	}
}

// edition returns a copy of name that outlives the row, cloning once per run
// of rows of one edition.
func (a *Aggregate) edition(name string) string {
	if name != a.lastEdition {
		a.lastEditionC = strings.Clone(name)
		a.lastEdition = a.lastEditionC
	}
	return a.lastEditionC
}

// gamesOf returns the game counts of an edition, adding it if new.
func (a *Aggregate) gamesOf(edition string) *gameCounts {
	g, ok := a.games[edition]
	if !ok {
		g = &gameCounts{byBand: map[int32]int64{}}
		a.games[a.edition(edition)] = g
	}
	return g
}

// AddGame counts one games row: one game judged under one edition.
func (a *Aggregate) AddGame(r *report.Game) {
	g := a.gamesOf(r.Edition)
	g.total++
	g.bySpeed[report.SpeedOf(r.TimeControl)]++
	g.byBand[eloBand(r.WhiteElo, r.BlackElo)]++
}

// addSaved adds the game counts a findings file's metadata records.
func (a *Aggregate) addSaved(s *report.Summary) {
	for _, e := range s.Editions() {
		g := a.gamesOf(e.Edition)
		g.total += e.Games
		for sp, n := range e.GamesBySpeed {
			g.bySpeed[sp] += n
		}
	}
}

// AddFinding counts one findings row.
func (a *Aggregate) AddFinding(f *report.Finding) {
	a.findings++
	ed := a.edition(f.Edition)
	t := a.ruleOf(ed, f)
	if t.mark.first(f) {
		t.games++
	}
	t.rows++
	if f.Missed {
		a.addMissed(t, f)
	}
	if f.Missed || f.ResultDiffers {
		g := a.gamesOf(ed)
		if g.affMark.first(f) {
			g.affected++
		}
		if f.ResultDiffers && g.difMark.first(f) {
			g.differs++
		}
	}
	if f.ResultDiffers {
		a.arbiter.add(f)
	}
}

// addMissed counts a missed claim or unapplied ending in its tally.
func (a *Aggregate) addMissed(t *ruleTally, f *report.Finding) {
	sp, band := report.SpeedOf(f.TimeControl), eloBand(f.WhiteElo, f.BlackElo)
	t.missedRows++
	t.missedRowsBySpeed[sp]++
	t.missedRowsByBand[band]++
	if t.missedMark.first(f) {
		t.missedGames++
		t.missedBySpeed[sp]++
		t.missedByBand[band]++
	}
	switch a.chess.MissedClaimFate(f) {
	case report.FateLaterClaim:
		t.laterClaim++
	case report.FateDecided:
		t.decided++
		if f.ClaimantOutcome == outcomeLoss {
			t.lost++
		}
	}
}

// ruleOf returns the tally of a rule under an edition, adding it if new.
func (a *Aggregate) ruleOf(edition string, f *report.Finding) *ruleTally {
	rule := f.Rule
	k := ruleKey{edition, rule}
	t, ok := a.rules[k]
	if !ok {
		t = &ruleTally{missedByBand: map[int32]int64{}, missedRowsByBand: map[int32]int64{}, group: a.chess.groupOf(f)}
		a.rules[ruleKey{edition, strings.Clone(rule)}] = t
	}
	return t
}

// Findings returns the number of findings rows counted.
func (a *Aggregate) Findings() int64 { return a.findings }
