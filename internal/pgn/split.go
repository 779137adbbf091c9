package pgn

import (
	"bytes"
	"fmt"
	"io"
	"unsafe"
)

// Chunk sizes. A chunk of 1 MiB holds some five hundred lichess games or fifteen hundred OTB
// games: large enough that handing chunks to workers costs nothing per game, small enough that
// the chunks in flight, and the rows made of them, stay a few MB. Chunks of 4 MiB held 16 MiB of
// buffers and 7 MB of rows at -j 1: a quarter of the scan's resident memory, which the kernel
// faulted in page by page (issue 25's OTB scan: peak RSS 92 -> 67 MB, minor faults 19.0 -> 12.3
// thousand, the same instructions).
const (
	DefaultChunkSize   = 1 << 20
	DefaultMaxGameSize = 64 << 20
	minChunkSize       = 64
	// maxCommentSpan bounds a { } comment over several lines: a tag line more than this many
	// bytes after the line where a comment opened starts a new game, so that a stray '{'
	// swallows at most this much rather than the rest of the file. Real multi-line comments
	// are a few hundred bytes (the longest in the corpus is 439).
	maxCommentSpan = 64 << 10
	freeChunks     = 64 // chunk buffers kept for reuse per Splitter
	// gameSpan bounds the games of a chunk to one per gameSpan bytes of its buffer, so that its
	// list of games (56 bytes a game) stays smaller than its buffer: a chunk of 1 MiB holds at
	// most 16,384 games, where 1 MiB of "1. e4 *" would make 116,500 (6.5 MB of list).
	gameSpan = 64
)

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// SplitterOptions configure a [Splitter]. The zero value gives the defaults.
type SplitterOptions struct {
	// Source names the stream in errors and chunks (the input as given on the command line).
	Source string
	// ChunkSize is the size of the chunk buffers; 0 means DefaultChunkSize.
	ChunkSize int
	// MaxGameSize bounds the bytes of one game (a chunk grows to hold a longer game, up to this);
	// 0 means DefaultMaxGameSize. A longer game is delivered cut, with ErrGameTooLong.
	MaxGameSize int
	// Offset, Index and Line say where the stream starts in its source, for a stream that
	// starts at a game that an earlier split of the whole source found (a shard of a file): the
	// game's offset, index and 1-based line (0 means 1). The games then carry the offsets,
	// indexes and lines a split of the whole source gives them, since the splitter keeps no
	// state across the start of a game. A byte-order mark is skipped only at offset 0.
	Offset, Index, Line int64
}

// Game is one game found by a [Splitter]: a byte range of its chunk and where it stands in the
// stream.
type Game struct {
	Index  int64 // 0-based index of the game in its source
	Offset int64 // byte offset of the game's first byte in the decompressed stream
	Line   int64 // 1-based line of the game's first byte in the decompressed stream
	Start  int   // the game is Chunk.Data[Start:End]; it begins at a line start and
	End    int   // ends after its last non-blank byte (line ends not included)
	// Err is nil for a game that was read whole, else a *SyntaxError with ErrTruncated (the stream
	// ended inside the game), ErrGameTooLong (the game was cut at MaxGameSize) or ErrComment (a
	// comment of the game runs over tag sections: games lost to a stray '{', counted).
	Err error
}

// Chunk is a batch of consecutive games that share one buffer. Data and Games stay valid until
// Release; the games are in stream order and Data holds no partial game.
type Chunk struct {
	Source string // SplitterOptions.Source
	Seq    int64  // 0-based sequence number of the chunk in its source
	Offset int64  // stream offset of Data[0]
	Data   []byte // the chunk's bytes
	Games  []Game // the games in Data, at least one

	buf  []byte // the whole buffer; Data is a prefix
	pool *chunkPool
}

// GameBytes returns the bytes of c.Games[i].
func (c *Chunk) GameBytes(i int) []byte {
	g := &c.Games[i]
	return c.Data[g.Start:g.End:g.End]
}

