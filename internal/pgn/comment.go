package pgn

import "bytes"

// ParseClock returns the time of the first [%clk ...] command in a comment, in seconds. The
// time is H:MM:SS with an optional fraction (lichess writes 0:05:00, chess.com 0:09:57.1);
// MM:SS is accepted too. It reports false when the comment has no well-formed clock. It does
// not allocate.
func ParseClock(comment []byte) (seconds float64, ok bool) {
	var v []byte
	// Fast path: the clock is the comment's first command, as lichess and chess.com write it.
	if v, ok = firstClock(comment); !ok {
		if v, ok = command(comment, "clk"); !ok {
			return 0, false
		}
	}
	return clockValue(v)
}

// firstClock returns the value of a [%clk] command that opens the comment.
func firstClock(comment []byte) (v []byte, ok bool) {
	i := 0
	for i < len(comment) && isBlank(comment[i]) {
		i++
	}
	r := comment[i:]
	if len(r) <= 6 || string(r[:6]) != "[%clk " {
		return nil, false
	}
	end := bytes.IndexByte(r, ']')
	if end < 0 {
		return nil, false
	}
	v = r[6:end]
	for len(v) > 0 && isBlank(v[0]) {
		v = v[1:]
	}
	for len(v) > 0 && isBlank(v[len(v)-1]) {
		v = v[:len(v)-1]
	}
	return v, true
}

// clockValue reads H:MM:SS(.f) or MM:SS(.f) as seconds.
func clockValue(v []byte) (seconds float64, ok bool) {
	i := 0
	var whole int64
	groups := 0
	i = 0
	for {
		n, d := 0, 0
		for i < len(v) && v[i] >= '0' && v[i] <= '9' && d < 10 {
			n = n*10 + int(v[i]-'0')
			i++
			d++
		}
		if d == 0 || groups > 0 && (d > 2 || n > 59) {
			return 0, false
		}
		whole = whole*60 + int64(n)
		groups++
		if i < len(v) && v[i] == ':' && groups < 3 {
			i++
			continue
		}
		break
	}
	if groups < 2 {
		return 0, false
	}
	seconds = float64(whole)
	if i < len(v) && v[i] == '.' {
		i++
		frac, scale := 0.0, 1.0
		for i < len(v) && v[i] >= '0' && v[i] <= '9' {
			if scale < 1e9 {
				frac = frac*10 + float64(v[i]-'0')
				scale *= 10
			}
			i++
		}
		seconds += frac / scale
	}
	if i != len(v) {
		return 0, false
	}
	return seconds, true
}

// ParseEval returns the value of the first [%eval ...] command in a comment as written ("0.35",
// "#-3", "0.35,21"), a view into comment. It reports false when the comment has none.
func ParseEval(comment []byte) ([]byte, bool) {
	v, ok := command(comment, evalName)
	if !ok || len(v) == 0 {
		return nil, false
	}
	return v, true
}

// evalName is the name of the command ParseEval reads; evalOpening is how every such command
// starts ("[%" then the name: see command).
const (
	evalName    = "eval"
	evalOpening = "[%" + evalName
)

// MayHoldEval reports whether text, a game's bytes or any part of them, holds the opening of an
// [%eval] command: when it reports false, ParseEval finds none in any comment within text. Most
// archives have no evaluations, so one search of a game's bytes spares reading its comments.
func MayHoldEval(text []byte) bool {
	// bytes.Index leaps from one occurrence of the first byte sought to the next. "[%" opens
	// every clock command too, while 'v' is in no SAN, NAG or clock: the search is for "val".
	const lead = len("[%e")
	seek := []byte(evalOpening[lead:])
	for {
		i := bytes.Index(text, seek)
		if i < 0 {
			return false
		}
		if i >= lead && string(text[i-lead:i]) == evalOpening[:lead] {
			return true
		}
		text = text[i+len(seek):]
	}
}

// command finds "[%name value]" in a comment and returns value without surrounding blanks.
func command(comment []byte, name string) ([]byte, bool) {
	from := 0
	for {
		i := bytes.IndexByte(comment[from:], '%')
		if i < 0 {
			return nil, false
		}
		i += from
		from = i + 1
		rest := comment[i+1:]
		if i == 0 || comment[i-1] != '[' || len(rest) <= len(name) ||
			string(rest[:len(name)]) != name || !isBlank(rest[len(name)]) {
			continue
		}
		end := bytes.IndexByte(rest, ']')
		if end < 0 {
			return nil, false
		}
		v := rest[len(name):end]
		s, e := 0, len(v)
		for s < e && isBlank(v[s]) {
			s++
		}
		for e > s && isBlank(v[e-1]) {
			e--
		}
		return v[s:e], true
	}
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
