package rules

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/pgnscan/pgnscan/internal/board"
)

// FivefoldReading says whether and how an edition ends the game at a fivefold
// repetition (rules.md 4.1).
type FivefoldReading uint8

// The readings of the fivefold rule.
const (
	// NoFivefold: repetitions are only ever claimed (fide2009).
	NoFivefold FivefoldReading = iota
	// FivefoldAny: the game ends at the first position that stands for the
	// fifth time, in any order (fide2017 9.6.1, lichess).
	FivefoldAny
	// FivefoldConsecutive: the game ends when Pi = Pi-4 = Pi-8 = Pi-12 = Pi-16,
	// the reading of fide2014 9.6a ("five consecutive alternate moves by each
	// player") that software of the time used.
	FivefoldConsecutive
)

// String returns the reading as the --fivefold-2014 flag spells it, or "none".
func (f FivefoldReading) String() string {
	switch f {
	case FivefoldAny:
		return "any"
	case FivefoldConsecutive:
		return "consecutive"
	}
	return "none"
}

// Counting is how an edition compares and counts positions for its repetition rules, and the
// counts its repetition and move-count rules turn on: rules.md 1 and the Laws' counts for
// every FIDE edition. Lichess's code compared and counted otherwise before some of its
// changes (rules.md 10). The Judge counts one game in one way per window, so a game judged
// under editions that count in two ways (thresholds included) is split: a second tally
// counts it for the other ones (tally.go).
type Counting struct {
	// ByPlacement: repetitions compare positions by placement and side to move alone (the
	// castling rights and en passant square left out), and the positions compared and the
	// halfmove clock restart at a castling move rather than at a change of castling rights:
	// lichess before scalachess #56 (rules.md 10). The Judge then counts with
	// board.Position.PlacementKey instead of Key.
	ByPlacement bool
	// Uncounted: the positions that stood but are not among those a later position repeats.
	Uncounted Uncounted
	// ClockFromStart: the halfmove clock is 0 at P0 whatever a set-up game's FEN says, as in
	// lichess's 2013 code (scalachess 8e3b146), whose clock was the length of its list of
	// position hashes, empty at the game's start, and in lila's games from a position before
	// scalachess #71 and from lila #5916 until lila #9304 (rules.md 10). The clock restarts at P0 as it does at a castling move
	// (ByPlacement); Begin drops it for a P0 whose clock is 0, where it changes nothing.
	ClockFromStart bool
	// ClockOneLow: until the game's first capture or pawn move the halfmove clock reads one
	// less than it counts (never below 0), the later of the counts lichess's code may have
	// made from scalachess #56 until #71 (rules.md 10: commit a3484760 read its list of
	// position hashes one low, and when that began was not found). Play counts the clock from
	// one ply later than P0's clock says (clockFrom).
	ClockOneLow bool
	// Thresholds: the counts the repetition and move-count rules turn on (thresholds.go).
	Thresholds Thresholds
}

// Uncounted says which positions an edition leaves out of the positions a repetition is
// counted among. Such a position counts once for itself (its own repetitions are 1), but a
// later occurrence of it does not count it: a repetition of it needs one occurrence more.
type Uncounted uint8

// The positions lichess's code left uncounted, by version (rules.md 10).
const (
	// CountAll: every position counts (rules.md 1).
	CountAll Uncounted = iota
	// UncountedStart: P0 is not counted. Lichess before scalachess #204 (2020-08-15): the
	// list of position hashes held the positions after each move, never the game's first.
	UncountedStart
	// UncountedWindowStart: the first position of every window is not counted: P0 and the
	// position after each capture, pawn move or castling move. Lichess before scalachess #56
	// (2016-01-30): such a move emptied the list of position hashes, and the position it made
	// was not added to it.
	UncountedWindowStart
)

// clockFrom returns the ply from which c counts the halfmove clock of a game that starts at p,
// until its first capture or pawn move: the ply at which p's own clock (else, ClockFromStart,
// P0's) would have been 0, one later when ClockOneLow. Play counts the clock from there as from
// a castling move (window.castled), never above the position's own clock, which a capture or a
// pawn move restarts.
func (c Counting) clockFrom(p *board.Position) int {
	from := -p.HalfmoveClock()
	if c.ClockFromStart {
		from = 0
	}
	if c.ClockOneLow {
		from++
	}
	return from
}