// Size returns the bytes of memory the chunk holds: its buffer and its list of games. A chunk of
// many tiny games holds more in its list than in its buffer (a game is 56 bytes of Game), so a
// caller that bounds the chunks in flight by memory weighs them by Size.
func (c *Chunk) Size() int {
	return len(c.buf) + cap(c.Games)*int(unsafe.Sizeof(Game{}))
}

// Release gives the chunk's buffer back to its Splitter for reuse. The chunk, its Data and its
// Games must not be used afterwards. Release is safe to call from any goroutine; a chunk that is
// never released is simply left to the garbage collector.
func (c *Chunk) Release() {
	if c == nil || c.pool == nil {
		return
	}
	c.pool.put(c)
}

// chunkPool recycles chunk buffers of one size. A buffered channel rather than a sync.Pool, so
// that a garbage collection does not throw away multi-megabyte buffers that are about to be
// reused.
type chunkPool struct {
	size int
	free chan *Chunk
}

func (p *chunkPool) get() *Chunk {
	select {
	case c := <-p.free:
		return c
	default:
		return &Chunk{buf: make([]byte, p.size), pool: p}
	}
}

func (p *chunkPool) put(c *Chunk) {
	if len(c.buf) != p.size {
		return // a buffer grown for a long game: let it go
	}
	c.Data, c.Games = nil, c.Games[:0]
	select {
	case p.free <- c:
	default:
	}
}

// Splitter cuts a decompressed PGN stream into games without tokenising them.
//
// It works line by line (a line ends at LF, CRLF or a lone CR) and tracks only what decides game
// boundaries: whether a line is a tag line, a blank line, movetext, a '%' escape line or a ';'
// comment line, and whether movetext leaves a { } comment open. The rules:
//
//   - A tag line (first non-blank byte '[', outside a comment) starts a new game unless it
//     directly follows a tag line of the current game. So a game's end needs no blank line
//     before the next "[Event", and a tag line after a blank line starts a new game (the one
//     before had tags and no movetext).
//   - Blank lines (spaces and control bytes only) between the tags and the movetext, or inside
//     the movetext, do not end a game.
//   - Movetext outside a game starts a game without tags. Movetext after a blank line starts a
//     new game when the movetext before that blank line ended with a result token (two games
//     without tags, separated by a blank line).
//   - A '[' at the start of a line inside a { } comment that spans lines is comment text,
//     unless the line starts with "[Event " or the comment opened more than 64 KiB before:
//     then it is taken for a stray '{' and the tag line starts a new game (the game before ends
//     with ErrComment when tokenised). A game whose comment runs over tag sections (games lost
//     to a stray '{' that a later '}' closes, or that no tag line ends within 64 KiB) is
//     delivered with an ErrComment in Game.Err that counts them.
//   - Lines starting with '%' (escape) and ';' (comment) never start a game; blank, '%' and ';'
//     lines between games belong to no game. A UTF-8 byte-order mark at the start is skipped.
//   - The last game of the stream must end with a result token outside comments; if it does not
//     (a file cut off mid-game, a tag section with no movetext), it is delivered with
//     ErrTruncated in Game.Err.
//
// Next returns chunks of games in order. The reader is read in large pieces; after a read error
// the games before it are delivered (the one it cut, with ErrTruncated) and the next call returns
// the error.
type Splitter struct {
	r         io.Reader
	source    string
	chunkSize int
	maxGame   int
	pool      *chunkPool

	cur   *Chunk // the chunk being filled
	n     int    // valid bytes in cur.buf
	base  int64  // stream offset of cur.buf[0]
	line  int64  // line number of cur.buf[0]
	index int64  // index of the next game
	seq   int64  // sequence number of the next chunk

	eof  bool  // the reader is exhausted (io.EOF or an error)
	rerr error // the reader's error other than io.EOF
	done bool

	// Skipping the rest of a game longer than maxGame.
	skip     bool
	lastByte byte // last byte discarded while skipping
}

