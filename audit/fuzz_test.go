package audit_test

import (
	"errors"
	"testing"

	"github.com/pgnscan/pgnscan/audit"
)

// FuzzCanMate: any text given as a FEN is answered Yes, No or Unknown (a Yes with a witness
// whose Line numbers it), or refused with an *audit.Error wrapping ErrFEN; never a panic.
func FuzzCanMate(f *testing.F) {
	for _, fen := range []string{
		"7k/8/6KQ/8/8/8/8/8 b - - 0 1",
		"8/8/4k3/1p1p1p1p/1P1P1P1P/8/4K3/2B5 b - -",
		"4k3/8/5N2/1B6/8/4R3/8/4K3 b - - 0 1",
		"rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
		"8/8/8/4k3/8/8/8/4KK2 w - - 0 1",
		"",
	} {
		f.Add(fen)
	}
	d := audit.NewDecider(2000) // a small budget: many inputs a second
	f.Fuzz(func(t *testing.T, fen string) {
		m, err := d.CanMate(fen, audit.White)
		if err != nil {
			var e *audit.Error
			if !errors.As(err, &e) || !errors.Is(err, audit.ErrFEN) || e.Err == nil {
				t.Fatalf("%q: %v is not an *audit.Error wrapping ErrFEN", fen, err)
			}
			return
		}
		switch m.Answer {
		case audit.Yes:
			if m.Line() == "" {
				t.Fatalf("%q: yes without a line", fen)
			}
		case audit.No, audit.Unknown:
			if m.Witness != nil || m.Line() != "" {
				t.Fatalf("%q: %s with a witness %v", fen, m.Answer, m.Witness)
			}
		default:
			t.Fatalf("%q: answer %q", fen, m.Answer)
		}
	})
}
