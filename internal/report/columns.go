package report

import "github.com/apache/arrow-go/v18/arrow"

// kind is the type of a column, shared by the Parquet schema, the CSV text
// form and the readers.
type kind uint8

const (
	kString      kind = iota // string, never null (empty when absent)
	kInt64                   // int64, never null
	kInt32                   // int32, never null
	kNullInt32               // int32, null allowed
	kNullFloat64             // float64, null allowed
	kBool                    // bool, never null
)

// arrowType returns the Arrow type of a column of kind k and whether it is nullable.
func (k kind) arrowType() (arrow.DataType, bool) {
	switch k {
	case kString:
		return arrow.BinaryTypes.String, false
	case kInt64:
		return arrow.PrimitiveTypes.Int64, false
	case kInt32:
		return arrow.PrimitiveTypes.Int32, false
	case kNullInt32:
		return arrow.PrimitiveTypes.Int32, true
	case kNullFloat64:
		return arrow.PrimitiveTypes.Float64, true
	case kBool:
		return arrow.FixedWidthTypes.Boolean, false
	}
	panic("report: unknown column kind")
}

// column describes one column of a table of rows R: its contract name, its
// kind, and an accessor returning a pointer to the field, used both to write
// (read through the pointer) and to read files back (write through it). Only
// the accessor matching the kind is set.
type column[R any] struct {
	name string
	kind kind
	// since, for a column added after files were first written, names the version that added
	// it: files without it still read, the field left empty.
	since string
	str   func(*R) *string
	i64   func(*R) *int64
	i32   func(*R) *int32
	ni32  func(*R) *NullInt32
	nf64  func(*R) *NullFloat64
	b     func(*R) *bool
}

func strCol[R any](name string, f func(*R) *string) column[R] {
	return column[R]{name: name, kind: kString, str: f}
}

func i64Col[R any](name string, f func(*R) *int64) column[R] {
	return column[R]{name: name, kind: kInt64, i64: f}
}

func i32Col[R any](name string, f func(*R) *int32) column[R] {
	return column[R]{name: name, kind: kInt32, i32: f}
}

func ni32Col[R any](name string, f func(*R) *NullInt32) column[R] {
	return column[R]{name: name, kind: kNullInt32, ni32: f}
}

func nf64Col[R any](name string, f func(*R) *NullFloat64) column[R] {
	return column[R]{name: name, kind: kNullFloat64, nf64: f}
}

func boolCol[R any](name string, f func(*R) *bool) column[R] {
	return column[R]{name: name, kind: kBool, b: f}
}

// infoColumns are the leading columns shared by findings and games, in
// contract order, read from a row's GameInfo.
var infoColumns = []column[GameInfo]{
	strCol("source", func(g *GameInfo) *string { return &g.Source }),
	i64Col("game_index", func(g *GameInfo) *int64 { return &g.GameIndex }),
	i64Col("game_offset", func(g *GameInfo) *int64 { return &g.GameOffset }),
	strCol("game_id", func(g *GameInfo) *string { return &g.GameID }),
	strCol("event", func(g *GameInfo) *string { return &g.Event }),
	strCol("site", func(g *GameInfo) *string { return &g.Site }),
	strCol("date", func(g *GameInfo) *string { return &g.Date }),
	strCol("round", func(g *GameInfo) *string { return &g.Round }),
	strCol("white", func(g *GameInfo) *string { return &g.White }),
	strCol("black", func(g *GameInfo) *string { return &g.Black }),
	strCol("result", func(g *GameInfo) *string { return &g.Result }),
	strCol("time_control", func(g *GameInfo) *string { return &g.TimeControl }),
	strCol("eco", func(g *GameInfo) *string { return &g.ECO }),
	strCol("termination", func(g *GameInfo) *string { return &g.Termination }),
	ni32Col("white_elo", func(g *GameInfo) *NullInt32 { return &g.WhiteElo }),
	ni32Col("black_elo", func(g *GameInfo) *NullInt32 { return &g.BlackElo }),
	strCol("variant", func(g *GameInfo) *string { return &g.Variant }),
}

