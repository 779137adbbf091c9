package rules

// MaterialRule is the form lichess's "cannot win" rule had in one version of its code
// (scalachess's InsufficientMatingMaterial(board, color), rules.md 7.3 and 10): the rule by
// which lichess draws a timeout (and, from 2026-04-04, a resignation) when the side that did
// not lose has too little material. It never looks at blockades.
type MaterialRule struct {
	// On: unwinnable losses are judged by this rule, not by whether the winner can mate (6.9).
	On bool
	// AnyBishops: a king with any number of bishops, all on squares of one colour, can be short
	// of material (scalachess #152, #153, 2018: the roles are taken distinct). Before, the rule
	// matched the list of the side's roles as it was, so only a king and exactly one bishop.
	AnyBishops bool
	// Forced: a timeout is also drawn when every legal move of the side to move (the flagger)
	// leaves a position where the winner is short by the rule (scalachess #821, 2026-04-11).
	Forced bool
}

// lichessVersion is one version of lichess's house rules (rules.md 10): what lichess's code
// did from the day its change was merged on, as the change to the version before it.
type lichessVersion struct {
	from   Date   // the merge day; the zero Date for the earliest version
	source string // the pull requests read
	change string // what changed, for `pgnscan editions`
	apply  func(e *Edition)
}

// lichessHistory is the data of rules.md 10 as lichess's code had it, in date order. Each
// fact is the code's, read in the pull request or the file at that time (the notes of issue
// 23 say where the table of rules.md 10 differed and why).
var lichessHistory = []lichessVersion{
	{
		source: "scalachess InsufficientMatingMaterial, History, Hash, Move (the earliest code read, Scala 2)",
		change: "threefold repetition by claim; 50 moves (100 half-moves) end the game; a position is " +
			"dead when both sides have insufficient material (the cases of rules.md 5); a timeout is " +
			"drawn when the side that did not flag has its king alone, its king and one knight against " +
			"king and queens, or its king and one bishop with no bishop of the other square colour on " +
			"the board and no knight or pawn of the flagger; no automatic fivefold; repetitions " +
			"compare the pieces' squares and the side to move only (Hash: no castling rights, no en " +
			"passant), and a castling move, like a capture or a pawn move, restarts both the " +
			"positions compared and the 50-move count (scalachess #3); such a move emptied the list " +
			"of position hashes without adding the position it made (Move.finalizeAfter), and the " +
			"game's first position was never added, so neither counts as an earlier occurrence: a " +
			"repetition of one needs one occurrence more (so leaving out the en passant right changed " +
			"nothing: only the first position of a window can have one)",
		apply: func(e *Edition) {},
	},
	{
		from:   Date{2016, 1, 30},
		source: "scalachess #56 (Zobrist hashing, fixes #3; opened 2016-01-29, merged 2016-01-30)",
		change: "repetitions count the castling rights and the en passant right (the Zobrist key), " +
			"and only captures and pawn moves restart the 50-move count; a change of castling " +
			"rights, not a castling move, ends the positions that can repeat; the position a " +
			"capture, pawn move or change of castling rights makes starts the list of position " +
			"hashes and counts (the game's first position still does not)",
		apply: func(e *Edition) { e.Counting = Counting{Uncounted: UncountedStart} },
	},
	{
		from:   Date{2018, 8, 27},
		source: "scalachess #152, #153 (2018-09-13)",
		change: "timeouts: a king with any number of bishops, all on one square colour, cannot win " +
			"either (before, only a king and one bishop)",
		apply: func(e *Edition) { e.Material.AnyBishops = true },
	},
	{
		from:   Date{2020, 1, 14},
		source: "scalachess #184, #185",
		change: "fivefold repetition ends the game; the timeout rule is asked of the position with " +
			"the flagger to move (opponentHasInsufficientMaterial: the same answer in standard chess)",
		apply: func(e *Edition) {
			e.Fivefold = FivefoldAny
			e.Articles.Fivefold = "lichess fivefold"
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
// each built from the one before it. Version names a version by its first day ("initial" for
// the earliest).
func lichessVersions() []Edition {
	e := lichessBase
	out := make([]Edition, 0, len(lichessHistory))
	for _, v := range lichessHistory {
		v.apply(&e)
		e.Version = "initial"
		if !v.from.IsZero() {
			e.Version = v.from.String()
		}
		e.From = v.from
		out = append(out, e)
	}
	return out
}

// lichessVersionAt returns the index in versions (date order) of the version in force on the
// game's UTCDate, else its Date (an unknown month or day counts as the earliest, as for auto),
// and the newest when neither has a known year.
func lichessVersionAt(versions []Edition, date, utcDate Date) int {
	d := utcDate
	if !d.KnownYear() {
		d = date
	}
	if !d.KnownYear() {
		return len(versions) - 1
	}
	day := d.Earliest()
	for i := len(versions) - 1; i > 0; i-- {
		if versions[i].From.Earliest() <= day {
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
