package htmlreport

import (
	"strings"

	"github.com/pgnscan/pgnscan/internal/report"
)

// The contract's rule and kind names (cli-and-output.md) that the page sorts
// rows by. Rules the page does not know still reach the arbiter's section
// when their result differs.
const (
	ruleThreefold      = "threefold"
	ruleFifty          = "fifty_move"
	ruleFivefold       = "fivefold"
	ruleSeventyFive    = "seventyfive_move"
	ruleDead           = "dead_position"
	ruleUnwinnableTime = "unwinnable_timeout"
	ruleUnwinnableRes  = "unwinnable_resignation"
	ruleEarlyAgreement = "early_agreement"
	kindAutomatic      = "automatic"
	outcomeLoss        = "loss"
)

// claimRules are the draw claims, in the order the page shows them.
var claimRules = []string{ruleThreefold, ruleFifty}

// endingRules are the automatic endings (fifty_move only under lichess, where
// it is automatic), in the order the page shows them.
var endingRules = []string{ruleFivefold, ruleSeventyFive, ruleFifty, ruleDead}

// unwinnableRules are the losses the Laws turn into draws and the agreements
// they refuse (rules.md 7.3, 8), in the order the page shows them.
var unwinnableRules = []string{ruleUnwinnableTime, ruleUnwinnableRes, ruleEarlyAgreement}

// group is what a finding counts towards on the researcher's side.
type group uint8

const (
	groupNone       group = iota // only the arbiter's section (checkmate, stalemate, unknown rules)
	groupClaim                   // a threefold or fifty-move claim
	groupEnding                  // an automatic ending
	groupUnwinnable              // an unwinnable loss or an early agreement
)

// groupOf tells which tally a findings row belongs to, from its rule and kind.
func groupOf(rule, kind string) group {
	switch {
	case (rule == ruleThreefold || rule == ruleFifty) && kind != kindAutomatic:
		return groupClaim
	case rule == ruleFivefold || rule == ruleSeventyFive || rule == ruleDead || rule == ruleFifty:
		return groupEnding
	case rule == ruleUnwinnableTime || rule == ruleUnwinnableRes || rule == ruleEarlyAgreement:
		return groupUnwinnable
	}
	return groupNone
}

// ruleKey names the tally of one rule under one edition.
type ruleKey struct{ edition, rule string }

// gameCounts are the games judged under one edition: the denominators.
type gameCounts struct {
	total   int64
	bySpeed [report.NumSpeeds]int64
	byBand  map[int32]int64 // only from games rows: the metadata has no ratings
}

// claimTally counts the findings rows of one claim rule under one edition.
type claimTally struct {
	rows       int64                   // claims that could be made
	missed     int64                   // of which missed
	missedLost int64                   // of which the claimant then lost
	bySpeed    [report.NumSpeeds]int64 // missed, by speed class
	byBand     map[int32]int64         // missed, by Elo band
}

// endingTally counts the findings rows of one ending or unwinnable rule.
type endingTally struct {
	rows    int64 // endings reached
	missed  int64 // not applied
	differs int64 // whose Result tag differs from the mandated result
}

// Aggregate accumulates findings and games rows into the tallies the page
// shows and the arbiter's entries, without keeping the rows: its size depends
// on the numbers of editions, rules, rating bands and (up to a cap) arbiter
// entries, not on the number of rows. Feed it from one goroutine.
type Aggregate struct {
	findings     int64
	inputs       []string // the inputs the findings come from, for the page's header
	gameInputs   []string // the games files read, for the page's header
	gamesByRows  bool     // games rows are fed (--games, or a scan): game counts per edition, speed and band
	gamesByMeta  bool     // game counts per edition and speed came from every findings file's metadata
	games        map[string]*gameCounts
	claims       map[ruleKey]*claimTally
	endings      map[ruleKey]*endingTally
	unwinnable   map[ruleKey]*endingTally
	arbiter      arbiter
	lastEdition  string // to clone an edition name once per run of rows
	lastEditionC string
}

// NewAggregate returns an empty aggregate. withGames says that games rows
// will be fed (one per game and edition, as a scan writes them): the page then
// gives rates per 1,000 games by speed class and Elo band.
func NewAggregate(withGames bool) *Aggregate {
	return &Aggregate{
		gamesByRows: withGames,
		games:       map[string]*gameCounts{},
		claims:      map[ruleKey]*claimTally{},
		endings:     map[ruleKey]*endingTally{},
		unwinnable:  map[ruleKey]*endingTally{},
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
	switch groupOf(f.Rule, f.Kind) {
	case groupClaim:
		a.addClaim(f)
	case groupEnding:
		addEnding(a.endings, a.edition(f.Edition), f)
	case groupUnwinnable:
		addEnding(a.unwinnable, a.edition(f.Edition), f)
	}
	if f.ResultDiffers {
		a.arbiter.add(f)
	}
}

func (a *Aggregate) addClaim(f *report.Finding) {
	k := ruleKey{f.Edition, f.Rule}
	t, ok := a.claims[k]
	if !ok {
		t = &claimTally{byBand: map[int32]int64{}}
		a.claims[ruleKey{a.edition(f.Edition), strings.Clone(f.Rule)}] = t
	}
	t.rows++
	if !f.Missed {
		return
	}
	t.missed++
	if f.ClaimantOutcome == outcomeLoss {
		t.missedLost++
	}
	t.bySpeed[report.SpeedOf(f.TimeControl)]++
	t.byBand[eloBand(f.WhiteElo, f.BlackElo)]++
}

func addEnding(m map[ruleKey]*endingTally, edition string, f *report.Finding) {
	k := ruleKey{edition, f.Rule}
	t, ok := m[k]
	if !ok {
		t = new(endingTally)
		m[ruleKey{edition, strings.Clone(f.Rule)}] = t
	}
	t.rows++
	if f.Missed {
		t.missed++
	}
	if f.ResultDiffers {
		t.differs++
	}
}

// Findings returns the number of findings rows counted.
func (a *Aggregate) Findings() int64 { return a.findings }
