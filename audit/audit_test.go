package audit_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/notnil/chess"
	"go.uber.org/goleak"

	"github.com/pgnscan/pgnscan/audit"
)

// endless is a reader of the same game over and over, for ever: a scan of it ends only when
// told to. It counts the bytes it gives.
type endless struct {
	game []byte
	off  int
	read atomic.Int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c := copy(p[n:], e.game[e.off:])
		n += c
		e.off = (e.off + c) % len(e.game)
	}
	e.read.Add(int64(n))
	return n, nil
}

// TestBreakStopsWorkers: breaking out of the loop over an endless archive returns, with no
// goroutine of the scan left behind, after the reader ran ahead of the loop by no more than
// the chunks in flight (memory flat: a reader that would be read to its end never ends).
func TestBreakStopsWorkers(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	r := &endless{game: []byte(missedThreefold + "\n")}
	a, err := audit.NewReader("endless.pgn", r, &audit.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for g, err := range a.Games(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		if g.Index != int64(n) || len(g.Findings) != 2 {
			t.Fatalf("game %d: index %d, %d findings, want %d and 2", n, g.Index, len(g.Findings), n)
		}
		if n++; n == 20_000 {
			break
		}
	}
	// 20,000 games are 2.8 MB; the scan holds at most 2*2+2 chunks of 4 MiB (scan.budget) and
	// the splitter's chunk, plus what the decompressor and the reader buffer.
	t.Logf("the reader gave %d bytes for 20,000 games of %d bytes", r.read.Load(), len(r.game))
	if got, limit := r.read.Load(), int64(64<<20); got > limit {
		t.Errorf("the reader gave %d bytes for 20,000 games of %d bytes: the scan ran ahead by more than %d", got, len(r.game), limit)
	}
}

// TestBreakReturnsAfterTheScan: Games returns only once every goroutine of the scan has done its
// work, not soon after: counted at once over files (an io.Reader's archive reads in a goroutine
// that ends when its current Read returns). A goroutine's last act, a WaitGroup's Done or a
// deferred close, comes before its exit, so one may still be seen runnable on its way out; one
// blocked or running fails at once, and the runnable ones must be gone soon after.
func TestBreakReturnsAfterTheScan(t *testing.T) {
	a, err := audit.Open([]string{"../testdata/sample.pgn.zst", "../testdata/cases.pgn"}, &audit.Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 { // the scan's goroutines end in an order that varies: try a few
		before, _ := goroutines()
		n := 0
		for range a.Games(context.Background()) {
			if n++; n == 3+i {
				break
			}
		}
		after, stacks := goroutines()
		for _, id := range newer(before, after) {
			if !after[id] {
				t.Fatalf("break after %d games: goroutine %s was blocked or running:\n%s", n, id, stacks)
			}
		}
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			now, stacks := goroutines()
			if len(newer(before, now)) == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("break after %d games: goroutines %v did not end:\n%s", n, newer(before, now), stacks)
			}
		}
	}
}

// goroutines returns the ids of the goroutines, each mapped to whether it is runnable (neither
// blocked nor running), and their stacks.
func goroutines() (map[string]bool, string) {
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	ids := make(map[string]bool)
	for _, s := range strings.Split(stacks, "\n\n") {
		if f := strings.Fields(s); len(f) > 2 && f[0] == "goroutine" {
			ids[f[1]] = f[2] == "[runnable]:"
		}
	}
	return ids, stacks
}

// newer returns the ids in after that are not in before.
func newer(before, after map[string]bool) []string {
	var ids []string
	for id := range after {
		if _, ok := before[id]; !ok {
			ids = append(ids, id)
		}
	}
	return ids
}

