package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/pgnscan/pgnscan/internal/testcorpus"
)

// update regenerates testdata/sample.pgn.zst and testdata/sample.pgn-extract.txt:
//
//	go test ./cmd/pgnscan -run TestSampleUpToDate -update
var update = flag.Bool("update", false, "regenerate testdata/sample.pgn.zst and its pgn-extract fixture")

// samplePart is one piece of the sample archive: games of a file.
type samplePart struct {
	file   string // under testdata/ for the cases, else a file of ../shared/corpus
	corpus bool
	games  int // how many games, from the first; 0: the whole file
	// labels, when set, select instead the first `games` games of each of these
	// TerminationDetails values (TCEC's own account of how the game ended), in file order.
	labels []string
}

// tcecLabels are the TCEC endings the sample takes games of, with what each must show in a
// fide2009 games row (TestTCECLabels).
var tcecLabels = []string{"3-Fold repetition", "Fifty moves rule", "Insufficient material", "Stalemate", "White mates", "Black mates"}

// sampleRecipe is how testdata/sample.pgn.zst is made: the hand-built rule cases, then the
// first games of three real archives (lichess, TWIC, and FICS with its CRLF line ends), then
// TCEC engine games chosen by how TCEC says they ended. Each part is one zstd frame, so the
// sample is also a multi-frame archive like lichess's dumps.
var sampleRecipe = []samplePart{
	{file: "cases.pgn"},
	{file: "lichess-2025-05-excerpt.pgn", corpus: true, games: 200},
	{file: "twic1599-excerpt.pgn", corpus: true, games: 200},
	{file: "fics-2000-2199-crlf.pgn", corpus: true, games: 60},
	{file: "tcec-engines.pgn.zst", corpus: true, games: 4, labels: tcecLabels},
}

// casesGames is the number of games in testdata/cases.pgn: they come first in the sample.
const casesGames = 101

// pgnGames cuts a PGN file whose games each begin with an "[Event " line into games, each
// with the blank lines that follow it.
func pgnGames(data []byte) [][]byte {
	var games [][]byte
	start := -1
	for pos := 0; pos < len(data); {
		end := bytes.IndexByte(data[pos:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += pos + 1
		}
		if bytes.HasPrefix(data[pos:], []byte("[Event ")) {
			if start >= 0 {
				games = append(games, data[start:pos])
			}
			start = pos
		}
		pos = end
	}
	if start >= 0 {
		games = append(games, data[start:])
	}
	return games
}

// pick returns the games of a part's file that the part takes.
func (p samplePart) pick(data []byte) ([]byte, error) {
	games := pgnGames(data)
	if p.games == 0 {
		return data, nil
	}
	if p.labels == nil {
		if len(games) < p.games {
			return nil, fmt.Errorf("the file has %d games, not %d", len(games), p.games)
		}
		return bytes.Join(games[:p.games], nil), nil
	}
	var out []byte
	taken := map[string]int{}
	for _, g := range games {
		for _, l := range p.labels {
			if taken[l] < p.games && bytes.Contains(g, []byte("\n[TerminationDetails \""+l+"\"]")) {
				taken[l]++
				out = append(out, g...)
			}
		}
	}
	for _, l := range p.labels {
		if taken[l] < p.games {
			return nil, fmt.Errorf("only %d games ended by %q", taken[l], l)
		}
	}
	return out, nil
}

// sampleParts reads the parts of the recipe: the plain text of each frame.
func sampleParts(t testing.TB) [][]byte {
	t.Helper()
	var parts [][]byte
	for _, p := range sampleRecipe {
		path := testdataPath(t, p.file)
		if p.corpus {
			path = testcorpus.Path(t, p.file)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(p.file, ".zst") {
			if data, err = decodeAll(data); err != nil {
				t.Fatalf("%s: %v", p.file, err)
			}
		}
		if data, err = p.pick(data); err != nil {
			t.Fatalf("%s: %v", p.file, err)
		}
		if !bytes.HasSuffix(data, []byte("\n\n")) && !bytes.HasSuffix(data, []byte("\r\n\r\n")) {
			data = append(data, '\n') // a blank line before the next part
		}
		parts = append(parts, data)
	}
	return parts
}

// decodeAll decompresses a zstd file.
func decodeAll(data []byte) ([]byte, error) {
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(1<<30))
	if err != nil {
		return nil, err
	}
	defer dec.Close()
	return dec.DecodeAll(data, nil)
}

// decodeFrames decompresses a zstd file frame by frame.
func decodeFrames(t testing.TB, data []byte) [][]byte {
	t.Helper()
	dec, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
	if err != nil {
		t.Fatal(err)
	}
	defer dec.Close()
	var frames [][]byte
	for len(data) > 0 {
		n := frameLen(t, data)
		plain, err := dec.DecodeAll(data[:n], nil)
		if err != nil {
			t.Fatalf("frame %d: %v", len(frames), err)
		}
		frames = append(frames, plain)
		data = data[n:]
	}
	return frames
}

// frameLen returns the length of the zstd frame at the start of data, walking its blocks.
func frameLen(t testing.TB, data []byte) int {
	t.Helper()
	if len(data) < 6 {
		t.Fatal("zstd: short frame")
	}
	fhd := data[4]
	pos := 5
	if fhd&0x20 == 0 { // no single-segment flag: a window descriptor byte
		pos++
	}
	pos += [4]int{0, 1, 2, 4}[fhd&3] // dictionary id
	fcs := [4]int{0, 2, 4, 8}[fhd>>6]
	if fcs == 0 && fhd&0x20 != 0 {
		fcs = 1
	}
	pos += fcs
	for {
		if pos+3 > len(data) {
			t.Fatal("zstd: truncated block header")
		}
		bh := int(data[pos]) | int(data[pos+1])<<8 | int(data[pos+2])<<16
		pos += 3
		size := bh >> 3
		if (bh>>1)&3 == 1 { // RLE block: one byte
			size = 1
		}
		pos += size
		if bh&1 == 1 {
			break
		}
	}
	if fhd&0x04 != 0 { // content checksum
		pos += 4
	}
	return pos
}

// encodeSample compresses the parts, one zstd frame each.
func encodeSample(t testing.TB, parts [][]byte) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderCRC(true))
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	var out []byte
	for _, p := range parts {
		out = enc.EncodeAll(p, out)
	}
	return out
}

