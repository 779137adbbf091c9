package htmlreport

import (
	"fmt"

	"github.com/pgnscan/pgnscan/internal/report"
)

// eloBandWidth is the width of a rating band: 200 points, as issue 17 asks.
const eloBandWidth = 200

// eloBandTop is the lowest band's lower bound that gathers every higher
// rating too, so that absurd tags cannot make unbounded numbers of bands.
const eloBandTop = 3200

// noRating is the band of a game in which either rating is missing.
const noRating = -1

// eloBand returns the lower bound of the 200-point band of the average of the
// two ratings, or noRating when either is null. The average is not rounded:
// floor((w+b)/2 / 200) = floor((w+b) / 400). Negative averages fall in band 0
// and averages from eloBandTop up in band eloBandTop.
func eloBand(white, black report.NullInt32) int32 {
	if !white.Valid || !black.Valid {
		return noRating
	}
	sum := int64(white.Int32) + int64(black.Int32)
	if sum < 0 {
		return 0
	}
	band := int32(sum/(2*eloBandWidth)) * eloBandWidth
	return min(band, eloBandTop)
}

// eloLabel names a band: "1400–1599", "3200+" for the top band, "no rating".
func eloLabel(band int32) string {
	switch {
	case band == noRating:
		return "no rating"
	case band >= eloBandTop:
		return fmt.Sprintf("%d+", eloBandTop)
	}
	return fmt.Sprintf("%d–%d", band, band+eloBandWidth-1)
}
