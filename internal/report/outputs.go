package report

import "errors"

// Outputs is what a scan writes: the findings, games and errors tables
// (any may be nil: not asked for) and the summary, fed from the same rows so
// that the printed numbers match the files. Summary must not be nil.
type Outputs struct {
	Findings *Writer[Finding]
	Games    *Writer[Game]
	Errors   *Writer[Error]
	Summary  *Summary
	Tap      Tap // also receives every findings and games row when set (e.g. the HTML report)

	// FindingsParts and GamesParts, when set, take the findings and games rows instead of
	// Findings and Games: Hive-partitioned Parquet (--partition).
	FindingsParts *Partitioned[Finding]
	GamesParts    *Partitioned[Game]

	// PGN, when set, takes the games with findings, annotated (scan --pgn-out).
	PGN *PGNFile
}

// AddPGN writes annotated games to the PGN output when there is one.
func (o *Outputs) AddPGN(b []byte) error {
	if o.PGN == nil || len(b) == 0 {
		return nil
	}
	return o.PGN.Write(b)
}

// Tap is a further consumer of the rows a scan writes, fed from the same calls
// as the files and the summary. Its methods must not keep the rows or their
// strings, which are reused after the call.
type Tap interface {
	AddFinding(*Finding)
	AddGame(*Game)
}

// AddFinding counts f in the summary and writes it to the findings table.
func (o *Outputs) AddFinding(f *Finding) error {
	o.Summary.AddFinding(f)
	if o.Tap != nil {
		o.Tap.AddFinding(f)
	}
	if o.FindingsParts != nil {
		return o.FindingsParts.Write(f)
	}
	if o.Findings == nil {
		return nil
	}
	return o.Findings.Write(f)
}

// AddGame counts g in the summary and writes it to the games table when
// there is one. Feed one for every game and edition. Its error is clipped to
// MaxMessage bytes.
func (o *Outputs) AddGame(g *Game) error {
	g = clipGame(g)
	o.Summary.AddGame(g)
	if o.Tap != nil {
		o.Tap.AddGame(g)
	}
	if o.GamesParts != nil {
		return o.GamesParts.Write(g)
	}
	if o.Games == nil {
		return nil
	}
	return o.Games.Write(g)
}

// AddError counts e in the summary and writes it to the errors table when
// there is one. Its message and excerpt are clipped to MaxMessage and
// MaxExcerpt bytes.
func (o *Outputs) AddError(e *Error) error {
	e = clipError(e)
	o.Summary.AddError(e)
	if o.Errors == nil {
		return nil
	}
	return o.Errors.Write(e)
}

// table is one output Close and Abort end: a Writer or a Partitioned directory.
type table interface {
	SetSummary(*Summary)
	Close() error
	abort()
}

func (w *Writer[R]) abort()      { w.Abort() }
func (p *Partitioned[R]) abort() { p.Abort() }

// tables returns the outputs asked for (the non-nil ones), in the order they close.
func (o *Outputs) tables() []table {
	var ts []table
	add := func(t table, asked bool) {
		if asked {
			ts = append(ts, t)
		}
	}
	add(o.Findings, o.Findings != nil)
	add(o.Games, o.Games != nil)
	add(o.Errors, o.Errors != nil)
	add(o.FindingsParts, o.FindingsParts != nil)
	add(o.GamesParts, o.GamesParts != nil)
	add(o.PGN, o.PGN != nil)
	return ts
}

// Close stops the summary's clock, records the summary in every Parquet
// output's metadata, and closes (finalises and renames) every writer, also
// after an interrupt. It returns the errors of all writers joined.
func (o *Outputs) Close() error {
	o.Summary.Finish()
	var errs []error
	for _, t := range o.tables() {
		t.SetSummary(o.Summary)
		errs = append(errs, t.Close())
	}
	return errors.Join(errs...)
}

// Abort removes every output not yet closed, for fatal errors.
func (o *Outputs) Abort() {
	for _, t := range o.tables() {
		t.abort()
	}
}
