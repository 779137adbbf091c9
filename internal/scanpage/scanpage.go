// Package scanpage is what a scan's HTML report is told of chess, and the writing of its file:
// shared by package audit's Write (Tables.HTML) and `pgnscan report --html`. It lives apart
// from internal/shardscan so that the Beam adapter, which uses shardscan, does not depend on
// the page's chart library.
package scanpage

import (
	"bufio"
	"fmt"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/htmlreport"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/rules"
	"github.com/pgnscan/pgnscan/internal/scan"
)

// Chess is what the HTML report is told of chess: the names and orders every summary
// gets (scan.Names), the automatic endings and the unwinnable findings in the order the page
// shows them, and FEN placements read by package board, so that the page restates none of it.
// The page of a scan (package audit's Write) and that of `pgnscan report --html` both use it.
func Chess() *htmlreport.Chess {
	return &htmlreport.Chess{
		Names:      scan.Names(),
		Endings:    ruleNames(rules.Fivefold, rules.SeventyFiveMove, rules.FiftyMove, rules.DeadPosition),
		Unwinnable: ruleNames(rules.UnwinnableTimeout, rules.UnwinnableResignation, rules.EarlyAgreement),
		Placement:  placement,
	}
}

// ruleNames returns the names of rs, as the rule column spells them.
func ruleNames(rs ...rules.Rule) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.String()
	}
	return out
}

// placement reads a FEN's placement for a diagram: the FEN letter on each square, a1 = 0.
func placement(fen string) ([64]byte, error) {
	var p [64]byte
	s, err := board.ParseFEN(fen)
	if err != nil {
		return p, err
	}
	for sq, pc := range s.Board {
		p[sq] = pc.Letter()
	}
	return p, nil
}

// WriteFile writes the aggregate's page to path through a report.File: a failed or
// interrupted write never leaves a half page under the name asked for. version is the
// program's, which the page shows. The errors name the flag, --html, as the command prints them.
func WriteFile(path string, a *htmlreport.Aggregate, version string) error {
	f, err := report.CreateFile(path)
	if err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	w := bufio.NewWriter(f)
	err = a.WriteHTML(w, version)
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		f.Remove()
		return fmt.Errorf("--html %s: %w", path, err)
	}
	return f.Commit()
}
