package htmlreport

import (
	"fmt"
	"html/template"
	"math"

	"github.com/go-analyze/charts"
)

// panel is one edition's small multiple of a question.
type panel struct {
	Edition string
	SVG     template.HTML
}

// Chart geometry, in pixels: one panel per edition, side by side as the
// page's width allows.
const (
	panelWidth    = 380
	chartBarSpace = 30 // per category
	chartChrome   = 60 // axis and padding
	tickCount     = 4  // value-axis labels per panel: few enough never to touch at panelWidth
)

// The colours of a bar: to the interval's lower end, from there to the
// estimate, from the estimate to the interval's upper end. The page's legend
// says the same.
var (
	colourLow  = charts.ColorRGB(84, 112, 198)
	colourMid  = charts.ColorRGB(140, 160, 220)
	colourHigh = charts.ColorRGB(205, 214, 240)
)

// multiplier turns a proportion into the question's unit.
func (q *question) multiplier() float64 {
	if q.scale == perCent {
		return 100
	}
	return 1000
}

// render fills the question's table and draws one panel per edition with
// go-analyze/charts, all on one scale: each category a bar whose dark part
// ends at the interval's lower end, middle part at the estimate and light
// part at the upper end. Cells with fewer than minSample games get no bar
// and are greyed in the table.
func (q *question) render() error {
	q.Rows, q.Panels = nil, nil
	top := 0.0
	for _, cat := range q.cats {
		for _, ed := range q.eds {
			c := q.cells[[2]string{ed, cat}]
			if c.absent {
				continue
			}
			q.Rows = append(q.Rows, q.row(cat, ed, c))
			top = max(top, q.barEnd(c))
		}
	}
	if top == 0 {
		return nil // nothing to draw: the table says why
	}
	top = niceTop(top)
	for _, ed := range q.eds {
		svg, err := q.panel(ed, top)
		if err != nil {
			return fmt.Errorf("chart %s, %s: %w", q.ID, ed, err)
		}
		if svg != "" {
			q.Panels = append(q.Panels, panel{Edition: ed, SVG: svg})
		}
	}
	return nil
}

// barEnd returns where a cell's bar ends: the interval's upper end, or the
// count when rates are unknown; 0 for a cell drawn without a bar.
func (q *question) barEnd(c cell) float64 {
	switch {
	case c.absent:
		return 0
	case q.scale == countsOnly:
		return float64(c.pr.k)
	case c.pr.tooFew():
		return 0
	}
	return c.pr.hi * q.multiplier()
}

// row writes a cell's line of the table.
func (q *question) row(cat, ed string, c cell) tableRow {
	r := tableRow{Category: cat, Edition: ed, Sample: count(c.pr.n), Count: count(c.pr.k)}
	if q.RowsHead != "" {
		r.Rows = count(c.rows)
	}
	switch {
	case q.scale == countsOnly:
		r.Sample, r.Rate = "unknown", "n/a"
	case c.pr.tooFew():
		r.Rate, r.Few = "too few games", true
		if q.scale == perCent {
			r.Rate = "too few claims"
		}
	case q.scale == perCent:
		r.Rate = c.pr.percent()
	default:
		r.Rate = c.pr.per1000()
	}
	return r
}

// panel draws one edition's bars on a value axis from 0 to top; "" when the
// edition has none of the question's categories.
func (q *question) panel(ed string, top float64) (template.HTML, error) {
	n := len(q.cats)
	low, mid, high := make([]float64, n), make([]float64, n), make([]float64, n)
	labels := make([]string, n)
	any := false
	for i, cat := range q.cats {
		j := n - 1 - i // the library draws the first category at the bottom
		labels[j] = cat
		c := q.cells[[2]string{ed, cat}]
		any = any || !c.absent
		if q.barEnd(c) == 0 {
			continue
		}
		if q.scale == countsOnly {
			low[j] = float64(c.pr.k)
			continue
		}
		m := q.multiplier()
		low[j], mid[j], high[j] = c.pr.lo*m, (c.pr.p()-c.pr.lo)*m, (c.pr.hi-c.pr.p())*m
	}
	if !any {
		return "", nil
	}
	opt := charts.NewBarChartOptionWithData([][]float64{low, mid, high})
	opt.Horizontal = true
	opt.StackSeries = charts.Ptr(true)
	opt.Theme = charts.GetDefaultTheme().WithSeriesColors([]charts.Color{colourLow, colourMid, colourHigh})
	opt.CategoryAxis.Labels = labels
	opt.ValueAxis[0].Min = charts.Ptr(0.0)
	opt.ValueAxis[0].Max = charts.Ptr(top)
	opt.ValueAxis[0].LabelCount = tickCount
	opt.ValueFormatter = tickFormatter(top)
	p := charts.NewPainter(charts.PainterOptions{
		OutputFormat: charts.ChartOutputSVG,
		Width:        panelWidth,
		Height:       chartChrome + chartBarSpace*n,
	})
	if err := p.BarChart(opt); err != nil {
		return "", err
	}
	svg, err := p.Bytes()
	if err != nil {
		return "", err
	}
	return template.HTML(svg), nil // the library escapes the labels it writes
}

// niceTop rounds an axis's end up to 1, 2, 2.5 or 5 times a power of ten, so
// that tickCount labels fall on round numbers.
func niceTop(v float64) float64 {
	if v <= 0 {
		return 1
	}
	step := math.Pow(10, math.Floor(math.Log10(v)))
	for _, f := range []float64{1, 1.5, 2, 3, 4, 5, 6, 7.5, 8, 10} {
		if v <= f*step {
			return f * step
		}
	}
	return 10 * step
}

// tickFormatter writes the value axis's labels with as many decimals as an
// axis ending at top needs, and no more.
func tickFormatter(top float64) func(float64) string {
	decimals := 0
	switch {
	case top < 0.3:
		decimals = 3
	case top < 3:
		decimals = 2
	case top < 30:
		decimals = 1
	}
	return func(v float64) string { return fmt.Sprintf("%.*f", decimals, v) }
}

// count formats a count for a table cell.
func count(n int64) string { return fmt.Sprintf("%d", n) }
