package report

import (
	"fmt"

	"github.com/apache/arrow-go/v18/parquet/file"
)

// ReadGameCounts returns what a Parquet findings file records of the scan that
// wrote it (MetaSummary), without reading its rows: the summary's inputs and
// game counts per edition and speed class, with no findings. It returns nil
// and no error for a CSV file or a Parquet file without that metadata, whose
// game counts are unknown. A Parquet file of another table is ErrNotFindings.
// The summary lists its editions by name (zero Names): it is read for its counts.
func ReadGameCounts(path string) (*Summary, error) {
	format, err := FormatOf(path)
	if err != nil || format == CSV {
		return nil, err
	}
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer rdr.Close()
	return savedSummaryOf(path, rdr, Names{})
}

// savedSummaryOf checks that an open Parquet file holds the findings table and
// returns the summary recorded in its metadata, nil when there is none.
func savedSummaryOf(path string, rdr *file.Reader, names Names) (*Summary, error) {
	kv := rdr.MetaData().KeyValueMetadata()
	if t := kv.FindValue(MetaTable); t != nil && *t != "findings" {
		return nil, fmt.Errorf("%s: %w: it holds the %s table", path, ErrNotFindings, *t)
	}
	js := kv.FindValue(MetaSummary)
	if js == nil {
		return nil, nil
	}
	s, err := summaryFromMetadata(*js, names)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
