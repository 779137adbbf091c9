package htmlreport

import (
	"fmt"
	"html/template"
	"slices"

	"github.com/go-analyze/charts"
)

// chart is one bar chart of the page with its numbers beside it: a table
// whose rows are the bars, top to bottom, and whose cells are the counts the
// bar is made of.
type chart struct {
	ID    string // the figure's id, for links and tests
	Title string
	Note  string   // what the bars show and, when rates are missing, why
	Head  []string // the table's header: the category, then the numbers
	Rows  []chartRow
	SVG   template.HTML // the bars; empty when every value is 0
}

// chartRow is one bar and its line of the table.
type chartRow struct {
	Label string
	Cells []string
	value float64 // the bar's length
}

// Chart geometry, in pixels.
const (
	chartWidth    = 560
	chartBarSpace = 34 // per bar
	chartChrome   = 70 // title-less chart: axis and padding
)

// render draws the chart's bars as an SVG with go-analyze/charts: one
// horizontal bar per row, labelled with the row's label and value. A chart
// whose values are all 0 gets no SVG (the library would draw an axis of no
// extent); the table says the same.
func (c *chart) render() error {
	if !slices.ContainsFunc(c.Rows, func(r chartRow) bool { return r.value != 0 }) {
		return nil
	}
	n := len(c.Rows)
	values, labels := make([]float64, n), make([]string, n)
	for i, r := range c.Rows { // the library draws the first category at the bottom
		values[n-1-i], labels[n-1-i] = r.value, r.Label
	}
	opt := charts.NewBarChartOptionWithData([][]float64{values})
	opt.Horizontal = true
	opt.CategoryAxis.Labels = labels
	opt.SeriesList[0].Label.Show = charts.Ptr(true)
	opt.SeriesList[0].Label.ValueFormatter = formatValue
	opt.ValueFormatter = formatValue
	opt.ValueAxis[0].Min = charts.Ptr(0.0) // bars start at 0, also when there is only one
	if top := slices.Max(values); top < 10 && !slices.ContainsFunc(values, func(v float64) bool { return v != float64(int64(v)) }) {
		opt.ValueAxis[0].Max = charts.Ptr(top + 1) // small counts: whole ticks 0, 1, …, not 0.50, 1.50
		opt.ValueAxis[0].LabelCount = int(top) + 2
	}
	p := charts.NewPainter(charts.PainterOptions{
		OutputFormat: charts.ChartOutputSVG,
		Width:        chartWidth,
		Height:       chartChrome + chartBarSpace*n,
	})
	if err := p.BarChart(opt); err != nil {
		return fmt.Errorf("chart %s: %w", c.ID, err)
	}
	svg, err := p.Bytes()
	if err != nil {
		return fmt.Errorf("chart %s: %w", c.ID, err)
	}
	c.SVG = template.HTML(svg) // the library escapes the labels it writes
	return nil
}

// formatValue writes a bar's value: whole numbers without decimals, rates
// with two.
func formatValue(v float64) string {
	if v == float64(int64(v)) {
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.2f", v)
}

// rate returns n per 1,000 of games and its text, "n/a" when there are no games.
func rate(n, games int64) (float64, string) {
	if games <= 0 {
		return 0, "n/a"
	}
	r := float64(n) * 1000 / float64(games)
	return r, fmt.Sprintf("%.2f", r)
}

// count formats a count for a table cell.
func count(n int64) string { return fmt.Sprintf("%d", n) }
