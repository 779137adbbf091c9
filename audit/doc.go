// Package audit lets Go programs audit chess game archives against the Laws of Chess, as the
// pgnscan command does: it is the same scan, and the command is built on it.
//
// Open takes the paths the command takes (PGN files plain or compressed, zip archives,
// Parquet files of the lichess dataset, directories of them); NewReader takes an io.Reader.
// Archive.Games replays every game, in input order, on a pool of workers, and yields each
// game with its Verdict under every edition asked for (how the game stands: its ending, the
// claims open, whether each side could still mate) and its Findings: draw claims a player
// could have made and did not, automatic endings not applied, and results the board or the
// Laws contradict. Each Finding names the edition, the article and the ply.
//
//	a, err := audit.Open([]string{"lichess_db_standard_rated_2025-05.pgn.zst"}, &audit.Options{Editions: "auto,lichess"})
//	if err != nil {
//		return err
//	}
//	for g, err := range a.Games(ctx) {
//		if err != nil {
//			log.Print(err) // a game not read whole (g holds what was judged), or an input that failed (g is nil)
//		}
//		if g == nil {
//			continue
//		}
//		for _, f := range g.Findings {
//			fmt.Println(g.Site, f.Edition, f.Article, f.Rule, f.Side, f.Ply, f.Missed)
//		}
//	}
//
// Memory stays flat whatever the archive's size, a cancelled ctx ends the loop with ctx's
// error, and breaking out of the loop stops the workers before Games returns.
//
// Archive.Write runs the same scan and writes the tables `pgnscan scan` writes (findings,
// games and errors as Parquet or CSV, Hive-partitioned on request, the flagged games as
// annotated PGN, the HTML report, the summary as JSON) and returns its Summary: the scan
// command is Open, or OpenShard for one shard of a file as `pgnscan plan` prints them, then
// Write.
//
// CanMate answers whether a side can still checkmate by any series of legal moves (a dead
// position, the Laws' 6.9 and 5.1.2): Yes with a mating line as its witness, No only with a
// proof, Unknown when its search budget runs out. Editions and WriteEditions give the table
// of editions: ids, dates, articles.
//
// The words in the string fields of Game, Verdict and Finding are those of the columns of
// `pgnscan scan`'s tables, as the specification's cli-and-output.md lists them; the rules
// are those of its rules.md.
package audit