// TestSampleUpToDate checks that testdata/sample.pgn.zst holds exactly what the recipe makes
// from testdata/cases.pgn and the corpus, one frame per part; with -update it rewrites the
// sample and the pgn-extract fixture.
func TestSampleUpToDate(t *testing.T) {
	parts := sampleParts(t)
	path := testdataPath(t, "sample.pgn.zst")
	if *update {
		if err := os.WriteFile(path, encodeSample(t, parts), 0o644); err != nil {
			t.Fatal(err)
		}
		updatePgnExtractFixture(t, bytes.Join(parts, nil))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) >= 1<<20 {
		t.Errorf("sample is %d bytes, want less than 1 MiB", len(data))
	}
	frames := decodeFrames(t, data)
	if len(frames) != len(parts) {
		t.Fatalf("sample has %d zstd frames, the recipe %d parts (run with -update)", len(frames), len(parts))
	}
	for i := range parts {
		if !bytes.Equal(frames[i], parts[i]) {
			t.Errorf("frame %d differs from %s (%d bytes, want %d): run go test ./cmd/pgnscan -run TestSampleUpToDate -update",
				i, sampleRecipe[i].file, len(frames[i]), len(parts[i]))
		}
	}
	if n := bytes.Count(parts[0], []byte("\n[Event ")); n != casesGames-1 { // one case has no tags
		t.Errorf("cases.pgn has %d [Event lines after its first line, want %d", n, casesGames-1)
	}
}

// pgnExtract is the independent tool the sample's repetition and fifty-move lists come from.
const pgnExtract = "/usr/games/pgn-extract"

// pgnExtractArgs are the arguments of each list of the fixture: the games with a threefold
// repetition, and the games with fifty moves without a capture or pawn move, each written as
// its seven-tag roster only.
var pgnExtractArgs = map[string][]string{
	"repetition": {"-s", "--repetition", "-7", "--plylimit", "0"},
	"fifty":      {"-s", "--fifty", "-7", "--plylimit", "0"},
}

// updatePgnExtractFixture reruns pgn-extract on the sample's text and rewrites the lists of
// testdata/sample.pgn-extract.txt, keeping its hand-written "!" lines (the differences).
func updatePgnExtractFixture(t testing.TB, text []byte) {
	t.Helper()
	path := testdataPath(t, "sample.pgn-extract.txt")
	var keep []string
	if old, err := os.ReadFile(path); err == nil {
		for _, l := range strings.Split(string(old), "\n") {
			if strings.HasPrefix(l, "!") {
				keep = append(keep, l)
			}
		}
	}
	version, err := exec.Command(pgnExtract, "--version").CombinedOutput()
	if err != nil {
		t.Fatalf("pgn-extract is needed to update the fixture (apt-get install pgn-extract): %v", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Games of testdata/sample.pgn.zst that pgn-extract (%s) lists, made by\n", strings.TrimSpace(string(version)))
	b.WriteString("# go test ./cmd/pgnscan -run TestSampleUpToDate -update; see testdata/README.md for the commands.\n")
	b.WriteString("# TestPgnExtractAgrees compares them with the games rows of a fide2009 scan: max_repetitions >= 3\n")
	b.WriteString("# for --repetition, max_halfmove_clock >= 100 for --fifty. Lines starting with ! are the known\n")
	b.WriteString("# differences, written by hand: \"! LIST GAME_INDEX ours|pgn-extract: why\" names the list, the\n")
	b.WriteString("# game (0-based index in the sample) and the side that lists it alone.\n")
	for _, l := range keep {
		b.WriteString(l + "\n")
	}
	for _, list := range []string{"repetition", "fifty"} {
		cmd := exec.Command(pgnExtract, pgnExtractArgs[list]...)
		cmd.Stdin = bytes.NewReader(text)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("pgn-extract %s: %v", strings.Join(pgnExtractArgs[list], " "), err)
		}
		fmt.Fprintf(&b, "\n## %s: pgn-extract %s\n", list, strings.Join(pgnExtractArgs[list], " "))
		b.Write(bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n")))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
