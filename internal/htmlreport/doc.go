// Package htmlreport turns findings (and, for rates, games) rows into one
// self-contained HTML page for people: an overview (games judged, the share
// of games affected, the three numbers a researcher quotes, findings by rule
// and edition), a researcher's section of charts (games with a missed draw
// claim per 1,000 games by speed class and by Elo band, what followed a missed
// claim, unapplied automatic endings, unwinnable losses and early agreements),
// each rate with its sample and 95 % Wilson interval and the editions side by
// side, and an arbiter's section per event listing the games whose recorded
// result the board contradicts, each with a board diagram and a link.
//
// Rows are aggregated as they stream in ([Aggregate], a report.Tap), so memory
// stays flat however many rows a month of findings holds; only the tallies and
// a bounded number of arbiter entries are kept, and the page is rendered from
// them ([Aggregate.WriteHTML]). The page needs no network: charts are inline
// SVG drawn by github.com/go-analyze/charts, diagrams inline SVG drawn here from
// the placement Chess.Placement reads, styles inline, no script.
//
// The package knows no chess: its caller hands it, as [Chess], the names it
// orders and groups rows by (editions, rules, which findings are claims,
// endings or unwinnable losses) and a reader of FEN placements for the
// diagrams, all taken from the rules' and the board's own code. It imports
// report and nothing else of pgnscan.
package htmlreport
