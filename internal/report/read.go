package report

import (
	"bufio"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// ErrNotFindings is returned by ReadSummary for a Parquet file that pgnscan
// wrote for another table (games or errors).
var ErrNotFindings = errors.New("not a findings table")

// ErrDamaged is wrapped by the error of a Parquet file whose pages cannot all be read: the
// reader delivered fewer rows than the footer records.
var ErrDamaged = errors.New("damaged Parquet file")

// ReadRows reads a table of rows R written earlier (Parquet or CSV, told by
// the extension as for Create; "-" reads CSV from standard input) and calls fn
// with each row in file order. Columns are found by name, so files with extra
// columns (from a later version) still read; a missing column or a column of
// another type is an error, except a column added later (ended_by), which
// files written before it lack and read as empty. The row and its strings are valid only until fn
// returns; an error from fn stops the reading and is returned.
func ReadRows[R Row](path string, fn func(*R) error) error {
	format, err := FormatOf(path)
	if err != nil {
		return err
	}
	if format == CSV {
		return readCSV(path, fn)
	}
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer rdr.Close()
	return readParquet(path, rdr, fn)
}

// ReadSummary rebuilds the summary of the scan that wrote a findings file:
// the findings tallies come from the rows; inputs, game counts per edition
// and speed class, errors and elapsed time come from the Parquet metadata
// (MetaSummary). A CSV file, or a Parquet file without that metadata, gives a
// summary whose CountsKnown is false: findings and missed by rule and speed,
// without rates.
func ReadSummary(path string, names Names) (*Summary, error) {
	format, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	s := NewSummary(names)
	s.countsKnown, s.finished = false, true
	add := func(f *Finding) error { s.AddFinding(f); return nil }
	if format == CSV {
		if err := readCSV(path, add); err != nil {
			return nil, err
		}
		return s, nil
	}
	rdr, err := file.OpenParquetFile(path, false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer rdr.Close()
	if saved, err := savedSummaryOf(path, rdr, names); err != nil {
		return nil, err
	} else if saved != nil {
		s = saved
	}
	if err := readParquet(path, rdr, add); err != nil {
		return nil, err
	}
	return s, nil
}

// readParquet reads the rows of an open Parquet file in record batches.
func readParquet[R Row](path string, rdr *file.Reader, fn func(*R) error) (err error) {
	defer func() { // the reader panics on some damage (a bad zstd page, a bad length)
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: %w: %v", path, ErrDamaged, p)
		}
	}()
	fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{BatchSize: DefaultBatchRows}, memory.DefaultAllocator)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	rr, err := fr.GetRecordReader(context.Background(), nil, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer rr.Release()

	cols, table := tableOf[R]()
	idx := make([]int, len(cols))
	for j, c := range cols {
		want, _ := c.kind.arrowType()
		ix := rr.Schema().FieldIndices(c.name)
		if len(ix) == 0 && c.since != "" {
			idx[j] = -1 // a file written before the column: the field stays empty
			continue
		}
		if len(ix) == 0 {
			return fmt.Errorf("%s: not a %s table: no column %q", path, table, c.name)
		}
		if got := rr.Schema().Field(ix[0]).Type; !arrow.TypeEqual(got, want) {
			return fmt.Errorf("%s: column %q has type %s, want %s", path, c.name, got, want)
		}
		idx[j] = ix[0]
	}
	sets := make([]func(*R, int), len(cols))
	var n int64
	for rr.Next() {
		rec := rr.RecordBatch()
		for j, c := range cols {
			sets[j] = nil
			if idx[j] >= 0 {
				sets[j] = setter(c, rec.Column(idx[j]))
			}
		}
		for i := 0; i < int(rec.NumRows()); i++ {
			var row R
			for _, set := range sets {
				if set != nil {
					set(&row, i)
				}
			}
			if err := fn(&row); err != nil {
				return err
			}
		}
		n += rec.NumRows()
	}
	if err := rr.Err(); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %w", path, err)
	}
	// The Arrow reader ends a column at the first page header it cannot decode as if the
	// column ended there (the column reader does not look at the page reader's error), and
	// then reports io.EOF: a damaged file would read as a short one, or an empty one. The
	// footer's row count is the check.
	if want := rdr.NumRows(); n != want {
		return fmt.Errorf("%s: %w: read %d of the %d rows its footer records", path, ErrDamaged, n, want)
	}
	return nil
}

