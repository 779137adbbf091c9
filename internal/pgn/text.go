package pgn

import (
	"bytes"
	"unicode/utf8"
)

// AppendUnescaped appends the tag value raw to dst with the PGN escapes \" and \\ resolved. A
// backslash before any other byte is kept as written. Values without a backslash are appended
// unchanged.
func AppendUnescaped(dst, raw []byte) []byte {
	for {
		i := bytes.IndexByte(raw, '\\')
		if i < 0 || i+1 >= len(raw) {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:i]...)
		if c := raw[i+1]; c == '"' || c == '\\' {
			dst = append(dst, c)
		} else {
			dst = append(dst, '\\', c)
		}
		raw = raw[i+2:]
	}
}

// AppendText appends b to dst as valid UTF-8: unchanged when b is valid UTF-8, otherwise decoded
// byte by byte as Latin-1, reading 0x80-0x9F as Windows-1252 does (curly quotes, dashes, the euro
// sign), since real files labelled Latin-1 are almost always Windows-1252 and the C1 control
// codes of ISO-8859-1 never occur in names. The five bytes Windows-1252 leaves undefined become
// U+FFFD.
func AppendText(dst, b []byte) []byte {
	if utf8.Valid(b) {
		return append(dst, b...)
	}
	for _, c := range b {
		switch {
		case c < 0x80:
			dst = append(dst, c)
		case c < 0xA0:
			dst = utf8.AppendRune(dst, rune(cp1252[c-0x80]))
		default:
			dst = utf8.AppendRune(dst, rune(c))
		}
	}
	return dst
}

// AppendTagText appends a raw tag value to dst unescaped and as valid UTF-8 (see
// [AppendUnescaped] and [AppendText]).
func AppendTagText(dst, raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') < 0 {
		return AppendText(dst, raw)
	}
	start := len(dst)
	dst = AppendUnescaped(dst, raw)
	if utf8.Valid(dst[start:]) {
		return dst
	}
	// Decode the unescaped bytes; escapes are ASCII, so decoding after unescaping is the same.
	tmp := append([]byte(nil), dst[start:]...)
	return AppendText(dst[:start], tmp)
}

// TagText returns a raw tag value unescaped and as valid UTF-8. It allocates the string; use
// [AppendTagText] with a reused buffer on hot paths.
func TagText(raw []byte) string {
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw)
	}
	return string(AppendTagText(nil, raw))
}

// cp1252 maps bytes 0x80-0x9F to the characters Windows-1252 gives them; U+FFFD where it
// defines none.
var cp1252 = [32]uint16{
	0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
	0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
}
