// Package pgnout writes the games that have findings back out as PGN, as
// they were read (tags and movetext byte for byte, comments kept), with a
// {pgnscan: ...} comment at each finding's ply saying the rule, the article,
// the edition and what the Laws mandate there, and a [PgnscanFindings "..."]
// tag listing them, so that arbiters can open the flagged games in the chess
// program they use (scan --pgn-out).
//
// It works on one game's bytes and its findings rows, so a scan annotates
// games in its workers, in parallel, and writes them in input order without a
// second pass over the archive. Which findings are draw claims it is told
// (report.Names, from scan.Names), as report is.
package pgnout

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/pgnscan/pgnscan/internal/pgn"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
)

// TagName is the tag that lists a written game's findings.
const TagName = "PgnscanFindings"

// CommentPrefix starts every comment pgnout adds.
const CommentPrefix = "pgnscan: "

// Filter says which findings are written (and so which games: those with at
// least one): --pgn-out-rules and --pgn-out-missed.
type Filter struct {
	Rules  []string // rule names; empty: every rule
	Missed bool     // only missed claims and unapplied endings (the missed column)
}

// Keep reports whether finding f is written.
func (fl Filter) Keep(f *report.Finding) bool {
	if fl.Missed && !f.Missed {
		return false
	}
	return len(fl.Rules) == 0 || slices.Contains(fl.Rules, f.Rule)
}

// insertion is text to insert into a game's bytes before byte at.
type insertion struct {
	at   int
	text string
}

// Append appends to dst the game (its bytes as read) with a comment for each
// of findings, which must be the game's findings rows, at each one's ply, and
// the PgnscanFindings tag after its last tag; then a blank line. A finding
// beyond the moves read (a game cut short by an error) is commented after the
// last move read. names tells the draw claims (report.Names.IsClaim).
func Append(dst, game []byte, findings []*report.Finding, names *report.Names) []byte {
	nl := "\n"
	if bytes.Contains(game, []byte("\r\n")) {
		nl = "\r\n"
	}
	ends, tagEnd, movesAt := scan(game)
	ins := []insertion{{tagEnd, tagLine(findings, nl, tagEnd == 0)}}
	for _, f := range findings {
		at := movesAt
		if p := int(f.Ply); p > 0 && len(ends) > 0 {
			at = ends[min(p, len(ends))-1]
		}
		text := " {" + CommentPrefix + Comment(f, names) + "}"
		if at == movesAt {
			text = "{" + CommentPrefix + Comment(f, names) + "} "
		}
		ins = append(ins, insertion{at, text})
	}
	slices.SortStableFunc(ins, func(a, b insertion) int { return a.at - b.at })
	prev := 0
	for _, in := range ins {
		dst = append(append(dst, game[prev:in.at]...), in.text...)
		prev = in.at
	}
	dst = append(dst, game[prev:]...)
	return append(dst, nl+nl...)
}

// scan tokenises a game and returns, for each main-line half-move, where its
// SAN and the glyphs that follow it end; where the tag section ends (after the
// last tag's line, 0 without tags); and where the movetext starts.
func scan(game []byte) (ends []int, tagEnd, movesAt int) {
	var t pgn.Tokenizer
	t.ResetBytes(game)
	lastTag := -1
	for tok := t.Next(); tok != pgn.TokEnd; tok = t.Next() {
		_, to := t.Span()
		switch tok {
		case pgn.TokTag:
			lastTag = to
		case pgn.TokSAN:
			ends = append(ends, to)
		case pgn.TokNAG:
			if n := len(ends); n > 0 && n == t.Ply() {
				ends[n-1] = max(ends[n-1], to)
			}
		}
	}
	if lastTag >= 0 {
		if i := bytes.IndexByte(game[lastTag:], '\n'); i >= 0 {
			tagEnd = lastTag + i + 1
		} else {
			tagEnd = len(game)
		}
	}
	movesAt = tagEnd
	for movesAt < len(game) && (game[movesAt] == '\n' || game[movesAt] == '\r' || game[movesAt] == ' ' || game[movesAt] == '\t') {
		movesAt++
	}
	if tagEnd == 0 && bytes.HasPrefix(game, []byte("\xef\xbb\xbf")) {
		movesAt = max(movesAt, 3)
	}
	return ends, tagEnd, movesAt
}

// tagLine returns the PgnscanFindings tag and its line end (and a blank line
// when the game had no tags, to separate it from the movetext).
func tagLine(findings []*report.Finding, nl string, first bool) string {
	parts := make([]string, len(findings))
	for i, f := range findings {
		parts[i] = fmt.Sprintf("%s %s %s ply %d", f.Edition, f.Article, f.Rule, f.Ply)
		if f.Missed {
			parts[i] += " missed"
		}
		if f.ResultDiffers {
			parts[i] += " result differs"
		}
	}
	line := "[" + TagName + ` "` + escapeTag(strings.Join(parts, "; ")) + `"]` + nl
	if first {
		line += nl
	}
	return line
}

// escapeTag escapes a tag value as PGN asks: backslash and quote.
func escapeTag(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

// Comment returns what a finding's comment says after "pgnscan: ": the
// edition, the article, the rule, what the Laws mandate at that position, and
// whether the game followed them, e.g. "fide2017 9.2.1.1 threefold could be
// claimed by White (move_available: Nf3); missed". Braces never occur in it
// (a SAN, an article or a result has none), so it cannot end the comment.
// names tells the draw claims (report.Names.IsClaim).
func Comment(f *report.Finding, names *report.Names) string {
	head := fmt.Sprintf("%s %s %s", f.Edition, f.Article, f.Rule)
	side := sideName(f.Side)
	var s string
	switch {
	case names.IsClaim(f):
		kind := f.Kind
		if f.Move != "" {
			kind += ": " + f.Move
		}
		s = fmt.Sprintf("%s could be claimed by %s (%s); ", head, side, kind)
		if f.Missed {
			s += "missed"
		} else {
			s += "claimed"
		}
	case f.Rule == rules.Checkmate.String() || f.Rule == rules.Stalemate.String():
		s = fmt.Sprintf("%s: the game ended here by %s", head, f.Rule)
	case f.Rule == rules.EarlyAgreement.String():
		s = fmt.Sprintf("%s: a draw agreed here is not valid", head)
	default:
		s = head + ": the game is drawn here"
		switch {
		case f.PliesAfter > 0:
			s += fmt.Sprintf("; %d more plies played", f.PliesAfter)
		case f.Missed:
			s += "; not applied"
		}
	}
	if f.ResultDiffers {
		s += fmt.Sprintf("; the Result %s differs", f.Result)
	}
	return s
}

// sideName writes a side column's value as the Laws do: White, Black.
func sideName(side string) string {
	switch side {
	case "white":
		return "White"
	case "black":
		return "Black"
	}
	return side
}

// ParseFilter reads --pgn-out-rules (comma-separated rule names, "" for
// every rule) and --pgn-out-missed. An unknown rule name is an error that
// lists the known ones.
func ParseFilter(list string, missed bool) (Filter, error) {
	fl := Filter{Missed: missed}
	var known []string
	for _, r := range rules.Rules() {
		known = append(known, r.String())
	}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !slices.Contains(known, name) {
			return Filter{}, fmt.Errorf("--pgn-out-rules: unknown rule %q (rules: %s)", name, strings.Join(known, ", "))
		}
		fl.Rules = append(fl.Rules, name)
	}
	return fl, nil
}
