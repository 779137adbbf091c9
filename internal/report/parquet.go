package report

import (
	"encoding/base64"
	"fmt"
	"io"
	"slices"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/flight"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// parquetSink gathers rows column by column and writes every batch of rows
// as one zstd-compressed Parquet row group.
//
// It feeds the Parquet column writers directly: going through Arrow record
// batches (pqarrow) made a row cost a quarter to two fifths more, in builders
// that reallocate for every batch, conversions back to Parquet values and the
// garbage they left. The file is the same: pqarrow derives the schema and the
// Arrow schema is stored in the footer, as pqarrow would.
//
// The game columns of findings and games rows are buffered from the row's
// GameInfo, fetched once per row (info), the others from the row (cols).
type parquetSink[R Row] struct {
	fw    *file.Writer
	info  []columnBuf[GameInfo] // the leading game columns; none for errors rows
	cols  []columnBuf[R]        // the columns after them
	n     int                   // rows in the buffers
	room  int                   // rows the buffers have room for (see grow)
	batch int                   // rows per row group
	views []parquet.ByteArray   // scratch: a string column's values as the column writer takes them
}

// columnBuf holds one column of the rows of a batch, as the Parquet column
// writer takes them: the values present, and for a nullable column the
// definition level of every row (0 for null, 1 for a value). A string column's
// values are copied into one array of bytes, where views of the rows' strings
// held every string of a batch's rows alive and gave the collector a pointer
// per value to follow in every collection.
type columnBuf[T any] struct {
	c     column[T]
	text  []byte // kString: the values, one after another (a repeat is not stored again)
	ends  []int  // kString: where each value ends in text, or repeat
	last  string // kString: the value of the last row
	i64   []int64
	i32   []int32
	f64   []float64
	bools []bool
	def   []int16
}

func newParquetSink[R Row](w io.Writer, batch int, kv [][2]string) (s *parquetSink[R], err error) {
	defer recoverInto(&err)
	keys := make([]string, len(kv))
	vals := make([]string, len(kv))
	meta := metadata.NewKeyValueMetadata()
	for i, p := range kv {
		keys[i], vals[i] = p[0], p[1]
		if err := meta.Append(p[0], p[1]); err != nil {
			return nil, err
		}
	}
	md := arrow.NewMetadata(keys, vals)
	schema := arrow.NewSchema(arrowSchema[R]().Fields(), &md)

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
	pqschema, err := pqarrow.ToParquet(schema, props, pqarrow.NewArrowWriterProperties())
	if err != nil {
		return nil, err
	}
	// The Arrow schema, as pqarrow.WithStoreSchema stores it, so that Arrow
	// readers get the exact types back.
	if err := meta.Append("ARROW:schema", base64.StdEncoding.EncodeToString(
		flight.SerializeSchema(schema, memory.DefaultAllocator))); err != nil {
		return nil, err
	}
	s = &parquetSink[R]{batch: batch}
	s.fw = file.NewParquetWriter(w, pqschema.Root(), file.WithWriterProps(props), file.WithWriteMetadata(meta))
	cols, _ := tableOf[R]()
	if _, ok := rowInfo(new(R)); ok {
		s.info = buffers(infoColumns)
		cols = cols[len(infoColumns):]
	}
	s.cols = buffers(cols)
	return s, nil
}

// buffers returns an empty buffer for each column of cols.
func buffers[T any](cols []column[T]) []columnBuf[T] {
	bufs := make([]columnBuf[T], len(cols))
	for i, c := range cols {
		bufs[i].c = c
	}
	return bufs
}

func (s *parquetSink[R]) write(r *R) error {
	if s.n == s.room {
		s.grow()
	}
	if g, ok := rowInfo(r); ok {
		for i := range s.info {
			s.info[i].add(g)
		}
	}
	for i := range s.cols {
		s.cols[i].add(r)
	}
	s.n++
	if s.n >= s.batch {
		return s.flush()
	}
	return nil
}

// add appends the column's value in row r.
func (b *columnBuf[T]) add(r *T) {
	switch c := &b.c; c.kind {
	case kString:
		if v := *c.str(r); len(b.ends) > 0 && v == b.last {
			b.ends = append(b.ends, repeat)
		} else {
			b.last = v
			b.text = appendDoubling(b.text, v)
			b.ends = append(b.ends, len(b.text))
		}
	case kInt64:
		b.i64 = append(b.i64, *c.i64(r))
	case kInt32:
		b.i32 = append(b.i32, *c.i32(r))
	case kNullInt32:
		v := c.ni32(r)
		if v.Valid {
			b.i32 = append(b.i32, v.Int32)
		}
		b.def = append(b.def, level(v.Valid))
	case kNullFloat64:
		v := c.nf64(r)
		if v.Valid {
			b.f64 = append(b.f64, v.Float64)
		}
		b.def = append(b.def, level(v.Valid))
	case kBool:
		b.bools = append(b.bools, *c.b(r))
	}
}

// appendDoubling appends s to text, doubling text's room when it is full. Left to append, the
// values of a string column grew by a quarter at a time: while the buffers first filled, the
// arrays outgrown were four times the column's final bytes (8.2 MB for 2 MB on issue 25's OTB
// findings), every one fresh memory the kernel faulted in.
func appendDoubling(text []byte, s string) []byte {
	if len(text)+len(s) > cap(text) {
		text = slices.Grow(text, max(len(s), cap(text)))
	}
	return append(text, s...)
}

// firstRoom is the rows the buffers first have room for.
const firstRoom = 1024

// grow doubles the rows the buffers have room for, from firstRoom up to a batch. Left to
// append, the buffers grew by a quarter at a time: the arrays they outgrew while filling
// their first batch were four times their final size in garbage, which raised the heap's
// peak and the pages the process touched.
func (s *parquetSink[R]) grow() {
	s.room = min(max(2*s.room, firstRoom), s.batch)
	for i := range s.info {
		s.info[i].grow(s.room)
	}
	for i := range s.cols {
		s.cols[i].grow(s.room)
	}
}

// grow gives the buffer room for room rows.
func (b *columnBuf[T]) grow(room int) {
	switch b.c.kind {
	case kString:
		b.ends = slices.Grow(b.ends, room-len(b.ends))
	case kInt64:
		b.i64 = slices.Grow(b.i64, room-len(b.i64))
	case kInt32:
		b.i32 = slices.Grow(b.i32, room-len(b.i32))
	case kNullInt32:
		b.i32 = slices.Grow(b.i32, room-len(b.i32))
		b.def = slices.Grow(b.def, room-len(b.def))
	case kNullFloat64:
		b.f64 = slices.Grow(b.f64, room-len(b.f64))
		b.def = slices.Grow(b.def, room-len(b.def))
	case kBool:
		b.bools = slices.Grow(b.bools, room-len(b.bools))
	}
}

// values returns the string values of b as the column writer takes them, in
// views, the scratch slice. An empty string is an empty value, not nil, which
// the column writer's statistics would take for a missing one.
func (b *columnBuf[T]) values(views []parquet.ByteArray) []parquet.ByteArray {
	views = slices.Grow(views[:0], len(b.ends))[:len(b.ends)]
	start := 0
	for i, end := range b.ends {
		switch {
		case end == repeat:
			views[i] = views[i-1]
			continue
		case start == end:
			views[i] = emptyValue
		default:
			views[i] = b.text[start:end:end]
		}
		start = end
	}
	return views
}

// repeat is the end of a string value that is the same as the row's before in the batch: its
// bytes are not copied again, and its view is the one before, so that the column writer's
// statistics compare the two as the same slice, which costs least. Most findings rows repeat
// many a value of the row before (the game's tags, the rule, the kind).
const repeat = -1

var emptyValue = parquet.ByteArray{}

// level is the definition level of a nullable value.
func level(valid bool) int16 {
	if valid {
		return 1
	}
	return 0
}

// flush writes the rows in the buffers as one row group.
func (s *parquetSink[R]) flush() (err error) {
	if s.n == 0 {
		return nil
	}
	defer recoverInto(&err)
	rg, err := s.fw.AppendRowGroupChecked()
	if err != nil {
		return err
	}
	for i := range s.info {
		if err := s.info[i].writeNext(rg, &s.views); err != nil {
			return err
		}
	}
	for i := range s.cols {
		if err := s.cols[i].writeNext(rg, &s.views); err != nil {
			return err
		}
	}
	s.discard()
	return rg.Close()
}

// writeNext writes the column's values to the row group's next column.
func (b *columnBuf[T]) writeNext(rg file.SerialRowGroupWriter, views *[]parquet.ByteArray) error {
	cw, err := rg.NextColumn()
	if err != nil {
		return err
	}
	if err := b.writeTo(cw, views); err != nil {
		return fmt.Errorf("column %s: %w", b.c.name, err)
	}
	return nil
}

// writeTo writes the column's values to cw; views is the sink's scratch for
// string values.
func (b *columnBuf[T]) writeTo(cw file.ColumnChunkWriter, views *[]parquet.ByteArray) error {
	var err error
	switch w := cw.(type) {
	case *file.ByteArrayColumnChunkWriter:
		*views = b.values(*views)
		_, err = w.WriteBatch(*views, nil, nil)
	case *file.Int64ColumnChunkWriter:
		_, err = w.WriteBatch(b.i64, nil, nil)
	case *file.Int32ColumnChunkWriter:
		_, err = w.WriteBatch(b.i32, b.def, nil)
	case *file.Float64ColumnChunkWriter:
		_, err = w.WriteBatch(b.f64, b.def, nil)
	case *file.BooleanColumnChunkWriter:
		_, err = w.WriteBatch(b.bools, nil, nil)
	default:
		err = fmt.Errorf("unexpected column writer %T", cw)
	}
	return err
}

func (s *parquetSink[R]) finish(kv [][2]string) (err error) {
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

// discard empties the buffers, keeping their memory for the next batch.
func (s *parquetSink[R]) discard() {
	for i := range s.info {
		s.info[i].empty()
	}
	for i := range s.cols {
		s.cols[i].empty()
	}
	s.n = 0
}

// empty empties the buffer, keeping its memory.
func (b *columnBuf[T]) empty() {
	b.text, b.ends, b.i64, b.i32, b.f64, b.bools, b.def = b.text[:0], b.ends[:0], b.i64[:0], b.i32[:0], b.f64[:0], b.bools[:0], b.def[:0]
}

// recoverInto turns a panic inside the Arrow/Parquet library (which panics on
// some I/O failures) into an error.
func recoverInto(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("parquet: %v", p)
	}
}
