// Command pgnscan audits chess game archives against the Laws of Chess: missed draw claims,
// unapplied automatic endings and results that contradict the board. See README.md.
//
// The command wires the packages together and owns the command line: flags, usage errors,
// exit codes (exit.go: errors become exit codes in one place; only main calls os.Exit),
// interrupts (signals.go). What lives where:
//   - root.go: the command tree; main.go: main, one line.
//   - scan.go: `pgnscan scan`, its flags checked into audit.Options and audit.Tables (the
//     scan itself is package audit's Archive.Write), the summary printed; outputs.go: outputs
//     that clash.
//   - report.go: `pgnscan report`, a summary or an HTML page from files written before.
//   - plan.go: `pgnscan plan`, the shards of a file; canmate.go: `pgnscan canmate`;
//     editions.go: `pgnscan editions`; version.go: the version the outputs record.
package main

import "os"

func main() { os.Exit(run(process{os.Args, os.Getenv}, os.Stdin, os.Stdout, os.Stderr)) }
