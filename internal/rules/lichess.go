package rules

import "github.com/pgnscan/pgnscan/internal/board"

// MaterialRule is the form lichess's "cannot win" rule had in one version of its code
// (scalachess's InsufficientMatingMaterial(board, color), rules.md 7.3 and 10): the rule by
// which lichess draws a timeout (and, from 2026-04-04, a resignation) when the side that did
// not lose has too little material. It never looks at blockades.
type MaterialRule struct {
	// On: unwinnable losses are judged by this rule, not by whether the winner can mate (6.9).
	On bool
	// Form: which of the code's forms of the rule (shortOfMaterial has each one).
	Form MaterialForm
	// Forced: a timeout is also drawn when every legal move of the side to move (the flagger)
	// leaves a position where the winner is short by the rule (scalachess #821, 2026-04-11).
	Forced bool
	// Dead: which positions dead by material (rules.md 5) end the game (deadAlso).
	Dead DeadForm
}

// DeadForm says which positions dead by material (rules.md 5, board.IsDeadByMaterial: the
// initial code's kingsOnly || bishopsOnSameColor || singleKnight) end a lichess game.
type DeadForm uint8

const (
	// DeadInsufficient: every one (scalachess's isInsufficientMaterial, from the initial code).
	DeadInsufficient DeadForm = iota
	// DeadBothCodes: only those that lichess's code of 2013 (scalachess 8e3b146) also drew at
	// once, where neither side had enough material to mate (Board.autoDraw): neither side has
	// more than its king and one knight or one bishop, which is FormLoneMinor's test of each
	// side. The uncertain window (rules.md 10), where the two codes' rows must agree: K+B+B of
	// one colour against K is not dead there, K+B against K+B of the same colour is.
	DeadBothCodes
)

// deadAlso reports whether p, dead by material (rules.md 5), ends the game under r: the Judge
// asks it only of such positions.
func (r MaterialRule) deadAlso(p *board.Position) bool {
	return r.Dead != DeadBothCodes ||
		shortOfMaterial(p, board.White, FormLoneMinor) && shortOfMaterial(p, board.Black, FormLoneMinor)
}

// MaterialForm is one form of scalachess's InsufficientMatingMaterial(board, color), as the
// code read had it; w is the side asked about, f the other side. In every form w cannot win
// with its king alone; the forms differ in what a lone knight or bishop needs.
type MaterialForm uint8

const (
	// FormLoneMinor (the earliest code read, before scalachess #97): w's king with exactly one
	// knight or exactly one bishop cannot win, whatever f has (`case Nil | List(Knight) |
	// List(Bishop) => true`).
	FormLoneMinor MaterialForm = iota
	// FormNoBishop (scalachess #97): one knight when f has only king and queens; one bishop
	// when f has only king, queens and rooks (f's own bishop, of either colour, lets w win).
	FormNoBishop
	// FormNoKnightPawn (scalachess #152): one bishop when f has no knight and no pawn, bishops
	// of both colours included (the short-circuited `... || bishopsOnDifferentColor(board)`,
	// whose second half is false whenever f has a knight or pawn); the knight as FormNoBishop.
	FormNoKnightPawn
	// FormSharedColour (scalachess #153): one bishop when f has no knight and no pawn, and
	// f has a queen or a rook, or some bishop of f stands on the square colour of w's bishop
	// (`... && !bishopsOnDifferentColor(board)`; against a lone king w's bishop can win).
	FormSharedColour
	// FormOneColour (scalachess #164, still the rule in 2026): king and any number of bishops
	// when f has no knight and no pawn and no two bishops of the board (either side's) stand
	// on squares of different colours; the knight as FormNoBishop.
	FormOneColour
)

// lichessVersion is one version of lichess's house rules (rules.md 10): what lichess's code
// did from the day its change was merged on, as the change to the version before it.
type lichessVersion struct {
	from   Date   // the merge day; the zero Date for the earliest version
	name   string // the version's name when not its first day (edition_version)
	source string // the pull requests read
	change string // what changed, for `pgnscan editions`
	apply  func(e *Edition)
}

