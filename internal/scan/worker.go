package scan

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"unsafe"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/pgnout"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
)

// rows are the output rows of one chunk of games, in game order.
type rows struct {
	findings []report.Finding
	games    []report.Game // when a games table is written
	counts   []gameCount   // else: what the summary reads of the games rows, tallied
	errors   []report.Error
	faults   []error // faults[i] is the error behind errors[i] (for Config.Batches)
	pgn      []byte  // --pgn-out: the games with findings, annotated (pgnout.Append)
	size     int     // the bytes the rows hold, about: see rowBytes
	// lastCount[k] is the index in counts of the tally counted last for a game's k-th
	// edition (see count).
	lastCount []int
}

// gameCount is a number of games of one source judged under one edition (one version of it:
// the lichess versions are counted apart, under the one id), of one speed class, as the summary
// counts them; last is the index of the last of them.
type gameCount struct {
	source string
	last   int64
	choice rules.Choice // the edition and its source, compared by value: a pointer and a byte
	speed  report.Speed
	n      int64
}

// count tallies one game judged under one choice of edition, the k-th of the game's. A chunk's
// games come from one source and fall into a few editions and speed classes, so the summary
// reads a few tallies per chunk instead of a count per game and edition.
//
// The tally that the previous game's k-th edition counted is tried first: a game's editions
// come in the same order in every game, so it is the one that matches, nearly always. (Trying
// the tally after the one counted last, as count did, missed at every game's first edition
// whenever the lichess versions, counted apart, made more tallies than a game has editions:
// 3.2 tries a call on the OTB file, whose games fall into 13 tallies.)
func (r *rows) count(k int, source string, index int64, choice rules.Choice, speed report.Speed) {
	if k >= len(r.lastCount) {
		r.lastCount = append(r.lastCount, make([]int, k+1-len(r.lastCount))...)
	}
	if i := r.lastCount[k]; i < len(r.counts) && r.counts[i].add(source, index, choice, speed) {
		return
	}
	for i := range r.counts {
		if r.counts[i].add(source, index, choice, speed) {
			r.lastCount[k] = i
			return
		}
	}
	r.lastCount[k] = len(r.counts)
	r.counts = append(r.counts, gameCount{source, index, choice, speed, 1})
	r.size += countSize
}

// add counts game index in c when it is c's tally (source, choice and speed), and reports
// whether it was.
func (c *gameCount) add(source string, index int64, choice rules.Choice, speed report.Speed) bool {
	if c.choice != choice || c.speed != speed || c.source != source {
		return false
	}
	c.n++
	c.last = max(c.last, index)
	return true
}

// addError appends an errors row and the fault it describes.
func (r *rows) addError(e report.Error, fault error) {
	r.errors = append(r.errors, e)
	r.faults = append(r.faults, fault)
	r.size += errorRowSize + len(e.Message) + len(e.Excerpt)
}

func (r *rows) reset() {
	clear(r.findings) // drop string references so the strings can be collected
	clear(r.games)
	clear(r.counts)
	clear(r.errors)
	clear(r.faults)
	r.findings, r.games, r.counts, r.errors = r.findings[:0], r.games[:0], r.counts[:0], r.errors[:0]
	r.faults = r.faults[:0]
	r.pgn = r.pgn[:0]
	r.size = 0
	clear(r.lastCount)
}

// grow returns s with room for one more row, doubling its capacity when full. Left to append,
// a job's rows grew by a quarter at a time while they filled to a chunk's worth: the arrays
// outgrown on the way were four times the rows in garbage, which raised the heap's peak and
// with it the pages the process touched.
func grow[T any](s []T) []T {
	if len(s) < cap(s) {
		return s
	}
	return slices.Grow(s, max(len(s), 16))
}

// Row sizes, for rows.size: the structs, to which each row adds the strings it holds alone.
const (
	gameRowSize    = int(unsafe.Sizeof(report.Game{}))
	findingRowSize = int(unsafe.Sizeof(report.Finding{}))
	errorRowSize   = int(unsafe.Sizeof(report.Error{}))
	countSize      = int(unsafe.Sizeof(gameCount{}))
	infoSize       = int(unsafe.Sizeof(report.GameInfo{}))
)

// infoBytes is the bytes of a game's GameInfo and its tag strings, made once and shared by
// the game's rows.
func infoBytes(g *report.GameInfo) int {
	return infoSize + len(g.Event) + len(g.Site) + len(g.Date) + len(g.Round) + len(g.White) +
		len(g.Black) + len(g.Result) + len(g.ECO) + len(g.Termination) // GameID is in Site, TimeControl interned
}

