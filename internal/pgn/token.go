package pgn

import "bytes"

// Token is the kind of item [Tokenizer.Next] found.
type Token uint8

// Tokens. Move numbers ("12.", "12...") are skipped, and so are variations, ';' comments and '%'
// escape lines.
const (
	TokEnd     Token = iota // the game is over: see Tokenizer.Err
	TokTag                  // a tag pair: TagName and Bytes (the raw value, escapes intact)
	TokSAN                  // a move in SAN as written, without annotation glyphs: Bytes
	TokNAG                  // a numeric annotation glyph ($n, or !, ?, !!, ??, !?, ?!): NAG
	TokComment              // a { } comment: Bytes is the text between the braces
	TokResult               // 1-0, 0-1, 1/2-1/2 or *: Bytes
)

var tokenNames = [...]string{"end", "tag", "SAN", "NAG", "comment", "result"}

func (k Token) String() string {
	if int(k) < len(tokenNames) {
		return tokenNames[k]
	}
	return "token?"
}

// Color is a side.
type Color uint8

// Sides.
const (
	White Color = iota
	Black
)

func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Byte classes of movetext.
const (
	cBad     = iota // cannot start or continue a token
	cSpace          // blank, line end or other control byte
	cWord           // a word byte that starts a SAN
	cDigit          // a word byte that starts a move number or a result
	cDot            // '.', a word byte: "..." after a move number written apart
	cStar           // '*', a word byte: the result of an unfinished game
	cBrace          // {
	cSemi           // ;
	cOpen           // (
	cClose          // )
	cDollar         // $
	cGlyph          // ! or ?
	cPercent        // %
)

var class = func() (t [256]uint8) {
	for c := 0x21; c < 256; c++ {
		t[c] = cWord
	}
	// Blanks, and every other control byte: NULs and the like turn up between games in real
	// files and carry no meaning.
	for c := 0; c < 0x20; c++ {
		t[c] = cSpace
	}
	t[' '], t[0x7f] = cSpace, cSpace
	for c := '0'; c <= '9'; c++ {
		t[c] = cDigit
	}
	t['.'], t['*'] = cDot, cStar
	for _, c := range []byte("[]}\"<>") {
		t[c] = cBad
	}
	t['{'], t[';'], t['('], t[')'] = cBrace, cSemi, cOpen, cClose
	t['$'], t['!'], t['?'], t['%'] = cDollar, cGlyph, cGlyph, cPercent
	return t
}()

// wordByte holds the bytes that continue a word (cWord, cDigit, cDot and cStar).
var wordByte = func() (t [256]bool) {
	for c := range t {
		t[c] = class[c] == cWord || class[c] == cDigit || class[c] == cDot || class[c] == cStar
	}
	return t
}()

// valueStop holds the bytes a tag value scan stops at.
var valueStop = [256]bool{'"': true, '\\': true, '\n': true, '\r': true}

// tagName holds the bytes allowed in a tag name.
var tagName = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c == '_' || c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
	}
	return t
}()

// Tokenizer reads the tags and movetext of one game. Use Reset (or ResetBytes) for each game,
// then call Next until it returns TokEnd, then Err. The []byte values it returns are views into
// the game's bytes: valid as long as those bytes are (for a Chunk, until Release), not to be
// modified, and no token allocates. A Tokenizer is reused from game to game; it is not safe for
// concurrent use.
//
// The main line is tokenised; variations are skipped whole (parentheses are counted outside
// comments) and must balance. The first error ends the game: Next returns TokEnd and Err the
// *SyntaxError. A game the Splitter delivered with Game.Err ends with that error once its
// tokens are read. With SkipComments, main-line comments are stepped over too, the last one
// noted (LastComment).
type Tokenizer struct {
	data    []byte
	pos     int
	source  string
	index   int64
	offset  int64 // stream offset of data[0]
	line    int64 // stream line of data[0]
	gameErr error // the Splitter's verdict on the game, reported at its end

	tok   Token
	start int // start of the current token in data
	// Bytes is data[from:to] and TagName data[nameFrom:nameTo]: places, not slices, which
	// cost a write barrier test and a capacity to store for each token.
	from, to, nameFrom, nameTo int

	nag        int
	ply        int
	blackFirst bool
	part       part // what Next reads next: the tags, the movetext, or nothing (the game ended)
	result     bool
	err        error

	skipComments bool // see SkipComments; kept by Reset
	// The last main-line comment read is data[lastFrom:lastTo], after lastPly moves; lastFrom
	// is 0 while there is none (a comment's text starts after its brace).
	lastFrom, lastTo, lastPly int
}

