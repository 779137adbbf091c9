package pgn

// Visitor receives one game's tokens in order from [Tokenizer.Visit]. The []byte arguments are
// views valid until the next call (copy what you keep). Embed [NopVisitor] to implement only the
// methods you need.
type Visitor interface {
	// Tag receives a tag pair; value is raw (see AppendTagText to unescape it).
	Tag(name, value []byte)
	// SAN receives a main-line move as written. A non-nil error stops the game: Visit returns it
	// unchanged (wrap it with Tokenizer.ErrorAt, from inside SAN, to give it a position).
	SAN(san []byte) error
	// NAG receives a numeric annotation glyph ($n, or the glyph ! ? !! ?? !? ?! as 1 to 6).
	NAG(nag int)
	// Comment receives the text of a { } comment of the main line.
	Comment(text []byte)
	// Result receives the result token: 1-0, 0-1, 1/2-1/2 or *.
	Result(result []byte)
}

// NopVisitor does nothing; embed it in a Visitor to override only some methods.
type NopVisitor struct{}

// Tag does nothing.
func (NopVisitor) Tag(name, value []byte) {}

// SAN does nothing.
func (NopVisitor) SAN(san []byte) error { return nil }

// NAG does nothing.
func (NopVisitor) NAG(nag int) {}

// Comment does nothing.
func (NopVisitor) Comment(text []byte) {}

// Result does nothing.
func (NopVisitor) Result(result []byte) {}

// Visit reads the rest of the game into v and returns the error that ended it: the tokenizer's
// (see Err) or the one v.SAN returned.
func (t *Tokenizer) Visit(v Visitor) error {
	for {
		switch t.Next() {
		case TokEnd:
			return t.err
		case TokTag:
			v.Tag(t.name, t.val)
		case TokSAN:
			if err := v.SAN(t.val); err != nil {
				return err
			}
		case TokNAG:
			v.NAG(t.nag)
		case TokComment:
			v.Comment(t.val)
		case TokResult:
			v.Result(t.val)
		}
	}
}