// lichessHistory is the data of rules.md 10 as lichess's code had it, in date order. Each
// fact is the code's, read in the pull request or the file at that time (the notes of issue
// 23 say where the table of rules.md 10 differed and why).
var lichessHistory = []lichessVersion{
	{
		name: "uncertain",
		source: "scalachess 8e3b146 (lichess's code of 2013, linked by scalachess #2 on 2013-09-20) and the " +
			"initial code (the first InsufficientMatingMaterial, attested on master by scalachess #47 and " +
			"lila #555, 2015-10-27); when the one gave way to the other was not found. Between them, a code " +
			"counted its list of 2-byte position hashes in bytes (Board.autoDraw `positionHashes.size >= " +
			"100`: the 50-move ending after 50 half-moves, lila #56 of 2013-12-24) beside the initial " +
			"InsufficientMatingMaterial (2-byte hashes of the pieces alone): it ended no game later than the " +
			"other two and counted no position fewer times than the initial code, so the window's rows hold for it too",
		change: "uncertain: before the first attested day of the initial code, either code may have judged " +
			"a game, so rows are written only where both agree: a position is dead only when both drew " +
			"it at once (the initial code's insufficient material, and the 2013 code's neither side " +
			"having more than its king and one knight or one bishop: K v K, K+N v K, K+B v K, K+B v K+B " +
			"of one colour; not K+B+B of one colour v K, not K+N v K+N); the 50-move ending where both " +
			"had ended the game, the later of the two: 101 half-moves (2013: the list of position " +
			"hashes held more than 100) counted from the game's start, whatever a set-up game's FEN " +
			"says (the 2013 code's list started empty; the initial code's count from the FEN's clock " +
			"always reaches 100 first); repetitions are those both codes saw: counted with the side to " +
			"move, as the initial code counted (the 2013 code compared positions without it, so every " +
			"such repetition was one for it too, and its count is never lower): a claim is one both " +
			"codes offered, and a count is the one both reached; timeouts as the initial code (the " +
			"2013 code's hasEnoughMaterialToMate is the same rule)",
		apply: func(e *Edition) {
			e.Counting.Thresholds.Fifty = 101 // the 2013 code's count, one more than the initial's
			e.Counting.ClockFromStart = true  // the 2013 code's clock: its list, empty at the start
			e.Material.Dead = DeadBothCodes
		},
	},
	{
		from: Date{2015, 10, 27},
		name: "initial",
		source: "scalachess InsufficientMatingMaterial, History, Hash, Move (the earliest code read, Scala 2; " +
			"its first day was not found: the day is its first attestation, scalachess #47 and lila #555); " +
			"lila #8758 (the FEN's halfmove clock of a game from a position ignored)",
		change: "threefold repetition by claim; 50 moves (100 half-moves) end the game, counted from " +
			"the game's start in a set-up game (the later of the counts the code may have made: the " +
			"FEN's clock, read into the list of hashes from a commit not dated, read one low until " +
			"scalachess #71); a position is " +
			"dead when both sides have insufficient material (the cases of rules.md 5); a timeout is " +
			"drawn when the side that did not flag has its king alone, or its king and exactly one " +
			"knight or one bishop, whatever the flagger has; no automatic fivefold; repetitions " +
			"compare the pieces' squares and the side to move only (Hash: no castling rights, no en " +
			"passant), and a castling move, like a capture or a pawn move, restarts both the " +
			"positions compared and the 50-move count (scalachess #3); such a move emptied the list " +
			"of position hashes without adding the position it made (Move.finalizeAfter), and the " +
			"game's first position was never added, so neither counts as an earlier occurrence: a " +
			"repetition of one needs one occurrence more (so leaving out the en passant right changed " +
			"nothing: only the first position of a window can have one)",
		apply: func(e *Edition) {
			e.Counting.Thresholds.Fifty = lawThresholds.Fifty
			e.Material.Dead = DeadInsufficient
		},
	},
	{
		from: Date{2016, 1, 30},
		source: "scalachess #56 (Zobrist hashing, fixes #3; opened 2016-01-29, merged 2016-01-30); for the " +
			"50-move count, scalachess commit a3484760 (before #71: its list of position hashes read " +
			"one low until the game's first capture or pawn move; its first day was not found, so " +
			"from #56 on, the later of the counts)",
		change: "repetitions count the castling rights and the en passant right (the Zobrist key), " +
			"and only captures and pawn moves restart the 50-move count; a change of castling " +
			"rights, not a castling move, ends the positions that can repeat; the position a " +
			"capture, pawn move or change of castling rights makes starts the list of position " +
			"hashes and counts (the game's first position still does not); until the game's first " +
			"capture or pawn move the 50-move count reads one less than the half-moves played (the " +
			"later of the counts the code may have made: a game with neither ends at 101 " +
			"half-moves, not 100)",
		apply: func(e *Edition) {
			e.Counting.ByPlacement, e.Counting.Uncounted = false, UncountedStart
			e.Counting.ClockOneLow = true
		},
	},
	{
		from: Date{2016, 4, 25},
		source: "scalachess #71 (fixes #70, opened 2016-04-24: commits c0c366ad and a3484760 read a set-up " +
			"game's clock, which Forsyth put into the list of position hashes (History.setHalfMoveClock), " +
			"one low, and every game's until its first capture or pawn move; merged 2016-04-25); lila kept the list with the game (its setup copies the FEN's " +
			"History, the game's stored positionHashes were the clock until lila #5916)",
		change: "a set-up game's 50-move count starts from its FEN's halfmove clock (before, the later " +
			"of the counts the code may have made: from the game's start), and no game's count is " +
			"one low before its first capture or pawn move",
		apply: func(e *Edition) { e.Counting.ClockFromStart, e.Counting.ClockOneLow = false, false },
	},
	{
		from: Date{2017, 3, 31},
		source: "scalachess #97 (fixes lila #1449; the day of its first review: the merge day was " +
			"not found, the discussion went on to 2017-04-04)",
		change: "timeouts: a king and one knight cannot win only against king and queens, a king " +
			"and one bishop only against king, queens and rooks (before, a lone knight or bishop " +
			"never could, whatever the flagger had)",
		apply: func(e *Edition) { e.Material.Form = FormNoBishop },
	},
	{
		from:   Date{2018, 8, 27},
		source: "scalachess #152",
		change: "timeouts: a king and one bishop cannot win against anything without a knight or " +
			"pawn, the flagger's bishops of either colour included (a short-circuited test, fixed " +
			"by #153)",
		apply: func(e *Edition) { e.Material.Form = FormNoKnightPawn },
	},
	{
		from:   Date{2018, 9, 13},
		source: "scalachess #153",
		change: "timeouts: a king and one bishop cannot win against no knight or pawn only when the " +
			"flagger has a queen or rook, or a bishop on the same square colour as the winner's",
		apply: func(e *Edition) { e.Material.Form = FormSharedColour },
	},
	{
		from: Date{2019, 1, 18},
		source: "scalachess #164 (fixes scalachess #163; opened 2019-01-18, reviewed to " +
			"2019-01-26, #163 closed as fixed by it 2019-03-01: the merge day was not found)",
		change: "timeouts: a king with any number of bishops cannot win when the flagger has no " +
			"knight or pawn and every bishop on the board stands on one square colour (before, " +
			"one bishop only, and the flagger's queen or rook did not count)",
		apply: func(e *Edition) { e.Material.Form = FormOneColour },
	},
	{
		from: Date{2020, 1, 14},
		source: "scalachess #184, #185; scalachess #110 with lila #5916 (all 2020-01-14: the halfmove clock " +
			"no longer the list of position hashes; lila reads it from the stored moves, the plies since " +
			"the last capture or pawn move, else 0, so a set-up game's FEN clock is left out, lila #8758)",
		change: "fivefold repetition ends the game; the timeout rule is asked of the position with " +
			"the flagger to move (opponentHasInsufficientMaterial: the same answer in standard chess); " +
			"a set-up game's 50-move count starts from the game's start again, whatever its FEN's clock",
		apply: func(e *Edition) {
			e.Fivefold = FivefoldAny
			e.Articles.Fivefold = "lichess fivefold"
			e.Counting.ClockFromStart = true
		},
	},
	{
		from:   Date{2020, 8, 15},
		source: "scalachess #204 (fixes scalachess #203 and lila #7009; opened and approved 2020-08-15)",
		change: "the game's first position is added to the list of position hashes at the first " +
			"move: a repetition of the start position (or of a set-up game's FEN) counts it",
		apply: func(e *Edition) { e.Counting.Uncounted = CountAll },
	},
	{
		from: Date{2021, 6, 29},
		source: "lila #9304 with scalachess #226 (fixes lila #8758 of 2021-04-25: \"When playing from a " +
			"position, the half-move clock is ignored\"; both opened 2021-06-29, the day used: their merge " +
			"day was not found)",
		change: "a set-up game's 50-move count starts from its FEN's halfmove clock again (from " +
			"2020-01-14, lila's games from a position counted it from the game's start)",
		apply: func(e *Edition) { e.Counting.ClockFromStart = false },
	},
	{
		from:   Date{2026, 4, 4},
		source: "lila #20172",
		change: "a resignation when the resigner cannot lose (the winner cannot win by the material " +
			"rule) is a draw",
		apply: func(e *Edition) { e.Articles.UnwinnableResignation = "lichess resignation material rule" },
	},
	{
		from:   Date{2026, 4, 11},
		source: "scalachess #821",
		change: "timeouts: the winner also cannot win when every legal move of the flagger leaves it " +
			"short of material (one ply, forced insufficient material)",
		apply: func(e *Edition) { e.Material.Forced = true },
	},
}