// NewSplitter returns a Splitter reading r.
func NewSplitter(r io.Reader, opt SplitterOptions) *Splitter {
	size := opt.ChunkSize
	if size <= 0 {
		size = DefaultChunkSize
	}
	size = max(size, minChunkSize)
	maxGame := opt.MaxGameSize
	if maxGame <= 0 {
		maxGame = DefaultMaxGameSize
	}
	maxGame = max(maxGame, size)
	p := &chunkPool{size: size, free: make(chan *Chunk, freeChunks)}
	return &Splitter{r: r, source: opt.Source, chunkSize: size, maxGame: maxGame, pool: p,
		base: opt.Offset, index: opt.Index, line: max(opt.Line, 1)}
}

// Next returns the next chunk of games. It returns io.EOF after the last chunk, or the reader's
// error after the games read before it. The caller should Release each chunk when done with it.
func (s *Splitter) Next() (*Chunk, error) {
	for {
		if s.done {
			if s.rerr != nil {
				return nil, s.rerr
			}
			return nil, io.EOF
		}
		if s.cur == nil {
			s.cur = s.pool.get()
		}
		s.fill()
		if s.skip && !s.resync() {
			continue
		}
		c := s.cur
		carry, carryLine := s.split(c, s.eof)
		if len(c.Games) > 0 {
			c.Source, c.Seq, c.Offset, c.Data = s.source, s.seq, s.base, c.buf[:carry]
			s.seq++
			s.cur = nil
			rest := c.buf[carry:s.n]
			if len(rest) > 0 {
				s.cur = s.newChunk(len(rest) + 1) // room to read more
				copy(s.cur.buf, rest)
			}
			s.n, s.base, s.line = len(rest), s.base+int64(carry), carryLine
			if s.eof && len(rest) == 0 {
				s.done = true
			}
			return c, nil
		}
		if s.eof { // nothing but blank lines and comments left
			s.done = true
			c.Release()
			s.cur = nil
			continue
		}
		if carry > 0 { // leading lines that belong to no game: drop them
			s.n = copy(c.buf, c.buf[carry:s.n])
			s.base += int64(carry)
			s.line = carryLine
			continue
		}
		// One game fills the whole buffer.
		if len(c.buf) < s.maxGame {
			nb := s.newChunk(min(2*len(c.buf), s.maxGame))
			copy(nb.buf, c.buf[:s.n])
			c.Release()
			s.cur = nb
			continue
		}
		if tooLong := s.cutLongGame(c); tooLong != nil {
			return tooLong, nil
		}
	}
}

// newChunk returns a chunk whose buffer holds at least need bytes: a pooled one when need fits
// the chunk size, else one twice as large as the last that fits need, but no larger than
// MaxGameSize (or need).
func (s *Splitter) newChunk(need int) *Chunk {
	if need <= s.chunkSize {
		return s.pool.get()
	}
	size := s.chunkSize
	for size < need {
		size *= 2
	}
	return &Chunk{buf: make([]byte, min(size, max(s.maxGame, need))), pool: s.pool}
}

// fill reads until the current buffer is full or the reader is exhausted.
func (s *Splitter) fill() {
	buf := s.cur.buf
	for empty := 0; s.n < len(buf) && !s.eof; {
		m, err := s.r.Read(buf[s.n:])
		s.n += m
		if err != nil {
			s.eof = true
			if err != io.EOF {
				s.rerr = err
			}
			return
		}
		if m == 0 {
			if empty++; empty >= 100 {
				s.eof, s.rerr = true, io.ErrNoProgress
			}
		}
	}
}

