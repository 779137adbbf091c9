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
more findings files (e.g. a month's parts): charts of missed draw claims by speed class and Elo
band, claims missed by the player who then lost, unapplied automatic endings, unwinnable losses,
and for arbiters, event by event, the games whose result the board contradicts, with a diagram.
Rates by Elo band need the games tables of the same scans (--games, repeatable).`,
		Example: `  pgnscan report may.parquet
  pgnscan report --html may.html may-*.parquet --games may-games.parquet`,
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
	a, err := htmlreport.Read(findings, games)
	if err != nil {
		return err
	}
	return writeHTMLFile(out, a)
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
	for _, p := range paths {
		read := report.ReadSummary
		if strings.EqualFold(filepath.Ext(p), ".json") {
			read = report.ReadSummaryJSON
		}
		s, err := read(p)
		if err != nil {
			return nil, err
		}
		ss = append(ss, s)
	}
	if len(ss) == 1 {
		return ss[0], nil
	}
	return report.MergeSummaries(ss...), nil
}
