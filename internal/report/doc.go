// Package report owns pgnscan's outputs: the row types of the output contract
// (../shared/spec/cli-and-output.md), the Parquet and CSV writers for the
// findings, games and errors tables, the human summary accumulated from the
// very rows the writers receive (so that printed numbers always match the
// files), and the reading back of a findings file for `pgnscan report`.
//
// The package knows rows, not chess: it imports nothing else of pgnscan, and
// every value it handles (edition ids, rule names, tags) arrives as a plain
// string or number filled in by the pipeline. What a summary must know of
// those values (the order it lists editions, rules and edition sources in,
// and which findings are draw claims) arrives the same way, as [Names] the
// pipeline fills from the rules' own tables.
//
// A pipeline feeds it through [Outputs], one row at a time, in input order,
// from a single goroutine (nothing here is safe for concurrent use):
//
//	sum := report.NewSummary(names) // names: scan.Names()
//	findings, err := report.Create[report.Finding](path, report.Options{Version: v, CommandLine: os.Args})
//	// err: *FormatError (ErrUnknownFormat, exit 2) or *OutputError (exit 1)
//	out := &report.Outputs{Findings: findings, Summary: sum} // Games, Errors when asked for
//	sum.SetInput(report.Input{Name: "a.pgn.zst", Size: size})
//	for each game, in input order:
//	    out.AddError(&e)   // if the game was not read whole
//	    out.AddGame(&g)    // one per edition, even when no --games file is written
//	    out.AddFinding(&f) // one per finding
//	sum.SetInput(report.Input{Name: "a.pgn.zst", Size: size, Read: n, Decompressed: m, Done: true})
//	sum.SetInterrupted()   // after SIGINT/SIGTERM: the files are still closed properly
//	err = out.Close()      // stops the clock, records the summary in the Parquet metadata, renames
//	sum.WriteTo(os.Stderr)
//
// On a fatal error (an output that cannot be written) call out.Abort
// instead of Close: no file is left behind, not even a temporary one.
//
// [ReadSummary] rebuilds the same summary from a findings file written
// earlier; [ReadRows] reads any table back row by row.
package report