// cutLongGame delivers the start of a game longer than maxGame (the whole current buffer) with
// ErrGameTooLong and starts skipping the rest of it. It returns nil when the buffer holds only
// blanks.
func (s *Splitter) cutLongGame(c *Chunk) *Chunk {
	data := c.buf[:s.n]
	end := trimRightSpace(data, 0, len(data))
	var out *Chunk
	if end > 0 {
		g := Game{Index: s.index, Offset: s.base, Line: s.line, Start: 0, End: end}
		g.Err = &SyntaxError{Source: s.source, Game: s.index, Line: s.line, Column: 1,
			Offset: s.base, Excerpt: excerpt(data, 0), Err: ErrGameTooLong}
		s.index++
		c.Games = append(c.Games, g)
		c.Source, c.Seq, c.Offset, c.Data = s.source, s.seq, s.base, data
		s.seq++
		out = c
		s.cur = s.pool.get()
	}
	s.line += countLines(data, false)
	s.base += int64(len(data))
	s.lastByte = data[len(data)-1]
	s.n = 0
	s.skip = true // when out is nil, s.cur keeps its buffer for the bytes that follow
	return out
}

// resync discards the rest of a too-long game up to the next line that starts with '['. It
// reports whether the buffer now starts at such a line (false: the whole buffer was discarded,
// read more).
func (s *Splitter) resync() bool {
	data := s.cur.buf[:s.n]
	p := -1
	if len(data) > 0 && data[0] == '[' && (s.lastByte == '\n' || s.lastByte == '\r') {
		p = 0
	} else {
		for _, pat := range [...]string{"\n[", "\r["} {
			if i := bytes.Index(data, []byte(pat)); i >= 0 && (p < 0 || i+1 < p) {
				p = i + 1
			}
		}
	}
	if p < 0 {
		if len(data) > 0 {
			s.line += countLines(data, s.lastByte == '\r')
			s.base += int64(len(data))
			s.lastByte = data[len(data)-1]
			s.n = 0
		}
		if s.eof {
			s.done = true
		}
		return false
	}
	s.line += countLines(data[:p], s.lastByte == '\r')
	s.base += int64(p)
	s.n = copy(s.cur.buf, data[p:])
	s.skip = false
	return true
}

// countLines counts the line ends in b: LF, CRLF and lone CR each count once. afterCR says that
// the byte before b was a CR (already counted), so an LF at b[0] completes that CRLF.
func countLines(b []byte, afterCR bool) int64 {
	n := bytes.Count(b, []byte{'\n'}) + bytes.Count(b, []byte{'\r'}) - bytes.Count(b, []byte("\r\n"))
	if afterCR && len(b) > 0 && b[0] == '\n' {
		n--
	}
	return int64(n)
}

// Line states of the splitter.
const (
	stNone  = iota // between games
	stTags         // in a tag section, no blank line since its last tag line
	stGap          // blank lines after a tag section
	stMoves        // in movetext
)

// gameState is what split knows of the game being read and of a comment left open at the end
// of a line.
type gameState struct {
	st              int   // stNone, stTags, stGap or stMoves
	gStart          int   // where the game starts in the data
	gLine           int64 // and its first line
	gErr            error // the game's fault found by the splitter
	inBrace         bool  // a { } comment is open
	lastFrom        int   // the tokens of the last movetext line are data[lastFrom:lastTo]
	lastTo          int   // (empty when it ended inside a comment)
	blankAfterMoves bool  // a blank line followed the movetext
	braceFrom       int   // start of the line where the open comment opened
	braceAt         int   // the '{' of the open comment
	swallowed       int   // tag sections inside the open comment
	tagBefore       bool  // the line before, inside the open comment, was a tag line
	marks           commentMarks
}

// endsWithResult reports whether the last movetext line ended with a result. It is asked only
// at a blank line followed by movetext and at the end of the data, so the line is kept, not
// tested each time.
func (g *gameState) endsWithResult(data []byte) bool {
	return endsWithResult(data[g.lastFrom:g.lastTo])
}

// carry returns the start of the unfinished part of the buffer: the current game, or the
// current line (pos, line) between games.
func (g *gameState) carry(pos int, line int64) (int, int64) {
	if g.st != stNone {
		return g.gStart, g.gLine
	}
	return pos, line
}

// lineEnds finds where lines end: the next LF and CR at or after a position, each searched for
// once and kept until the position passes it (len(data) when there is none).
type lineEnds struct{ lf, cr int }