// entryCounts returns the count a window's first position is entered with as an earlier
// occurrence (window.go): start for P0's window, reset for a window begun by an irreversible
// move; 1 when it counts, 0 when it does not.
func (c Counting) entryCounts() (start, reset int32) {
	switch c.Uncounted {
	case UncountedStart:
		return 0, 1
	case UncountedWindowStart:
		return 0, 0
	}
	return 1, 1
}

// same reports whether positions p and q are the same position as c compares them: by their
// identity (rules.md 1), or ByPlacement by placement and side to move. The Judge's windows
// compare by keys and moves (window.go); this plain form is for the rare recount (recount).
func (c Counting) same(p, q *board.Position) bool {
	if !c.ByPlacement {
		return p.Identity() == q.Identity()
	}
	var a, b placement
	a.of(p)
	b.of(q)
	return a == b && p.Turn() == q.Turn()
}

// irreversible reports whether m, legal in p, empties the positions that can repeat, as c
// counts: a capture, a pawn move or a change of castling rights (rules.md 1), or ByPlacement a
// capture, a pawn move or a castling move (Play does the same for its windows).
func (c Counting) irreversible(p *board.Position, m board.Move) bool {
	if c.ByPlacement {
		return p.IsZeroing(m) || m.IsCastle()
	}
	return p.IsIrreversible(m)
}

// Articles names, in an edition's own numbering, the article behind each kind
// of finding. An empty string means the edition does not have that rule.
type Articles struct {
	ThreefoldIntended string // threefold claimed by an intended move (9.2a, 9.2.1.1)
	ThreefoldOnBoard  string // threefold claimed on the board (9.2b, 9.2.1.2)
	FiftyIntended     string // fifty moves claimed by an intended move (9.3a, 9.3.1)
	FiftyOnBoard      string // fifty moves claimed on the board (9.3b, 9.3.2)
	Fivefold          string // automatic fivefold repetition (9.6a, 9.6.1)
	SeventyFive       string // automatic 75 moves (9.6b, 9.6.2)
	FiftyAutomatic    string // lichess: 50 moves end the game automatically
	Dead              string // dead position (9.6, 9.7, 5.2.2)
	Checkmate         string // 5.1a, 5.1.1
	Stalemate         string // 5.2a, 5.2.1

	// The rules of sections 7.3 and 8 (unwinnable losses, agreements).
	UnwinnableTimeout     string // 6.9 (lichess: its material rule), a game lost on time
	UnwinnableResignation string // fide2023 5.1.2, a game lost by resignation
	EarlyAgreement        string // fide2023 5.2.3: a draw agreed before both players moved
	AgreementFlag         string // 9.1a, 9.1.1: the competition's --no-agreement-before
}

