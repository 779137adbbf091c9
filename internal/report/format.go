package report

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// Format is the file format of an output table.
type Format uint8

const (
	Parquet Format = iota + 1 // Apache Parquet, zstd-compressed
	CSV                       // comma-separated values with a header line
)

func (f Format) String() string {
	switch f {
	case Parquet:
		return "parquet"
	case CSV:
		return "csv"
	}
	return fmt.Sprintf("Format(%d)", uint8(f))
}

// ErrUnknownFormat is returned (wrapped in a *FormatError) for an output path
// whose extension is neither .parquet nor .csv. The command turns it into exit
// status 2 (bad usage).
var ErrUnknownFormat = errors.New("unknown output format (want .parquet or .csv)")

// FormatError reports a path whose format cannot be told from its name.
type FormatError struct {
	Path string
}

func (e *FormatError) Error() string {
	return fmt.Sprintf("%s: %v", e.Path, ErrUnknownFormat)
}

// Unwrap returns ErrUnknownFormat.
func (e *FormatError) Unwrap() error { return ErrUnknownFormat }

// FormatOf returns the format of an output path from its extension, ignoring
// case: ".parquet" or ".csv". The path "-" (standard output) is CSV.
func FormatOf(path string) (Format, error) {
	if path == "-" {
		return CSV, nil
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".parquet":
		return Parquet, nil
	case ".csv":
		return CSV, nil
	}
	return 0, &FormatError{Path: path}
}