// next returns the end of the line that starts at pos and where the next one starts (after LF,
// CR or CRLF), or ok false when the line may go on past data (not atEOF).
func (e *lineEnds) next(data []byte, pos int, atEOF bool) (end, next int, ok bool) {
	if e.lf < pos {
		if e.lf = bytes.IndexByte(data[pos:], '\n'); e.lf >= 0 {
			e.lf += pos
		} else {
			e.lf = len(data)
		}
	}
	if e.cr < pos {
		if e.cr = bytes.IndexByte(data[pos:], '\r'); e.cr >= 0 {
			e.cr += pos
		} else {
			e.cr = len(data)
		}
	}
	switch {
	case e.lf < e.cr:
		return e.lf, e.lf + 1, true
	case e.cr < len(data):
		next = e.cr + 1
		if next < len(data) {
			if data[next] == '\n' {
				next++
			}
		} else if !atEOF {
			return 0, 0, false // LF may follow
		}
		return e.cr, next, true
	case atEOF:
		return len(data), len(data), true
	}
	return 0, 0, false
}

// commentMarks finds the bytes that make a movetext line need commentState: a '{' or a ';'.
// Each is searched for a stretch ahead and the place found kept until the position passes it,
// so that lines with neither (all of OTB's movetext) cost two comparisons, not two searches.
type commentMarks struct {
	brace, semi int // the next '{' and ';' found, or the end of the stretch searched for them
}

// markStretch bounds a search of commentMarks: a line without a ';' must not cost a search to
// the end of the data when the lines after it have '{' comments (lichess's movetext).
const markStretch = 16 << 10

// nextMark returns the place of c at or after pos, or a place before which data[pos:] holds
// none (the end of the stretch searched). *at keeps it for the next call.
func nextMark(data []byte, at *int, c byte, pos int) int {
	if *at < pos {
		*at = searchMark(data, c, pos)
	}
	return *at
}

// searchMark is nextMark's search, apart so that nextMark is inlined.
func searchMark(data []byte, c byte, pos int) int {
	stretch := data[pos:min(pos+markStretch, len(data))]
	if i := bytes.IndexByte(stretch, c); i >= 0 {
		return pos + i
	}
	return pos + len(stretch)
}

// split finds the games of s.cur.buf[:s.n] that end inside it and appends them to c.Games. It
// returns where the unfinished part starts (the start of the last game, or of the last partial
// line) and its line number. With atEOF the data is all there is and everything is consumed.
func (s *Splitter) split(c *Chunk, atEOF bool) (carry int, carryLine int64) {
	data := c.buf[:s.n]
	pos, line := 0, s.line
	if s.base == 0 && bytes.HasPrefix(data, utf8BOM) {
		pos = len(utf8BOM)
	}
	g := gameState{st: stNone, marks: commentMarks{-1, -1}}
	ends := lineEnds{-1, -1}
	for pos < len(data) {
		if len(c.Games) >= len(c.buf)/gameSpan {
			return g.carry(pos, line) // the chunk has its share of games
		}
		end, next, ok := ends.next(data, pos, atEOF)
		if !ok {
			return g.carry(pos, line)
		}
		if g.inBrace {
			s.commentLine(c, data, &g, pos, end, line)
		} else {
			s.textLine(c, data, &g, pos, end, line)
		}
		pos = next
		line++
		pos, line = g.run(&ends, data, pos, line)
	}
	if !atEOF {
		return g.carry(pos, line)
	}
	if g.st != stNone {
		s.emit(c, data, g.gStart, len(data), g.gLine, s.lastGameErr(data, &g))
	}
	return len(data), line
}

