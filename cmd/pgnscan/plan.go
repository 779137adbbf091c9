package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/pgnscan/pgnscan/internal/input"
)

func newPlanCmd() *cobra.Command {
	var size int64
	var count bool
	var workers int
	cmd := &cobra.Command{
		Use:   "plan [flags] INPUT...",
		Short: "Print a shard list: parts of the inputs that scan --shard reads one at a time",
		Long: `Plan cuts the inputs into shards that "pgnscan scan --shard" scans one at a time, on one
machine or many (Kubernetes indexed jobs, Slurm arrays), and prints them one a line:

  KIND:PATH@START-END+INDEX,OFFSET,LINE[,DSTART]

START and END (excluded) are byte offsets of the file as stored. KIND is
  text    a byte range of a plain PGN file, about --shard-size bytes;
  frames  a run of whole frames of a multi-frame zstd file (pzstd, as lichess packs its
          dumps), of about --shard-size compressed bytes, found from the 12-byte headers that
          announce each frame, without decoding;
  whole   the whole file: single-stream zstd, gzip, bzip2 and xz cannot be entered in the
          middle, and a Parquet file is read whole, so each is one shard.

A directory stands for its inputs, as for scan. The list is deterministic: the same files and
--shard-size give the same shards. The shards of a file own every game exactly once (a game
belongs to the shard in which its first byte lies), and the rows of all its shards together are
those of a scan of the whole file, with the same game_index and game_offset.

The counts after '+' let a shard's scan start at its own range: INDEX, OFFSET and LINE are the
game_index, game_offset and line of its first game, and for frames DSTART is where its first
frame lies in the decompressed stream. Plan finds them with the scan's own splitter
(decoding, not analysing: about the cost of reading the file once), counting -j shards at
once, each from its first [Event line, and stitching the counts in order; a shard whose guess
was wrong is counted again from where the shard before it says its first game starts, so the
counts are exact. --count=false skips that pass and prints shards without counts, found from the
headers alone in a moment; a scan of such a shard reads its file from the first byte, so the
shards of a file then cost time quadratic in their number.`,
		Example: `  pgnscan plan --shard-size 268435456 lichess_db_standard_rated_2025-05.pgn.zst > shards.txt
  pgnscan scan --shard "$(sed -n 3p shards.txt)" -o part-3.parquet`,
		Args: cobra.MinimumNArgs(1),
		RunE: runE(func(cmd *cobra.Command, args []string) error {
			if size <= 0 {
				return usageError{fmt.Errorf("--shard-size must be positive, not %d", size)}
			}
			if workers < 0 {
				return usageError{fmt.Errorf("--workers must be at least 1, not %d", workers)}
			}
			return runPlan(cmd.Context(), args, size, count, workers, cmd.OutOrStdout())
		}),
	}
	cmd.Flags().Int64Var(&size, "shard-size", input.DefaultShardSize, "stored bytes per shard (text ranges and frame runs)")
	cmd.Flags().BoolVar(&count, "count", true, "count each shard's first game, so that its scan reads only its range")
	cmd.Flags().IntVarP(&workers, "workers", "j", 0, "shards counted at once by the counting pass (default: the number of CPUs)")
	return cmd
}

// runPlan prints the shards of the inputs named by args, in input order, with their counts
// when count is set.
func runPlan(ctx context.Context, args []string, size int64, count bool, workers int, stdout io.Writer) error {
	srcs, err := input.Resolve(args)
	if err != nil {
		return usageError{err}
	}
	w := bufio.NewWriter(stdout)
	for _, src := range srcs {
		var shards []input.Shard
		if count {
			shards, err = input.PlanPath(ctx, src.Path, size, workers)
		} else {
			shards, err = input.Plan(src.Path, size)
		}
		if err != nil {
			return err
		}
		for _, s := range shards {
			fmt.Fprintln(w, s)
		}
	}
	return w.Flush()
}