// worker turns chunks of games into rows: it tokenises each game, replays it on a
// rules.Judge and converts the verdict into report rows. It holds no shared state; the
// pipeline gives each goroutine its own.
type worker struct {
	sel       *rules.Selection
	fullGames bool           // fill every column of games rows (a --games file is written)
	pgn       *pgnout.Filter // --pgn-out's, or nil
	names     report.Names   // for --pgn-out's comments: which findings are claims

	judge        *rules.Judge
	tok          pgn.Tokenizer // the replay's: it steps over comments
	commentTok   pgn.Tokenizer // readComments': it returns them
	choices      []rules.Choice
	tags         tagSet
	data         []byte // the current game's bytes
	comments     []comment
	commentsRead bool // readComments has filled comments
	parsed       int  // comments read for evals
	evals        []evalMark
	text         []byte            // scratch for tag text
	brief        report.GameInfo   // the GameInfo of a game whose rows only feed the summary (see info)
	timeControls map[string]string // interned TimeControl values
	variant      rules.Variant     // the current game's, once begin has read its tags
}

// comment is a main-line comment, kept as its place in the game's bytes: its [%clk] and
// [%eval] commands are read only up to the plies of findings, in the games that have findings
// (see readComments).
type comment struct {
	ply      int32     // the comment follows the ply-th half-move
	side     pgn.Color // the side that made it
	from, to int32     // the comment's text is data[from:to]
}

// evalMark is an [%eval] value as written, standing from ply on.
type evalMark struct {
	ply   int
	value []byte // a view into the chunk
}

func newWorker(sel *rules.Selection, fullGames bool) *worker {
	j := rules.NewJudge()
	j.SetNoAgreementBefore(sel.NoAgreementBefore())
	w := &worker{sel: sel, fullGames: fullGames, judge: j, names: Names()}
	w.tok.SkipComments(true)
	return w
}

// chunk appends the rows of every game of c to out, and returns how many games those are. When
// part is not nil and the rows grow past rowsBudget bytes with more games to follow, it first
// hands them on: part gets the number of games they hold and empties out. chunk reports false
// when part does (the scan is aborted).
func (w *worker) chunk(c *pgn.Chunk, out *rows, part func(games int) bool) (int, bool) {
	from := 0
	for i := range c.Games {
		if part != nil && out.size > rowsBudget && i > from {
			if !part(i - from) {
				return 0, false
			}
			from = i
		}
		w.game(c, i, out)
	}
	return len(c.Games) - from, true
}

// game reads, replays and judges game i of c, and appends its rows.
func (w *worker) game(c *pgn.Chunk, i int, out *rows) {
	g := &c.Games[i]
	w.tok.Reset(c, i)
	w.data = c.GameBytes(i)
	w.tags.reset()
	w.variant = rules.UnsupportedVariant
	w.comments, w.commentsRead, w.parsed = w.comments[:0], false, 0
	w.evals = w.evals[:0]

	started := false // the judge has begun the game
	var fault error  // why the game was not read whole
	faultPly := -1   // the half-move that failed, -1 when the tags did
loop:
	for {
		switch w.tok.Next() {
		case pgn.TokTag:
			w.tags.set(w.tok.TagName(), w.tok.Bytes())
		case pgn.TokSAN:
			if !started {
				if err := w.begin(); err != nil {
					fault = w.faultAt(err)
					break loop
				}
				started = true
			}
			m, err := w.judge.Position().ParseSAN(w.tok.Bytes())
			if err != nil {
				fault, faultPly = w.tok.ErrorAt(err), w.judge.Ply()+1
				break loop
			}
			w.judge.Play(m)
		case pgn.TokEnd:
			if err := w.tok.Err(); err != nil {
				fault = err
				if started {
					faultPly = w.judge.Ply() + 1
				}
				break loop
			}
			if !started {
				if err := w.begin(); err != nil {
					fault = w.faultAt(err)
					break loop
				}
				started = true
			}
			break loop
		}
	}

	if !started { // not standard chess, a bad FEN, or broken tags: never judged
		out.addError(errorRow(w.info(c.Source, g, true), fault, faultPly), fault)
		return
	}
	if fault != nil {
		w.judge.Fail()
	}
	w.judge.SetStop(w.stop())
	v := w.judge.Finish()
	// Most games have no finding: unless games rows are written, their rows only feed the
	// summary, which needs no more than the source, the index and the time control.
	info := w.info(c.Source, g, w.fullGames || fault != nil || len(v.Findings) > 0)
	if fault != nil {
		out.addError(errorRow(info, fault, faultPly), fault)
	}
	from := len(out.findings)
	w.rows(info, v, fault, out)
	w.annotate(out, from)
}

