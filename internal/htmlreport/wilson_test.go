package htmlreport

import (
	"math"
	"testing"
)

// TestWilson checks the interval against numbers worked by hand from
// Wilson's formula with z = 1.96 (z² = 3.8415):
//   - 0 of 10: lower 0, upper z²/(n+z²) = 3.8415/13.8415 = 0.2775;
//   - 5 of 10: centre 0.5, half-width 1.96·√(0.025 + 0.0096)/1.38415
//     = 1.96·0.18602/1.38415 = 0.2634, so 0.2366–0.7634;
//   - 10 of 10: the mirror of 0 of 10, 0.7225–1;
//   - 1 of 1,000: centre (0.001 + 0.0019207)/1.0038415 = 0.0029095, half-width
//     1.96·√(0.000000999 + 0.00000096036)/1.0038415 = 1.96·0.0013998/1.0038415
//     = 0.0027331, so 0.000176–0.005643.
func TestWilson(t *testing.T) {
	cases := []struct {
		k, n   int64
		lo, hi float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{1, 1000, 0.000176, 0.005643},
	}
	for _, c := range cases {
		got := wilson(c.k, c.n)
		tol := 0.00006
		if c.n == 1000 {
			tol = 0.000002
		}
		if math.Abs(got.lo-c.lo) > tol || math.Abs(got.hi-c.hi) > tol {
			t.Errorf("wilson(%d, %d) = %.6f–%.6f, want %.6f–%.6f", c.k, c.n, got.lo, got.hi, c.lo, c.hi)
		}
	}
	if got := wilson(0, 0); got.lo != 0 || got.hi != 0 || !got.tooFew() {
		t.Errorf("wilson(0, 0) = %+v, want an empty, too small sample", got)
	}
	if wilson(3, 29).tooFew() != true || wilson(3, 30).tooFew() != false {
		t.Error("the too-few threshold is not 30")
	}
	if got := wilson(5, 10).per1000(); got != "500.00 (236.59–763.41)" {
		t.Errorf("per1000 = %q", got)
	}
}