// part is where a Tokenizer is in its game. One field, not two flags: Next tests it once per
// token.
type part uint8

const (
	inTags part = iota
	inMoves
	ended
)

// Reset makes t read game i of chunk c.
func (t *Tokenizer) Reset(c *Chunk, i int) {
	g := &c.Games[i]
	t.reset(c.GameBytes(i), c.Source, g.Index, g.Offset, g.Line, g.Err)
}

// ResetBytes makes t read data as one game with no source, index 0, at offset 0 and line 1.
func (t *Tokenizer) ResetBytes(data []byte) {
	t.reset(data, "", 0, 0, 1, nil)
}

func (t *Tokenizer) reset(data []byte, source string, index, offset, line int64, gameErr error) {
	*t = Tokenizer{data: data, source: source, index: index, offset: offset, line: line, gameErr: gameErr,
		skipComments: t.skipComments}
	if bytes.HasPrefix(data, utf8BOM) {
		t.pos = len(utf8BOM)
	}
}

// SkipComments sets whether Next steps over the main line's { } comments instead of returning
// them as TokComment: a reader that needs only the last one (LastComment) is spared a token per
// comment, one a move in lichess's games. Reset keeps the setting.
func (t *Tokenizer) SkipComments(skip bool) { t.skipComments = skip }

// LastComment returns the text of the last main-line comment read so far, returned or stepped
// over, and the number of main-line moves it follows (Ply when it was read); ok is false when
// there was none.
func (t *Tokenizer) LastComment() (text []byte, ply int, ok bool) {
	if t.lastFrom == 0 {
		return nil, 0, false
	}
	return t.data[t.lastFrom:t.lastTo], t.lastPly, true
}

// Err returns the error that ended the game, or nil when it was read whole.
func (t *Tokenizer) Err() error { return t.err }

// Token returns the current token.
func (t *Tokenizer) Token() Token { return t.tok }

// Bytes returns the current token's bytes: the raw tag value, the SAN, the comment text or the
// result.
func (t *Tokenizer) Bytes() []byte { return t.data[t.from:t.to] }

// Span returns where Bytes lies in the game's bytes (as Chunk.GameBytes or ResetBytes gave
// them): Bytes is data[from:to]. A consumer can keep the pair instead of the slice, which holds
// a pointer.
func (t *Tokenizer) Span() (from, to int) {
	return t.from, t.to
}

// TagName returns the name of the current tag.
func (t *Tokenizer) TagName() []byte { return t.data[t.nameFrom:t.nameTo] }

// NAG returns the current annotation glyph's number.
func (t *Tokenizer) NAG() int { return t.nag }

// Ply returns the number of main-line moves read so far, the current one included.
func (t *Tokenizer) Ply() int { return t.ply }

// Mover returns the side that made the last main-line move (the move a comment follows). It
// takes a "FEN" tag's side to move into account; with Ply 0 it is the side before the first.
func (t *Tokenizer) Mover() Color {
	if (t.ply&1 == 1) != t.blackFirst {
		return White
	}
	return Black
}

// Clock returns the [%clk] time of the current comment in seconds (see ParseClock): the clock of
// the side Mover returns.
func (t *Tokenizer) Clock() (seconds float64, ok bool) {
	if t.tok != TokComment {
		return 0, false
	}
	return ParseClock(t.Bytes())
}

// Eval returns the [%eval] value of the current comment as written (see ParseEval).
func (t *Tokenizer) Eval() ([]byte, bool) {
	if t.tok != TokComment {
		return nil, false
	}
	return ParseEval(t.Bytes())
}

// Offset returns the stream offset of the current token's first byte.
func (t *Tokenizer) Offset() int64 { return t.offset + int64(t.start) }