// ErrChess960WithoutFEN is the error of a Chess960 game without a FEN tag: its start
// position is unknown (rules.md 9).
var ErrChess960WithoutFEN = errors.New("Chess960 game without a FEN tag")

// begin starts the judge on the game's start position under the editions chosen for it.
func (w *worker) begin() error {
	t := &w.tags
	w.variant = rules.ParseVariant(t.get(tagVariant))
	if w.variant == rules.UnsupportedVariant {
		return fmt.Errorf("%w %q", board.ErrUnsupportedVariant, pgn.TagText(t.get(tagVariant)))
	}
	// P0 is the FEN tag's position when SetUp is "1" (rules.md 1). Older files give a FEN
	// without SetUp, so only an explicit "0" sets the FEN aside.
	start := board.StartPosition()
	if fen := t.get(tagFEN); len(fen) > 0 && string(t.get(tagSetUp)) != "0" {
		s, err := board.ParseFEN(string(fen))
		if err != nil {
			return w.tok.ErrorIn(fen, err) // at the tag's line, not the movetext's
		}
		// File letters in the castling field make the game Chess960 whatever its tag says
		// (rules.md 1); a Chess960 game reads KQkq as X-FEN.
		if s.Chess960 {
			w.variant = rules.Chess960
		}
		s.Chess960 = w.variant == rules.Chess960
		if start, err = s.Position(); err != nil {
			return w.tok.ErrorIn(fen, err)
		}
	} else if w.variant == rules.Chess960 {
		return ErrChess960WithoutFEN
	}
	w.choices = w.sel.Choose(w.choices[:0],
		rules.ParseDate(t.get(tagEventDate)), rules.ParseDate(t.get(tagDate)), rules.ParseDate(t.get(tagUTCDate)))
	w.judge.Begin(&start, rules.ParseResult(t.get(tagResult)), w.choices)
	return nil
}

// faultAt places an error of begin at the current token, unless it is placed already.
func (w *worker) faultAt(err error) error {
	var se *pgn.SyntaxError
	if errors.As(err, &se) {
		return err
	}
	return w.tok.ErrorAt(err)
}

// stop classifies how the game's tags and its last comment say it stopped (rules.md 8). The
// last comment counts only when it follows the final half-move, as FICS's "{Black resigns}"
// does. No allocation: the texts are views into the chunk.
func (w *worker) stop() rules.Stop {
	var last []byte
	if text, ply, ok := w.tok.LastComment(); ok && ply == w.judge.Ply() {
		last = text
	}
	t := &w.tags
	return rules.TerminationOf(t.get(tagTermination), t.get(tagTerminationDetails), last)
}

// info returns the columns every row of the game starts with. With full, it is a new GameInfo
// that the game's rows share, its tag strings cut from one string made for the game (two
// allocations a game, whatever its rows). Without, it holds only what the summary reads (the
// source, the index and the time control) and is the worker's scratch, which the next game
// overwrites: no row keeps it.
func (w *worker) info(source string, g *pgn.Game, full bool) *report.GameInfo {
	if !full {
		// Field by field: the other fields stay empty (nothing else writes brief), and a
		// composite literal cleared and copied the whole struct, ~500 instructions a game.
		b := &w.brief
		b.Source, b.GameIndex, b.GameOffset, b.TimeControl = source, g.Index, g.Offset, w.timeControl()
		return b
	}
	var ends [len(infoTags)]int
	w.text = w.text[:0]
	for i, k := range infoTags {
		w.text = pgn.AppendTagText(w.text, w.tags.get(k))
		ends[i] = len(w.text)
	}
	all := string(w.text) // valid UTF-8 as a whole and at every cut: AppendTagText makes it so
	tag := func(i int) string {
		if i == 0 {
			return all[:ends[0]]
		}
		return all[ends[i-1]:ends[i]]
	}
	t := &w.tags
	site := tag(1)
	return &report.GameInfo{
		Source:      source,
		GameIndex:   g.Index,
		GameOffset:  g.Offset,
		GameID:      lichessID(site),
		Event:       tag(0),
		Site:        site,
		Date:        tag(2),
		Round:       tag(3),
		White:       tag(4),
		Black:       tag(5),
		Result:      tag(6),
		TimeControl: w.timeControl(),
		ECO:         tag(7),
		Termination: tag(8),
		WhiteElo:    elo(t.get(tagWhiteElo)),
		BlackElo:    elo(t.get(tagBlackElo)),
		Variant:     w.variant.String(),
	}
}

