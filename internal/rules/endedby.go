package rules

import (
	"bytes"

	"github.com/pgnscan/pgnscan/internal/mate"
)

// Stop is how a game's tags and last comment say it stopped, before the board is looked at
// (rules.md 8): lichess's and TCEC's Termination, TCEC's TerminationDetails, chess.com's
// "X won on time", FICS's last comment "{Black forfeits on time}".
type Stop uint8

// The ways the tags say a game stopped.
const (
	StopUnsaid          Stop = iota // no Termination tag and no comment that says
	StopNormal                      // lichess "Normal": mate, resignation, or a draw on the board or agreed
	StopTime                        // on time: lichess "Time forfeit", "won on time", "forfeits on time"
	StopResignation                 // "won by resignation", "{Black resigns}"
	StopAgreement                   // "drawn by agreement", "{Game drawn by mutual agreement}"
	StopAbandoned                   // "Abandoned", "won - game abandoned", disconnections
	StopRulesInfraction             // lichess "Rules infraction", TCEC "illegal move"
	StopUnterminated                // lichess "Unterminated"
	StopOther                       // said, but none of these (adjudication, "won by checkmate", ...)
)

// phrase is a way of saying how a game stopped, as a lower-case substring.
type phrase struct {
	text []byte
	stop Stop
}

// say makes a phrase (bytes, so that the search converts nothing per game).
func say(text string, stop Stop) phrase { return phrase{[]byte(text), stop} }

// tagPhrases are tried in order on the lower-cased text of a tag; the first that occurs
// decides. "drawn by timeout vs insufficient material" (chess.com) is a draw on time, which
// rules.md 8 calls time too.
var tagPhrases = []phrase{
	say("time forfeit", StopTime), say("on time", StopTime), say("out of time", StopTime), say("timeout", StopTime),
	say("resign", StopResignation),
	say("agreement", StopAgreement), say("agreed", StopAgreement),
	say("abandon", StopAbandoned), say("disconnect", StopAbandoned), say("connection", StopAbandoned),
	say("rules infraction", StopRulesInfraction), say("illegal move", StopRulesInfraction),
	say("unterminated", StopUnterminated),
}

// commentPhrases are FICS's closing comments ("{Black forfeits on time}", "{White resigns}",
// "{Black ran out of time and White has no material to mate}", "{Game drawn by mutual
// agreement}"). They are stricter than tagPhrases: an annotator's last comment may well
// speak of time trouble. FICS's other endings ("{Neither player has mating material}",
// "{Game drawn by repetition}", "{White checkmated}") are said, but only the board decides
// them: where the board does not show them at Pn they are unknown, not agreements.
var commentPhrases = []phrase{
	say("forfeits on time", StopTime), say("ran out of time", StopTime),
	say("resigns", StopResignation),
	say("forfeits by disconnection", StopAbandoned),
	say("mutual agreement", StopAgreement),
	say("mating material", StopOther), say("drawn by", StopOther), say("checkmated", StopOther), say("stalemate", StopOther),
}

// TerminationOf classifies a game's Termination and TerminationDetails tags and its last
// main-line comment (each nil when absent). TCEC's TerminationDetails is the most specific,
// then Termination; the comment counts only when neither tag says anything and only when it
// holds one of the phrases (FICS ends every game with such a comment; lichess's last comment
// is a clock reading, which says nothing). lichess's "Normal" counts as said.
// TerminationOf does not allocate.
func TerminationOf(termination, details, lastComment []byte) Stop {
	if s := classifyStop(details, true); s != StopUnsaid {
		return s
	}
	if s := classifyStop(termination, true); s != StopUnsaid {
		return s
	}
	return classifyStop(lastComment, false)
}

