package audit_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"

	"github.com/pgnscan/pgnscan/audit"
)

// Write writes the tables `pgnscan scan` writes, here the findings table as CSV on a writer
// ("-"), and returns the summary. Case 02 (see Example) gives two missed threefold claims
// under fide2023, the edition in force on its date.
func ExampleArchive_Write() {
	a, err := audit.NewReader("case02.pgn", strings.NewReader(missedThreefold), nil)
	if err != nil {
		log.Fatal(err)
	}
	var findings strings.Builder
	sum, err := a.Write(context.Background(), audit.Tables{Findings: "-", Stdout: &findings})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sum.Games(), "game,", sum.Findings(), "findings,", sum.ErrorGames(), "not read whole")
	printColumns(findings.String(), "edition", "article", "rule", "side", "ply", "missed")
	// Output:
	// 1 game, 2 findings, 0 not read whole
	// fide2023 9.2.1.1 threefold black 7 true
	// fide2023 9.2.1.2 threefold white 8 true
}

// OpenShard scans one shard of a file, as `pgnscan plan` prints them: the games whose first
// byte lies in its range, with the rows a scan of the whole file gives them. This shard holds
// the third game of testdata/cases.pgn, case 03, so its game_index is 2; its one finding is
// worked by hand in the game's Expect tag.
func ExampleOpenShard() {
	text, err := os.ReadFile("../testdata/cases.pgn")
	if err != nil {
		log.Fatal(err)
	}
	start := strings.Index(string(text), `[Event "case 03`)
	end := strings.Index(string(text), `[Event "case 04`)
	a, err := audit.OpenShard(fmt.Sprintf("text:../testdata/cases.pgn@%d-%d", start, end), nil)
	if err != nil {
		log.Fatal(err)
	}
	var findings strings.Builder
	sum, err := a.Write(context.Background(), audit.Tables{Findings: "-", Stdout: &findings})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(sum.Games(), "game,", sum.Findings(), "finding")
	printColumns(findings.String(), "game_index", "rule", "kind", "side", "ply", "move", "missed")
	// Output:
	// 1 game, 1 finding
	// 2 threefold move_available black 7 Ng8 true
}

// The summary prints as `pgnscan scan` prints it: the inputs, the games, and for each
// edition its findings by rule (findings, missed, result differs, and both per 1,000 games),
// then what followed the missed claims (missed; then drawn by a later claim; played on, won
// or lost; otherwise). In case 02 both threefold claims were missed and Black mated.
func ExampleSummary_WriteTo() {
	a, err := audit.NewReader("case02.pgn", strings.NewReader(missedThreefold), nil)
	if err != nil {
		log.Fatal(err)
	}
	sum, err := a.Write(context.Background(), audit.Tables{Findings: "-", Stdout: new(strings.Builder)})
	if err != nil {
		log.Fatal(err)
	}
	var b strings.Builder
	if _, err := sum.WriteTo(&b); err != nil {
		log.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(line, "Games:") || strings.HasPrefix(line, "Edition ") || strings.HasPrefix(line, "  threefold ") {
			fmt.Println(strings.Join(strings.Fields(line), " "))
		}
	}
	fmt.Println("interrupted:", sum.Interrupted())
	// Output:
	// Games: 1 read, 0 with errors
	// Edition fide2023: 1 games (date 1)
	// threefold 2 2 0 2000.00 2000.00
	// threefold 2 0 2 0
	// interrupted: false
}

// printColumns prints the named columns of every row of a CSV table.
func printColumns(table string, names ...string) {
	rows, err := csv.NewReader(strings.NewReader(table)).ReadAll()
	if err != nil {
		log.Fatal(err)
	}
	for _, row := range rows[1:] {
		var out []string
		for _, name := range names {
			out = append(out, row[slices.Index(rows[0], name)])
		}
		fmt.Println(strings.Join(out, " "))
	}
}
