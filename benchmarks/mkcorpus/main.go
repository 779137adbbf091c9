// Command mkcorpus builds pgnscan's benchmark corpora from the real games in ../shared/corpus.
// It never invents moves: games are copied, given lichess-style tags and [%clk] comments, and
// repeated with new dates and ids until the archive is large enough.
//
//	go run ./benchmarks/mkcorpus -corpus ../shared/corpus -out benchmarks/corpus
//
// It writes, deterministically (same inputs, same bytes), and skips files already present:
//
//	otb-masters.pgn        the OTB corpus unpacked
//	lichess-style.pgn      at least -size bytes of lichess-format games
//	lichess-style.pgn.zst  the same, as independent zstd frames each announced by a skippable
//	                       frame holding its compressed size (the pzstd layout lichess publishes)
package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/klauspost/compress/zstd"
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
	return writeOnce(plain+".zst", func(w io.Writer) error { return writeFrames(w, plain, frame) })
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
	var sans [][]byte
	for pass := 0; cw.n < size; pass++ {
		for _, src := range sources {
			for g := range games(src) {
				if cw.n >= size {
					return cw.err
				}
				id++
				sans = movetext(g.moves, sans[:0])
				tc := timeControls[id%uint64(len(timeControls))]
				year := 2013 + int((id*7+uint64(pass)*5)%13)
				month, day := 1+int(id%12), 1+int(id%28)
				fmt.Fprintf(cw, "[Event \"%s\"]\n[Site \"https://lichess.org/%s\"]\n[Date \"%d.%02d.%02d\"]\n[Round \"-\"]\n",
					tc.event, gameID(id), year, month, day)
				fmt.Fprintf(cw, "[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n[UTCDate \"%d.%02d.%02d\"]\n[UTCTime \"%02d:%02d:%02d\"]\n",
					tag(g.tags, "White"), tag(g.tags, "Black"), g.result, year, month, day, id%24, id%60, (id/60)%60)
				fmt.Fprintf(cw, "[WhiteElo \"%d\"]\n[BlackElo \"%d\"]\n[ECO \"%s\"]\n[TimeControl \"%s\"]\n[Termination \"Normal\"]\n\n",
					1200+id%1500, 1250+(id*3)%1500, tag(g.tags, "ECO"), tc.tc)
				clock := [2]int{tc.base, tc.base}
				for i, san := range sans {
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

type game struct {
	tags   [][]byte // tag lines
	moves  []byte
	result string
}

// games yields the games of a PGN text: a game is its tag lines and the movetext after them.
// It is a benchmark-corpus helper for well-formed inputs, not pgnscan's reader.
func games(src []byte) func(func(game) bool) {
	return func(yield func(game) bool) {
		var g game
		inMoves := false
		for len(src) > 0 {
			line := src
			if i := bytes.IndexByte(src, '\n'); i >= 0 {
				line, src = src[:i], src[i+1:]
			} else {
				src = nil
			}
			line = bytes.TrimRight(line, "\r")
			if bytes.HasPrefix(line, []byte("[")) && (inMoves || len(g.tags) == 0 || len(g.moves) == 0) {
				if inMoves {
					if !yield(finish(g)) {
						return
					}
					g, inMoves = game{}, false
				}
				g.tags = append(g.tags, line)
				continue
			}
			if len(bytes.TrimSpace(line)) > 0 {
				inMoves = true
				g.moves = append(append(g.moves, line...), '\n')
			}
		}
		if len(g.tags) > 0 {
			yield(finish(g))
		}
	}
}

func finish(g game) game {
	g.result = tag(g.tags, "Result")
	switch g.result {
	case "1-0", "0-1", "1/2-1/2":
	default:
		g.result = "*"
	}
	return g
}

// tag returns the value of the named tag as written (still escaped, so it can be written back).
func tag(tags [][]byte, name string) string {
	prefix := []byte("[" + name + " \"")
	for _, t := range tags {
		if bytes.HasPrefix(t, prefix) {
			v := bytes.TrimSuffix(t[len(prefix):], []byte("\"]"))
			return string(v)
		}
	}
	return "?"
}

// movetext returns the SAN tokens of the main line: comments, variations, NAGs, move numbers,
// annotation glyphs and the result are dropped.
func movetext(text []byte, dst [][]byte) [][]byte {
	depth := 0
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '{':
			j := bytes.IndexByte(text[i:], '}')
			if j < 0 {
				return dst
			}
			i += j + 1
		case c == ';':
			j := bytes.IndexByte(text[i:], '\n')
			if j < 0 {
				return dst
			}
			i += j + 1
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			i++
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		default:
			j := i
			for j < len(text) && !bytes.ContainsRune([]byte(" \n\t\r{}();"), rune(text[j])) {
				j++
			}
			tok := text[i:j]
			i = j
			if depth > 0 {
				continue
			}
			// Drop the move number prefix of tokens such as "12.e4" or "12...Nf6".
			k := 0
			for k < len(tok) && tok[k] >= '0' && tok[k] <= '9' {
				k++
			}
			if k > 0 && k < len(tok) && tok[k] == '.' {
				for k < len(tok) && tok[k] == '.' {
					k++
				}
				tok = tok[k:]
			}
			tok = bytes.TrimRight(tok, "!?")
			switch {
			case len(tok) == 0, tok[0] == '$', tok[0] == '*',
				bytes.Equal(tok, []byte("1-0")), bytes.Equal(tok, []byte("0-1")), bytes.Equal(tok, []byte("1/2-1/2")):
				continue
			case tok[0] >= '0' && tok[0] <= '9' && !bytes.HasPrefix(tok, []byte("0-0")):
				continue // a bare move number
			}
			dst = append(dst, tok)
		}
	}
	return dst
}