// Edition is one set of rules a game can be judged under (rules.md section 2).
// Editions are plain data: the Judge reads these fields, never an edition id.
type Edition struct {
	ID      string   // as written in the edition column: fide2009, fide2014, fide2017, lichess
	Aliases []string // other names accepted by --edition
	Name    string   // what the rules are, for the editions table

	// Auto editions are the ones `auto` chooses among by date, over
	// [From, Until] (a zero bound is open).
	Auto        bool
	From, Until Date

	ThreefoldClaim bool            // 9.2: threefold repetition may be claimed
	FiftyClaim     bool            // 9.3: fifty moves may be claimed
	Fivefold       FivefoldReading // automatic fivefold repetition and its reading
	SeventyFive    bool            // automatic 75 moves (Thresholds.SeventyFive), mate taking precedence
	FiftyAutomatic bool            // lichess: 50 moves (Thresholds.Fifty) end the game automatically

	// Counting: how the edition tells positions apart and which it counts for its repetition
	// rules (rules.md 1; lichess's code differed before some of its changes, rules.md 10).
	Counting Counting

	// Material: lichess's "cannot win" rule judges its unwinnable losses (rules.md 7.3, 10).
	Material MaterialRule
	// Version names the version of the edition's rules (lichess: its first day, rules.md 10;
	// the edition_version column); "" for the FIDE editions, each of which is one version.
	Version string
	// DeadBySearch: a position is dead also beyond material, when neither side can mate by any
	// series of legal moves (rules.md 7.2, every FIDE edition). Without it (lichess) only the
	// material cases of rules.md 5 end the game: lichess's code never searches.
	DeadBySearch bool

	Articles Articles

	// Penalty is the incorrect-claim penalty of 9.5 in words. It cannot be seen
	// in a game score, so it is printed by `pgnscan editions`, never detected.
	Penalty string
	// DeadArticles says where the edition states the dead-position rule, with
	// its companion article (for the editions table).
	DeadArticles string
	// Unwinnable and Agreement say, for the editions table, what the edition does with games
	// lost on time or by resignation when the winner cannot mate, and with agreed draws.
	Unwinnable, Agreement string
	// Note is what to know when reading the edition's findings, or "".
	Note string
}

