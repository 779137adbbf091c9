package input

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"
)

// ErrNotText is wrapped by the error of an input whose bytes (after decompression) are not text:
// a photo, a database file, an executable given by mistake, which read as PGN would only give a
// run of errors and exit 0.
var ErrNotText = errors.New("not a PGN archive: its bytes are not text")

// textWindow is how much of an input's decompressed bytes textCheck judges.
const textWindow = 64 << 10

// textCheck reads the first textWindow decompressed bytes of an input (or all of a shorter
// one) before it passes any on, and fails the first read, with an error wrapping ErrNotText,
// when they are not text (see notText): no game of a refused input is read, so none of its rows
// is written. An input that trickles in (a pipe) starts once the window is full or the input
// has ended; an interrupt gives up that wait as any other read.
type textCheck struct {
	r       io.Reader
	head    []byte // the window, handed on once judged text
	headErr error  // the error (io.EOF included) that ended the window early, handed on after it
	judged  bool
}

func (c *textCheck) Read(p []byte) (int, error) {
	if !c.judged {
		c.judged = true
		buf := make([]byte, textWindow)
		n, err := io.ReadFull(c.r, buf)
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		c.head, c.headErr = buf[:n], err
		if why := notText(c.head, n == textWindow); why != "" {
			c.head, c.headErr = nil, fmt.Errorf("%w: %s", ErrNotText, why)
		}
	}
	if len(c.head) > 0 {
		n := copy(p, c.head)
		c.head = c.head[n:]
		return n, nil
	}
	if c.headErr != nil {
		return 0, c.headErr
	}
	return c.r.Read(p)
}

// notText says why b, the first bytes of an input (cut, when cut is set, at the window's end,
// maybe inside a UTF-8 sequence), is not text, or returns "" for text. Text is UTF-8 or, as the
// PGN reader falls back to, Windows-1252 (Latin-1), with no NUL. Beyond that fallback lie the
// C0 control codes other than the white space ones (tab, line feed, vertical tab, form feed,
// carriage return), the DOS end-of-file mark 0x1A and escape 0x1B, DEL, and, when b is not
// UTF-8, the five bytes Windows-1252 leaves undefined: more than one such byte in a hundred (and
// more than one) is no text file, while a stray one is left to the reader (it becomes U+FFFD).
func notText(b []byte, cut bool) string {
	if i := bytes.IndexByte(b, 0); i >= 0 {
		return fmt.Sprintf("a NUL byte at byte %d", i)
	}
	utf := b
	if cut {
		for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
			if utf8.RuneStart(b[i]) {
				if !utf8.FullRune(b[i:]) {
					utf = b[:i]
				}
				break
			}
		}
	}
	valid := utf8.Valid(utf)
	bad := 0
	for _, c := range b {
		switch {
		case c < 0x20 && !bytes.ContainsRune([]byte("\t\n\v\f\r\x1a\x1b"), rune(c)), c == 0x7f:
			bad++
		case !valid && (c == 0x81 || c == 0x8d || c == 0x8f || c == 0x90 || c == 0x9d):
			bad++
		}
	}
	if bad > 1 && bad*100 > len(b) {
		what := "UTF-8"
		if !valid {
			what = "UTF-8 nor Windows-1252 (Latin-1)"
		}
		return fmt.Sprintf("%d of its first %d bytes are control codes, neither %s text", bad, len(b), what)
	}
	return ""
}
