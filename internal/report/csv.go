package report

import (
	"encoding/csv"
	"io"
	"strconv"
	"unsafe"
)

// csvSink writes rows as CSV through encoding/csv: a header line with the
// column names, then one line per row, fields in column order. Null values
// are empty fields, booleans are true/false, floats use the shortest form
// that reads back exactly. Free-text cells that a spreadsheet would run as
// formulas are quoted (see csvSafe).
type csvSink[R Row] struct {
	cw    *csv.Writer
	cols  []column[R]
	rec   []string
	text  []bool    // the column is free text: quote formula-like cells (csvSafe)
	num   []byte    // the row's numeric fields, formatted one after another
	spans []numSpan // where each numeric field lies in num
}

type numSpan struct{ field, from, to int }

func newCSVSink[R Row](w io.Writer) (*csvSink[R], error) {
	cols, _ := tableOf[R]()
	s := &csvSink[R]{
		cw:    csv.NewWriter(w),
		cols:  cols,
		rec:   make([]string, len(cols)),
		text:  make([]bool, len(cols)),
		num:   make([]byte, 0, 256),
		spans: make([]numSpan, 0, len(cols)),
	}
	for i, c := range cols {
		s.rec[i] = c.name
		s.text[i] = csvTextColumns[c.name]
	}
	if err := s.cw.Write(s.rec); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *csvSink[R]) write(r *R) error {
	s.num, s.spans = s.num[:0], s.spans[:0]
	for i, c := range s.cols {
		from := len(s.num)
		switch c.kind {
		case kString:
			s.rec[i] = *c.str(r)
			if s.text[i] {
				s.rec[i] = csvSafe(s.rec[i])
			}
			continue
		case kBool:
			s.rec[i] = strconv.FormatBool(*c.b(r)) // constant strings, no allocation
			continue
		case kInt64:
			s.num = strconv.AppendInt(s.num, *c.i64(r), 10)
		case kInt32:
			s.num = strconv.AppendInt(s.num, int64(*c.i32(r)), 10)
		case kNullInt32:
			if v := c.ni32(r); v.Valid {
				s.num = strconv.AppendInt(s.num, int64(v.Int32), 10)
			}
		case kNullFloat64:
			if v := c.nf64(r); v.Valid {
				s.num = strconv.AppendFloat(s.num, v.Float64, 'f', -1, 64)
			}
		}
		s.spans = append(s.spans, numSpan{i, from, len(s.num)})
	}
	// The numeric fields are views of s.num, which stays untouched until
	// the next call: csv.Writer.Write copies every field into its buffer
	// before returning and keeps no reference, so no string need be
	// allocated per field.
	all := unsafe.String(unsafe.SliceData(s.num), len(s.num))
	for _, sp := range s.spans {
		s.rec[sp.field] = all[sp.from:sp.to]
	}
	return s.cw.Write(s.rec)
}

func (s *csvSink[R]) finish([][2]string) error {
	s.cw.Flush()
	return s.cw.Error()
}

func (s *csvSink[R]) discard() {}