// infoTags are the tags whose text GameInfo holds, in the order info reads them (TimeControl
// apart: it is interned).
var infoTags = [...]tagKey{tagEvent, tagSite, tagDate, tagRound, tagWhite, tagBlack, tagResult, tagECO, tagTermination}

// timeControl returns the TimeControl tag, interned: an archive uses few distinct values.
func (w *worker) timeControl() string {
	raw := w.tags.get(tagTimeControl)
	if tc, ok := w.timeControls[string(raw)]; ok {
		return tc
	}
	tc := pgn.TagText(raw)
	if len(w.timeControls) < 1024 {
		if w.timeControls == nil {
			w.timeControls = make(map[string]string)
		}
		w.timeControls[tc] = tc
	}
	return tc
}

// rows converts a verdict into games and findings rows.
func (w *worker) rows(info *report.GameInfo, v *rules.Verdict, fault error, out *rows) {
	var final, errText string
	if w.fullGames {
		final = v.Final.FEN()
		if fault != nil {
			errText = faultMessage(fault)
		}
	}
	if w.fullGames || len(v.Findings) > 0 {
		out.size += infoBytes(info) // shared by the game's rows
	}
	var speed report.Speed
	if !w.fullGames {
		speed = report.SpeedOf(info.TimeControl)
	}
	for k := range v.Games {
		s := &v.Games[k]
		if !w.fullGames {
			out.count(k, info.Source, info.GameIndex, rules.Choice{Edition: s.Edition, EditionSource: s.EditionSource}, speed)
			continue
		}
		g := report.Game{
			GameInfo:          info,
			Edition:           s.Edition.ID,
			EditionSource:     s.EditionSource.String(),
			EditionVersion:    s.Edition.Version,
			Plies:             int32(s.Plies),
			EndRule:           s.EndRule.String(),
			EndPly:            nullPly(s.EndPly),
			FirstThreefoldPly: nullPly(s.FirstThreefoldPly),
			FirstFiftyPly:     nullPly(s.FirstFiftyPly),
			FinalClaims:       s.FinalClaims.String(),
			MaxRepetitions:    int32(s.MaxRepetitions),
			MaxHalfmoveClock:  int32(s.MaxHalfmoveClock),
			FinalFEN:          final,
			EndedBy:           s.EndedBy.String(),
			WhiteCanMate:      s.CanMate[board.White].String(),
			BlackCanMate:      s.CanMate[board.Black].String(),
			Error:             errText,
		}
		out.games = append(grow(out.games), g)
		out.size += gameRowSize + len(final) + len(errText)
	}
	for k := range v.Findings {
		f := &v.Findings[k]
		row := report.Finding{
			GameInfo:        info,
			Edition:         f.Edition.ID,
			EditionSource:   f.EditionSource.String(),
			EditionVersion:  f.Edition.Version,
			Rule:            f.Rule.String(),
			Article:         f.Article,
			Kind:            f.Kind.String(),
			Proof:           f.Proof.Column(),
			Ply:             int32(f.Ply),
			MoveNumber:      int32(f.MoveNumber),
			Side:            f.Side.String(),
			Move:            f.Move,
			Repetitions:     int32(f.Repetitions),
			HalfmoveClock:   int32(f.HalfmoveClock),
			FEN:             f.FEN,
			Opportunities:   int32(f.Opportunities),
			PliesAfter:      int32(f.PliesAfter),
			Missed:          f.Missed,
			ClaimantOutcome: f.ClaimantOutcome.String(),
			MandatedResult:  f.Mandated(),
			ResultDiffers:   f.ResultDiffers,
		}
		row.WhiteClock, row.BlackClock = w.clocksAt(f.Ply)
		row.Eval = w.evalAt(f.Ply)
		row.EndedBy = endedBy(v, f.Edition.ID)
		out.findings = append(grow(out.findings), row)
		out.size += findingRowSize + len(row.FEN) + len(row.Move) + len(row.Eval)
	}
}

// endedBy returns the ended_by of the verdict's game under the edition with that id.
func endedBy(v *rules.Verdict, edition string) string {
	for k := range v.Games {
		if v.Games[k].Edition.ID == edition {
			return v.Games[k].EndedBy.String()
		}
	}
	return ""
}