// Pos returns the 1-based stream line and column of the current token. It counts lines from
// the game's start, so it costs a pass over the game: meant for error reports.
func (t *Tokenizer) Pos() (line int64, column int) {
	return position(t.data, t.start, t.line, 1)
}

// ErrorAt returns a *SyntaxError that places err at the current token, for faults the caller
// finds (an illegal move, say).
func (t *Tokenizer) ErrorAt(err error) *SyntaxError {
	return t.errorAt(t.start, err)
}

// ErrorIn returns a *SyntaxError that places err at b, the bytes of an earlier token of the
// same game as Bytes returned them, for a fault found after its token was read: a FEN tag's
// value is checked when the movetext begins, and its fault belongs to the tag's line. A b that
// does not lie in the game's bytes places err at the current token.
func (t *Tokenizer) ErrorIn(b []byte, err error) *SyntaxError {
	at := cap(t.data) - cap(b)
	if len(b) == 0 || at < 0 || at > len(t.data) || &t.data[:at+1][at] != &b[0] {
		at = t.start
	}
	return t.errorAt(at, err)
}

func (t *Tokenizer) errorAt(at int, err error) *SyntaxError {
	line, col := position(t.data, at, t.line, 1)
	return &SyntaxError{Source: t.source, Game: t.index, Line: line, Column: col,
		Offset: t.offset + int64(at), Excerpt: excerpt(t.data, at), Err: err}
}

// fail ends the game with err at data[at]. A fault that only says the game stopped early (an
// open comment or variation at the end of the bytes) gives way to the Splitter's ErrTruncated or
// ErrGameTooLong, which says why.
func (t *Tokenizer) fail(at int, err error, atEnd bool) Token {
	if atEnd && t.gameErr != nil {
		t.err = t.gameErr
	} else {
		t.err = t.errorAt(at, err)
	}
	t.part, t.tok, t.from, t.to = ended, TokEnd, 0, 0
	return TokEnd
}

func (t *Tokenizer) end() Token {
	t.part, t.tok, t.from, t.to, t.start = ended, TokEnd, 0, 0, len(t.data)
	t.err = t.gameErr
	return TokEnd
}

// Next reads the next token and returns its kind; TokEnd at the end of the game or at its first
// error. The tags come first; in the movetext it steps over blanks, move numbers, ';' comments,
// '%' escape lines and variations, and hands each token to the function that reads its kind.
func (t *Tokenizer) Next() Token {
	switch t.part {
	case ended:
		return TokEnd
	case inTags:
		if pos := t.pos; uint(pos) >= uint(len(t.data)) || t.data[pos] != '[' { // readTag stepped to the next tag
			t.skipBetween()
		}
		if t.pos < len(t.data) && t.data[t.pos] == '[' {
			return t.readTag()
		}
		t.part = inMoves
	}
	data := t.data
	pos := t.pos
	for uint(pos) < uint(len(data)) { // unsigned: no bounds check on data[pos]
		switch c := data[pos]; class[c] {
		case cSpace:
			pos++
		case cWord:
			if t.result {
				return t.word(pos) // an error: no move after the result
			}
			return t.san(data, pos)
		case cDot:
			pos++
		case cStar:
			return t.word(pos)
		case cDigit:
			end, ok := moveNumber(data, pos)
			if !ok {
				return t.word(pos) // a result, or a SAN with zeros (0-0)
			}
			pos = end
		case cBrace:
			n := bytes.IndexByte(data[pos+1:], '}')
			if n < 0 {
				return t.fail(pos, ErrComment, true)
			}
			t.lastFrom, t.lastTo, t.lastPly = pos+1, pos+1+n, t.ply
			if t.skipComments {
				pos += n + 2
				continue
			}
			return t.comment(data, pos, pos+1+n)
		case cSemi:
			pos = lineEnd(data, pos)
		case cOpen:
			t.pos = pos
			if !t.skipVariation() {
				return TokEnd
			}
			pos = t.pos
		case cClose:
			return t.fail(pos, ErrVariation, false)
		case cDollar:
			return t.numericNAG(pos)
		case cGlyph:
			return t.glyph(pos)
		case cPercent:
			if pos > 0 && data[pos-1] != '\n' && data[pos-1] != '\r' {
				return t.fail(pos, ErrToken, false)
			}
			pos = lineEnd(data, pos)
		default:
			return t.fail(pos, ErrToken, false)
		}
	}
	t.pos = pos
	return t.end()
}

