package report

import (
	"fmt"
	"io"

	"github.com/apache/arrow/go/v17/arrow"
	"github.com/apache/arrow/go/v17/arrow/array"
	"github.com/apache/arrow/go/v17/arrow/memory"
	"github.com/apache/arrow/go/v17/parquet"
	"github.com/apache/arrow/go/v17/parquet/compress"
	"github.com/apache/arrow/go/v17/parquet/pqarrow"
)

// parquetSink appends rows to Arrow builders and writes every batch of rows
// as one zstd-compressed Parquet row group.
type parquetSink[R Row] struct {
	fw    *pqarrow.FileWriter
	rb    *array.RecordBuilder
	app   []func(*R) // one appender per column, bound to its builder
	n     int        // rows in the builders
	batch int
}

func newParquetSink[R Row](w io.Writer, batch int, kv [][2]string) (s *parquetSink[R], err error) {
	defer recoverInto(&err)
	schema := arrowSchema[R]()
	keys := make([]string, len(kv))
	vals := make([]string, len(kv))
	for i, p := range kv {
		keys[i], vals[i] = p[0], p[1]
	}
	md := arrow.NewMetadata(keys, vals)
	schema = arrow.NewSchema(schema.Fields(), &md)

	// Dictionary encoding is off: the library's dictionary encoder
	// allocates for every string value (about 20 allocations per findings
	// row), and on findings rows plain encoding under zstd gave files half
	// the size (the FEN, id, offset and clock columns are nearly unique, and
	// zstd takes care of the repeated tags). Statistics stay on, so query
	// engines can skip row groups by source, edition or rule.
	opts := []parquet.WriterProperty{
		parquet.WithCompression(compress.Codecs.Zstd),
		// zstd's fastest level: 16 % more rows/s than the default level for files 7 %
		// larger, which are small beside the archives they describe.
		parquet.WithCompressionLevel(1),
		parquet.WithMaxRowGroupLength(int64(batch)),
		parquet.WithDictionaryDefault(false),
		parquet.WithStats(true),
	}
	// Min/max of free text (names, ids, FENs, messages) help no query: they
	// only swell the footer, which holds them for every row group, and cost
	// a comparison per value (12 % of findings writing for all columns).
	for _, col := range []string{"game_id", "event", "site", "round", "white", "black",
		"move", "fen", "eval", "final_fen", "error", "message", "excerpt"} {
		opts = append(opts, parquet.WithStatsFor(col, false))
	}
	props := parquet.NewWriterProperties(opts...)
	fw, err := pqarrow.NewFileWriter(schema, w, props, pqarrow.NewArrowWriterProperties(pqarrow.WithStoreSchema()))
	if err != nil {
		return nil, err
	}
	s = &parquetSink[R]{fw: fw, batch: batch}
	s.rb = array.NewRecordBuilder(memory.DefaultAllocator, schema)
	s.rb.Reserve(batch)
	cols, _ := tableOf[R]()
	s.app = make([]func(*R), len(cols))
	for i, c := range cols {
		s.app[i] = appender(c, s.rb.Field(i))
	}
	return s, nil
}

// appender returns a function appending column c of a row to builder b.
func appender[R Row](c column[R], b array.Builder) func(*R) {
	switch c.kind {
	case kString:
		sb, get := b.(*array.StringBuilder), c.str
		return func(r *R) { sb.Append(*get(r)) }
	case kInt64:
		ib, get := b.(*array.Int64Builder), c.i64
		return func(r *R) { ib.Append(*get(r)) }
	case kInt32:
		ib, get := b.(*array.Int32Builder), c.i32
		return func(r *R) { ib.Append(*get(r)) }
	case kNullInt32:
		ib, get := b.(*array.Int32Builder), c.ni32
		return func(r *R) {
			if v := get(r); v.Valid {
				ib.Append(v.Int32)
			} else {
				ib.AppendNull()
			}
		}
	case kNullFloat64:
		fb, get := b.(*array.Float64Builder), c.nf64
		return func(r *R) {
			if v := get(r); v.Valid {
				fb.Append(v.Float64)
			} else {
				fb.AppendNull()
			}
		}
	case kBool:
		bb, get := b.(*array.BooleanBuilder), c.b
		return func(r *R) { bb.Append(*get(r)) }
	}
	panic("report: unknown column kind")
}

func (s *parquetSink[R]) write(r *R) error {
	for _, app := range s.app {
		app(r)
	}
	s.n++
	if s.n >= s.batch {
		return s.flush()
	}
	return nil
}

// flush writes the rows in the builders as one row group.
func (s *parquetSink[R]) flush() (err error) {
	if s.n == 0 {
		return nil
	}
	defer recoverInto(&err)
	rec := s.rb.NewRecord()
	defer rec.Release()
	s.n = 0
	return s.fw.Write(rec)
}

func (s *parquetSink[R]) finish(kv [][2]string) (err error) {
	defer s.rb.Release()
	if err := s.flush(); err != nil {
		return err
	}
	defer recoverInto(&err)
	for _, p := range kv {
		if err := s.fw.AppendKeyValueMetadata(p[0], p[1]); err != nil {
			return err
		}
	}
	return s.fw.Close()
}

func (s *parquetSink[R]) discard() {
	s.rb.Release()
	s.n = 0
}

// recoverInto turns a panic inside the Arrow/Parquet library (which panics on
// some I/O failures) into an error.
func recoverInto(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("parquet: %v", p)
	}
}