// gameInfoColumns returns infoColumns as columns of a row type whose GameInfo
// is reached through gi.
func gameInfoColumns[R any](gi func(*R) *GameInfo) []column[R] {
	cols := make([]column[R], len(infoColumns))
	for i, c := range infoColumns {
		cols[i] = column[R]{name: c.name, kind: c.kind, since: c.since}
		switch c.kind {
		case kString:
			cols[i].str = func(r *R) *string { return c.str(gi(r)) }
		case kInt64:
			cols[i].i64 = func(r *R) *int64 { return c.i64(gi(r)) }
		case kNullInt32:
			cols[i].ni32 = func(r *R) *NullInt32 { return c.ni32(gi(r)) }
		default:
			panic("report: no GameInfo column of kind " + c.name)
		}
	}
	return cols
}

// rowInfo returns the GameInfo of row r, and false for an errors row, which
// has none; a findings or games row without one has the zero GameInfo, whose
// game columns are empty.
func rowInfo[R Row](r *R) (*GameInfo, bool) {
	var g *GameInfo
	switch x := any(r).(type) {
	case *Finding:
		g = x.GameInfo
	case *Game:
		g = x.GameInfo
	default:
		return nil, false
	}
	if g == nil {
		return &noInfo, true
	}
	return g, true
}

// noInfo is the GameInfo of a row written without one. Nothing writes to it.
var noInfo GameInfo

// findingColumns is the findings table of the contract, column for column.
var findingColumns = append(gameInfoColumns(func(r *Finding) *GameInfo { return infoOf(&r.GameInfo) }),
	strCol("edition", func(r *Finding) *string { return &r.Edition }),
	strCol("edition_source", func(r *Finding) *string { return &r.EditionSource }),
	added(strCol("edition_version", func(r *Finding) *string { return &r.EditionVersion }), "issue 23"),
	strCol("rule", func(r *Finding) *string { return &r.Rule }),
	strCol("article", func(r *Finding) *string { return &r.Article }),
	strCol("kind", func(r *Finding) *string { return &r.Kind }),
	strCol("proof", func(r *Finding) *string { return &r.Proof }),
	i32Col("ply", func(r *Finding) *int32 { return &r.Ply }),
	i32Col("move_number", func(r *Finding) *int32 { return &r.MoveNumber }),
	strCol("side", func(r *Finding) *string { return &r.Side }),
	strCol("move", func(r *Finding) *string { return &r.Move }),
	i32Col("repetitions", func(r *Finding) *int32 { return &r.Repetitions }),
	i32Col("halfmove_clock", func(r *Finding) *int32 { return &r.HalfmoveClock }),
	strCol("fen", func(r *Finding) *string { return &r.FEN }),
	i32Col("opportunities", func(r *Finding) *int32 { return &r.Opportunities }),
	i32Col("plies_after", func(r *Finding) *int32 { return &r.PliesAfter }),
	boolCol("missed", func(r *Finding) *bool { return &r.Missed }),
	strCol("claimant_outcome", func(r *Finding) *string { return &r.ClaimantOutcome }),
	strCol("mandated_result", func(r *Finding) *string { return &r.MandatedResult }),
	boolCol("result_differs", func(r *Finding) *bool { return &r.ResultDiffers }),
	nf64Col("white_clock_s", func(r *Finding) *NullFloat64 { return &r.WhiteClock }),
	nf64Col("black_clock_s", func(r *Finding) *NullFloat64 { return &r.BlackClock }),
	strCol("eval", func(r *Finding) *string { return &r.Eval }),
	added(strCol("ended_by", func(r *Finding) *string { return &r.EndedBy }), "issue 28"),
)