// moveNumber returns where the move number at data[pos] ("12.", "12...", or "12" alone) ends,
// the blank after it included, or false when the digits begin a word: a result or a SAN
// written with zeros (0-0).
func moveNumber(data []byte, pos int) (end int, ok bool) {
	j := pos + 1
	for j < len(data) && class[data[j]] == cDigit {
		j++
	}
	if uint(j) < uint(len(data)) && data[j] != '.' && wordByte[data[j]] {
		return 0, false
	}
	for uint(j) < uint(len(data)) && data[j] == '.' {
		j++
	}
	if uint(j) < uint(len(data)) && data[j] == ' ' {
		j++
	}
	return j, true
}

// word reads the word at data[pos] as a result (1-0, 0-1, 1/2-1/2, *) or a SAN.
func (t *Tokenizer) word(pos int) Token {
	j := wordEnd(t.data, pos)
	if c := t.data[pos]; (c == '0' || c == '1' || c == '*') && isResult(t.data[pos:j]) {
		if t.result {
			return t.fail(pos, ErrAfterResult, false)
		}
		t.result = true
		t.start, t.tok, t.from, t.to, t.pos = pos, TokResult, pos, j, j
		return TokResult
	}
	if t.result {
		return t.fail(pos, ErrAfterResult, false)
	}
	return t.san(t.data, pos)
}

// san reads the SAN at data[pos], the hot path: it also steps over the blank that follows, so
// that the next call starts on a token. data is t.data, passed so as not to reload it.
func (t *Tokenizer) san(data []byte, pos int) Token {
	end := wordEnd(data, pos)
	j := end
	if uint(j) < uint(len(data)) && data[j] == ' ' { // unsigned: no bound check on data[j]
		j++
	}
	t.start, t.tok, t.from, t.to, t.pos = pos, TokSAN, pos, end, j
	t.ply++
	return TokSAN
}

// wordEnd returns the end of the word that starts at data[pos].
func wordEnd(data []byte, pos int) int {
	j := pos + 1
	for uint(j) < uint(len(data)) && wordByte[data[j]] {
		j++
	}
	return j
}

// comment makes the { } comment data[open:close] (its braces included) the current token, and
// steps over the blank after it.
func (t *Tokenizer) comment(data []byte, open, close int) Token {
	j := close + 1
	if uint(j) < uint(len(data)) && data[j] == ' ' {
		j++
	}
	t.start, t.tok, t.from, t.to, t.pos = open, TokComment, open+1, close, j
	return TokComment
}

// numericNAG reads the glyph $n at data[pos] (n at most 255).
func (t *Tokenizer) numericNAG(pos int) Token {
	data := t.data
	j := pos + 1
	n := 0
	for j < len(data) && class[data[j]] == cDigit {
		n = min(n*10+int(data[j]-'0'), 1000)
		j++
	}
	if j == pos+1 || n > 255 {
		return t.fail(pos, ErrNAG, false)
	}
	return t.nagToken(pos, j, n)
}

// glyph reads the suffix annotation at data[pos] (!, ?, !!, ??, !?, ?!) as its NAG.
func (t *Tokenizer) glyph(pos int) Token {
	data := t.data
	j := pos
	for j < len(data) && class[data[j]] == cGlyph {
		j++
	}
	n := glyphNAG(data[pos:j])
	if n == 0 {
		return t.fail(pos, ErrNAG, false)
	}
	return t.nagToken(pos, j, n)
}

// nagToken makes data[pos:end] the current token, the NAG n.
func (t *Tokenizer) nagToken(pos, end, n int) Token {
	t.start, t.tok, t.nag, t.from, t.to, t.pos = pos, TokNAG, n, pos, end, end
	return TokNAG
}