// TestCancelEndsWithContextError: a cancelled context ends the loop with a last pair of a nil
// game and the context's error, and the scan's goroutines end.
func TestCancelEndsWithContextError(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	a, err := audit.NewReader("endless.pgn", &endless{game: []byte(missedThreefold + "\n")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	games, last := 0, error(nil)
	for g, err := range a.Games(ctx) {
		if err != nil {
			if g != nil {
				t.Fatalf("game %d with %v", g.Index, err)
			}
			last = err
			continue
		}
		if games++; games == 1000 {
			cancel()
		}
	}
	if !errors.Is(last, context.Canceled) {
		t.Errorf("last error %v, want context.Canceled", last)
	}
	if games < 1000 {
		t.Errorf("%d games before the cancel, want 1000", games)
	}
}

// TestGameErrors: the broken games of testdata/cases.pgn (cases 25 to 28, games 24 to 27),
// with the plies and kinds their ExpectError tags give, worked by hand: an Atomic game and a
// Chess960 game without FEN cannot begin (no game, no ply); Ke2 at ply 9 of case 27 is
// illegal (White's own pawn stands on e2) and the positions before it are judged, with the
// two missed threefold claims of its Expect tag; the null move "--" of case 28 is ply 2.
func TestGameErrors(t *testing.T) {
	a, err := audit.Open([]string{"../testdata/cases.pgn"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]struct {
		kind    error
		ply     int
		judged  bool
		message string
	}{
		24: {audit.ErrVariant, 0, false, `unsupported variant "Atomic"`},
		25: {audit.ErrFEN, 0, false, "Chess960 game without a FEN tag"},
		26: {audit.ErrMove, 9, true, "illegal move"},
		27: {audit.ErrMove, 2, true, "malformed SAN"},
	}
	seen := 0
	for g, err := range a.Games(context.Background()) {
		if err == nil {
			continue
		}
		var e *audit.Error
		if !errors.As(err, &e) {
			t.Fatalf("%v is no *audit.Error", err)
		}
		w, ok := want[e.Game]
		if !ok {
			t.Errorf("unexpected error %v", err)
			continue
		}
		seen++
		if !errors.Is(err, w.kind) || e.Ply != w.ply || (g != nil) != w.judged || e.Source != "../testdata/cases.pgn" ||
			e.Line == 0 || !strings.Contains(err.Error(), w.message) {
			t.Errorf("game %d: %v (ply %d, line %d, judged %v), want %v at ply %d, judged %v, saying %q",
				e.Game, err, e.Ply, e.Line, g != nil, w.kind, w.ply, w.judged, w.message)
		}
		if e.Game == 26 && (len(g.Findings) != 2 || g.Findings[0].Ply != 7 || g.Findings[1].Ply != 8 || g.Verdicts[0].Plies != 8) {
			t.Errorf("case 27, judged up to its fault: %+v", g)
		}
	}
	if seen != len(want) {
		t.Errorf("%d game errors, want %d", seen, len(want))
	}
}

// TestInputFailure: a damaged input yields the games read before its fault, then an *Error
// wrapping ErrInput, and the next input is read all the same.
func TestInputFailure(t *testing.T) {
	whole, err := os.ReadFile("../testdata/sample.pgn.zst")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cut := filepath.Join(dir, "a-cut.pgn.zst")
	if err := os.WriteFile(cut, whole[:len(whole)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "b-good.pgn")
	if err := os.WriteFile(good, []byte(missedThreefold), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := audit.Open([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for g, err := range a.Games(context.Background()) {
		switch {
		case g == nil && errors.Is(err, audit.ErrInput):
			var e *audit.Error
			if !errors.As(err, &e) || e.Source != cut || e.Game != -1 {
				t.Errorf("input error %v: want an *audit.Error naming %s, game -1", err, cut)
			}
			order = append(order, "failed "+filepath.Base(e.Source))
		case g != nil && (len(order) == 0 || order[len(order)-1] != filepath.Base(g.Source)):
			order = append(order, filepath.Base(g.Source))
		}
	}
	if want := "a-cut.pgn.zst,failed a-cut.pgn.zst,b-good.pgn"; strings.Join(order, ",") != want {
		t.Errorf("got %s, want %s", strings.Join(order, ","), want)
	}
}

// TestOpenErrors: bad options and paths are refused before anything is read, each error
// wrapping its kind (and the cause).
func TestOpenErrors(t *testing.T) {
	if _, err := audit.Open([]string{"../testdata/cases.pgn"}, &audit.Options{Editions: "fide2000"}); !errors.Is(err, audit.ErrOption) ||
		!strings.Contains(err.Error(), `unknown edition "fide2000"`) {
		t.Errorf("unknown edition: %v", err)
	}
	if _, err := audit.NewReader("x", strings.NewReader(""), &audit.Options{Workers: -1}); !errors.Is(err, audit.ErrOption) {
		t.Errorf("Workers -1: %v", err)
	}
	if _, err := audit.NewReader("nil", nil, nil); !errors.Is(err, audit.ErrInput) {
		t.Errorf("nil reader: %v", err)
	}
	if _, err := audit.Open([]string{"no/such/file.pgn"}, nil); !errors.Is(err, audit.ErrInput) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := audit.Open([]string{t.TempDir()}, nil); !errors.Is(err, audit.ErrInput) {
		t.Errorf("empty directory: %v", err)
	}
	if _, err := audit.CanMate("8/8/8/4k3/8/8/8/4K3 w - - 0 1", "White"); !errors.Is(err, audit.ErrOption) {
		t.Errorf("side White: %v", err)
	}
}

// TestReaderReadOnce: an archive from a reader yields its games once; a second loop yields
// only an ErrInput.
func TestReaderReadOnce(t *testing.T) {
	a, err := audit.NewReader("once.pgn", strings.NewReader(missedThreefold), nil)
	if err != nil {
		t.Fatal(err)
	}
	for range a.Games(context.Background()) {
	}
	n := 0
	for g, err := range a.Games(context.Background()) {
		n++
		if g != nil || !errors.Is(err, audit.ErrInput) {
			t.Errorf("second loop: %v, %v", g, err)
		}
	}
	if n != 1 {
		t.Errorf("second loop: %d pairs, want 1", n)
	}
}

// TestCompressedReader: a reader of zstd-compressed PGN is recognised by its first bytes, as
// a file is: the same games as Open of the file gives, in the same order, two of which
// cannot begin (cases 25 and 26: Atomic, Chess960 without FEN).
func TestCompressedReader(t *testing.T) {
	const path = "../testdata/sample.pgn.zst"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fromReader, err := audit.NewReader(path, bytes.NewReader(b), nil)
	if err != nil {
		t.Fatal(err)
	}
	fromPath, err := audit.Open([]string{path}, nil)
	if err != nil {
		t.Fatal(err)
	}
	list := func(a *audit.Archive) (events []string, unbegun int) {
		for g, err := range a.Games(context.Background()) {
			if g == nil {
				unbegun++
				events = append(events, err.Error())
				continue
			}
			events = append(events, fmt.Sprint(g.Index, g.Event, len(g.Findings)))
		}
		return events, unbegun
	}
	got, unbegun := list(fromReader)
	want, _ := list(fromPath)
	if strings.Join(got, "\n") != strings.Join(want, "\n") || unbegun != 2 || len(got) < 546 {
		t.Errorf("from a reader: %d games, %d not begun; from the path: %d games; want the same, 2 not begun", len(got), unbegun, len(want))
	}
}

// TestCanMateWitnessReplays: every Yes comes with a witness that notnil/chess (an independent
// implementation) replays from the FEN, move by move in SAN, to a checkmate by the side asked.
func TestCanMateWitnessReplays(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"7k/8/6KQ/8/8/8/8/8 b - - 0 1",
		"8/8/8/8/8/2k5/8/K1B1N3 w - - 0 40", // K+B+N v K: mate by cooperation
		"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", // back-rank mate
	} {
		for _, side := range []string{audit.White, audit.Black} {
			m, err := audit.CanMate(fen, side)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			if m.Answer != audit.Yes {
				continue
			}
			replay(t, fen, side, m.Witness)
		}
	}
}

// replay plays witness from fen with notnil/chess and checks it ends in side's checkmate.
func replay(t *testing.T, fen, side string, witness []string) {
	t.Helper()
	f, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("notnil/chess reads %s: %v", fen, err)
	}
	g := chess.NewGame(f)
	for _, san := range witness {
		if err := g.MoveStr(san); err != nil {
			t.Fatalf("%s, %s: witness %v: %s: %v", fen, side, witness, san, err)
		}
	}
	winner := chess.WhiteWon
	if side == audit.Black {
		winner = chess.BlackWon
	}
	if g.Method() != chess.Checkmate || g.Outcome() != winner {
		t.Errorf("%s, %s: witness %v ends %s by %s, want %s's checkmate", fen, side, witness, g.Outcome(), g.Method(), side)
	}
}

// TestMateLine: the witness with move numbers, worked by hand.
func TestMateLine(t *testing.T) {
	m, err := audit.CanMate("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 31", audit.White)
	if err != nil || m.Answer != audit.Yes || len(m.Witness) == 0 {
		t.Fatalf("back-rank mate: %+v, %v", m, err)
	}
	line := m.Line()
	if !strings.HasPrefix(line, "31. "+m.Witness[0]) {
		t.Errorf("line %q: want it to start with 31. %s", line, m.Witness[0])
	}
	if len(m.Witness) == 3 && line != "31. "+m.Witness[0]+" "+m.Witness[1]+" 32. "+m.Witness[2] {
		t.Errorf("line %q of %v", line, m.Witness)
	}
	// A mate on the board: Black is mated, White has mated.
	m, err = audit.CanMate("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 31", audit.White)
	if err != nil || m.Answer != audit.Yes || len(m.Witness) != 0 || m.Line() != "#" {
		t.Errorf("mate on the board: %+v %q, %v", m, m.Line(), err)
	}
	m, err = audit.CanMate("R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 31", audit.Black)
	if err != nil || m.Answer != audit.No || m.Line() != "" {
		t.Errorf("the mated side: %+v, %v", m, err)
	}
}

var _ io.Reader = (*endless)(nil)

// TestWriteErrors: a bad field of Tables and a shard that does not parse wrap ErrOption before
// anything is read or written; a shard past its file's end wraps ErrInput and names the shard.
func TestWriteErrors(t *testing.T) {
	a, err := audit.Open([]string{"../testdata/cases.pgn"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, tb := range map[string]audit.Tables{
		"no findings table": {},
		"partition key":     {Findings: filepath.Join(dir, "f"), Partition: []string{"weekday"}},
		"pgn rule":          {Findings: filepath.Join(dir, "f.csv"), PGN: filepath.Join(dir, "p.pgn"), PGNRules: []string{"threefold", "nope"}},
	} {
		if sum, err := a.Write(context.Background(), tb); sum != nil || !errors.Is(err, audit.ErrOption) {
			t.Errorf("%s: %v, %v: want a nil Summary and an ErrOption", name, sum, err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("bad Tables wrote %d files", len(ents))
	}
	if _, err := audit.OpenShard("text:../testdata/cases.pgn", nil); !errors.Is(err, audit.ErrOption) {
		t.Errorf("shard without a range: %v", err)
	}
	st, err := os.Stat("../testdata/cases.pgn")
	if err != nil {
		t.Fatal(err)
	}
	past := fmt.Sprintf("text:../testdata/cases.pgn@0-%d", st.Size()+1)
	if _, err := audit.OpenShard(past, nil); !errors.Is(err, audit.ErrInput) || !strings.Contains(err.Error(), "reaches past the end") {
		t.Errorf("shard past the end: %v", err)
	}
}

// TestWriteInputFailure: an input cut short is an error wrapping ErrInput, after the tables
// are written whole: the summary counts the games of both inputs, the errors row is not one.
func TestWriteInputFailure(t *testing.T) {
	whole, err := os.ReadFile("../testdata/sample.pgn.zst")
	if err != nil {
		t.Fatal(err)
	}
	in, out := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(in, "a-cut.pgn.zst"), whole[:len(whole)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(in, "b-good.pgn"), []byte(missedThreefold), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := audit.Open([]string{in}, nil)
	if err != nil {
		t.Fatal(err)
	}
	findings := filepath.Join(out, "f.csv")
	sum, err := a.Write(context.Background(), audit.Tables{Findings: findings})
	if !errors.Is(err, audit.ErrInput) || !strings.Contains(err.Error(), "a-cut.pgn.zst") {
		t.Fatalf("err = %v, want an ErrInput naming a-cut.pgn.zst", err)
	}
	if sum == nil || sum.Games() < 2 || sum.Interrupted() {
		t.Fatalf("summary %v: want the games of both inputs, not interrupted", sum)
	}
	b, err := os.ReadFile(findings)
	if err != nil || !strings.Contains(string(b), "b-good.pgn") {
		t.Errorf("findings table: %v, want the rows of b-good.pgn", err)
	}
}
