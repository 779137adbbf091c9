package input

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/pgnscan/pgnscan/internal/pgn"
)

// A Parquet file of games, as the Hugging Face dataset Lichess/standard-chess-games publishes
// them: one row per game, a string column movetext with the game's movetext (comments and
// result included), and one column per tag (Event, Site, White, ..., UTCDate as date32, UTCTime
// as time32, WhiteElo and the rating differences as int16). Each row becomes the game a PGN
// file would hold, its tag section written from the columns, so that the workers and the judge
// read it exactly as they read PGN.

// parquetMagic opens (and ends) every Parquet file.
const parquetMagic = "PAR1"

// MovetextColumn is the column that holds a game's movetext.
const MovetextColumn = "movetext"

// ErrNoMovetext is wrapped by the *SchemaError of a Parquet file without a string movetext
// column: it does not hold games.
var ErrNoMovetext = errors.New("no string column " + MovetextColumn)

// ErrNullMovetext is the fault of a game whose row has a null movetext.
var ErrNullMovetext = errors.New("movetext is null")

// ErrParquetStdin is returned for a Parquet file on standard input: Parquet is read from its
// footer back, which a pipe cannot do.
var ErrParquetStdin = errors.New("a Parquet file cannot be read from standard input; give its path")

// SchemaError is a Parquet input whose columns do not hold games. It names the columns the file
// has, so that the user sees what it is instead.
type SchemaError struct {
	Name    string   // Source.Name
	Columns []string // the file's columns and their types, as "name type"
	Err     error    // ErrNoMovetext
}

func (e *SchemaError) Error() string {
	return fmt.Sprintf("scan: %s: %v; a Parquet input needs the columns of the lichess dataset (movetext and tags); its columns are: %s",
		e.Name, e.Err, strings.Join(e.Columns, ", "))
}

func (e *SchemaError) Unwrap() error { return e.Err }

// isParquet reports whether an input's first bytes are Parquet's.
func isParquet(head []byte) bool { return bytes.HasPrefix(head, []byte(parquetMagic)) }

// parquetReadBuffer is the buffer of each column's page stream: pages are read through it as
// they are decoded, instead of each column chunk at once.
const parquetReadBuffer = 256 << 10

// openParquet reads the footer of a Parquet file. f counts the bytes read. The reader's buffers
// come from a reuseAllocator of its own.
func openParquet(name string, f parquet.ReaderAtSeeker) (*file.Reader, *pqarrow.FileReader, error) {
	mem := new(reuseAllocator)
	props := parquet.NewReaderProperties(mem)
	props.BufferedStreamEnabled = true
	props.BufferSize = parquetReadBuffer
	rd, err := file.NewParquetReader(f, file.WithReadProps(props))
	if err != nil {
		return nil, nil, err
	}
	fr, err := pqarrow.NewFileReader(rd, pqarrow.ArrowReadProperties{}, mem)
	if err != nil {
		rd.Close()
		return nil, nil, err
	}
	return rd, fr, nil
}

// gameColumns finds the columns of a game in a Parquet file's schema: movetext, and the tag
// columns (every other top-level column of a type a tag can be written from, stored as that
// type is read; others are left unread). It returns a *SchemaError when there is no string
// movetext column.
func gameColumns(name string, fr *pqarrow.FileReader) (moves tagColumn, tags []tagColumn, err error) {
	moves.leaf = -1
	var all []string
	for i := range fr.Manifest.Fields {
		sf := &fr.Manifest.Fields[i]
		all = append(all, sf.Field.Name+" "+sf.Field.Type.String())
		if !sf.IsLeaf() || !tagType(sf.Field.Type) || !physicalFits(sf.Field.Type, fr.ParquetReader().MetaData().Schema.Column(sf.ColIndex).PhysicalType()) {
			continue
		}
		c := tagColumn{name: sf.Field.Name, leaf: sf.ColIndex, typ: sf.Field.Type, open: tagOpen(sf.Field.Name), diff: strings.HasSuffix(sf.Field.Name, "RatingDiff")}
		switch {
		case c.name == MovetextColumn && stringType(sf.Field.Type):
			moves = c
		case c.name != MovetextColumn && validTagName(c.name):
			tags = append(tags, c)
		}
	}
	if moves.leaf < 0 {
		return moves, nil, &SchemaError{Name: name, Columns: all, Err: ErrNoMovetext}
	}
	return moves, tags, nil
}

// checkParquet reports whether the Parquet file at path holds games: a *SchemaError when it has
// no movetext column. A file whose footer cannot be read is not judged here (nil): the scan
// reports it as an input that could not be read.
func checkParquet(src Source) error {
	f, err := os.Open(src.Path)
	if err != nil {
		return nil
	}
	defer f.Close()
	rd, fr, err := openParquet(src.Name, f)
	if err != nil {
		return nil
	}
	defer rd.Close()
	_, _, err = gameColumns(src.Name, fr)
	return err
}

