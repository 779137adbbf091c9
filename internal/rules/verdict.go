package rules

import (
	"strings"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
)

// Rule is what a finding is about: the values of the rule column.
type Rule uint8

// The rules a finding can be about; NoRule marks a game that did not end.
const (
	NoRule          Rule = iota
	Threefold            // threefold repetition claim (9.2)
	FiftyMove            // fifty-move claim (9.3); lichess: the automatic 50-move ending
	Fivefold             // automatic fivefold repetition (9.6a, 9.6.1)
	SeventyFiveMove      // automatic 75 moves (9.6b, 9.6.2)
	DeadPosition         // dead position (section 5)
	Checkmate            // 5.1: the game is won
	Stalemate            // 5.2: the game is drawn

	UnwinnableTimeout     // 6.9: lost on time, but the winner could not checkmate (rules.md 7.3)
	UnwinnableResignation // fide2023 5.1.2: lost by resignation, but the winner could not checkmate
	EarlyAgreement        // fide2023 5.2.3, 9.1a / 9.1.1: a draw agreed too early (rules.md 8)
)

var ruleNames = [...]string{"", "threefold", "fifty_move", "fivefold", "seventyfive_move", "dead_position", "checkmate", "stalemate",
	"unwinnable_timeout", "unwinnable_resignation", "early_agreement"}

// String returns the rule as the rule and end_rule columns spell it ("" for NoRule).
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return "rule?"
}

// Rules returns every rule a finding can be about (NoRule left out), in the order of their
// values: the one list of them that callers iterate.
func Rules() []Rule {
	out := make([]Rule, 0, len(ruleNames)-1)
	for r := NoRule + 1; int(r) < len(ruleNames); r++ {
		out = append(out, r)
	}
	return out
}

// Kind says how a finding arises: the values of the kind column.
type Kind uint8

// The kinds of finding (rules.md 4.2, 4.3); NoKind is the zero value.
const (
	NoKind        Kind = iota
	OnBoard            // the claim holds for the position on the board
	MovePlayed         // the claim by intended move names the move actually played
	MoveAvailable      // the claim by intended move needs a move that was not played
	Automatic          // an ending that needs no claim
	Agreement          // an agreed draw that the rules do not allow (early_agreement)
)

var kindNames = [...]string{"", "on_board", "move_played", "move_available", "automatic", "agreement"}

// String returns the kind as the kind column spells it.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Kinds returns every kind of finding (NoKind left out), in the order of their values.
func Kinds() []Kind {
	out := make([]Kind, 0, len(kindNames)-1)
	for k := NoKind + 1; int(k) < len(kindNames); k++ {
		out = append(out, k)
	}
	return out
}

// EditionSource says why a game is judged under an edition: the edition_source column.
type EditionSource uint8

// The reasons a game is judged under an edition (rules.md 2).
const (
	SourceFlag     EditionSource = iota // listed in --edition
	SourceDate                          // chosen by auto from the game's date
	SourceFallback                      // chosen by auto: no usable date, --fallback-edition
)

// String returns "flag", "date" or "fallback".
func (s EditionSource) String() string {
	switch s {
	case SourceDate:
		return "date"
	case SourceFallback:
		return "fallback"
	}
	return "flag"
}

// Result is the recorded result of a game (the Result tag).
type Result uint8

// The recorded results.
const (
	ResultUnknown Result = iota // "*", a missing tag, or anything unreadable
	WhiteWins                   // "1-0"
	BlackWins                   // "0-1"
	Draw                        // "1/2-1/2"
)

// ParseResult reads a Result tag value. Anything but "1-0", "0-1" and
// "1/2-1/2" (surrounding blanks ignored) is ResultUnknown.
func ParseResult[T ~string | ~[]byte](tag T) Result {
	s := tag
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t' || s[len(s)-1] == '\r') {
		s = s[:len(s)-1]
	}
	switch string(s) {
	case "1-0":
		return WhiteWins
	case "0-1":
		return BlackWins
	case "1/2-1/2":
		return Draw
	}
	return ResultUnknown
}

