// Command mkcorpus builds pgnscan's benchmark corpora from the real games in ../shared/corpus.
// It never invents moves: games are copied, given lichess-style tags and [%clk] comments, and
// repeated with new dates and ids until the archive is large enough.
//
//	go run ./benchmarks/mkcorpus -corpus ../shared/corpus -out benchmarks/corpus
//
// It writes, deterministically (same inputs, same bytes), and skips files already present:
//
//	otb-masters.pgn                the OTB corpus unpacked
//	lichess-style.pgn              at least -size bytes of lichess-format games
//	lichess-style-pzstd14.pgn.zst  the same, packed as lichess packs its dumps: by pzstd, in
//	                               independent frames that do not declare their decoded size,
//	                               each announced by a skippable frame holding its compressed
//	                               size; at level 14, the lowest at which pzstd packs these games
//	                               about 7 times, as tightly as lichess's dumps are packed
//	lichess-style.pgn.zst          the same in frames of -frame bytes that declare their size,
//	                               at zstd's default level (5.2 times): the file of earlier runs
//
// The pzstd file needs pzstd (Debian's zstd package); its output does not depend on -p.
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/klauspost/compress/zstd"

	"github.com/pgnscan/pgnscan/internal/pgn"
)

func main() {
	corpus := flag.String("corpus", "../shared/corpus", "folder of the shared game collections")
	out := flag.String("out", "benchmarks/corpus", "folder for the generated corpora")
	size := flag.Int64("size", 1_050_000_000, "minimum size of lichess-style.pgn in bytes")
	frame := flag.Int("frame", 8<<20, "uncompressed bytes per zstd frame")
	flag.Parse()
	if err := build(*corpus, *out, *size, *frame); err != nil {
		fmt.Fprintln(os.Stderr, "mkcorpus:", err)
		os.Exit(1)
	}
}

func build(corpus, out string, size int64, frame int) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	otb, err := readZstd(filepath.Join(corpus, "otb-masters.pgn.zst"))
	if err != nil {
		return err
	}
	if err := writeOnce(filepath.Join(out, "otb-masters.pgn"), func(w io.Writer) error {
		_, err := w.Write(otb)
		return err
	}); err != nil {
		return err
	}
	lichess, err := os.ReadFile(filepath.Join(corpus, "lichess-2025-05-excerpt.pgn"))
	if err != nil {
		return err
	}
	plain := filepath.Join(out, "lichess-style.pgn")
	if err := writeOnce(plain, func(w io.Writer) error {
		return writeLichessStyle(w, [][]byte{otb, lichess}, size)
	}); err != nil {
		return err
	}
	if err := writeOnce(plain+".zst", func(w io.Writer) error { return writeFrames(w, plain, frame) }); err != nil {
		return err
	}
	return writeOnce(filepath.Join(out, "lichess-style-pzstd14.pgn.zst"), func(w io.Writer) error {
		return runPzstd(w, plain, 14)
	})
}

// runPzstd writes the file at src compressed by pzstd at the given level, on every core.
func runPzstd(w io.Writer, src string, level int) error {
	cmd := exec.Command("pzstd", "-q", "-c", fmt.Sprintf("-%d", level), "-p", strconv.Itoa(runtime.NumCPU()), src)
	cmd.Stdout, cmd.Stderr = w, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pzstd (apt-get install zstd): %w", err)
	}
	return nil
}

// writeOnce creates path through a temporary file unless it already exists.
func writeOnce(path string, fill func(io.Writer) error) error {
	if _, err := os.Stat(path); err == nil {
		fmt.Fprintln(os.Stderr, "mkcorpus: kept", path)
		return nil
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 1<<20)
	if err := fill(bw); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, "mkcorpus: wrote", path)
	return os.Rename(tmp, path)
}

func readZstd(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	d, err := zstd.NewReader(f)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return io.ReadAll(d)
}

