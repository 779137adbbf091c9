package input

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"path"
	"strings"
)

// zipMagic begins a zip archive: a local file header (TWIC publishes its weekly games so).
const zipMagic = "PK\x03\x04"

// isZip reports whether the first bytes of a file are a zip archive's.
func isZip(head []byte) bool { return bytes.HasPrefix(head, []byte(zipMagic)) }

// zipMembers returns the inputs of the zip archive at p, whose Source has the name of the
// archive: one per member that is a PGN archive (isArchiveName of its base name, a Parquet
// member excepted: it cannot be read at random inside the archive), in the archive's order,
// each named FILE.zip:MEMBER in rows and messages. An archive without one is an error wrapping
// ErrNoArchives; one that does not open as a zip archive, an *InputError.
func zipMembers(archive Source) ([]Source, error) {
	zr, err := zip.OpenReader(archive.Path)
	if err != nil {
		return nil, &InputError{Name: archive.Name, Op: "open", Err: fmt.Errorf("zip: %w", err)}
	}
	defer zr.Close()
	var out []Source
	for _, f := range zr.File {
		base := path.Base(f.Name)
		if f.FileInfo().IsDir() || !isArchiveName(base) || strings.HasSuffix(strings.ToLower(base), ".parquet") {
			continue
		}
		out = append(out, Source{Name: archive.Name + ":" + displayName(f.Name), Path: archive.Path,
			Member: f.Name, Size: int64(f.UncompressedSize64)})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: %w (a zip archive without a .pgn member)", archive.Name, ErrNoArchives)
	}
	return out, nil
}

// openMember opens the member of the zip archive at p for reading; close closes both.
func openMember(p, member string) (r io.Reader, close func(), err error) {
	zr, err := zip.OpenReader(p)
	if err != nil {
		return nil, nil, fmt.Errorf("zip: %w", err)
	}
	for _, f := range zr.File {
		if f.Name != member {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			zr.Close()
			return nil, nil, fmt.Errorf("zip: %s: %w", member, err)
		}
		return rc, func() { rc.Close(); zr.Close() }, nil
	}
	zr.Close()
	return nil, nil, fmt.Errorf("zip: no member %s", member)
}