// classifyStop looks for a phrase in text, case-insensitively. A tag that holds none is
// StopOther ("Normal" is StopNormal, TCEC's bare "time" StopTime); a comment that holds none
// says nothing.
func classifyStop(text []byte, tag bool) Stop {
	text = bytes.TrimSpace(text)
	if len(text) == 0 || !tag && text[0] == '[' {
		return StopUnsaid // nothing, or a comment of commands ([%clk 0:01:00], lichess's last)
	}
	if tag && string(text) == "Normal" {
		return StopNormal // lichess's spelling of its commonest word, before the copy below
	}
	var low [128]byte
	n := copy(low[:], text) // the phrases stand early in the text: 128 bytes are plenty
	for i := range n {
		if c := low[i]; 'A' <= c && c <= 'Z' {
			low[i] = c + 'a' - 'A'
		}
	}
	l := low[:n]
	if tag && string(l) == "normal" {
		return StopNormal // lichess's commonest word, where no phrase occurs: first, not searched
	}
	list := commentPhrases
	if tag {
		list = tagPhrases
	}
	for i := range list {
		if bytes.Contains(l, list[i].text) {
			return list[i].stop
		}
	}
	switch {
	case !tag:
		return StopUnsaid
	case string(l) == "time":
		return StopTime
	}
	return StopOther
}

// EndedBy is how a game stopped under one edition: the ended_by column (rules.md 8).
type EndedBy uint8

// The values of ended_by. The board's endings come first, in end_rule's order.
const (
	EndedUnknown EndedBy = iota
	EndedCheckmate
	EndedStalemate
	EndedDeadPosition
	EndedFivefold
	EndedSeventyFive
	EndedFiftyMove // lichess: 50 moves end the game
	EndedTime
	EndedResignation
	EndedClaim
	EndedAgreement
	EndedAbandoned
	EndedRulesInfraction
	EndedUnterminated
)

var endedNames = [...]string{"unknown", "checkmate", "stalemate", "dead_position", "fivefold", "seventyfive_move",
	"fifty_move", "time", "resignation", "claim", "agreement", "abandoned", "rules_infraction", "unterminated"}

// String returns the ended_by value.
func (e EndedBy) String() string {
	if int(e) < len(endedNames) {
		return endedNames[e]
	}
	return "ended_by?"
}

// boardEnding is the ended_by value of a board ending, EndedUnknown for NoRule.
func boardEnding(r Rule) EndedBy {
	switch r {
	case Checkmate:
		return EndedCheckmate
	case Stalemate:
		return EndedStalemate
	case DeadPosition:
		return EndedDeadPosition
	case Fivefold:
		return EndedFivefold
	case SeventyFiveMove:
		return EndedSeventyFive
	case FiftyMove:
		return EndedFiftyMove
	}
	return EndedUnknown
}

// endedBy decides ended_by (rules.md 8) for a game whose edition ended it on the board by
// end at the final position (NoRule when it did not stop there), with the recorded result,
// the tags' word stop, and whether a claim was valid where it stopped.
//
// Where rules.md 8 is silent: an adjudication or a tablebase draw (TCEC) and a decisive
// "won by checkmate" without a mate on the board are unknown, not agreement or resignation;
// abandoned and rules_infraction stand whatever the result; a draw that a tag calls an
// agreement is a claim when a claim was valid there (the claim justifies it).
func endedBy(end Rule, result Result, stop Stop, claimed bool) EndedBy {
	if e := boardEnding(end); e != EndedUnknown {
		return e
	}
	switch stop {
	case StopTime:
		return EndedTime
	case StopAbandoned:
		return EndedAbandoned
	case StopRulesInfraction:
		return EndedRulesInfraction
	}
	switch result {
	case WhiteWins, BlackWins:
		if resigned(stop) {
			return EndedResignation
		}
	case Draw:
		switch {
		case claimed:
			return EndedClaim
		case stop == StopUnsaid || stop == StopNormal || stop == StopAgreement:
			return EndedAgreement
		}
	case ResultUnknown:
		return EndedUnterminated
	}
	return EndedUnknown
}

// resigned reports whether the tags' word on a decisive game without a mate on the board
// means a resignation: said so, or said nothing (lichess writes Normal for resignations).
func resigned(stop Stop) bool {
	return stop == StopResignation || stop == StopNormal || stop == StopUnsaid
}

// MateAnswer is the white_can_mate / black_can_mate column: what the decider said at Pn, or
// nothing when no rule needed to ask.
type MateAnswer struct {
	Asked  bool
	Answer mate.Answer
}

// String returns "yes", "no", "unknown", or "" when not asked.
func (a MateAnswer) String() string {
	if !a.Asked {
		return ""
	}
	return a.Answer.String()
}