// writeFrames compresses the file at src into independent zstd frames of frame bytes each,
// each preceded by a skippable frame (magic 0x184D2A50) whose 4-byte payload is the size of the
// zstd frame that follows: the layout pzstd writes and lichess publishes.
func writeFrames(w io.Writer, src string, frame int) error {
	f, err := os.Open(src)
	if err != nil {
		return err
	}
	defer f.Close()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return err
	}
	defer enc.Close()
	buf := make([]byte, frame)
	var dst []byte
	for {
		n, err := io.ReadFull(f, buf)
		if n > 0 {
			dst = enc.EncodeAll(buf[:n], dst[:0])
			var hdr [12]byte
			binary.LittleEndian.PutUint32(hdr[0:], 0x184D2A50)
			binary.LittleEndian.PutUint32(hdr[4:], 4)
			binary.LittleEndian.PutUint32(hdr[8:], uint32(len(dst)))
			if _, err := w.Write(hdr[:]); err != nil {
				return err
			}
			if _, err := w.Write(dst); err != nil {
				return err
			}
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

var timeControls = []struct {
	tc, event string
	base      int
}{
	{"60+0", "Rated Bullet game", 60},
	{"180+0", "Rated Blitz game", 180},
	{"180+2", "Rated Blitz game", 180},
	{"300+3", "Rated Blitz game", 300},
	{"600+0", "Rated Rapid game", 600},
	{"900+10", "Rated Rapid game", 900},
	{"1800+0", "Rated Classical game", 1800},
	{"15+0", "Rated UltraBullet game", 15},
}

// writeLichessStyle writes the games of the sources again and again, in lichess's format, until
// at least size bytes are written. Pass p re-dates every game to a year between 2013 and 2025.
func writeLichessStyle(w io.Writer, sources [][]byte, size int64) error {
	cw := &countWriter{w: w}
	var id uint64
	for pass := 0; cw.n < size; pass++ {
		for _, src := range sources {
			for g := range games(src) {
				if cw.n >= size {
					return cw.err
				}
				id++
				tc := timeControls[id%uint64(len(timeControls))]
				year := 2013 + int((id*7+uint64(pass)*5)%13)
				month, day := 1+int(id%12), 1+int(id%28)
				fmt.Fprintf(cw, "[Event \"%s\"]\n[Site \"https://lichess.org/%s\"]\n[Date \"%d.%02d.%02d\"]\n[Round \"-\"]\n",
					tc.event, gameID(id), year, month, day)
				fmt.Fprintf(cw, "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[UTCDate \"%d.%02d.%02d\"]\n[UTCTime \"%02d:%02d:%02d\"]\n",
					orUnknown(g.white), orUnknown(g.black), g.result, year, month, day, id%24, id%60, (id/60)%60)
				fmt.Fprintf(cw, "[WhiteElo \"%d\"]\n[BlackElo \"%d\"]\n[ECO \"%s\"]\n[TimeControl \"%s\"]\n[Termination \"Normal\"]\n\n",
					1200+id%1500, 1250+(id*3)%1500, orUnknown(g.eco), tc.tc)
				clock := [2]int{tc.base, tc.base}
				for i, san := range g.sans {
					side := i & 1
					clock[side] -= int((id+uint64(i)*13)%7) % (clock[side]/20 + 1)
					if side == 0 {
						fmt.Fprintf(cw, "%d. ", i/2+1)
					} else {
						fmt.Fprintf(cw, "%d... ", i/2+1)
					}
					c := clock[side]
					fmt.Fprintf(cw, "%s { [%%clk %d:%02d:%02d] } ", san, c/3600, c/60%60, c%60)
				}
				fmt.Fprintf(cw, "%s\n\n", g.result)
			}
		}
	}
	return cw.err
}

type countWriter struct {
	w   io.Writer
	n   int64
	err error
}

func (c *countWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	c.n += int64(n)
	c.err = err
	return n, err
}

// gameID makes an 8-character lichess-style id from a counter.
func gameID(n uint64) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	var b [8]byte
	x := n*0x9E3779B97F4A7C15 + 12345
	for i := range b {
		b[i] = alphabet[x%62]
		x /= 62
	}
	return string(b[:])
}

// game is what the lichess-style copy keeps of a game: raw tag values (still escaped, so they can
// be written back) and the main line's SAN tokens.
type game struct {
	white, black, eco []byte
	result            string
	sans              [][]byte
}

// games yields the games of a PGN text as pgnscan's reader reads them; a game's slices are valid
// during the call only. Games the reader cannot read whole keep the moves before the fault.
func games(src []byte) func(func(*game) bool) {
	return func(yield func(*game) bool) {
		r := pgn.NewReader(bytes.NewReader(src), pgn.SplitterOptions{Source: "corpus"})
		var g game
		for r.Next() {
			g = game{sans: g.sans[:0], result: "*"}
			tok := r.Tokenizer()
			for k := tok.Next(); k != pgn.TokEnd; k = tok.Next() {
				switch k {
				case pgn.TokTag:
					switch string(tok.TagName()) {
					case "White":
						g.white = tok.Bytes()
					case "Black":
						g.black = tok.Bytes()
					case "ECO":
						g.eco = tok.Bytes()
					case "Result":
						switch res := string(tok.Bytes()); res {
						case "1-0", "0-1", "1/2-1/2":
							g.result = res
						}
					}
				case pgn.TokSAN:
					g.sans = append(g.sans, tok.Bytes())
				}
			}
			if !yield(&g) {
				return
			}
		}
	}
}

// orUnknown returns a tag value, or "?" when the game has none.
func orUnknown(v []byte) []byte {
	if len(v) == 0 {
		return []byte("?")
	}
	return v
}