// tagColumn is a column written as a tag (or the movetext column).
type tagColumn struct {
	name string
	leaf int            // the Parquet leaf column index
	typ  arrow.DataType // the column's type as the library reads it (the file's Arrow schema)
	open string         // how its tag line opens (tagOpen)
	diff bool           // a rating difference: written with its sign, "+5", "+0", "-5", as lichess does
}

// validTagName reports whether a column name can be a PGN tag name (letters, digits, '_').
func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// stringType reports whether values of t are text.
func stringType(t arrow.DataType) bool {
	switch t.ID() {
	case arrow.STRING, arrow.LARGE_STRING, arrow.STRING_VIEW:
		return true
	case arrow.DICTIONARY:
		return stringType(t.(*arrow.DictionaryType).ValueType)
	}
	return false
}

// tagType reports whether a column of type t can be written as a tag.
func tagType(t arrow.DataType) bool {
	switch t.ID() {
	case arrow.INT8, arrow.INT16, arrow.INT32, arrow.INT64, arrow.UINT8, arrow.UINT16, arrow.UINT32, arrow.UINT64,
		arrow.DATE32, arrow.DATE64, arrow.TIME32, arrow.TIME64:
		return true
	}
	return stringType(t)
}

// valueText returns the current value of column c, of type t, as the PGN tag would hold it,
// unescaped: a string as it is (the column's own bytes, valid until its next fill), others
// written into scratch: integers in decimal (a rating difference with its sign), dates as
// YYYY.MM.DD, times of day as HH:MM:SS.
func valueText(scratch []byte, c *columnCursor, t arrow.DataType, diff bool) []byte {
	if c.phys == parquet.Types.ByteArray {
		return c.bytes[c.val-1]
	}
	v := c.integer(t.ID())
	switch t.ID() {
	case arrow.UINT64:
		return strconv.AppendUint(scratch, uint64(v), 10)
	case arrow.DATE32, arrow.DATE64: // a date64 column holds days, as a date32's
		return appendDate(scratch, arrow.Date32(v))
	case arrow.TIME32:
		return appendTime(scratch, arrow.Time32(v), t.(*arrow.Time32Type).Unit)
	case arrow.TIME64:
		return arrow.Time64(v).ToTime(t.(*arrow.Time64Type).Unit).AppendFormat(scratch, "15:04:05")
	}
	return appendInt(scratch, v, diff)
}

// appendDate appends a date32 (days since 1970-01-01) as YYYY.MM.DD, as the time package formats
// it, without going through a time.Time: formatting was a tenth of what a Parquet input costs
// beyond the PGN it holds (the dataset has a date column read for every game). The civil date is
// Howard Hinnant's days-to-civil algorithm; years outside 0..9999 are left to the time package.
func appendDate(dst []byte, d arrow.Date32) []byte {
	z := int64(d) + 719468 // days since 0000-03-01
	era := z / 146097
	if z < 0 {
		era = (z - 146096) / 146097
	}
	doe := z - era*146097                                  // day of the 400-year era
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365 // year of the era
	doy := doe - (365*yoe + yoe/4 - yoe/100)               // day of the year from March 1
	mp := (5*doy + 2) / 153                                // month from March
	day := doy - (153*mp+2)/5 + 1
	month := mp + 3
	if mp >= 10 {
		month = mp - 9
	}
	year := yoe + era*400
	if month <= 2 {
		year++
	}
	if year < 0 || year > 9999 {
		return d.ToTime().AppendFormat(dst, "2006.01.02")
	}
	return append(dst, byte('0'+year/1000), byte('0'+year/100%10), byte('0'+year/10%10), byte('0'+year%10), '.',
		byte('0'+month/10), byte('0'+month%10), '.', byte('0'+day/10), byte('0'+day%10))
}

// appendTime appends a time32 as HH:MM:SS, as the time package formats it, without going
// through a time.Time (see appendDate); a value outside one day is left to the time package.
func appendTime(dst []byte, t arrow.Time32, unit arrow.TimeUnit) []byte {
	secs := int64(t)
	if unit == arrow.Millisecond {
		secs /= 1000
	}
	if t < 0 || secs >= 24*3600 || (unit != arrow.Second && unit != arrow.Millisecond) {
		return t.ToTime(unit).AppendFormat(dst, "15:04:05")
	}
	h, m, s := secs/3600, secs/60%60, secs%60
	return append(dst, byte('0'+h/10), byte('0'+h%10), ':', byte('0'+m/10), byte('0'+m%10), ':', byte('0'+s/10), byte('0'+s%10))
}