// skipBetween skips blanks, '%' escape lines and ';' comment lines before and between tags.
func (t *Tokenizer) skipBetween() {
	data, pos := t.data, t.pos
	for uint(pos) < uint(len(data)) { // unsigned: no bounds check on data[pos]
		switch c := data[pos]; {
		case class[c] == cSpace:
			pos++
		case c == ';' || c == '%' && (pos == 0 || data[pos-1] == '\n' || data[pos-1] == '\r'):
			pos = lineEnd(data, pos)
		default:
			t.pos = pos
			return
		}
	}
	t.pos = pos
}

// readTag reads the tag pair at t.pos ('['). A value may hold \" and \\ escapes; a bare '"' that
// is not followed by ']' is taken as part of the value, as hand-typed files have them.
func (t *Tokenizer) readTag() Token {
	data := t.data
	at := t.pos
	j := skipBlanks(data, at+1)
	ns := j
	for uint(j) < uint(len(data)) && tagName[data[j]] { // unsigned: no bounds check
		j++
	}
	if j == ns {
		return t.fail(at, ErrTag, j >= len(data))
	}
	ne := j
	j = skipBlanks(data, j)
	if j >= len(data) || data[j] != '"' {
		return t.fail(at, ErrTag, j >= len(data))
	}
	j++
	vs := j
	for {
		for uint(j) < uint(len(data)) && !valueStop[data[j]] {
			j++
		}
		if j >= len(data) {
			return t.fail(at, ErrTag, true)
		}
		switch data[j] {
		case '\\':
			if j+1 < len(data) && data[j+1] != '\n' && data[j+1] != '\r' {
				j += 2
				continue
			}
		case '\n', '\r':
			return t.fail(at, ErrTag, false)
		case '"':
			if k := skipBlanks(data, j+1); k < len(data) && data[k] == ']' {
				if k++; uint(k) < uint(len(data)) && data[k] == '\n' { // the LF after it: Next then finds the next tag at once
					k++
				}
				t.start, t.tok, t.pos = at, TokTag, k
				t.nameFrom, t.nameTo, t.from, t.to = ns, ne, vs, j
				if string(data[ns:ne]) == "FEN" {
					t.blackFirst = fenBlackToMove(data[vs:j])
				}
				return TokTag
			}
		}
		j++
	}
}

// fenBlackToMove reports whether the FEN's second field is "b".
func fenBlackToMove(fen []byte) bool {
	i := bytes.IndexByte(fen, ' ')
	for i >= 0 && i+1 < len(fen) && fen[i+1] == ' ' {
		i++
	}
	return i >= 0 && i+1 < len(fen) && fen[i+1] == 'b'
}

func isResult(w []byte) bool {
	switch string(w) {
	case "1-0", "0-1", "1/2-1/2", "*":
		return true
	}
	return false
}

// glyphNAG maps the suffix annotations to their NAGs; 0 for anything else.
func glyphNAG(g []byte) int {
	switch string(g) {
	case "!":
		return 1
	case "?":
		return 2
	case "!!":
		return 3
	case "??":
		return 4
	case "!?":
		return 5
	case "?!":
		return 6
	}
	return 0
}

// skipVariation skips the variation that opens at t.pos, nested ones included. Parentheses inside
// { } and ';' comments do not count. It reports false (and ends the game) when the variation
// does not close.
func (t *Tokenizer) skipVariation() bool {
	data := t.data
	depth := 0
	for j := t.pos; j < len(data); j++ {
		switch data[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				t.pos = j + 1
				return true
			}
		case '{':
			k := bytes.IndexByte(data[j+1:], '}')
			if k < 0 {
				t.fail(j, ErrComment, true)
				return false
			}
			j += k + 1
		case ';':
			j = lineEnd(data, j) - 1
		}
	}
	t.fail(t.pos, ErrVariation, true)
	return false
}

// lineEnd returns the index of the line end (LF or CR) at or after i, or len(data).
func lineEnd(data []byte, i int) int {
	rest := data[i:]
	n := bytes.IndexByte(rest, '\n')
	if n < 0 {
		n = len(rest)
	}
	if r := bytes.IndexByte(rest[:n], '\r'); r >= 0 {
		n = r
	}
	return i + n
}

func skipBlanks(data []byte, j int) int {
	for uint(j) < uint(len(data)) && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	return j
}
