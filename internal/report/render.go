package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// WriteTo writes the summary as aligned plain text: inputs, games, errors,
// throughput, then one table per edition (findings, missed, result differs,
// rates per 1,000 games) and, where TimeControl tags exist, missed per 1,000
// games by speed class.
func (s *Summary) WriteTo(w io.Writer) (int64, error) {
	var b strings.Builder
	s.render(&b)
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// String returns the text WriteTo writes.
func (s *Summary) String() string {
	var b strings.Builder
	s.render(&b)
	return b.String()
}

func (s *Summary) render(b *strings.Builder) {
	if s.countsKnown {
		s.renderInputs(b)
	} else {
		names := make([]string, len(s.inputs))
		for i, in := range s.inputs {
			names[i] = in.Name
		}
		fmt.Fprintf(b, "Sources with findings: %s\n", orNone(strings.Join(names, ", ")))
		b.WriteString("Games: unknown, so no rates per 1,000 games (only a Parquet findings file written by\n" +
			"pgnscan records the games without findings; a CSV file does not)\n")
	}
	if s.interrupted {
		b.WriteString("The scan was interrupted: the outputs hold every game read before it, whole.\n")
	}
	eds := s.Editions()
	if len(eds) == 0 {
		b.WriteString("\nNo games judged.\n")
	} else {
		b.WriteString("\nmissed: a claim not taken, or an automatic ending not applied; result differs: the Result\n" +
			"tag contradicts the board (checkmate, stalemate) or the ending's 1/2-1/2.\n")
	}
	for _, e := range eds {
		b.WriteByte('\n')
		s.renderEdition(b, &e)
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func (s *Summary) renderInputs(b *strings.Builder) {
	t := newTable(true, false, false, false, false, false, true)
	t.add("input", "size", "read", "pgn", "games", "errors", "status")
	var read, pgn int64
	for _, in := range s.inputs {
		name, bytes := in.shown()
		size := "?"
		if bytes >= 0 {
			size = fmtBytes(bytes)
		}
		t.add(name, size, fmtBytes(in.Read), fmtBytes(in.Decompressed), fmtInt(in.count()), fmtInt(in.errors), inputStatus(&in.Input))
		read += in.Read
		pgn += in.Decompressed
	}
	b.WriteString("Inputs\n")
	t.render(b, "  ")

	games := s.Games()
	fmt.Fprintf(b, "Games: %s read, %s with errors\n", fmtInt(games), fmtInt(s.errorGames))
	for _, m := range s.firstErrors {
		fmt.Fprintf(b, "  %s\n", m)
	}
	if s.errorGames > int64(len(s.firstErrors)) && len(s.firstErrors) > 0 {
		fmt.Fprintf(b, "  ... and %s more (see --errors)\n", fmtInt(s.errorGames-int64(len(s.firstErrors))))
	}
	el := s.Elapsed()
	fmt.Fprintf(b, "Elapsed: %s", fmtDuration(el))
	if sec := el.Seconds(); sec > 0 {
		fmt.Fprintf(b, ", %s games/s", fmtInt(int64(float64(games)/sec)))
		if read > 0 {
			fmt.Fprintf(b, ", %.1f MB/s read", float64(read)/1e6/sec)
		}
		if pgn > 0 {
			fmt.Fprintf(b, ", %.1f MB/s PGN", float64(pgn)/1e6/sec)
		}
	}
	b.WriteByte('\n')
}

// inputStatus says how far an input got.
func inputStatus(in *Input) string {
	at := ""
	if _, size := in.shown(); size > 0 && !in.Done {
		at = fmt.Sprintf(" at %.0f%%", 100*float64(in.Read)/float64(size))
	}
	switch {
	case in.Err != "":
		return "failed" + at + ": " + in.Err
	case in.Done:
		return "complete"
	}
	return "stopped" + at
}

func (s *Summary) renderEdition(b *strings.Builder, e *EditionStats) {
	if s.countsKnown {
		fmt.Fprintf(b, "Edition %s: %s games%s\n", e.Edition, fmtInt(e.Games), fmtSources(e.GamesBySource, s.names.EditionSources))
	} else {
		fmt.Fprintf(b, "Edition %s\n", e.Edition)
	}
	if len(e.Rules) == 0 {
		b.WriteString("  no findings\n")
		return
	}
	var t *textTable
	if s.countsKnown {
		t = newTable(true, false, false, false, false, false)
		t.add("rule", "findings", "missed", "result differs", "findings/1k games", "missed/1k games")
	} else {
		t = newTable(true, false, false, false)
		t.add("rule", "findings", "missed", "result differs")
	}
	for _, r := range e.Rules {
		row := []string{r.Rule, fmtInt(r.Findings), fmtInt(r.Missed), fmtInt(r.ResultDiffers)}
		if s.countsKnown {
			row = append(row, fmtRate(r.Findings, e.Games), fmtRate(r.Missed, e.Games))
		}
		t.add(row...)
	}
	t.render(b, "  ")
	renderFates(b, e.Rules)

	// The split by speed class, when some game (or, from CSV, some
	// finding) has a TimeControl tag lichess could classify.
	var present [NumSpeeds]bool
	classified := false
	for sp := range NumSpeeds {
		n := e.GamesBySpeed[sp]
		if !s.countsKnown {
			for _, r := range e.Rules {
				n += r.BySpeed[sp].Findings
			}
		}
		present[sp] = n > 0
		classified = classified || (n > 0 && Speed(sp) != SpeedUnknown)
	}
	if !classified {
		return
	}
	head := []string{"speed"}
	left := []bool{true}
	if s.countsKnown {
		b.WriteString("\n  Missed per 1,000 games, by speed class (lichess's estimated duration):\n")
		head = append(head, "games")
		left = append(left, false)
	} else {
		b.WriteString("\n  Missed, by speed class (lichess's estimated duration):\n")
	}
	for _, r := range e.Rules {
		head = append(head, r.Rule)
		left = append(left, false)
	}
	t = newTable(left...)
	t.add(head...)
	for _, sp := range speedOrder {
		if !present[sp] {
			continue
		}
		row := []string{sp.String()}
		if s.countsKnown {
			row = append(row, fmtInt(e.GamesBySpeed[sp]))
		}
		for _, r := range e.Rules {
			if s.countsKnown {
				row = append(row, fmtRate(r.BySpeed[sp].Missed, e.GamesBySpeed[sp]))
			} else {
				row = append(row, fmtInt(r.BySpeed[sp].Missed))
			}
		}
		t.add(row...)
	}
	t.render(b, "  ")
}

// fmtSources renders games by edition_source, e.g. " (date 900, fallback 100)", in the
// order of order.
func fmtSources(m map[string]int64, order []string) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	orderBy(keys, order)
	parts := make([]string, len(keys))
	for i, k := range keys {
		name := k
		if name == "" {
			name = "(none)"
		}
		parts[i] = name + " " + fmtInt(m[k])
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// fmtRate returns n per 1,000 of total with two decimals, "-" when total is 0.
func fmtRate(n, total int64) string {
	if total <= 0 {
		return "-"
	}
	return strconv.FormatFloat(1000*float64(n)/float64(total), 'f', 2, 64)
}

// fmtInt writes n with thousands separators: 1234567 -> "1,234,567".
func fmtInt(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// fmtBytes writes a byte count in decimal units: "512 B", "1.5 MB", "28.1 GB".
func fmtBytes(n int64) string {
	const units = "kMGTPE"
	if n < 1000 {
		return strconv.FormatInt(n, 10) + " B"
	}
	v, i := float64(n)/1000, 0
	for v >= 999.95 && i < len(units)-1 {
		v /= 1000
		i++
	}
	return strconv.FormatFloat(v, 'f', 1, 64) + " " + units[i:i+1] + "B"
}

// fmtDuration rounds d for reading: milliseconds below a second, hundredths
// of a second below a minute, seconds above.
func fmtDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		return d.Round(10 * time.Millisecond).String()
	}
	return d.Round(time.Second).String()
}

// textTable aligns rows of cells in columns: left-aligned where left says
// so, right-aligned (numbers) elsewhere, two spaces between columns.
type textTable struct {
	left []bool
	rows [][]string
}

func newTable(left ...bool) *textTable { return &textTable{left: left} }

func (t *textTable) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *textTable) render(b *strings.Builder, indent string) {
	width := make([]int, len(t.left))
	for _, r := range t.rows {
		for i, c := range r {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	for _, r := range t.rows {
		b.WriteString(indent)
		for i, c := range r {
			pad := width[i] - utf8.RuneCountInString(c)
			last := i == len(r)-1
			if i > 0 {
				b.WriteString("  ")
			}
			if t.left[i] {
				b.WriteString(c)
				if !last {
					b.WriteString(strings.Repeat(" ", pad))
				}
			} else {
				b.WriteString(strings.Repeat(" ", pad))
				b.WriteString(c)
			}
		}
		b.WriteByte('\n')
	}
}

// renderFates writes, for the claim rules with missed claims, what followed
// them: a draw by a later claim, or a win or loss for the claimant (issue 28).
func renderFates(b *strings.Builder, rules []RuleStats) {
	var t *textTable
	for _, r := range rules {
		if r.MissedThenClaim+r.MissedThenDecided == 0 {
			continue
		}
		if t == nil {
			t = newTable(true, false, false, false, false)
			t.add("rule", "missed", "then drawn by a later claim", "played on, won or lost", "otherwise")
		}
		t.add(r.Rule, fmtInt(r.Missed), fmtInt(r.MissedThenClaim), fmtInt(r.MissedThenDecided),
			fmtInt(r.Missed-r.MissedThenClaim-r.MissedThenDecided))
	}
	if t == nil {
		return
	}
	b.WriteString("\n  Missed claims, what followed (otherwise: agreed, on time, a board ending, unfinished):\n")
	t.render(b, "  ")
}