// The editions, in the order `pgnscan editions` prints them. Each is the
// single source of its facts; the Judge and the table read the same values.
var (
	fide2009 = Edition{
		ID:      "fide2009",
		Aliases: []string{"pre2014"},
		Name:    "FIDE Laws of Chess 2009 (the 2001 and 2005 Laws decide these points the same way)",
		Auto:    true,
		Until:   Date{2014, 6, 30},

		ThreefoldClaim: true,
		FiftyClaim:     true,
		DeadBySearch:   true,
		Counting:       Counting{Thresholds: lawThresholds},
		Articles: Articles{
			ThreefoldIntended: "9.2a",
			ThreefoldOnBoard:  "9.2b",
			FiftyIntended:     "9.3a",
			FiftyOnBoard:      "9.3b",
			Dead:              "9.6",
			Checkmate:         "5.1a",
			Stalemate:         "5.2a",
			UnwinnableTimeout: "6.9",
			AgreementFlag:     "9.1a",
		},
		Penalty: "9.5: an incorrect claim adds three minutes to the opponent's remaining time " +
			"(the 2001 and 2005 Laws also took half of the claimant's remaining time)",
		DeadArticles: "9.6 (and 5.2b)",
		Unwinnable:   unwinnableTime,
		Agreement:    agreementFlag("9.1a"),
	}
	fide2014 = Edition{
		ID:    "fide2014",
		Name:  "FIDE Laws of Chess 2014",
		Auto:  true,
		From:  Date{2014, 7, 1},
		Until: Date{2017, 6, 30},

		ThreefoldClaim: true,
		FiftyClaim:     true,
		DeadBySearch:   true,
		Counting:       Counting{Thresholds: lawThresholds},
		Fivefold:       FivefoldConsecutive,
		SeventyFive:    true,
		Articles: Articles{
			ThreefoldIntended: "9.2a",
			ThreefoldOnBoard:  "9.2b",
			FiftyIntended:     "9.3a",
			FiftyOnBoard:      "9.3b",
			Fivefold:          "9.6a",
			SeventyFive:       "9.6b",
			Dead:              "9.7",
			Checkmate:         "5.1a",
			Stalemate:         "5.2a",
			UnwinnableTimeout: "6.9",
			AgreementFlag:     "9.1a",
		},
		Penalty:      "9.5: an incorrect claim adds two minutes to the opponent's remaining time",
		DeadArticles: "9.7 (and 5.2b)",
		Unwinnable:   unwinnableTime,
		Agreement:    agreementFlag("9.1a"),
		Note: "9.6a is read as Pi = Pi-4 = Pi-8 = Pi-12 = Pi-16, as software of the time did " +
			"(rules.md 4.1)",
	}
	fide2017 = Edition{
		ID:      "fide2017",
		Aliases: []string{"fide2018"},
		Name:    "FIDE Laws of Chess 2017 (unchanged on these points in 2018)",
		Auto:    true,
		From:    Date{2017, 7, 1},
		Until:   Date{2022, 12, 31},

		ThreefoldClaim: true,
		FiftyClaim:     true,
		DeadBySearch:   true,
		Counting:       Counting{Thresholds: lawThresholds},
		Fivefold:       FivefoldAny,
		SeventyFive:    true,
		Articles: Articles{
			ThreefoldIntended: "9.2.1.1",
			ThreefoldOnBoard:  "9.2.1.2",
			FiftyIntended:     "9.3.1",
			FiftyOnBoard:      "9.3.2",
			Fivefold:          "9.6.1",
			SeventyFive:       "9.6.2",
			Dead:              "5.2.2",
			Checkmate:         "5.1.1",
			Stalemate:         "5.2.1",
			UnwinnableTimeout: "6.9",
			AgreementFlag:     "9.1.1",
		},
		Penalty:      "9.5.3: an incorrect claim adds two minutes to the opponent's remaining time",
		DeadArticles: "5.2.2",
		Unwinnable:   unwinnableTime,
		Agreement:    agreementFlag("9.1.1"),
	}
	// fide2023 is fide2017 with two new articles: 5.1.2 (a resignation when the opponent cannot
	// checkmate by any series of legal moves is a draw) and 5.2.3 (a draw may be agreed only
	// after both players have made at least one move).
	fide2023 = func() Edition {
		e := fide2017
		e.ID, e.Aliases, e.Name = "fide2023", []string{"current"}, "FIDE Laws of Chess 2023"
		e.From, e.Until = Date{2023, 1, 1}, Date{}
		e.Articles.UnwinnableResignation = "5.1.2"
		e.Articles.EarlyAgreement = "5.2.3"
		e.Unwinnable = unwinnableTime + "; 5.1.2: a resignation when the winner cannot checkmate is a draw"
		e.Agreement = "5.2.3: not before both players have moved; " + agreementFlag("9.1.1")
		return e
	}()
	// lichessBase is lichess's initial code; lichess.go holds the uncertain window before it and the
	// changes since (rules.md 10).
	lichessBase = Edition{
		ID:   "lichess",
		Name: "lichess.org house rules (scalachess, lila), by the game's date",

		ThreefoldClaim: true,
		FiftyAutomatic: true,
		Counting:       Counting{ByPlacement: true, Uncounted: UncountedWindowStart, Thresholds: lawThresholds},
		Material:       MaterialRule{On: true},
		Articles: Articles{
			ThreefoldIntended: "lichess threefold claim",
			ThreefoldOnBoard:  "lichess threefold claim",
			FiftyAutomatic:    "lichess 50 moves",
			Dead:              "lichess insufficient material",
			Checkmate:         "lichess checkmate",
			Stalemate:         "lichess stalemate",
			UnwinnableTimeout: "lichess timeout material rule",
		},
		Penalty:      "none: lichess offers the threefold claim only when it is valid",
		DeadArticles: "insufficient material only (the cases of rules.md 5), never a search",
		Unwinnable: "a timeout (from 2026-04-04 also a resignation) is drawn when the side that did " +
			"not lose cannot win by lichess's material rule (rules.md 7.3), which never looks at blockades",
		Agreement: "none",
		Note: "each game is judged by the version in force on its UTCDate (else Date; neither: the " +
			"newest); the edition_version column names it",
	}
	// lichessEditions are lichess's versions in date order; lichess, the table's, is the newest.
	lichessEditions = lichessVersions()
	lichess         = lichessEditions[len(lichessEditions)-1]
)

// unwinnableTime is what every FIDE edition does with a timeout the winner could not have won.
const unwinnableTime = "6.9: a game lost on time when the winner cannot checkmate by any series of legal moves is a draw"

// agreementFlag describes the competition rule --no-agreement-before adds under article a.
func agreementFlag(a string) string {
	return a + ": with --no-agreement-before N, an agreed draw before move N is an early_agreement"
}

// Editions returns the editions in table order: fide2009, fide2014, fide2017,
// fide2023, lichess. The values are copies; changing them changes nothing here.
func Editions() []Edition {
	return []Edition{fide2009, fide2014, fide2017, fide2023, lichess}
}

