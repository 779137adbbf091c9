package scan

import (
	"github.com/pgnscan/pgnscan/internal/pgnout"
	"github.com/pgnscan/pgnscan/internal/report"
)

// annotate appends the current game, annotated, to out.pgn when --pgn-out
// keeps one of its findings, out.findings[from:]: the worker has the game's
// bytes at hand, so the archive is read once.
func (w *worker) annotate(out *rows, from int) {
	if w.pgn == nil || len(out.findings) == from {
		return
	}
	var kept []*report.Finding
	for i := from; i < len(out.findings); i++ {
		if w.pgn.Keep(&out.findings[i]) {
			kept = append(kept, &out.findings[i])
		}
	}
	if len(kept) == 0 {
		return
	}
	n := len(out.pgn)
	out.pgn = pgnout.Append(out.pgn, w.data, kept, &w.names)
	out.size += len(out.pgn) - n
}