// lichessVersions returns the lichess edition of each version of lichessHistory, in date order,
// each built from the one before it. Version names a version by its name, else its first day.
func lichessVersions() []Edition {
	e := lichessBase
	out := make([]Edition, 0, len(lichessHistory))
	for _, v := range lichessHistory {
		v.apply(&e)
		e.Version = v.name
		if v.name == "" {
			e.Version = v.from.String()
		}
		e.From = v.from
		out = append(out, e)
	}
	return out
}

// firstDays returns the first day of each of versions (From.Earliest, yyyymmdd), which
// lichessVersionAt compares a game's date with: computed once, not once a game and version.
func firstDays(versions []Edition) []int {
	days := make([]int, len(versions))
	for i := range versions {
		days[i] = versions[i].From.Earliest()
	}
	return days
}

// lichessVersionAt returns the index of the version in force on the game's UTCDate, else its
// Date (an unknown month or day counts as the earliest, as for auto), and the newest when
// neither has a known year, given the versions' first days in date order (firstDays).
func lichessVersionAt(firstDays []int, date, utcDate Date) int {
	d := utcDate
	if !d.KnownYear() {
		d = date
	}
	if !d.KnownYear() {
		return len(firstDays) - 1
	}
	day := d.Earliest()
	for i := len(firstDays) - 1; i > 0; i-- {
		if firstDays[i] <= day {
			return i
		}
	}
	return 0
}

// LichessVersions returns lichess's rule versions (rules.md 10) in date order, with their
// sources and changes, for `pgnscan editions` and the tests. The values are copies.
func LichessVersions() []LichessVersionInfo {
	eds := lichessVersions()
	out := make([]LichessVersionInfo, len(eds))
	for i := range eds {
		out[i] = LichessVersionInfo{Edition: eds[i], Reference: lichessHistory[i].source, Change: lichessHistory[i].change}
	}
	return out
}

// LichessVersionInfo is one lichess rule version: its edition (Version, From and the rules
// the Judge reads), the pull requests it comes from and its change in words.
type LichessVersionInfo struct {
	Edition   Edition
	Reference string
	Change    string
}
