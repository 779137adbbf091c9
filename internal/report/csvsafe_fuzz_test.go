package report

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCSVSafe: quoting a free-text cell is undone exactly, a quoted cell is never taken for a
// formula, and a cell is changed only by one leading quote.
func FuzzCSVSafe(f *testing.F) {
	for _, s := range []string{"", "=1", "'=1", "''@x", "-", "-0.35", "+", "\t", "'s-Hertogenbosch", "-1.2.3", "1-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := csvSafe(s)
		if got := csvUnsafe(c); got != s {
			t.Fatalf("csvUnsafe(csvSafe(%q)) = %q", s, got)
		}
		if formulaLike(c) {
			t.Fatalf("csvSafe(%q) = %q still looks like a formula", s, c)
		}
		if c != s && c != "'"+s {
			t.Fatalf("csvSafe(%q) = %q", s, c)
		}
	})
}

// FuzzClip: Clip gives valid UTF-8 of at most n bytes, s itself when s is short valid text,
// an ellipsis at the end when s made valid was longer than n, and a prefix of s when s is valid UTF-8.
func FuzzClip(f *testing.F) {
	f.Add("short", 80)
	f.Add(strings.Repeat("é", 50), 80)
	f.Add("a\xffb\xe2\x99", 4)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < len(ellipsis) || n > 1<<16 {
			return
		}
		got := Clip(s, n)
		if len(got) > n || !utf8.ValidString(got) {
			t.Fatalf("Clip(%q, %d) = %q", s, n, got)
		}
		if len(s) <= n && utf8.ValidString(s) && got != s {
			t.Fatalf("Clip(%q, %d) = %q, want it unchanged", s, n, got)
		}
		if len(strings.ToValidUTF8(s, "\uFFFD")) > n && !strings.HasSuffix(got, ellipsis) {
			t.Fatalf("Clip(%q, %d) = %q: cut without saying so", s, n, got)
		}
		if utf8.ValidString(s) && !strings.HasPrefix(s, strings.TrimSuffix(got, ellipsis)) {
			t.Fatalf("Clip(%q, %d) = %q: not a prefix of s", s, n, got)
		}
	})
}