// clocksAt returns each side's clock at Pi: its latest [%clk] reading up to ply i, found by
// walking back from ply i (each side's is usually in one of the last two comments).
func (w *worker) clocksAt(ply int) (white, black report.NullFloat64) {
	w.readComments()
	var found [2]bool
	for k := w.upTo(ply) - 1; k >= 0 && !(found[0] && found[1]); k-- {
		c := &w.comments[k]
		if found[c.side] {
			continue
		}
		if secs, ok := pgn.ParseClock(w.data[c.from:c.to]); ok {
			found[c.side] = true
			if c.side == pgn.White {
				white = report.ValidFloat64(secs)
			} else {
				black = report.ValidFloat64(secs)
			}
		}
	}
	return white, black
}

// evalAt returns the latest [%eval] value up to ply i, as written. Most archives have no
// evaluations: readComments searches a game's bytes once for any, and if they may hold some,
// the comments are read forward once per game, not walked back per finding.
func (w *worker) evalAt(ply int) string {
	w.readComments()
	for ; w.parsed < len(w.comments) && int(w.comments[w.parsed].ply) <= ply; w.parsed++ {
		c := &w.comments[w.parsed]
		if v, ok := pgn.ParseEval(w.data[c.from:c.to]); ok {
			w.evals = append(w.evals, evalMark{int(c.ply), v})
		}
	}
	var v []byte
	for _, m := range w.evals {
		if m.ply > ply {
			break
		}
		v = m.value
	}
	return string(v)
}

// readComments fills w.comments with the game's main-line comments, once per game: the replay
// steps over them (a lichess game has one a move), and only the findings of the few games that
// have some read them. It reads the game again with a tokenizer that returns comments, unless
// the replay met none; the comments past a fault that stopped the replay follow plies no
// finding reaches. A game whose bytes hold no [%eval] (pgn.MayHoldEval) has its comments
// marked read for evals at once.
func (w *worker) readComments() {
	if w.commentsRead {
		return
	}
	w.commentsRead = true
	if _, _, ok := w.tok.LastComment(); !ok {
		return
	}
	t := &w.commentTok
	t.ResetBytes(w.data)
	for k := t.Next(); k != pgn.TokEnd; k = t.Next() {
		if k == pgn.TokComment {
			from, to := t.Span()
			w.comments = append(w.comments, comment{int32(t.Ply()), t.Mover(), int32(from), int32(to)})
		}
	}
	if !pgn.MayHoldEval(w.data) {
		w.parsed = len(w.comments) // none of them has an eval: evalAt reads none
	}
}

// upTo returns the number of comments that follow half-moves up to ply i.
func (w *worker) upTo(ply int) int {
	n := len(w.comments)
	for n > 0 && int(w.comments[n-1].ply) > ply {
		n--
	}
	return n
}

// errorRow describes a game that was not read whole.
func errorRow(info *report.GameInfo, fault error, ply int) report.Error {
	e := report.Error{
		Source:     info.Source,
		GameIndex:  info.GameIndex,
		GameOffset: info.GameOffset,
		Message:    faultMessage(fault),
	}
	var se *pgn.SyntaxError
	if errors.As(fault, &se) {
		e.Line = se.Line
		e.Excerpt = se.Excerpt
	}
	if ply >= 0 {
		e.Ply = report.ValidInt32(int32(ply))
	}
	return e
}

// faultMessage is the message column: what went wrong, without the position (the other
// columns hold it).
func faultMessage(fault error) string {
	var se *pgn.SyntaxError
	if errors.As(fault, &se) && se.Err != nil {
		return se.Err.Error()
	}
	return fault.Error()
}

func nullPly(ply int) report.NullInt32 {
	if ply < 0 {
		return report.NullInt32{}
	}
	return report.ValidInt32(int32(ply))
}

// elo returns a rating tag as a number, null when it is not one (digits only, surrounding
// blanks ignored). It does not use strconv, whose error for the common "?" or an absent tag
// allocates.
func elo(v []byte) report.NullInt32 {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || len(v) > 9 {
		return report.NullInt32{}
	}
	var n int32
	for _, c := range v {
		if c < '0' || c > '9' {
			return report.NullInt32{}
		}
		n = n*10 + int32(c-'0')
	}
	return report.ValidInt32(n)
}

// lichessID returns the game id of a lichess Site URL ("https://lichess.org/AbCdEfGh"), else "".
func lichessID(site string) string {
	for _, prefix := range []string{"https://lichess.org/", "http://lichess.org/", "lichess.org/"} {
		if len(site) > len(prefix) && site[:len(prefix)] == prefix {
			id := site[len(prefix):]
			if len(id) < 8 {
				return ""
			}
			id = id[:8]
			for i := 0; i < len(id); i++ {
				c := id[i]
				if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
					return ""
				}
			}
			return id
		}
	}
	return ""
}