// commentLine reads the line data[pos:end] inside a comment that spans lines: nothing there
// starts a game, but a tag section in it is counted, so that the game it belongs to reports what
// it swallowed. An [Event line, or the first tag line of a section after a comment open this
// long, follows a stray '{': split resynchronises on it.
func (s *Splitter) commentLine(c *Chunk, data []byte, g *gameState, pos, end int, line int64) {
	ln := data[pos:end]
	if isEventLine(ln) || pos-g.braceFrom > maxCommentSpan && isTagLine(ln) && !g.tagBefore {
		// The game before ends with the tokenizer's ErrComment at that brace, or with the
		// count of the game starts the comment swallowed.
		s.emit(c, data, g.gStart, pos, g.gLine, s.swallowed(data, g.gStart, g.gLine, g.braceAt, g.swallowed))
		g.gStart, g.gLine, g.st, g.inBrace = pos, line, stTags, false
		g.swallowed, g.gErr = 0, nil
		return
	}
	tag := isTagLine(ln)
	if tag && !g.tagBefore && isTagPair(ln) {
		g.swallowed++
	}
	g.tagBefore = tag
	closed := bytes.IndexByte(ln, '}') >= 0
	var effEnd int
	g.inBrace, effEnd = commentState(ln, true)
	if closed {
		if g.gErr == nil {
			g.gErr = s.swallowed(data, g.gStart, g.gLine, g.braceAt, g.swallowed)
		}
		g.swallowed = 0
	}
	if !g.inBrace {
		g.lastFrom, g.lastTo = pos, pos+effEnd
	} else if closed { // and opened again
		g.braceFrom, g.braceAt, g.tagBefore = pos, pos+bytes.LastIndexByte(ln, '{'), false
	}
}

// Line kinds by the first non-blank byte of a line outside comments (lineStart).
const (
	lsMoves   = iota // movetext
	lsBlank          // a blank byte: the kind is the first non-blank byte's
	lsTag            // '[': a tag line
	lsEscape         // '%': an escape line when it is the line's first byte, else movetext
	lsComment        // ';': a comment line
)

// lineStart holds the line kind each byte starts.
var lineStart = func() (t [256]uint8) {
	for c := range t {
		if blank[c] {
			t[c] = lsBlank
		}
	}
	t['['], t['%'], t[';'] = lsTag, lsEscape, lsComment
	return t
}()

// run steps over the lines from pos on that change nothing but the line count and the last
// movetext line, as textLine would read them: tag lines that continue a tag section, and
// movetext lines without '{' or ';' in movetext that no blank line interrupted; each starts
// with its kind's byte and ends with an LF. An empty line after them is read too (blank). It
// returns where the first other line starts, and its number; split reads that one.
func (g *gameState) run(e *lineEnds, data []byte, pos int, line int64) (int, int64) {
	var kind uint8
	switch {
	case g.st == stTags:
		kind = lsTag
	case g.st == stMoves && !g.blankAfterMoves && !g.inBrace:
		kind = lsMoves
	default:
		return pos, line
	}
	for uint(pos) < uint(len(data)) && lineStart[data[pos]] == kind {
		if e.lf < pos {
			if e.lf = bytes.IndexByte(data[pos:], '\n'); e.lf >= 0 {
				e.lf += pos
			} else {
				e.lf = len(data)
			}
		}
		end := e.lf
		if end >= e.cr { // a CR may end the line first (e.cr is before pos when not searched since)
			break
		}
		if kind == lsMoves {
			if m := &g.marks; nextMark(data, &m.brace, '{', pos) < end || nextMark(data, &m.semi, ';', pos) < end {
				break
			}
			g.lastFrom, g.lastTo = pos, end
		}
		pos, line = end+1, line+1
	}
	if uint(pos) < uint(len(data)) && data[pos] == '\n' { // an empty line: the blank after the run
		g.blank()
		pos, line = pos+1, line+1
	}
	return pos, line
}

// blank notes a blank line outside comments: after tags, the gap before the movetext; in
// movetext, a break after which a result before it ends the game.
func (g *gameState) blank() {
	if g.st == stTags {
		g.st = stGap
	} else if g.st == stMoves {
		g.blankAfterMoves = true
	}
}

