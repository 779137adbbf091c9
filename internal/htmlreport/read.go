package htmlreport

import (
	"strings"

	"github.com/pgnscan/pgnscan/internal/report"
)

// Read aggregates findings files and, for rates by speed class and Elo band,
// the games files of the same scans (either may be Parquet or CSV, as scan
// wrote them). Without games files, Parquet findings files that all record
// their scan's game counts (report.ReadGameCounts) still give rates by speed
// class. A file that is not a findings (or games) table is an error naming it. chess is as
// for NewAggregate.
func Read(findings, games []string, chess *Chess) (*Aggregate, error) {
	a := NewAggregate(len(games) > 0, chess)
	a.inputs = append(a.inputs, findings...)
	a.gameInputs = append(a.gameInputs, games...)
	if len(games) == 0 {
		if err := a.readSaved(findings); err != nil {
			return nil, err
		}
	}
	for _, path := range findings {
		if err := report.ReadRows(path, func(f *report.Finding) error { a.AddFinding(f); return nil }); err != nil {
			return nil, err
		}
	}
	for _, path := range games {
		if err := report.ReadRows(path, func(g *report.Game) error { a.AddGame(g); return nil }); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// readSaved takes the game counts per edition and speed class from the
// findings files' metadata when every file records them; otherwise game
// counts stay unknown. Files whose metadata names the same inputs (parts of
// one scan's output) count those games once.
func (a *Aggregate) readSaved(findings []string) error {
	var saved []*report.Summary
	seen := map[string]bool{}
	for _, path := range findings {
		s, err := report.ReadGameCounts(path)
		if err != nil {
			return err
		}
		if s == nil {
			return nil
		}
		var names []string
		for _, in := range s.Inputs() {
			names = append(names, in.Name)
		}
		if key := strings.Join(names, "\x00"); !seen[key] {
			seen[key] = true
			saved = append(saved, s)
		}
	}
	for _, s := range saved {
		a.addSaved(s)
	}
	a.gamesByMeta = len(saved) > 0
	return nil
}

// SetInputs names the inputs the rows come from, for the page's header.
func (a *Aggregate) SetInputs(names ...string) { a.inputs = append(a.inputs[:0], names...) }

// SetGameInputs names the games tables the games rows come from, for the page's header (a
// folder of part files is named once, not file by file).
func (a *Aggregate) SetGameInputs(names ...string) {
	a.gameInputs = append(a.gameInputs[:0], names...)
}
