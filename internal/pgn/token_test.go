package pgn

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// tokens renders every token of one game as "kind:value" separated by spaces (tags as
// name=value, NAGs as their number), and the sentinel of the error that ended it.
func tokens(input string) (string, error) {
	var t Tokenizer
	t.ResetBytes([]byte(input))
	var out []string
	for k := t.Next(); k != TokEnd; k = t.Next() {
		if t.Token() != k {
			panic("Token() differs from Next()")
		}
		switch k {
		case TokTag:
			out = append(out, fmt.Sprintf("tag:%s=%s", t.TagName(), t.Bytes()))
		case TokNAG:
			out = append(out, fmt.Sprintf("nag:%d", t.NAG()))
		default:
			out = append(out, fmt.Sprintf("%v:%s", k, t.Bytes()))
		}
	}
	err := t.Err()
	var se *SyntaxError
	if errors.As(err, &se) {
		err = se.Err
	}
	return strings.Join(out, " "), err
}

func TestTokenizer(t *testing.T) {
	cases := []struct {
		name, input, want string
		err               error
	}{
		{"tags and moves", "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 1-0",
			"tag:Event=x tag:Site=y SAN:e4 SAN:e5 result:1-0", nil},
		{"escapes stay raw", `[Event "a \"q\" b\\c"]` + "\n*",
			`tag:Event=a \"q\" b\\c result:*`, nil},
		{"bare quote inside a value", `[Event "The "best" game"]` + "\n*",
			`tag:Event=The "best" game result:*`, nil},
		{"two tags on a line, blanks inside brackets", "[ White  \"a\" ] [Black \"\"]\n*",
			"tag:White=a tag:Black= result:*", nil},
		{"escape and comment lines among tags", "%x\n; y\n[A \"1\"]\n; z\n%w\n[B \"2\"]\n*",
			"tag:A=1 tag:B=2 result:*", nil},
		{"tag without a value", "[Event x]\n*", "", ErrTag},
		{"tag without a name", "[ \"x\"]\n*", "", ErrTag},
		{"tag value not closed on its line", "[Event \"x\n\"]\n*", "", ErrTag},
		{"tag at the end of the bytes", "[Event \"x\"]\n[Site", "tag:Event=x", ErrTag},
		{"move numbers", "1. e4 1... e5 2.Nf3 2...Nc6 3 Bb5 4. ... a6 *",
			"SAN:e4 SAN:e5 SAN:Nf3 SAN:Nc6 SAN:Bb5 SAN:a6 result:*", nil},
		{"castling with zeros is a move", "1. 0-0 0-0-0 2. O-O O-O-O 1/2-1/2",
			"SAN:0-0 SAN:0-0-0 SAN:O-O SAN:O-O-O result:1/2-1/2", nil},
		{"check, mate, promotion", "1. exd8=Q+ Kxd8 2. Qh5# 0-1",
			"SAN:exd8=Q+ SAN:Kxd8 SAN:Qh5# result:0-1", nil},
		{"NAGs and glyphs", "1. e4 $1 e5 $14 2. Nf3!? Nc6?? 3. Bb5! a6? 4. c3!! d6?! *",
			"SAN:e4 nag:1 SAN:e5 nag:14 SAN:Nf3 nag:5 SAN:Nc6 nag:4 SAN:Bb5 nag:1 SAN:a6 nag:2 SAN:c3 nag:3 SAN:d6 nag:6 result:*", nil},
		{"NAG without a number", "1. e4 $ e5", "SAN:e4", ErrNAG},
		{"NAG too large", "1. e4 $256 e5", "SAN:e4", ErrNAG},
		{"unknown glyph", "1. e4 !!! e5", "SAN:e4", ErrNAG},
		{"comments", "{before} 1. e4 {first} e5 {over\ntwo lines}{}*",
			"comment:before SAN:e4 comment:first SAN:e5 comment:over\ntwo lines comment: result:*", nil},
		{"unterminated comment", "1. e4 {never closed", "SAN:e4", ErrComment},
		{"variations are skipped", "1. e4 (1. d4 d5 (1... Nf6 {a ) in a comment}) 2. c4) e5 ; a ( here\n2. Nf3 (2. Nc3 ; ) no\n) Nc6 *",
			"SAN:e4 SAN:e5 SAN:Nf3 SAN:Nc6 result:*", nil},
		{"variation not closed", "1. e4 (1. d4 d5 *", "SAN:e4", ErrVariation},
		{"comment not closed in a variation", "1. e4 (1. d4 {x", "SAN:e4", ErrComment},
		{"close without open", "1. e4 ) e5", "SAN:e4", ErrVariation},
		{"move after the result", "1. e4 1-0 e5", "SAN:e4 result:1-0", ErrAfterResult},
		{"two results", "1. e4 1-0 0-1", "SAN:e4 result:1-0", ErrAfterResult},
		{"comment after the result", "1. e4 1-0 {won on time}", "SAN:e4 result:1-0 comment:won on time", nil},
		{"escape line in movetext", "1. e4\n%e5 is not here\ne6 *", "SAN:e4 SAN:e6 result:*", nil},
		{"percent inside a line", "1. e4 %e5", "SAN:e4", ErrToken},
		{"bracket in movetext", "1. e4 [%clk 0:01:00] e5", "SAN:e4", ErrToken},
		{"closing brace in movetext", "1. e4 } e5", "SAN:e4", ErrToken},
		{"no tags, no moves", "*", "result:*", nil},
		{"nothing at all", "", "", nil},
		{"only tags", "[Event \"x\"]", "tag:Event=x", nil},
		{"no result", "1. e4 e5", "SAN:e4 SAN:e5", nil},
		{"line ends", "[A \"1\"]\r\n\r\n1. e4 ; c\r e5\r2. Nf3 ; d\r\nNc6 *\r\n",
			"tag:A=1 SAN:e4 SAN:e5 SAN:Nf3 SAN:Nc6 result:*", nil},
		{"byte-order mark", "\xEF\xBB\xBF[A \"1\"] *", "tag:A=1 result:*", nil},
		{"control bytes are blanks", "1. e4\x00e5 1-0\x00\x00", "SAN:e4 SAN:e5 result:1-0", nil},
		{"non-ASCII bytes stay in the token", "[White \"Gy\xf6rgy\"] 1. Sf3 \xe2\x99\x98f3 *",
			"tag:White=Gy\xf6rgy SAN:Sf3 SAN:\xe2\x99\x98f3 result:*", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tokens(tc.input)
			if got != tc.want || err != tc.err {
				t.Errorf("got  %q, %v\nwant %q, %v", got, err, tc.want, tc.err)
			}
		})
	}
}

