package htmlreport

import (
	"fmt"
	"math"
)

// z95 is the standard normal quantile of 0.975: a two-sided 95 % interval.
const z95 = 1.959963984540054

// minSample is the fewest games (or claims) a rate is shown for: below it the
// interval is too wide to say anything, and the page greys the cell "too few
// games" instead of drawing a bar.
const minSample = 30

// proportion is k events out of n trials (games, or missed claims) with its
// Wilson score interval: the rate a researcher quotes with the sample it
// comes from.
type proportion struct {
	k, n   int64
	lo, hi float64 // the 95 % Wilson interval of k/n, in [0, 1]
}

// wilson returns k out of n with its 95 % Wilson score interval (Wilson
// 1927): centre (p + z²/2n) / (1 + z²/n), half-width
// z √(p(1-p)/n + z²/4n²) / (1 + z²/n). Unlike p ± z√(p(1-p)/n) it stays in
// [0, 1] and is not empty at k = 0, which is most cells of a rare finding.
func wilson(k, n int64) proportion {
	pr := proportion{k: k, n: n}
	if n <= 0 {
		return pr
	}
	p, nf, z2 := float64(k)/float64(n), float64(n), z95*z95
	den := 1 + z2/nf
	centre := (p + z2/(2*nf)) / den
	half := z95 * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf)) / den
	pr.lo, pr.hi = max(centre-half, 0), min(centre+half, 1)
	return pr
}

// p returns k/n, 0 when there are no trials.
func (pr proportion) p() float64 {
	if pr.n <= 0 {
		return 0
	}
	return float64(pr.k) / float64(pr.n)
}

// tooFew reports whether the sample is too small to show a rate.
func (pr proportion) tooFew() bool { return pr.n < minSample }

// per1000 writes the rate per 1,000 with its interval: "12.30 (10.05–14.98)".
func (pr proportion) per1000() string {
	return fmt.Sprintf("%.2f (%.2f–%.2f)", 1000*pr.p(), 1000*pr.lo, 1000*pr.hi)
}

// percent writes the rate in per cent with its interval: "41.2 % (35.0–47.6)".
func (pr proportion) percent() string {
	return fmt.Sprintf("%.1f %% (%.1f–%.1f)", 100*pr.p(), 100*pr.lo, 100*pr.hi)
}
