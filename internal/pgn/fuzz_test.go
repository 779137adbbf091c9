package pgn

import (
	"bytes"
	"errors"
	"testing"
)

// fuzzSeeds are inputs that reach every branch of the splitter and the tokenizer.
var fuzzSeeds = []string{
	"[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Event \"B\"]\n\n1. d4 0-1\n",
	"[Event \"A\"]\n\n1. e4 1-0\n[Event \"B\"]\n\n\n\n1. d4 0-1",
	"1. e4 e5 1-0\n\n1. d4 d5 0-1\n",
	"%x\n; y {\n[A \"1\"]\n\n1. e4 {a\n[B \"2\"]\n} (1. d4 ; )\n) e5 $1 Nf3!? *\n",
	"[A \"1\"]\r\n\r\n1. e4 e5 1-0\r\n\r\n[B \"2\"]\r\r1. d4 {x\r[y]} 0-1\r",
	"\xEF\xBB\xBF[A \"a \\\"b\\\" \\\\\"]\n1. e4 { [%clk 0:05:00] [%eval #-3] } 1... e5 { [%clk 0:04:59.5] } 1/2-1/2",
	"[FEN \"8/8/8/8/8/8/k6P/K7 b - - 0 1\"]\n1... Ka3 2. h4 *",
	"1. e4 (1. d4 (1. c4) 1... d5) 1-0 e5",
	"[Event \"cut",
	"1. e4 {open",
	"1. e4 $ !!! ) ] } % x",
	"1. 0-0 0-0-0 12...Nc6 3 Bb5 *\x00\x00",
	"[Event \"a\"]\n\n1. e4 {stray\n[Event \"b\"]\n\n1. d4 0-1\n",
	"1. e4 {stray\n\n[Site \"x\"]\n[Result \"*\"]\n\n1. d4 {y} *\n[White \"z\"]\n{a}{\n[Black \"w\"] }*",
}

// FuzzSplit checks that splitting never panics or loops, that games are ordered, disjoint and
// found at their offsets, and that the chunk size changes nothing.
func FuzzSplit(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s), uint16(0))
	}
	f.Fuzz(func(t *testing.T, data []byte, size uint16) {
		ref := fuzzSplit(t, data, 1<<20)
		small := fuzzSplit(t, data, minChunkSize+int(size%512))
		if len(small) != len(ref) {
			t.Fatalf("%d games with small chunks, %d with one chunk", len(small), len(ref))
		}
		for i := range ref {
			if small[i] != ref[i] {
				t.Fatalf("game %d: %+v with small chunks, %+v with one chunk", i, small[i], ref[i])
			}
		}
	})
}

type fuzzGame struct {
	off, line int64
	n         int
	err       string // the whole message: where the fault is, and what
}

func fuzzSplit(t *testing.T, data []byte, size int) []fuzzGame {
	r := NewReader(bytes.NewReader(data), SplitterOptions{ChunkSize: size, MaxGameSize: 1 << 20})
	var out []fuzzGame
	end := int64(0)
	for r.Next() {
		g, b := r.Game(), r.Bytes()
		if len(b) == 0 || g.Offset < end || g.Index != int64(len(out)) || g.Line < 1 {
			t.Fatalf("game %d: offset %d (previous end %d), %d bytes, line %d", g.Index, g.Offset, end, len(b), g.Line)
		}
		if !bytes.Equal(data[g.Offset:g.Offset+int64(len(b))], b) {
			t.Fatalf("game %d is not the bytes at its offset", g.Index)
		}
		end = g.Offset + int64(len(b))
		var msg string
		if g.Err != nil {
			var se *SyntaxError
			if !errors.As(g.Err, &se) {
				t.Fatalf("game error %T", g.Err)
			}
			msg = se.Error()
		}
		out = append(out, fuzzGame{g.Offset, g.Line, len(b), msg})
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// FuzzTokenize checks that tokenising never panics or loops, that tokens are views inside the
// game, that errors point inside it, that MayHoldEval of the game is true when a comment has
// an eval, and that skipping comments changes no other token (checkSkipComments).
func FuzzTokenize(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var tok Tokenizer
		tok.ResetBytes(data)
		n := 0
		for k := tok.Next(); k != TokEnd; k = tok.Next() {
			if n++; n > len(data)+1 {
				t.Fatalf("%d tokens from %d bytes", n, len(data))
			}
			if off := tok.Offset(); off < 0 || off >= int64(len(data)) {
				t.Fatalf("token at offset %d of %d", off, len(data))
			}
			if b := tok.Bytes(); len(b) > 0 && !within(data, b) {
				t.Fatalf("token bytes %q are not a view into the game", b)
			}
			if k == TokComment {
				tok.Clock()
				if _, ok := tok.Eval(); ok && !MayHoldEval(data) {
					t.Fatalf("comment %q has an eval, but MayHoldEval of its game is false", tok.Bytes())
				}
			}
			if k == TokTag {
				TagText(tok.Bytes())
			}
		}
		if tok.Next() != TokEnd {
			t.Fatal("Next after TokEnd is not TokEnd")
		}
		checkSkipComments(t, data)
		if err := tok.Err(); err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > int64(len(data)) || se.Line < 1 || se.Column < 1 || len(se.Excerpt) > 4*excerptAfter+4*excerptBefore {
				t.Fatalf("error %+v", err)
			}
			_ = se.Error()
		}
	})
}

// checkSkipComments checks that a tokenizer that skips comments returns the other tokens, the
// error and the last comment that one returning them does.
func checkSkipComments(t *testing.T, data []byte) {
	var keep, skip Tokenizer
	keep.ResetBytes(data)
	skip.SkipComments(true)
	skip.ResetBytes(data)
	var last []byte
	lastPly, seen := 0, false
	for {
		k := keep.Next()
		if k == TokComment {
			last, lastPly, seen = keep.Bytes(), keep.Ply(), true
			continue
		}
		if s := skip.Next(); s != k || k != TokEnd && skip.Offset() != keep.Offset() {
			t.Fatalf("skipping comments: %v at %d, keeping them: %v at %d", s, skip.Offset(), k, keep.Offset())
		}
		text, ply, ok := skip.LastComment()
		// Both views end the same data: equal capacities mean equal starts.
		if ok != seen || ok && (cap(text) != cap(last) || len(text) != len(last) || ply != lastPly) {
			t.Fatalf("last comment %q after %d moves (%v); want %q after %d (%v)", text, ply, ok, last, lastPly, seen)
		}
		if k == TokEnd {
			break
		}
	}
	if (keep.Err() == nil) != (skip.Err() == nil) || keep.Err() != nil && keep.Err().Error() != skip.Err().Error() {
		t.Fatalf("errors differ: %v, %v", keep.Err(), skip.Err())
	}
}

// within reports whether b is a subslice of data.
func within(data, b []byte) bool {
	for i := range data {
		if &data[i] == &b[0] {
			return i+len(b) <= len(data)
		}
	}
	return false
}