// TestTokenizerErrorPosition checks that an error names the source, the game, the stream line
// and column, the offset and the offending bytes, for a game that is not the first.
func TestTokenizerErrorPosition(t *testing.T) {
	in := "[Event \"A\"]\n\n1. e4 1-0\n\n[Event \"B\"]\n\n1. d4 d5\n2. c4 $x e6 0-1\n"
	sp := NewSplitter(strings.NewReader(in), SplitterOptions{Source: "games.pgn"})
	c, err := sp.Next()
	if err != nil {
		t.Fatal(err)
	}
	var tok Tokenizer
	tok.Reset(c, 1)
	err = drain(&tok)
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v", err)
	}
	want := SyntaxError{Source: "games.pgn", Game: 1, Line: 8, Column: 7, Offset: int64(strings.Index(in, "$x")),
		Excerpt: "2. c4 $x e6 0-1", Err: ErrNAG}
	if *se != want {
		t.Errorf("got  %+v\nwant %+v", *se, want)
	}
	if got := se.Error(); got != `pgn: games.pgn:8:7: game 1: malformed NAG: near "2. c4 $x e6 0-1"` {
		t.Errorf("message %s", got)
	}
}

// TestTokenizerCallerError: ErrorAt places a caller's error at the current token.
func TestTokenizerCallerError(t *testing.T) {
	illegal := errors.New("illegal move")
	var tok Tokenizer
	tok.ResetBytes([]byte("[Event \"x\"]\n\n1. e4 e5\r\n2. Ke3 Nc6 *"))
	for tok.Next() != TokEnd {
		if tok.Token() == TokSAN && string(tok.Bytes()) == "Ke3" {
			se := tok.ErrorAt(illegal)
			if se.Line != 4 || se.Column != 4 || se.Offset != 26 || se.Excerpt != "2. Ke3 Nc6 *" || !errors.Is(se, illegal) {
				t.Fatalf("%+v", se)
			}
			if tok.Offset() != 26 || tok.Ply() != 3 || tok.Mover() != White {
				t.Fatalf("offset %d ply %d mover %v", tok.Offset(), tok.Ply(), tok.Mover())
			}
			if l, c := tok.Pos(); l != 4 || c != 4 {
				t.Fatalf("pos %d:%d", l, c)
			}
			return
		}
	}
	t.Fatal("Ke3 not seen")
}

