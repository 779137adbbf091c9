package main

import (
	"errors"
	"io/fs"

	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/internal/report"
)

func newReportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "report FILE",
		Short: "Summarise a findings file written earlier (Parquet or CSV)",
		Long: `Report reads a findings file that "pgnscan scan" wrote and prints the same summary the scan
printed. Rates per 1,000 games need the game counts that pgnscan records in its Parquet files;
from a CSV file the summary gives counts only.`,
		Args: cobra.ExactArgs(1),
		RunE: runE(func(cmd *cobra.Command, args []string) error {
			s, err := report.ReadSummary(args[0])
			var ferr *report.FormatError
			if errors.As(err, &ferr) || errors.Is(err, fs.ErrNotExist) {
				return usageError{err}
			}
			if err != nil {
				return err
			}
			_, err = s.WriteTo(cmd.OutOrStdout())
			return err
		}),
	}
}
