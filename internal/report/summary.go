package report

import (
	"fmt"
	"strings"
	"time"
)

// maxFirstErrors is how many error messages the summary keeps to show.
const maxFirstErrors = 5

// Input describes one input of a scan as the pipeline sees it. The summary
// counts the input's games from the rows themselves (see Summary).
type Input struct {
	Name         string // as given on the command line (the file inside a directory): the rows' source
	Size         int64  // bytes on disk, -1 when unknown (standard input)
	Read         int64  // bytes of the file consumed so far (compressed)
	Decompressed int64  // bytes of PGN text read so far (after decompression)
	Done         bool   // read to its end
	Err          string // the fatal error that stopped this input, empty if none
	// Skipped, for a shard of a file, is the game_index of its first game: the games before it
	// were split but not read, and do not count among the input's games.
	Skipped int64
	// Start and End, for a shard of a file, are the byte range of the file as stored that it
	// owns, [Start, End): the summary shows the shard as NAME@START-END of End-Start bytes.
	// End is 0 for a whole input, and for shards merged back into their whole file.
	Start, End int64
}

// shown returns the input's name and size as the summary shows them: a shard's own range.
func (in *Input) shown() (name string, size int64) {
	if in.End > 0 {
		return fmt.Sprintf("%s@%d-%d", in.Name, in.Start, in.End), in.End - in.Start
	}
	return in.Name, in.Size
}

// InputStats is an Input with the counts the summary took from its rows.
type InputStats struct {
	Input
	Games  int64 // games read: the highest game_index seen in a games or errors row, plus one, less Skipped
	Errors int64 // games not read whole (errors rows)
}

// Counts are the tallies of findings rows for one rule.
type Counts struct {
	Findings      int64 // rows
	Missed        int64 // rows with missed set: claim not taken, or ending not applied
	ResultDiffers int64 // rows with result_differs set
	// What followed a missed draw claim (issue 28): the same player, or the other, claimed a
	// draw later (the game's ended_by is claim), or the game went on to a win or a loss for
	// the claimant. The rest of the missed claims ended otherwise (agreement, time, a board
	// ending) or come from a file written before findings carried ended_by.
	MissedThenClaim   int64
	MissedThenDecided int64
}

// add counts a findings row whose missed claim, if any, had the given fate.
func (c *Counts) add(f *Finding, fate Fate) {
	c.Findings++
	if f.Missed {
		c.Missed++
		switch fate {
		case FateLaterClaim:
			c.MissedThenClaim++
		case FateDecided:
			c.MissedThenDecided++
		}
	}
	if f.ResultDiffers {
		c.ResultDiffers++
	}
}

// Fate is what followed a missed draw claim.
type Fate uint8

// The fates of Names.MissedClaimFate.
const (
	FateNone       Fate = iota // not a missed claim
	FateLaterClaim             // the game ended by a later claim (ended_by = claim)
	FateDecided                // the claimant then won or lost
	FateOther                  // drawn otherwise, unfinished, or ended_by unknown
)

// RuleStats are the tallies of one rule under one edition.
type RuleStats struct {
	Rule string
	Counts
	BySpeed [NumSpeeds]Counts // split by the speed class of the game's TimeControl
}

// EditionStats are the tallies of one edition.
type EditionStats struct {
	Edition       string
	Games         int64            // games judged under this edition (games rows); 0 when !Summary.CountsKnown()
	GamesBySource map[string]int64 // games by edition_source (flag, date, fallback)
	GamesBySpeed  [NumSpeeds]int64 // games by speed class
	Rules         []RuleStats      // rules with at least one finding, in the order of Names.Rules
}