// setter returns a function storing row i of arr into column c of a row.
// The array's type was checked against the column's kind.
func setter[R Row](c column[R], arr arrow.Array) func(*R, int) {
	switch c.kind {
	case kString:
		a, f := arr.(*array.String), c.str
		return func(r *R, i int) { *f(r) = a.Value(i) }
	case kInt64:
		a, f := arr.(*array.Int64), c.i64
		return func(r *R, i int) { *f(r) = a.Value(i) }
	case kInt32:
		a, f := arr.(*array.Int32), c.i32
		return func(r *R, i int) { *f(r) = a.Value(i) }
	case kNullInt32:
		a, f := arr.(*array.Int32), c.ni32
		return func(r *R, i int) {
			if a.IsValid(i) { // a null slot holds any value: keep the zero value
				*f(r) = ValidInt32(a.Value(i))
			}
		}
	case kNullFloat64:
		a, f := arr.(*array.Float64), c.nf64
		return func(r *R, i int) {
			if a.IsValid(i) {
				*f(r) = ValidFloat64(a.Value(i))
			}
		}
	case kBool:
		a, f := arr.(*array.Boolean), c.b
		return func(r *R, i int) { *f(r) = a.Value(i) }
	}
	panic("report: unknown column kind")
}

// readCSV reads a CSV table with a header line naming the columns.
func readCSV[R Row](path string, fn func(*R) error) error {
	var in io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	r := csv.NewReader(bufio.NewReaderSize(in, 1<<20))
	r.ReuseRecord = true
	head, err := r.Read()
	if err == io.EOF {
		return fmt.Errorf("%s: empty file, no header line", path)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	cols, table := tableOf[R]()
	idx := make([]int, len(cols))
	for j, c := range cols {
		idx[j] = -1
		for k, h := range head {
			if h == c.name {
				idx[j] = k
				break
			}
		}
		if idx[j] < 0 && c.since == "" {
			return fmt.Errorf("%s: not a %s table: no column %q", path, table, c.name)
		}
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		var row R
		for j, c := range cols {
			if idx[j] < 0 {
				continue // a column the file predates
			}
			v := rec[idx[j]]
			if csvTextColumns[c.name] {
				v = csvUnsafe(v)
			}
			if err := parseField(c, &row, v); err != nil {
				line, col := r.FieldPos(idx[j])
				return fmt.Errorf("%s:%d:%d: column %s: %w", path, line, col, c.name, err)
			}
		}
		if err := fn(&row); err != nil {
			return err
		}
	}
}

// parseField stores the CSV text v of column c into row r. An empty field is
// null for nullable columns.
func parseField[R Row](c column[R], r *R, v string) error {
	var err error
	switch c.kind {
	case kString:
		*c.str(r) = v
	case kInt64:
		*c.i64(r), err = strconv.ParseInt(v, 10, 64)
	case kInt32:
		var n int64
		n, err = strconv.ParseInt(v, 10, 32)
		*c.i32(r) = int32(n)
	case kNullInt32:
		if v != "" {
			var n int64
			n, err = strconv.ParseInt(v, 10, 32)
			*c.ni32(r) = ValidInt32(int32(n))
		}
	case kNullFloat64:
		if v != "" {
			var x float64
			x, err = strconv.ParseFloat(v, 64)
			*c.nf64(r) = ValidFloat64(x)
		}
	case kBool:
		*c.b(r), err = strconv.ParseBool(v)
	}
	return err
}