// TestTokenizerGameError: a game the Splitter cut off is tokenised up to its end and then ends
// with the Splitter's error, even where the tokenizer finds an open comment or variation.
func TestTokenizerGameError(t *testing.T) {
	for _, tail := range []string{"2. c4", "2. c4 {open", "2. c4 (2. Nf3", "\n[Site \"x"} {
		in := "[Event \"A\"]\n\n1. e4 1-0\n\n[Event \"B\"]\n\n1. d4 d5 " + tail
		r := NewReader(strings.NewReader(in), SplitterOptions{})
		var sans []string
		var err error
		for r.Next() {
			sans = sans[:0]
			tok := r.Tokenizer()
			for tok.Next() != TokEnd {
				if tok.Token() == TokSAN {
					sans = append(sans, string(tok.Bytes()))
				}
			}
			err = tok.Err()
		}
		if !errors.Is(err, ErrTruncated) {
			t.Errorf("%q: error %v", tail, err)
		}
		if tail != "\n[Site \"x" && strings.Join(sans, " ") != "d4 d5 c4" {
			t.Errorf("%q: moves %q", tail, sans)
		}
	}
}

func TestMover(t *testing.T) {
	cases := []struct {
		input string
		want  string // mover after each move
	}{
		{"1. e4 e5 2. Nf3 *", "wbw"},
		{"[FEN \"8/8/8/8/8/8/k6P/K7 b - - 0 1\"]\n1... Ka3 2. h4 *", "bw"},
		{"[FEN \"8/8/8/8/8/8/k6P/K7  w - - 0 1\"]\n1. h4 Ka3 *", "wb"},
	}
	for _, tc := range cases {
		var tok Tokenizer
		tok.ResetBytes([]byte(tc.input))
		var got []byte
		for tok.Next() != TokEnd {
			if tok.Token() == TokSAN {
				got = append(got, tok.Mover().String()[0])
			}
		}
		if string(got) != tc.want {
			t.Errorf("%q: movers %s, want %s", tc.input, got, tc.want)
		}
	}
}

func TestParseClock(t *testing.T) {
	cases := []struct {
		comment string
		want    float64
		ok      bool
	}{
		{" [%clk 0:05:00] ", 300, true},
		{"[%clk 1:02:03]", 3723, true},
		{"[%clk 0:09:57.1]", 597.1, true},
		{"[%clk 0:00:00.25]", 0.25, true},
		{"[%clk 12:00:00]", 43200, true},
		{"[%clk 5:07]", 307, true},
		{"[%eval 0.2] [%clk 0:00:07]", 7, true},
		{"[%emt 0:00:03] [%clk  0:01:00 ]", 60, true},
		{"[%clk 0:61:00]", 0, false},
		{"[%clk 0:01:00x]", 0, false},
		{"[%clk 0:1:00]", 60, true},
		{"[%clk x]", 0, false},
		{"[%clk 7]", 0, false},
		{"[%clk 0:01:00", 0, false},
		{"%clk 0:01:00]", 0, false},
		{"[%clkx 0:01:00]", 0, false},
		{"no clock here", 0, false},
		{"", 0, false},
	}
	for _, tc := range cases {
		got, ok := ParseClock([]byte(tc.comment))
		if ok != tc.ok || got != tc.want {
			t.Errorf("ParseClock(%q) = %v, %v; want %v, %v", tc.comment, got, ok, tc.want, tc.ok)
		}
	}
}