// textLine reads the line data[pos:end] outside comments: a blank line, a tag line (which
// starts a game after another game), an escape or comment line, or movetext (which starts a
// game between games, or after a blank line that follows a result).
func (s *Splitter) textLine(c *Chunk, data []byte, g *gameState, pos, end int, line int64) {
	ln := data[pos:end]
	k := 0
	for k < len(ln) && blank[ln[k]] {
		k++
	}
	if k == len(ln) {
		g.blank()
		return
	}
	switch kind := lineStart[ln[k]]; {
	case kind == lsTag:
		if g.st != stTags {
			if g.st != stNone {
				s.emit(c, data, g.gStart, pos, g.gLine, g.gErr)
			}
			g.gStart, g.gLine, g.st, g.gErr = pos, line, stTags, nil
		}
	case kind == lsEscape && k == 0, kind == lsComment:
		// Escape or comment line: belongs to the game it is in, starts none.
	default:
		s.movetextLine(c, data, g, pos, k, end, line)
	}
}

// movetextLine reads the movetext line data[pos:end] outside comments, whose first non-blank
// byte is data[pos+k]: it starts a game between games, or after a blank line that follows a
// result, and may open a comment that goes on over the next lines.
func (s *Splitter) movetextLine(c *Chunk, data []byte, g *gameState, pos, k, end int, line int64) {
	if g.st == stNone || (g.st == stMoves && g.blankAfterMoves && g.endsWithResult(data)) {
		if g.st != stNone {
			s.emit(c, data, g.gStart, pos, g.gLine, g.gErr)
		}
		g.gStart, g.gLine, g.gErr = pos, line, nil
	}
	g.st, g.blankAfterMoves = stMoves, false
	from, to := pos+k, end
	if m := &g.marks; nextMark(data, &m.brace, '{', pos) < end || nextMark(data, &m.semi, ';', pos) < end {
		var effEnd int
		g.inBrace, effEnd = commentState(data[from:end], false)
		to = from + effEnd
	}
	g.lastFrom, g.lastTo = from, to
	if g.inBrace {
		g.lastTo = from
		g.braceFrom, g.braceAt, g.tagBefore = pos, from+bytes.LastIndexByte(data[from:end], '{'), false
	}
}

// lastGameErr returns the fault of the game the data ends in: the comment's count of swallowed
// tag sections, ErrTruncated when it stops before its movetext or inside a comment or without a
// result, else the splitter's fault found earlier.
func (s *Splitter) lastGameErr(data []byte, g *gameState) error {
	if g.inBrace && g.swallowed > 0 {
		return s.swallowed(data, g.gStart, g.gLine, g.braceAt, g.swallowed)
	}
	if g.st != stMoves || g.inBrace || !g.endsWithResult(data) {
		end := trimRightSpace(data, g.gStart, len(data))
		l, col := position(data[g.gStart:], end-g.gStart, g.gLine, 1)
		return &SyntaxError{Source: s.source, Game: s.index, Line: l, Column: col,
			Offset: s.base + int64(end), Excerpt: excerpt(data[g.gStart:end], end-g.gStart), Err: ErrTruncated}
	}
	return g.gErr
}

// isEventLine reports whether ln starts with "[Event ", the first tag of nearly every game: no
// comment holds one, so one inside a comment follows a stray '{'.
func isEventLine(ln []byte) bool {
	return bytes.HasPrefix(ln, []byte("[Event "))
}

// isTagPair reports whether ln starts like a tag pair: '[', a name, blanks and a '"' (not
// "[%clk ...]" or "[b]", which comments hold).
func isTagPair(ln []byte) bool {
	if !isTagLine(ln) {
		return false
	}
	k := bytes.IndexByte(ln, '[') + 1
	for k < len(ln) && (ln[k]|0x20 >= 'a' && ln[k]|0x20 <= 'z' || ln[k] >= '0' && ln[k] <= '9' || ln[k] == '_') {
		k++
	}
	for k < len(ln) && (ln[k] == ' ' || ln[k] == '\t') {
		k++
	}
	return k < len(ln) && ln[k] == '"'
}