// Summary accumulates the human summary of a scan from the rows written:
// inputs and how far each got, games, games with errors, elapsed time and
// throughput, and for each edition the findings, missed claims and endings,
// and rates per 1,000 games, overall and by speed class.
//
// Game counts come from rows, so the pipeline must feed every game: one Game
// row per game and edition (even when no --games file is written) and one
// Error row per game not read whole. A source's game count is its highest
// game_index plus one. Feed rows from one goroutine; a Summary is not safe
// for concurrent use. Add* methods do not allocate except the first time an
// input, edition or rule is seen.
type Summary struct {
	names       Names // the orders it lists things in, and which findings are claims
	start       time.Time
	elapsed     time.Duration
	finished    bool
	interrupted bool
	countsKnown bool // game counts are known (false for a summary read from CSV)

	inputs      []*inputStat
	inputByName map[string]*inputStat
	lastInput   *inputStat

	errorGames  int64
	firstErrors []string
	findings    int64

	editions    map[string]*editionStat
	lastEdition *editionStat
}

type inputStat struct {
	Input
	games  int64
	errors int64
}

// count returns the games read: the highest game index seen plus one, less those skipped.
func (in *inputStat) count() int64 { return max(in.games-in.Skipped, 0) }

// seen counts game index i of this input.
func (in *inputStat) seen(i int64) {
	if i+1 > in.games {
		in.games = i + 1
	}
}

type editionStat struct {
	name       string
	games      int64
	sources    map[string]int64
	speedGames [NumSpeeds]int64
	rules      map[string]*ruleStat
}

type ruleStat struct {
	total Counts
	speed [NumSpeeds]Counts
}

// NewSummary returns an empty summary whose clock starts now, that orders and tells claims
// by names.
func NewSummary(names Names) *Summary {
	return &Summary{
		names:       names,
		start:       time.Now(),
		countsKnown: true,
		inputByName: make(map[string]*inputStat),
		editions:    make(map[string]*editionStat),
	}
}

// SetInput records what the pipeline knows of an input: call it when the
// input is opened (Name, Size) and again when it ends (Read, Decompressed,
// Done, Err); the latest call wins. Inputs are listed in the order first seen.
func (s *Summary) SetInput(in Input) {
	st := s.input(in.Name)
	in.Name = st.Name
	in.Err = Clip(in.Err, MaxMessage)
	st.Input = in
}

// input returns the stats of the named input, adding it if new.
func (s *Summary) input(name string) *inputStat {
	if in := s.lastInput; in != nil && in.Name == name {
		return in
	}
	in, ok := s.inputByName[name]
	if !ok {
		name = strings.Clone(name) // rows' strings may point into reused buffers
		in = &inputStat{Input: Input{Name: name, Size: -1}}
		s.inputByName[name] = in
		s.inputs = append(s.inputs, in)
	}
	s.lastInput = in
	return in
}

// edition returns the stats of the named edition, adding it if new.
func (s *Summary) edition(name string) *editionStat {
	if e := s.lastEdition; e != nil && e.name == name {
		return e
	}
	e, ok := s.editions[name]
	if !ok {
		name = strings.Clone(name)
		e = &editionStat{name: name, sources: make(map[string]int64), rules: make(map[string]*ruleStat)}
		s.editions[name] = e
	}
	s.lastEdition = e
	return e
}

// rule returns the tallies of the named rule, adding them if new.
func (e *editionStat) rule(name string) *ruleStat {
	r, ok := e.rules[name]
	if !ok {
		r = new(ruleStat)
		e.rules[strings.Clone(name)] = r // rows' strings may point into reused buffers
	}
	return r
}

// AddFinding counts one findings row.
func (s *Summary) AddFinding(f *Finding) {
	s.findings++
	s.input(f.Source)
	r := s.edition(f.Edition).rule(f.Rule)
	fate := s.names.MissedClaimFate(f)
	r.total.add(f, fate)
	r.speed[SpeedOf(f.TimeControl)].add(f, fate)
}

// AddGame counts one games row: one game judged under one edition.
func (s *Summary) AddGame(g *Game) {
	s.CountGames(g.Source, g.GameIndex, g.Edition, g.EditionSource, SpeedOf(g.TimeControl), 1)
}

