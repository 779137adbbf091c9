// Command pgnscan audits chess game archives against the Laws of Chess: missed draw claims,
// unapplied automatic endings and results that contradict the board. See README.md.
package main

import "os"

func main() { os.Exit(run(process{os.Args, os.Getenv}, os.Stdin, os.Stdout, os.Stderr)) }