// infoOf returns the GameInfo *p points to, giving the row a new one when it
// has none: rows read back each get their own, and a row written without one
// has empty game columns.
func infoOf(p **GameInfo) *GameInfo {
	if *p == nil {
		*p = new(GameInfo)
	}
	return *p
}

// added marks c as a column that files written before since lack.
func added[R any](c column[R], since string) column[R] {
	c.since = since
	return c
}

// gameColumns is the games table of the contract. The contract names the
// columns but not their types; plies and positions are int32 like the
// findings' ply, and the *_ply columns are null when there is no such ply.
var gameColumns = append(gameInfoColumns(func(r *Game) *GameInfo { return infoOf(&r.GameInfo) }),
	strCol("edition", func(r *Game) *string { return &r.Edition }),
	strCol("edition_source", func(r *Game) *string { return &r.EditionSource }),
	added(strCol("edition_version", func(r *Game) *string { return &r.EditionVersion }), "issue 23"),
	i32Col("plies", func(r *Game) *int32 { return &r.Plies }),
	strCol("end_rule", func(r *Game) *string { return &r.EndRule }),
	ni32Col("end_ply", func(r *Game) *NullInt32 { return &r.EndPly }),
	ni32Col("first_threefold_ply", func(r *Game) *NullInt32 { return &r.FirstThreefoldPly }),
	ni32Col("first_fifty_ply", func(r *Game) *NullInt32 { return &r.FirstFiftyPly }),
	strCol("final_claims", func(r *Game) *string { return &r.FinalClaims }),
	i32Col("max_repetitions", func(r *Game) *int32 { return &r.MaxRepetitions }),
	i32Col("max_halfmove_clock", func(r *Game) *int32 { return &r.MaxHalfmoveClock }),
	strCol("final_fen", func(r *Game) *string { return &r.FinalFEN }),
	strCol("ended_by", func(r *Game) *string { return &r.EndedBy }),
	strCol("white_can_mate", func(r *Game) *string { return &r.WhiteCanMate }),
	strCol("black_can_mate", func(r *Game) *string { return &r.BlackCanMate }),
	strCol("error", func(r *Game) *string { return &r.Error }),
)

// errorColumns is the errors table of the contract. line is int64 like the
// other stream positions; ply is int32 like every ply, null if the tags failed.
var errorColumns = []column[Error]{
	strCol("source", func(r *Error) *string { return &r.Source }),
	i64Col("game_index", func(r *Error) *int64 { return &r.GameIndex }),
	i64Col("game_offset", func(r *Error) *int64 { return &r.GameOffset }),
	i64Col("line", func(r *Error) *int64 { return &r.Line }),
	ni32Col("ply", func(r *Error) *NullInt32 { return &r.Ply }),
	strCol("message", func(r *Error) *string { return &r.Message }),
	strCol("excerpt", func(r *Error) *string { return &r.Excerpt }),
}

// tableOf returns the columns and the table name ("findings", "games",
// "errors") of row type R.
func tableOf[R Row]() ([]column[R], string) {
	switch any((*R)(nil)).(type) {
	case *Finding:
		return any(findingColumns).([]column[R]), "findings"
	case *Game:
		return any(gameColumns).([]column[R]), "games"
	case *Error:
		return any(errorColumns).([]column[R]), "errors"
	}
	panic("report: unknown row type")
}

// columnNames returns the column names of the table of rows R, in file order.
func columnNames[R Row]() []string {
	cols, _ := tableOf[R]()
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	return names
}

// arrowSchema returns the Arrow schema of the table of rows R.
func arrowSchema[R Row]() *arrow.Schema {
	cols, _ := tableOf[R]()
	fields := make([]arrow.Field, len(cols))
	for i, c := range cols {
		t, nullable := c.kind.arrowType()
		fields[i] = arrow.Field{Name: c.name, Type: t, Nullable: nullable}
	}
	return arrow.NewSchema(fields, nil)
}