// editionTable is the fixed table NewSelection copies from.
var editionTable = [...]*Edition{&fide2009, &fide2014, &fide2017, &fide2023, &lichess}

// ErrUnknownEdition is wrapped by the errors for an edition id that is neither
// an id nor an alias of rules.md section 2.
var ErrUnknownEdition = errors.New("unknown edition")

// ErrBadOption is wrapped by the errors for a malformed option value (an empty
// edition list, a --fivefold-2014 value other than consecutive or any).
var ErrBadOption = errors.New("bad value")

// OptionError reports a bad value of one of the edition options. It unwraps
// to ErrUnknownEdition or ErrBadOption.
type OptionError struct {
	Option string // the flag, e.g. "--edition"
	Value  string // the offending value
	Err    error
}

// Error names the option as the user wrote it (no package prefix: the message is shown as it
// is) and the values it takes: --edition also takes auto, which --fallback-edition does not.
func (e *OptionError) Error() string {
	msg := fmt.Sprintf("%s: %v %q", e.Option, e.Err, e.Value)
	switch {
	case errors.Is(e.Err, ErrUnknownEdition) && e.Option == "--edition":
		msg += " (known: auto, " + knownIDs() + ")"
	case errors.Is(e.Err, ErrUnknownEdition):
		msg += " (known: " + knownIDs() + ")"
	case e.Option == "--fivefold-2014":
		msg += " (want consecutive or any)"
	}
	return msg
}

func (e *OptionError) Unwrap() error { return e.Err }

func knownIDs() string {
	var b strings.Builder
	for i, ed := range editionTable {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(ed.ID)
		for _, a := range ed.Aliases {
			b.WriteString(", ")
			b.WriteString(a)
		}
	}
	return b.String()
}

// lookup finds the table edition with that id or alias (case-insensitive).
func lookup(id string) *Edition {
	for _, ed := range editionTable {
		if strings.EqualFold(ed.ID, id) {
			return ed
		}
		for _, a := range ed.Aliases {
			if strings.EqualFold(a, id) {
				return ed
			}
		}
	}
	return nil
}

// Lookup returns a copy of the edition with that id or alias
// (case-insensitive). The error unwraps to ErrUnknownEdition.
func Lookup(id string) (Edition, error) {
	ed := lookup(strings.TrimSpace(id))
	if ed == nil {
		return Edition{}, &OptionError{Option: "edition", Value: id, Err: ErrUnknownEdition}
	}
	return *ed, nil
}

// ParseFivefold2014 parses the --fivefold-2014 value: "consecutive" (the
// default, also for "") or "any".
func ParseFivefold2014(s string) (FivefoldReading, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "":
		return DefaultFivefold2014, nil
	case FivefoldConsecutive.String():
		return FivefoldConsecutive, nil
	case FivefoldAny.String():
		return FivefoldAny, nil
	}
	return NoFivefold, &OptionError{Option: "--fivefold-2014", Value: s, Err: ErrBadOption}
}

// Article returns the article of this edition for a finding of rule r and
// kind k, or "" when the edition does not have that rule.
func (e *Edition) Article(r Rule, k Kind) string {
	a := &e.Articles
	switch r {
	case Threefold:
		if k == OnBoard {
			return a.ThreefoldOnBoard
		}
		return a.ThreefoldIntended
	case FiftyMove:
		if k == Automatic {
			return a.FiftyAutomatic
		}
		if k == OnBoard {
			return a.FiftyOnBoard
		}
		return a.FiftyIntended
	case Fivefold:
		return a.Fivefold
	case SeventyFiveMove:
		return a.SeventyFive
	case DeadPosition:
		return a.Dead
	case Checkmate:
		return a.Checkmate
	case Stalemate:
		return a.Stalemate
	case UnwinnableTimeout:
		return a.UnwinnableTimeout
	case UnwinnableResignation:
		return a.UnwinnableResignation
	case EarlyAgreement:
		return a.EarlyAgreement
	}
	return ""
}