// TestSkipComments: comments are stepped over, the last one noted with the moves before it;
// the other tokens are those returned when comments are kept.
func TestSkipComments(t *testing.T) {
	var tok Tokenizer
	tok.SkipComments(true)
	tok.ResetBytes([]byte("[Event \"x\"]\n{before} 1. e4 {a} e5 {b (c)} (1... d5 {d}) 2. Nf3 {e} $1 *"))
	var b strings.Builder
	for k := tok.Next(); k != TokEnd; k = tok.Next() {
		fmt.Fprintf(&b, "%v:%s ", k, tok.Bytes())
	}
	if got, want := b.String(), "tag:x SAN:e4 SAN:e5 SAN:Nf3 NAG:$1 result:* "; got != want {
		t.Errorf("tokens %q; want %q", got, want)
	}
	if text, ply, ok := tok.LastComment(); string(text) != "e" || ply != 3 || !ok {
		t.Errorf("LastComment() = %q, %d, %v; want \"e\", 3, true", text, ply, ok)
	}
	tok.ResetBytes([]byte("1. e4 e5 *"))
	if text, _, ok := tok.LastComment(); ok {
		t.Errorf("LastComment() of a game without comments = %q, true", text)
	}
	if tok.Next(); !tok.skipComments {
		t.Error("ResetBytes dropped SkipComments")
	}
}

// TestMayHoldEval: the game-wide search answers false only where no comment has an eval.
func TestMayHoldEval(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"1. e4 {[%clk 0:01:00]} e5 {[%clk 0:01:00]} *", false},
		{"1. e4 {[%eval 0.2]} *", true},
		{"1. e4 {[%evaluation 3]} *", true}, // may: ParseEval then reads the comment
		{"1. e4 {[ %eval 0.2]} {%eval 0.2} *", false},
		{"", false},
	}
	for _, tc := range cases {
		if got := MayHoldEval([]byte(tc.text)); got != tc.want {
			t.Errorf("MayHoldEval(%q) = %v; want %v", tc.text, got, tc.want)
		}
	}
}

func TestParseEval(t *testing.T) {
	cases := []struct{ comment, want string }{
		{" [%eval 0.35] ", "0.35"},
		{"[%eval #-3]", "#-3"},
		{"[%eval 0.35,21]", "0.35,21"},
		{"[%clk 0:01:00] [%eval -1.5]", "-1.5"},
		{"[%evaluation 3]", ""},
		{"[%eval ]", ""},
		{"[%eval 1.0", ""},
		{"plain text", ""},
	}
	for _, tc := range cases {
		got, ok := ParseEval([]byte(tc.comment))
		if string(got) != tc.want || ok != (tc.want != "") {
			t.Errorf("ParseEval(%q) = %q, %v; want %q", tc.comment, got, ok, tc.want)
		}
		if ok && !MayHoldEval([]byte(tc.comment)) {
			t.Errorf("MayHoldEval(%q) = false, but ParseEval finds %q", tc.comment, got)
		}
	}
}

