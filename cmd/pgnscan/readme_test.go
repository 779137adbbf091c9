package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// readmeCommands returns the shell commands of README.md's command blocks (```sh, and plain ```
// blocks), in order, each with its continuation lines joined and its trailing comment cut.
func readmeCommands(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cmds []string
	fenced, in, pending := false, false, "" // in a fence; in a command block
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case !fenced && strings.HasPrefix(line, "```"):
			fenced, in = true, line == "```" || line == "```sh"
		case fenced && line == "```":
			fenced, in = false, false
		case in:
			line = strings.TrimSpace(cutComment(line))
			if rest, ok := strings.CutSuffix(line, `\`); ok {
				pending += rest + " "
				continue
			}
			if cmd := strings.TrimSpace(pending + line); cmd != "" {
				cmds = append(cmds, cmd)
			}
			pending = ""
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cmds
}

// cutComment cuts a shell comment (a # after a blank, outside quotes) off line.
func cutComment(line string) string {
	var quote rune
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			return line[:i]
		}
	}
	return line
}

// TestReadmeCommands runs every command of the README's command blocks, as written, in order,
// in one folder where the files they name are the repository's sample: the lichess month is
// testdata/sample.pgn.zst (also as archive.pgn.zst), the Hugging Face download the shared lichess excerpt laid out as the
// dataset (huggingface-cli is a stand-in that checks its arguments), SLURM_ARRAY_TASK_ID is 0.
// "go build" builds the command as the README says (in the repository, into the folder) and
// "go run ./cmd/pgnscan" runs that build; "go doc ./audit" runs in the repository; "go test ./..."
// is this test's own run. Each command
// must exit 0. Before issue 27 the README's HTML command failed as written: its glob
// may-*.parquet took the games file for a findings file.
func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	repo, work := repoRoot(t), t.TempDir()
	bin := buildBinary(t)
	copyFile(t, bin, filepath.Join(work, "pgnscan"))
	for link, target := range map[string]string{
		"testdata": filepath.Join(repo, "testdata"),
		"lichess_db_standard_rated_2025-05.pgn.zst": filepath.Join(repo, "testdata", "sample.pgn.zst"),
		"archive.pgn.zst": filepath.Join(repo, "testdata", "sample.pgn.zst"),
	} {
		if err := os.Symlink(target, filepath.Join(work, link)); err != nil {
			t.Fatal(err)
		}
	}
	games := testcorpus.ReadLichessPGN(t, testcorpus.Path(t, "lichess-2025-05-excerpt.pgn"))
	month := filepath.Join(work, "standard-chess-games", "data", "year=2025", "month=05")
	if err := os.MkdirAll(month, 0o755); err != nil {
		t.Fatal(err)
	}
	testcorpus.WriteLichessParquet(t, games, filepath.Join(month, "train-00000-of-00001.parquet"), 100)
	tools := t.TempDir()
	fake := "#!/bin/sh\ncase \"$*\" in *'--local-dir standard-chess-games'*) exit 0;; esac\necho \"unexpected: $*\" >&2; exit 9\n"
	if err := os.WriteFile(filepath.Join(tools, "huggingface-cli"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "PATH="+work+string(os.PathListSeparator)+tools+string(os.PathListSeparator)+os.Getenv("PATH"),
		"SLURM_ARRAY_TASK_ID=0")

	cmds := readmeCommands(t)
	if len(cmds) < 8 {
		t.Fatalf("found only %d commands in the README: %q", len(cmds), cmds)
	}
	for _, line := range cmds {
		dir := work
		switch {
		case strings.HasPrefix(line, "go test "):
			continue
		case strings.HasPrefix(line, "go build ") && strings.HasSuffix(line, " ./cmd/pgnscan"):
			dir = repo
			if !strings.Contains(line, " -o pgnscan ") {
				t.Fatalf("the build command does not write ./pgnscan: %s", line)
			}
			line = strings.Replace(line, " -o pgnscan ", " -o "+filepath.Join(work, "pgnscan")+" ", 1)
		case strings.HasPrefix(line, "go doc ./audit"):
			dir = repo
		case strings.HasPrefix(line, "go run ./cmd/pgnscan "):
			line = "pgnscan " + strings.TrimPrefix(line, "go run ./cmd/pgnscan ")
		}
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("README command failed: %s\n%v\n%s", line, err, out)
		}
		t.Logf("ran: %s", line)
		if dir == repo {
			checkStamped(t, repo, filepath.Join(work, "pgnscan"))
		}
	}
}

// copyFile copies an executable.
func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o755); err != nil {
		t.Fatal(err)
	}
}

// checkStamped checks that the README's build stamped the version it says: the command's
// version is git describe's (run here, independently) of the repository it was built in.
func checkStamped(t *testing.T, repo, bin string) {
	t.Helper()
	want, err := exec.Command("git", "-C", repo, "describe", "--tags", "--always", "--dirty").Output()
	if err != nil {
		t.Logf("no git describe (%v): the version is not checked", err)
		return
	}
	got, err := exec.Command(bin, "version").Output()
	if err != nil || string(got) != "pgnscan "+string(want) {
		t.Errorf("pgnscan version after the README's build: %q (%v), want %q", got, err, "pgnscan "+string(want))
	}
}
