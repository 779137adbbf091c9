package main

import (
	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/audit"
)

func newEditionsCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "editions",
		Short: "Print the rule editions: ids, dates, articles, incorrect-claim penalties",
		Args:  cobra.NoArgs,
		RunE: runE(func(cmd *cobra.Command, _ []string) error {
			return audit.WriteEditions(cmd.OutOrStdout())
		}),
	}
}