// TestTokenizerOrder: the main line's moves and comments come in order; tags, move numbers,
// NAGs and the result are other tokens.
func TestTokenizerOrder(t *testing.T) {
	var tok Tokenizer
	tok.ResetBytes([]byte("[Event \"x\"]\n1. e4 {a} e5 $1 2. Nf3 *"))
	var b strings.Builder
	for k := tok.Next(); k != TokEnd; k = tok.Next() {
		switch k {
		case TokSAN:
			fmt.Fprintf(&b, "%s ", tok.Bytes())
		case TokComment:
			fmt.Fprintf(&b, "{%s} ", tok.Bytes())
		}
	}
	if err := tok.Err(); err != nil || b.String() != "e4 {a} e5 Nf3 " {
		t.Fatalf("%q, %v", b.String(), err)
	}
}

// drain reads the rest of t's game and returns the error that ended it.
func drain(t *Tokenizer) error {
	for t.Next() != TokEnd {
	}
	return t.Err()
}

// TestTokenizerAllocs: tokenising a game with tags, clocks and evals allocates nothing, and
// neither does splitting once the chunk buffers are warm.
func TestTokenizerAllocs(t *testing.T) {
	game := []byte("[Event \"Rated Blitz game\"]\n[White \"a \\\"b\\\"\"]\n\n1. e4 { [%eval 0.2] [%clk 0:05:00] } 1... e5 { [%clk 0:05:00] } 2. Nf3 $1 (2. Nc3) Nc6?! 1-0\n")
	var tok Tokenizer
	var sum float64
	allocs := testing.AllocsPerRun(100, func() {
		tok.ResetBytes(game)
		for tok.Next() != TokEnd {
			if s, ok := tok.Clock(); ok {
				sum += s
			}
			if e, ok := tok.Eval(); ok {
				sum += float64(len(e))
			}
		}
	})
	if allocs != 0 || sum == 0 {
		t.Errorf("%v allocations per game (sum %v)", allocs, sum)
	}

	sp := NewSplitter(&repeatReader{data: game}, SplitterOptions{ChunkSize: 4096})
	allocs = testing.AllocsPerRun(100, func() {
		c, err := sp.Next()
		if err != nil {
			t.Fatal(err)
		}
		c.Release()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per chunk", allocs)
	}
}

// repeatReader repeats data forever.
type repeatReader struct {
	data []byte
	off  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		m := copy(p[n:], r.data[r.off:])
		n += m
		r.off = (r.off + m) % len(r.data)
	}
	return n, nil
}

var _ io.Reader = (*repeatReader)(nil)

