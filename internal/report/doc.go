// Package report owns pgnscan's outputs: the row types of the output contract
// (../shared/spec/cli-and-output.md), the Parquet and CSV writers for the
// findings, games and errors tables, and the human summary accumulated from
// the very rows the writers receive, so that printed numbers always match the
// files.
//
// The package knows rows, not chess: it imports nothing else of pgnscan, and
// every value it handles (edition ids, rule names, tags) arrives as a plain
// string or number filled in by the pipeline.
//
// A pipeline feeds it through [Outputs]: one row at a time, in input order,
// from a single goroutine (nothing here is safe for concurrent use):
//
//	sum := report.NewSummary()
//	findings, err := report.Create[report.Finding]("findings.parquet", opts)
//	out := &report.Outputs{Findings: findings, Summary: sum}
//	sum.SetInput(report.Input{Name: "a.pgn.zst", Size: 1234})
//	for each game, in input order:
//	    out.AddError(&e)   // if the game was not read whole
//	    out.AddGame(&g)    // one per edition, even when no --games file is written
//	    out.AddFinding(&f) // one per finding
//	sum.SetInput(report.Input{Name: "a.pgn.zst", Size: 1234, Read: 1234, Done: true})
//	err = out.Close()      // freezes the summary, records it in the Parquet metadata, renames
//	sum.WriteTo(os.Stderr)
//
// [ReadSummary] rebuilds the same summary from a findings file written
// earlier (pgnscan report FILE).
package report