// String returns the result as PGN writes it ("*" when unknown).
func (r Result) String() string {
	switch r {
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return "*"
}

// winFor is the result of a win for c.
func winFor(c board.Color) Result {
	if c == board.White {
		return WhiteWins
	}
	return BlackWins
}

// Outcome is one player's result: the claimant_outcome column.
type Outcome uint8

// A player's outcomes, as the claimant_outcome column spells them.
const (
	OutcomeUnknown Outcome = iota
	Win
	DrawOutcome
	Loss
)

// String returns "win", "draw", "loss" or "unknown".
func (o Outcome) String() string {
	switch o {
	case Win:
		return "win"
	case DrawOutcome:
		return "draw"
	case Loss:
		return "loss"
	}
	return "unknown"
}

// OutcomeFor returns side c's outcome under result r.
func (r Result) OutcomeFor(c board.Color) Outcome {
	switch r {
	case Draw:
		return DrawOutcome
	case WhiteWins, BlackWins:
		if r == winFor(c) {
			return Win
		}
		return Loss
	}
	return OutcomeUnknown
}

// differs reports whether a known recorded result r contradicts mandated.
// An unknown result ("*" or none) never differs (rules.md 4.5).
func (r Result) differs(mandated Result) bool {
	return r != ResultUnknown && r != mandated
}

// ClaimSet is a set of claimable rules: the final_claims column.
type ClaimSet uint8

// The claimable rules, as members of a ClaimSet.
const (
	ClaimThreefold ClaimSet = 1 << iota
	ClaimFifty
)

// String returns "threefold", "fifty_move", "threefold,fifty_move" or "".
func (c ClaimSet) String() string {
	switch c {
	case ClaimThreefold:
		return "threefold"
	case ClaimFifty:
		return "fifty_move"
	case ClaimThreefold | ClaimFifty:
		return "threefold,fifty_move"
	}
	return ""
}

// Finding is one row of the findings table at chess level (rules.md section
// 4): the pipeline adds the source, the tags, and clocks and evals by Ply.
type Finding struct {
	Edition       *Edition      // the edition the finding belongs to
	EditionSource EditionSource // why the game is judged under it

	Rule    Rule
	Article string // Edition.Article(Rule, Kind)
	Kind    Kind
	// Proof says how dead_position and unwinnable_* rows were proved (ProofNone for the
	// others): its Column is the proof column, material or search.
	Proof mate.Proof

	Ply        int         // i of Pi: the first claim position, or the ending position
	MoveNumber int         // fullmove number of Pi
	Side       board.Color // the claimant, or the side to move at the ending
	Move       string      // SAN of the claiming move (MovePlayed, MoveAvailable), else ""

	Repetitions   int    // occurrences of Pi, or for move kinds of the position the move makes
	HalfmoveClock int    // hmc(Pi)
	FEN           string // FEN of Pi

	Opportunities int  // claims: positions giving this side this claim; endings: 1
	PliesAfter    int  // n - Ply: half-moves recorded after Pi
	Missed        bool // claim not taken, or ending not applied

	ClaimantOutcome Outcome // Side's result from the Result tag
	MandatedResult  Result  // endings: the result the rule mandates; claims: ResultUnknown
	ResultDiffers   bool    // the Result tag differs from MandatedResult
}

// Mandated returns the mandated_result column: "" for claims.
func (f *Finding) Mandated() string {
	if f.MandatedResult == ResultUnknown {
		return ""
	}
	return f.MandatedResult.String()
}

// Judgment is one row of the games table at chess level: what one game comes
// to under one edition. (Judge.Finish sets every field one by one, which
// costs less than assigning a literal: a new field must be set there too.)
type Judgment struct {
	Edition       *Edition
	EditionSource EditionSource

	Plies   int  // n: the half-moves replayed (P0 ... Pn were judged)
	EndRule Rule // why the game is over under this edition at EndPly, NoRule if it is not
	EndPly  int  // -1 when EndRule is NoRule

	FirstThreefoldPly int      // first threefold claim opportunity for either side, -1 when none
	FirstFiftyPly     int      // first fifty-move claim opportunity for either side, -1 when none
	FinalClaims       ClaimSet // claims that would justify a draw where the game stopped (4.2)

	MaxRepetitions   int // over the positions judged: P0 ... EndPly, else P0 ... Pn
	MaxHalfmoveClock int

	EndedBy EndedBy       // how the game stopped under this edition (rules.md 8)
	CanMate [2]MateAnswer // at Pn, by colour: what the decider said, where a rule asked
}

// Verdict is everything the Judge says about one game, for every edition it
// was judged under. It belongs to the Judge and is valid until the next Begin.
type Verdict struct {
	Plies  int            // n: half-moves replayed
	Failed bool           // the game stopped at a half-move that could not be replayed (Judge.Fail)
	Final  board.Position // Pn, for the final_fen column (format it only when it is written)

	Games    []Judgment // one per edition, in the order of the choices given to Begin
	Findings []Finding  // every finding of every edition; per edition in ply order
}

// Variant is the kind of chess a game is played (rules.md sections 1 and 9): standard chess,
// Chess960, or one pgnscan does not judge.
type Variant uint8

// The variants.
const (
	UnsupportedVariant Variant = iota // crazyhouse, atomic, ...: counted, listed with the errors
	Standard
	Chess960
)

// String returns the variant column's value: "standard", "chess960", or "" for an
// unsupported variant (whose games have no judged rows).
func (v Variant) String() string {
	switch v {
	case Standard:
		return "standard"
	case Chess960:
		return "chess960"
	}
	return ""
}

// ParseVariant returns the variant a Variant tag value names (empty when the tag is absent),
// in any letter case (rules.md 1): standard chess for none, "Standard", lichess's "From
// Position", cutechess's and TCEC's "normal", and "chess"; Chess960 for "Chess960",
// "fischerandom", "chess 960" and "960". A FEN with file letters in its castling field makes
// a game Chess960 too; that is for the caller, who reads the FEN.
func ParseVariant[T ~string | ~[]byte](tag T) Variant {
	s := string(tag) // no allocation: the conversion only feeds comparisons
	if s == "" {
		return Standard
	}
	for _, n := range [...]string{"Standard", "From Position", "normal", "chess"} {
		if strings.EqualFold(s, n) {
			return Standard
		}
	}
	for _, n := range [...]string{"Chess960", "fischerandom", "chess 960", "960"} {
		if strings.EqualFold(s, n) {
			return Chess960
		}
	}
	return UnsupportedVariant
}

// StandardVariant reports whether a Variant tag value (empty when the tag is absent) names
// standard chess (see ParseVariant).
func StandardVariant[T ~string | ~[]byte](tag T) bool { return ParseVariant(tag) == Standard }