func appendInt(dst []byte, v int64, sign bool) []byte {
	if sign && v >= 0 {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, v, 10)
}

// dateOpen opens the line of the Date tag written from UTCDate.
var dateOpen = tagOpen("Date")

// tagOpen is how the line of tag name opens: [name "
func tagOpen(name string) string { return "[" + name + ` "` }

// appendTag appends a tag line, open (tagOpen) then the value and "]: the value escaped as PGN
// asks (a backslash before '"' and '\'), and line ends and other control bytes, which a tag
// value cannot hold, written as spaces.
func appendTag(dst []byte, open string, value []byte) []byte {
	dst = append(dst, open...)
	for len(value) > 0 {
		n := 0 // bytes written as they are
		for n < len(value) && plainTag[value[n]] {
			n++
		}
		dst, value = append(dst, value[:n]...), value[n:]
		if len(value) == 0 {
			break
		}
		switch c := value[0]; {
		case c == '"' || c == '\\':
			dst = append(dst, '\\', c)
		default: // a line end or other control byte
			dst = append(dst, ' ')
		}
		value = value[1:]
	}
	return append(dst, '"', ']', '\n')
}

// parquetGames cuts the rows of a Parquet file of games into chunks of games, as a
// pgn.Splitter cuts a PGN stream. A game's Index is its row's index in the file, its Offset
// the row group in the high 32 bits and the row's index in that row group in the low 32
// (ParquetOffset), and its Line is set so that lines count from the first line of movetext.
// Each row group's columns are read with readers of their own, closed at its end, so that
// nothing of a row group outlives it.
type parquetGames struct {
	source    string
	chunkSize int
	rd        *file.Reader
	moves     tagColumn
	tags      []tagColumn
	cols      []columnCursor // the tags' columns, then movetext's
	dateFrom  int            // the tag whose value is also written as Date, -1 for none
	group     int            // the row group being read, -1 before the first
	inGroup   int64          // the index of the next row in its row group
	groupRows int64          // the rows of the row group being read
	row       int64          // the index of the next row in the file
	seq       int64
	stream    *Stream     // counts the bytes read and the bytes of games delivered
	value     []byte      // scratch for a tag value that is not a string (64 bytes: the longest, an int64, takes 20)
	free      chan []byte // chunk buffers given back by recycle
}

// ParquetOffset is the game_offset of the row-th row of row group group in a Parquet input.
func ParquetOffset(group int, row int64) int64 { return int64(group)<<32 | row }

// newParquetGames opens the games of a Parquet file.
func newParquetGames(s *Stream, chunkSize int) (pg *parquetGames, err error) {
	defer recoverParquet(&err)
	rd, fr, err := openParquet(s.Name, s.parquet)
	if err != nil {
		return nil, fmt.Errorf("%w: parquet: %w", ErrCorrupt, err)
	}
	moves, tags, err := gameColumns(s.Name, fr)
	if err != nil {
		rd.Close()
		return nil, err
	}
	if chunkSize <= 0 {
		chunkSize = pgn.DefaultChunkSize
	}
	pg = &parquetGames{source: s.Name, chunkSize: chunkSize, rd: rd, moves: moves, tags: tags, dateFrom: -1, group: -1, stream: s, value: make([]byte, 0, 64),
		cols: make([]columnCursor, len(tags)+1), free: make(chan []byte, freeParquetChunks)}
	hasDate := false
	for i := range pg.tags {
		switch pg.tags[i].name {
		case "Date":
			hasDate = true
		case "UTCDate":
			pg.dateFrom = i
		}
	}
	if hasDate {
		pg.dateFrom = -1
	}
	return pg, nil
}

// nextGroup moves to the next row group that holds rows, opening its columns' readers. It
// returns io.EOF after the last row group.
func (pg *parquetGames) nextGroup() error {
	for {
		pg.group, pg.inGroup, pg.groupRows = pg.group+1, 0, 0
		if pg.group >= pg.rd.NumRowGroups() {
			return io.EOF
		}
		if pg.groupRows = pg.rd.MetaData().RowGroup(pg.group).NumRows(); pg.groupRows > 0 {
			break
		}
	}
	rg := pg.rd.RowGroup(pg.group)
	for k := range pg.cols {
		leaf := pg.moves.leaf
		if k < len(pg.tags) {
			leaf = pg.tags[k].leaf
		}
		col, err := rg.Column(leaf)
		if err != nil {
			return err
		}
		pg.cols[k].reset(col)
	}
	return nil
}