// CountGames counts n games of source judged under one edition, the last of them (in the
// source's order) game index last, from the only columns of their games rows that the summary
// reads: what AddGame does, for many games at once, when no games table is written.
func (s *Summary) CountGames(source string, last int64, edition, editionSource string, speed Speed, n int64) {
	s.input(source).seen(last)
	e := s.edition(edition)
	e.games += n
	if m, ok := e.sources[editionSource]; ok {
		e.sources[editionSource] = m + n
	} else {
		e.sources[strings.Clone(editionSource)] = n
	}
	e.speedGames[speed] += n
}

// AddError counts one errors row: a game not read whole. The first few
// messages are kept for the summary.
func (s *Summary) AddError(e *Error) {
	in := s.input(e.Source)
	in.seen(e.GameIndex)
	in.errors++
	s.errorGames++
	if len(s.firstErrors) < maxFirstErrors {
		s.firstErrors = append(s.firstErrors, formatError(e))
	}
}

// formatError renders an errors row as one line: where, then the message.
func formatError(e *Error) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s game %d, line %d", e.Source, e.GameIndex, e.Line)
	if e.Ply.Valid {
		fmt.Fprintf(&b, ", ply %d", e.Ply.Int32)
	}
	b.WriteString(": ")
	b.WriteString(e.Message)
	return b.String()
}

// SetInterrupted records that the scan was interrupted (SIGINT, SIGTERM).
func (s *Summary) SetInterrupted() { s.interrupted = true }

// Finish stops the clock. Later calls do nothing. Outputs.Close calls it, so
// that the files and the printed summary agree.
func (s *Summary) Finish() {
	if !s.finished {
		s.finished = true
		s.elapsed = time.Since(s.start)
	}
}

// Elapsed returns the time from NewSummary to Finish (or to now, before Finish).
func (s *Summary) Elapsed() time.Duration {
	if s.finished {
		return s.elapsed
	}
	return time.Since(s.start)
}

// Interrupted reports whether SetInterrupted was called.
func (s *Summary) Interrupted() bool { return s.interrupted }

// CountsKnown reports whether game counts are known, and so rates per 1,000
// games: true for a scan and for a Parquet findings file written by pgnscan,
// false for a summary read from a CSV findings file, which does not hold
// the games without findings.
func (s *Summary) CountsKnown() bool { return s.countsKnown }

// Games returns the number of games read, over all inputs.
func (s *Summary) Games() int64 {
	var n int64
	for _, in := range s.inputs {
		n += in.count()
	}
	return n
}

// GamesWithErrors returns the number of games not read whole.
func (s *Summary) GamesWithErrors() int64 { return s.errorGames }

// FirstErrors returns the first few error messages, one line each.
func (s *Summary) FirstErrors() []string { return append([]string(nil), s.firstErrors...) }

// Findings returns the number of findings rows.
func (s *Summary) Findings() int64 { return s.findings }

// Inputs returns the inputs in the order first seen.
func (s *Summary) Inputs() []InputStats {
	out := make([]InputStats, len(s.inputs))
	for i, in := range s.inputs {
		out[i] = InputStats{Input: in.Input, Games: in.count(), Errors: in.errors}
	}
	return out
}

// Editions returns the tallies of every edition seen, in the order of Names.Editions (then
// others by name), each with its rules in the order of Names.Rules.
func (s *Summary) Editions() []EditionStats {
	ids := make([]string, 0, len(s.editions))
	for n := range s.editions {
		ids = append(ids, n)
	}
	s.names.SortEditions(ids)
	out := make([]EditionStats, len(ids))
	for i, n := range ids {
		e := s.editions[n]
		es := EditionStats{Edition: n, Games: e.games, GamesBySpeed: e.speedGames, GamesBySource: make(map[string]int64, len(e.sources))}
		for k, v := range e.sources {
			es.GamesBySource[k] = v
		}
		rules := make([]string, 0, len(e.rules))
		for r := range e.rules {
			rules = append(rules, r)
		}
		s.names.SortRules(rules)
		for _, r := range rules {
			rs := e.rules[r]
			es.Rules = append(es.Rules, RuleStats{Rule: r, Counts: rs.total, BySpeed: rs.speed})
		}
		out[i] = es
	}
	return out
}