func TestText(t *testing.T) {
	cases := []struct{ raw, want string }{
		{`plain`, "plain"},
		{`a \"b\" \\c \d`, `a "b" \c \d`},
		{`trailing \`, `trailing \`},
		{"Gy\xf6rgy", "György"},
		{"\x93quoted\x94 \x80 \x81", "“quoted” € \uFFFD"},
		{"already UTF-8: Gyõrgy", "already UTF-8: Gyõrgy"},
		{"Gy\xf6rgy \\\"x\\\"", "György \"x\""},
	}
	for _, tc := range cases {
		if got := TagText([]byte(tc.raw)); got != tc.want {
			t.Errorf("TagText(%q) = %q, want %q", tc.raw, got, tc.want)
		}
		if got := string(AppendTagText([]byte("x"), []byte(tc.raw))); got != "x"+tc.want {
			t.Errorf("AppendTagText(%q) = %q", tc.raw, got)
		}
	}
	if got := string(AppendUnescaped(nil, []byte(`\"\\\x`))); got != `"\\x` {
		t.Errorf("AppendUnescaped: %q", got)
	}
}

// TestResync: an error ends its game only; the games after it are read normally.
func TestResync(t *testing.T) {
	in := "[Event \"1\"]\n\n1. e4 ) e5 1-0\n\n" + // stray parenthesis
		"[Event \"2\" unquoted]\n\n1. c4 1-0\n" + // bad tag
		"[Event \"3\"]\n\n1. d4 $x 1-0\n\n" + // bad NAG
		"[Event \"4\"]\n\n1. Nf3 d5 2. g3 0-1\n"
	got := readSummary(t, in)
	want := []string{
		"0 e4: unbalanced variation",
		"1 : malformed tag pair",
		"2 d4: malformed NAG",
		"3 Nf3,d5,g3: ok",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestStrayBrace: a '{' that is never closed loses no game that starts with an [Event tag
// (issue 14 item 7: 1,042 of 1,111 games were read); games that start with another tag are
// swallowed only up to maxCommentSpan, and the broken game's error counts them.
func TestStrayBrace(t *testing.T) {
	for _, first := range []string{"Event", "White"} {
		var b strings.Builder
		b.WriteString("[Event \"0\"]\n\n1. e4 {stray e5 1-0\n\n")
		n := 1
		for b.Len() < maxCommentSpan+5000 {
			fmt.Fprintf(&b, "[%s \"%d\"]\n\n1. d4 d5 0-1\n\n", first, n)
			n++
		}
		got := readSummary(t, b.String())
		if len(got) < 2 || got[len(got)-1] != fmt.Sprintf("%d d4,d5: ok", len(got)-1) {
			t.Fatalf("%s: %d games: first %q, last %q", first, len(got), got[0], got[len(got)-1])
		}
		lost := n - len(got)
		want := "0 e4: unterminated comment"
		if first == "Event" && lost != 0 {
			t.Errorf("%d games of %d lost to a stray brace before [Event lines", lost, n)
		}
		if first == "White" {
			// The games swallowed are those that start within maxCommentSpan of the brace.
			if lost < maxCommentSpan/32 || lost > maxCommentSpan/25 {
				t.Errorf("%d games of %d lost", lost, n)
			}
			want = fmt.Sprintf("0 e4: unterminated comment: it runs over %d tag sections, games lost in it", lost)
		}
		if got[0] != want {
			t.Errorf("%s: first game %q, want %q", first, got[0], want)
		}
	}
}

// readSummary reads every game of in and describes each as "index moves: error".
func readSummary(t *testing.T, in string) []string {
	t.Helper()
	r := NewReader(strings.NewReader(in), SplitterOptions{ChunkSize: 4096})
	var got []string
	for r.Next() {
		tok := r.Tokenizer()
		var sans []string
		for tok.Next() != TokEnd {
			if tok.Token() == TokSAN {
				sans = append(sans, string(tok.Bytes()))
			}
		}
		var se *SyntaxError
		msg := "ok"
		if errors.As(tok.Err(), &se) {
			msg = se.Err.Error()
		} else if tok.Err() != nil {
			msg = tok.Err().Error()
		}
		got = append(got, fmt.Sprintf("%d %s: %s", r.Game().Index, strings.Join(sans, ","), msg))
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
	return got
}

// TestSpan: Span places every token's bytes in the game's bytes, in a game read from a chunk
// (whose bytes do not start the buffer).
func TestSpan(t *testing.T) {
	in := "[Event \"a\"]\n\n1. e4 {x} 1-0\n\n[Event \"b\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n" +
		"1. Ka2 { [%clk 0:01:00] } Kg2 $1 (1... Kg1) 2. Kb3 ! {y} *\n"
	s := NewSplitter(strings.NewReader(in), SplitterOptions{})
	c, err := s.Next()
	if err != nil || len(c.Games) != 2 {
		t.Fatalf("want one chunk of 2 games, got error %v", err)
	}
	var tok Tokenizer
	n := 0
	for i := range c.Games {
		data := c.GameBytes(i)
		tok.Reset(c, i)
		for k := tok.Next(); k != TokEnd; k = tok.Next() {
			from, to := tok.Span()
			if from < 0 || to > len(data) || string(data[from:to]) != string(tok.Bytes()) {
				t.Errorf("game %d %v %q: Span %d:%d", i, k, tok.Bytes(), from, to)
			}
			n++
		}
	}
	// a: tag, e4, {x}, 1-0; b: two tags, Ka2, comment, Kg2, $1, Kb3, !, {y}, *.
	if n != 14 {
		t.Errorf("%d tokens, want 14", n)
	}
}