// Next returns the next chunk of games, io.EOF after the last, or the error that stopped the
// reading after the games read before it.
func (pg *parquetGames) Next() (c *pgn.Chunk, err error) {
	defer recoverParquet(&err)
	c = &pgn.Chunk{Source: pg.source, Seq: pg.seq}
	select {
	case c.Data = <-pg.free:
	default:
		c.Data = make([]byte, 0, pg.chunkSize)
	}
	// Three quarters full (at least one game), so that the game that crosses that mark most
	// often fits the rest.
	for len(c.Games) == 0 || len(c.Data) < pg.chunkSize*3/4 {
		if pg.inGroup >= pg.groupRows {
			if err = pg.nextGroup(); err != nil {
				break
			}
		}
		if c.Data, err = pg.appendGame(c, c.Data); err != nil {
			break
		}
	}
	if err != nil && err != io.EOF {
		err = &InputError{Name: pg.source, Op: "decode", Offset: pg.stream.CompressedBytes(), Decompressed: pg.stream.Decompressed(),
			Err: fmt.Errorf("%w: parquet: %w", ErrCorrupt, err)}
	}
	if len(c.Games) == 0 {
		return nil, err
	}
	pg.seq++
	pg.stream.out.Add(int64(len(c.Data)))
	if err == io.EOF {
		err = nil // the next call says so
	}
	return c, err
}

// appendGame writes the next row of the row group as a game into data and records it in c.
// On an error it returns data as it was.
func (pg *parquetGames) appendGame(c *pgn.Chunk, data []byte) ([]byte, error) {
	start, lines := len(data), int64(0)
	for k := range pg.tags {
		t := &pg.tags[k]
		ok, err := pg.cols[k].next()
		if err != nil {
			return data[:start], err
		}
		if !ok {
			continue
		}
		v := valueText(pg.value[:0], &pg.cols[k], t.typ, t.diff)
		if k == pg.dateFrom {
			data = appendTag(data, dateOpen, v)
			lines++
		}
		data = appendTag(data, t.open, v)
		lines++
	}
	data = append(data, '\n')
	lines++
	moves := &pg.cols[len(pg.tags)]
	hasMoves, err := moves.next()
	if err != nil {
		return data[:start], err
	}
	if hasMoves {
		data = append(data, valueText(nil, moves, pg.moves.typ, false)...)
	}
	end := len(data)
	for end > start && isBlank(data[end-1]) {
		end--
	}
	data = append(data[:end], '\n', '\n')
	g := pgn.Game{Index: pg.row, Offset: ParquetOffset(pg.group, pg.inGroup), Line: 1 - lines, Start: start, End: end}
	if !hasMoves {
		g.Err = &pgn.SyntaxError{Source: pg.source, Game: pg.row, Line: 1, Column: 1, Offset: g.Offset, Err: ErrNullMovetext}
	}
	c.Games = append(c.Games, g)
	pg.row++
	pg.inGroup++
	return data, nil
}

// plainTagByte reports whether a tag value holds byte c as it is, neither escaped nor replaced.
func plainTagByte(c byte) bool { return c >= 0x20 && c != 0x7F && c != '"' && c != '\\' }

// plainTag is plainTagByte as a table, looked up for every byte of every tag value.
var plainTag = func() (t [256]bool) {
	for c := range t {
		t[c] = plainTagByte(byte(c))
	}
	return t
}()

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// freeParquetChunks bounds the chunk buffers kept for reuse (the pipeline holds a few per
// worker at once).
const freeParquetChunks = 16

// recycle takes back the buffer of a chunk that Next returned, once nothing reads it any more:
// without it every chunk would be a new 4 MiB of garbage, and the heap's peak would follow the
// collector's pace rather than the chunks in flight.
func (pg *parquetGames) recycle(c *pgn.Chunk) {
	if cap(c.Data) != pg.chunkSize {
		return // grown past its size for a long game: let it go
	}
	select {
	case pg.free <- c.Data[:0]:
	default:
	}
}

// Close releases the reader.
func (pg *parquetGames) Close() {
	for k := range pg.cols {
		pg.cols[k].close()
	}
	pg.rd.Close()
}

// recoverParquet turns a panic inside the Parquet library (it panics on some corrupt files)
// into an error.
func recoverParquet(err *error) {
	if p := recover(); p != nil {
		*err = fmt.Errorf("parquet: %v", p)
	}
}

// countingReaderAt counts the bytes read from a Parquet file, for progress.
type countingReaderAt struct {
	f *io.SectionReader
	n *atomic.Int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.f.ReadAt(p, off)
	c.n.Add(int64(n))
	return n, err
}

func (c *countingReaderAt) Seek(off int64, whence int) (int64, error) { return c.f.Seek(off, whence) }

func (c *countingReaderAt) Read(p []byte) (int, error) {
	n, err := c.f.Read(p)
	c.n.Add(int64(n))
	return n, err
}
