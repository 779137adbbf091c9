package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/internal/htmlreport"
	"github.com/pgnscan/pgnscan/internal/report"
	"github.com/pgnscan/pgnscan/internal/scan"
	"github.com/pgnscan/pgnscan/internal/scanpage"
	"github.com/pgnscan/pgnscan/internal/shardscan"
)

func newReportCmd() *cobra.Command {
	var html string
	var games []string
	cmd := &cobra.Command{
		Use:   "report FILE... | report --html OUT.html FINDINGS... [--games GAMES]...",
		Short: "Summarise a findings file written earlier (Parquet or CSV), or make an HTML report",
		Long: `Report reads a findings file that "pgnscan scan" wrote and prints the same summary the scan
printed. Rates per 1,000 games need the game counts that pgnscan records in its Parquet files;
from a CSV file the summary gives counts only.

Given the summary files of shards (scan --shard writes _summary-NAME.json beside its part files,
--summary-json names one), or the folders that hold them, or several findings files, report
merges them into the summary of one scan: that of the whole files, but the elapsed time, which
is the sum of the shards'.

With --html, report writes one self-contained HTML page (no network, no scripts) from one or
more findings files (e.g. a month's parts) or the folders scan --partition writes: charts of missed draw claims by speed class and Elo
band, claims missed by the player who then lost, unapplied automatic endings, unwinnable losses,
and for arbiters, event by event, the games whose result the board contradicts, with a diagram.
Rates by Elo band need the games tables of the same scans (--games, repeatable).`,
		Example: `  pgnscan report may.parquet
  pgnscan report --html may.html may.parquet --games may-games.parquet
  pgnscan report --html may.html findings/ --games games/`,
		Args: func(cmd *cobra.Command, args []string) error {
			if html == "" {
				if len(games) > 0 {
					return usageError{errors.New("--games needs --html")}
				}
				return cobra.MinimumNArgs(1)(cmd, args)
			}
			return cobra.MinimumNArgs(1)(cmd, args)
		},
		RunE: runE(func(cmd *cobra.Command, args []string) error {
			if html != "" {
				return readableErr(writeHTMLReport(html, args, games))
			}
			s, err := readSummaries(args)
			if err != nil {
				return readableErr(err)
			}
			_, err = s.WriteTo(cmd.OutOrStdout())
			return err
		}),
	}
	cmd.Flags().StringVar(&html, "html", "", "write an HTML report to this file instead of printing the summary")
	cmd.Flags().StringArrayVar(&games, "games", nil, "games table of the same scan, for rates per 1,000 games (with --html; repeatable)")
	return cmd
}

// readableErr makes a bad input file (unknown format, missing) a usage error.
func readableErr(err error) error {
	var ferr *report.FormatError
	if errors.As(err, &ferr) || errors.Is(err, fs.ErrNotExist) {
		return usageError{err}
	}
	return err
}

// writeHTMLReport aggregates the findings (and games) files and writes the page.
func writeHTMLReport(out string, findings, games []string) error {
	if err := checkHTMLOutput(out); err != nil {
		return usageError{err}
	}
	findingsFiles, err := tableFiles(findings)
	if err != nil {
		return err
	}
	gamesFiles, err := tableFiles(games)
	if err != nil {
		return err
	}
	a, err := htmlreport.Read(findingsFiles, gamesFiles, scanpage.Chess())
	if err != nil {
		return err
	}
	a.SetInputs(findings...) // as given: a folder, not its part files
	a.SetGameInputs(games...)
	return scanpage.WriteFile(out, a, Version())
}

// tableFiles returns the tables the arguments name: a file stands for itself, a folder (as
// scan --partition writes them) for the Parquet part files under it, in its Hive folders to any
// depth, in name order. Temporary files (.NAME.PID.tmp) and summaries (_summary-*.json) are
// skipped, as Spark, Hive and DuckDB skip them. A folder without part files is bad usage.
func tableFiles(args []string) ([]string, error) {
	var files []string
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil || !st.IsDir() {
			files = append(files, arg) // a missing file is reported by its reader
			continue
		}
		n := len(files)
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if path != arg && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Type().IsRegular() && strings.EqualFold(filepath.Ext(name), ".parquet") {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(files) == n {
			return nil, usageError{fmt.Errorf("%s: no Parquet part files in it", arg)}
		}
	}
	return files, nil
}

// readSummaries reads the summary of each argument and merges them: a findings file (Parquet or
// CSV), a summary file (.json), or a folder, which stands for the summary files in it
// (_summary-*.json, as scan --shard --partition writes them).
func readSummaries(args []string) (*report.Summary, error) {
	var paths []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			paths = append(paths, a)
			continue
		}
		found, err := filepath.Glob(filepath.Join(a, shardscan.SummaryGlob))
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, usageError{fmt.Errorf("report: %s: no summary files (%s) in it", a, shardscan.SummaryGlob)}
		}
		paths = append(paths, found...)
	}
	var ss []*report.Summary
	names := scan.Names()
	for _, p := range paths {
		read := report.ReadSummary
		if strings.EqualFold(filepath.Ext(p), ".json") {
			read = report.ReadSummaryJSON
		}
		s, err := read(p, names)
		if err != nil {
			return nil, err
		}
		ss = append(ss, s)
	}
	if len(ss) == 1 {
		return ss[0], nil
	}
	return report.MergeSummaries(names, ss...), nil
}