// swallowed returns the fault of the game data[gStart:] whose comment opened at braceAt ran
// over n tag sections (nil when n is 0): ErrComment, with the count, so that the games lost in
// it are reported.
func (s *Splitter) swallowed(data []byte, gStart int, gLine int64, braceAt, n int) error {
	if n == 0 {
		return nil
	}
	l, col := position(data[gStart:], braceAt-gStart, gLine, 1)
	lineStart := braceAt - (col - 1)
	return &SyntaxError{Source: s.source, Game: s.index, Line: l, Column: col,
		Offset: s.base + int64(braceAt), Excerpt: excerpt(data[lineStart:lineEnd(data, braceAt)], col-1),
		Err: fmt.Errorf("%w: it runs over %d tag sections, games lost in it", ErrComment, n)}
}

// isTagLine reports whether ln's first non-blank byte is '[' followed by a letter.
func isTagLine(ln []byte) bool {
	k := 0
	for k < len(ln) && blank[ln[k]] {
		k++
	}
	return k+1 < len(ln) && ln[k] == '[' && (ln[k+1]|0x20 >= 'a' && ln[k+1]|0x20 <= 'z')
}

// emit appends the game data[start:next] (trailing blanks trimmed) to c.
func (s *Splitter) emit(c *Chunk, data []byte, start, next int, line int64, err error) {
	c.Games = append(c.Games, Game{
		Index:  s.index,
		Offset: s.base + int64(start),
		Line:   line,
		Start:  start,
		End:    trimRightSpace(data, start, next),
		Err:    err,
	})
	s.index++
}

// blank holds the bytes a line may consist of and still be blank: space and every control
// byte (tabs, form feeds, the NULs some files carry), as the tokenizer skips them all.
var blank = func() (t [256]bool) {
	for c := 0; c <= ' '; c++ {
		t[c] = true
	}
	t[0x7f] = true
	return t
}()

// trimRightSpace returns the end of data[start:end] without trailing blanks and line ends.
func trimRightSpace(data []byte, start, end int) int {
	for end > start && blank[data[end-1]] {
		end--
	}
	return end
}

// commentState scans one movetext line. inside says the line starts within a { } comment. It
// returns whether the line ends within a comment, and where its tokens end (at a ';' comment
// outside braces, else len(ln)).
func commentState(ln []byte, inside bool) (bool, int) {
	i := 0
	if inside {
		j := bytes.IndexByte(ln, '}')
		if j < 0 {
			return true, len(ln)
		}
		i = j + 1
	}
	rest := ln[i:]
	if bytes.IndexByte(rest, ';') < 0 {
		if bytes.IndexByte(rest, '{') < 0 {
			return false, len(ln)
		}
		// The last brace decides: after a '}' we are outside, after a '{' inside.
		for k := len(rest) - 1; k >= 0; k-- {
			switch rest[k] {
			case '}':
				return false, len(ln)
			case '{':
				return true, len(ln)
			}
		}
		return false, len(ln)
	}
	in := false
	for k := i; k < len(ln); k++ {
		switch ln[k] {
		case '{':
			in = true
		case '}':
			in = false
		case ';':
			if !in {
				return false, k
			}
		}
	}
	return in, len(ln)
}

// endsWithResult reports whether the movetext b ends with a result token.
func endsWithResult(b []byte) bool {
	n := trimRightSpace(b, 0, len(b))
	b = b[:n]
	var k int
	switch {
	case n >= 1 && b[n-1] == '*':
		k = 1
	case n >= 3 && (string(b[n-3:]) == "1-0" || string(b[n-3:]) == "0-1"):
		k = 3
	case n >= 7 && string(b[n-7:]) == "1/2-1/2":
		k = 7
	default:
		return false
	}
	if n == k {
		return true
	}
	switch b[n-k-1] {
	case ' ', '\t', '}', ')', '.':
		return true
	}
	return false
}