// InForce describes the dates `auto` chooses the edition for.
func (e *Edition) InForce() string {
	switch {
	case !e.Auto:
		return "never chosen by date (ask for it by id)"
	case e.From.IsZero() && e.Until.IsZero():
		return "any date"
	case e.From.IsZero():
		return "until " + e.Until.String()
	case e.Until.IsZero():
		return "from " + e.From.String()
	}
	return e.From.String() + " to " + e.Until.String()
}

// WriteTable prints the edition table of `pgnscan editions`: for each
// edition its ids, the dates auto chooses it for, the article of every rule,
// the 9.5 penalty and what to know when reading its findings.
func WriteTable(w io.Writer) error {
	var b strings.Builder
	for _, ed := range editionTable {
		a := &ed.Articles
		claim := func(ok bool, intended, onBoard string) string {
			switch {
			case !ok:
				return "none"
			case intended == onBoard:
				return intended
			}
			return intended + " (by intended move), " + onBoard + " (on the board)"
		}
		five := "none"
		switch ed.Fivefold {
		case FivefoldAny:
			five = a.Fivefold + ": the same position five times, in any order"
		case FivefoldConsecutive:
			five = a.Fivefold + ": the same position on five consecutive alternate moves (--fivefold-2014=any: any order)"
		}
		limit := "none"
		switch {
		case ed.SeventyFive:
			limit = a.SeventyFive + ": 75 moves (150 half-moves) without capture or pawn move; checkmate first"
		case ed.FiftyAutomatic:
			limit = a.FiftyAutomatic + ": 50 moves (100 half-moves) without capture or pawn move; checkmate first"
		}
		fmt.Fprintf(&b, "%s", ed.ID)
		if len(ed.Aliases) > 0 {
			fmt.Fprintf(&b, " (also %s)", strings.Join(ed.Aliases, ", "))
		}
		fmt.Fprintf(&b, ": %s\n", ed.Name)
		row := func(k, v string) { fmt.Fprintf(&b, "  %-22s %s\n", k+":", v) }
		row("auto chooses it", ed.InForce())
		row("threefold claim", claim(ed.ThreefoldClaim, a.ThreefoldIntended, a.ThreefoldOnBoard))
		row("fifty-move claim", claim(ed.FiftyClaim, a.FiftyIntended, a.FiftyOnBoard))
		row("automatic fivefold", five)
		row("automatic move limit", limit)
		row("dead position", ed.DeadArticles)
		row("checkmate, stalemate", a.Checkmate+", "+a.Stalemate)
		row("unwinnable losses", ed.Unwinnable)
		row("agreed draws", ed.Agreement)
		row("incorrect claim", ed.Penalty)
		if ed.Note != "" {
			row("note", ed.Note)
		}
		if ed.ID == lichess.ID {
			writeLichessVersions(&b)
		}
		b.WriteString("\n")
	}
	b.WriteString("auto (the default) takes the first of EventDate, Date, UTCDate whose year is known; an\n" +
		"unknown month or day counts as the earliest possible (2014.??.?? is before 2014-07-01).\n" +
		"Games without a usable date get --fallback-edition (default fide2023).\n" +
		"Incorrect claims cannot be seen in a game score: their penalties are listed, never detected.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeLichessVersions lists lichess's rule versions (rules.md 10) under its edition: the
// edition_version each is named by, its sources and what changed.
func writeLichessVersions(b *strings.Builder) {
	b.WriteString("  versions (edition_version: from that day, by the game's UTCDate):\n")
	for _, v := range LichessVersions() {
		ref := v.Reference
		if from := v.Edition.From.String(); !v.Edition.From.IsZero() && from != v.Edition.Version {
			ref = "from " + from + ": " + ref // a named version's first day
		}
		fmt.Fprintf(b, "    %-10s %s\n", v.Edition.Version, ref)
		fmt.Fprintf(b, "    %-10s   %s\n", "", v.Change)
	}
	b.WriteString("    (lila #16370, 2024-11-08, fixed a check of lila's own on K+B+B against K; scalachess's\n" +
		"    rules, which decide results, counted that material sufficient before and after: no version)\n")
}
