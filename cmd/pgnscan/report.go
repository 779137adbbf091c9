package main

import (
	"errors"
	"io/fs"

	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/internal/htmlreport"
	"github.com/pgnscan/pgnscan/internal/report"
)

func newReportCmd() *cobra.Command {
	var html string
	var games []string
	cmd := &cobra.Command{
		Use:   "report FILE | report --html OUT.html FINDINGS... [--games GAMES]...",
		Short: "Summarise a findings file written earlier (Parquet or CSV), or make an HTML report",
		Long: `Report reads a findings file that "pgnscan scan" wrote and prints the same summary the scan
printed. Rates per 1,000 games need the game counts that pgnscan records in its Parquet files;
from a CSV file the summary gives counts only.

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
				return cobra.ExactArgs(1)(cmd, args)
			}
			return cobra.MinimumNArgs(1)(cmd, args)
		},
		RunE: runE(func(cmd *cobra.Command, args []string) error {
			if html != "" {
				return readableErr(writeHTMLReport(html, args, games))
			}
			s, err := report.ReadSummary(args[0])
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
