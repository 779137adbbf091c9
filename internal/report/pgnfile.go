package report

import "bufio"

// PGNFile is the annotated games output of scan --pgn-out: bytes of PGN in
// input order, written under a temporary name (CreateFile) and renamed into
// place when the scan closes its outputs, removed when it aborts.
type PGNFile struct {
	f *File
	w *bufio.Writer
}

// CreatePGN creates the PGN output at path (see CreateFile).
func CreatePGN(path string) (*PGNFile, error) {
	f, err := CreateFile(path)
	if err != nil {
		return nil, err
	}
	return &PGNFile{f: f, w: bufio.NewWriterSize(f, 1<<20)}, nil
}

// Write appends games' text.
func (p *PGNFile) Write(b []byte) error {
	if _, err := p.w.Write(b); err != nil {
		return outputError("write", p.f.path, err)
	}
	return nil
}

// SetSummary does nothing: a PGN file has no metadata.
func (p *PGNFile) SetSummary(*Summary) {}

// Close flushes the file and renames it into place.
func (p *PGNFile) Close() error {
	if err := p.w.Flush(); err != nil {
		p.f.Remove()
		return outputError("write", p.f.path, err)
	}
	return p.f.Commit()
}

func (p *PGNFile) abort() { p.f.Remove() }
