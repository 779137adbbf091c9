package input

import (
	"fmt"
	"io"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
)

// columnCursor reads the values of one column of a row group, row after row, with the
// library's column reader: a page's values at a time, strings aliasing the page they were
// decoded from (valid until the next fill, which happens only once they are all used). There
// are no Arrow arrays in between: building them copied every value once more, and their
// builders cost more than the games' text written from them.
type columnCursor struct {
	col    file.ColumnChunkReader // this row group's; nil before the first
	phys   parquet.Type           // its physical type
	maxDef int16                  // the definition level of a value (0: the column is required)
	defs   []int16                // definition levels of the rows filled
	bytes  []parquet.ByteArray    // the values filled, by physical type: only non-null ones
	i32    []int32
	i64    []int64
	rows   int // rows filled
	row    int // the next row of those filled
	val    int // the next value of those filled
}

// cursorRows is how many rows of a column are decoded at once (fewer at a page's end).
const cursorRows = 256

// reset makes c read col, the column of a new row group, closing the previous one's reader.
func (c *columnCursor) reset(col file.ColumnChunkReader) {
	c.close()
	c.col, c.phys, c.maxDef = col, col.Type(), col.Descriptor().MaxDefinitionLevel()
	c.rows, c.row, c.val = 0, 0, 0
	if c.defs == nil {
		c.defs = make([]int16, cursorRows)
	}
	switch c.phys {
	case parquet.Types.ByteArray:
		if c.bytes == nil {
			c.bytes = make([]parquet.ByteArray, cursorRows)
		}
	case parquet.Types.Int32:
		if c.i32 == nil {
			c.i32 = make([]int32, cursorRows)
		}
	case parquet.Types.Int64:
		if c.i64 == nil {
			c.i64 = make([]int64, cursorRows)
		}
	}
}

// close releases the column reader (its page buffers go back to the allocator).
func (c *columnCursor) close() {
	if cl, ok := c.col.(io.Closer); ok {
		cl.Close()
	}
	c.col = nil
}

// next moves to the next row and reports whether it holds a value (false for a null), which
// is then c.bytes[c.val-1], c.i32[c.val-1] or c.i64[c.val-1] by the column's physical type.
func (c *columnCursor) next() (bool, error) {
	if c.row == c.rows {
		if err := c.fill(); err != nil {
			return false, err
		}
	}
	c.row++
	if c.maxDef > 0 && c.defs[c.row-1] < c.maxDef {
		return false, nil
	}
	c.val++
	return true, nil
}

// fill decodes the next rows of the column, from its current page only.
func (c *columnCursor) fill() error {
	defs := c.defs
	if c.maxDef == 0 {
		defs = nil
	}
	var rows int64
	var err error
	switch r := c.col.(type) {
	case *file.ByteArrayColumnChunkReader:
		rows, _, err = r.ReadBatchInPage(cursorRows, c.bytes, defs, nil)
	case *file.Int32ColumnChunkReader:
		rows, _, err = r.ReadBatchInPage(cursorRows, c.i32, defs, nil)
	case *file.Int64ColumnChunkReader:
		rows, _, err = r.ReadBatchInPage(cursorRows, c.i64, defs, nil)
	default:
		return fmt.Errorf("column %s: physical type %s not read", c.col.Descriptor().Name(), c.phys)
	}
	if err == nil && rows == 0 {
		err = c.col.Err()
		if err == nil {
			err = fmt.Errorf("column %s holds fewer rows than its row group", c.col.Descriptor().Name())
		}
	}
	c.rows, c.row, c.val = int(rows), 0, 0
	return err
}

// integer returns the current value of an integer column as the Arrow type id holds it: the
// physical value cast to the type's width, as the Parquet library's Arrow reader casts it.
func (c *columnCursor) integer(id arrow.Type) int64 {
	var v int64
	if c.phys == parquet.Types.Int32 {
		v = int64(c.i32[c.val-1])
	} else {
		v = c.i64[c.val-1]
	}
	switch id {
	case arrow.INT8:
		return int64(int8(v))
	case arrow.UINT8:
		return int64(uint8(v))
	case arrow.INT16:
		return int64(int16(v))
	case arrow.UINT16:
		return int64(uint16(v))
	case arrow.INT32, arrow.DATE32, arrow.DATE64, arrow.TIME32:
		return int64(int32(v))
	case arrow.UINT32:
		return int64(uint32(v))
	}
	return v // INT64, UINT64 (its bits), TIME64
}

// physicalFits reports whether values of Parquet physical type p are read as Arrow type t
// without a conversion other than a cast (a date64 column holds days as int32, as the library
// reads it; strings are byte arrays).
func physicalFits(t arrow.DataType, p parquet.Type) bool {
	switch t.ID() {
	case arrow.INT32, arrow.DATE64:
		return p == parquet.Types.Int32
	case arrow.INT64:
		return p == parquet.Types.Int64
	case arrow.INT8, arrow.INT16, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64, arrow.DATE32, arrow.TIME32, arrow.TIME64:
		return p == parquet.Types.Int32 || p == parquet.Types.Int64
	}
	return stringType(t) && p == parquet.Types.ByteArray
}
