package pgn

import "io"

// Reader reads games one after another from a stream: a [Splitter] and a [Tokenizer] in one
// loop, for callers that need no parallelism (tests, small tools). The pipeline uses the Splitter
// directly and tokenises chunks in workers.
//
//	r := pgn.NewReader(f, pgn.SplitterOptions{Source: name})
//	for r.Next() {
//		tok := r.Tokenizer()
//		for tok.Next() != pgn.TokEnd { ... }
//	}
//	if err := r.Err(); err != nil { ... } // a read error; game errors are tok.Err()
type Reader struct {
	sp    *Splitter
	chunk *Chunk
	i     int
	tok   Tokenizer
	err   error
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader, opt SplitterOptions) *Reader {
	return &Reader{sp: NewSplitter(r, opt)}
}

// Next moves to the next game and reports whether there is one. After false, Err tells why.
func (r *Reader) Next() bool {
	if r.chunk != nil {
		r.i++
		if r.i < len(r.chunk.Games) {
			r.tok.Reset(r.chunk, r.i)
			return true
		}
		r.chunk.Release()
		r.chunk = nil
	}
	if r.err != nil {
		return false
	}
	c, err := r.sp.Next()
	if err != nil {
		if err != io.EOF {
			r.err = err
		}
		return false
	}
	r.chunk, r.i = c, 0
	r.tok.Reset(c, 0)
	return true
}

// Game returns the current game's place in the stream.
func (r *Reader) Game() *Game { return &r.chunk.Games[r.i] }

// Bytes returns the current game's bytes, valid until the next call to Next.
func (r *Reader) Bytes() []byte { return r.chunk.GameBytes(r.i) }

// Tokenizer returns the tokenizer, reset to the current game.
func (r *Reader) Tokenizer() *Tokenizer { return &r.tok }

// Err returns the stream's read error, or nil at a clean end.
func (r *Reader) Err() error { return r.err }
