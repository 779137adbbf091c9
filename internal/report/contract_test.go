package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// contractCol is a column as ../shared/spec/cli-and-output.md states it,
// written out here independently of columns.go.
type contractCol struct {
	name     string
	typ      string // string, int64, int32, float64, bool
	nullable bool
}

var contractTags = []contractCol{
	{"source", "string", false}, {"game_index", "int64", false}, {"game_offset", "int64", false},
	{"game_id", "string", false}, {"event", "string", false}, {"site", "string", false},
	{"date", "string", false}, {"round", "string", false}, {"white", "string", false},
	{"black", "string", false}, {"result", "string", false}, {"time_control", "string", false},
	{"eco", "string", false}, {"termination", "string", false},
	{"white_elo", "int32", true}, {"black_elo", "int32", true}, {"variant", "string", false},
}

var contractFindings = append(append([]contractCol{}, contractTags...),
	contractCol{"edition", "string", false}, contractCol{"edition_source", "string", false},
	contractCol{"edition_version", "string", false},
	contractCol{"rule", "string", false}, contractCol{"article", "string", false},
	contractCol{"kind", "string", false}, contractCol{"proof", "string", false}, contractCol{"ply", "int32", false},
	contractCol{"move_number", "int32", false}, contractCol{"side", "string", false},
	contractCol{"move", "string", false}, contractCol{"repetitions", "int32", false},
	contractCol{"halfmove_clock", "int32", false}, contractCol{"fen", "string", false},
	contractCol{"opportunities", "int32", false}, contractCol{"plies_after", "int32", false},
	contractCol{"missed", "bool", false}, contractCol{"claimant_outcome", "string", false},
	contractCol{"mandated_result", "string", false}, contractCol{"result_differs", "bool", false},
	contractCol{"white_clock_s", "float64", true}, contractCol{"black_clock_s", "float64", true},
	contractCol{"eval", "string", false}, contractCol{"ended_by", "string", false},
)

var contractGames = append(append([]contractCol{}, contractTags...),
	contractCol{"edition", "string", false}, contractCol{"edition_source", "string", false},
	contractCol{"edition_version", "string", false},
	contractCol{"plies", "int32", false}, contractCol{"end_rule", "string", false},
	contractCol{"end_ply", "int32", true}, contractCol{"first_threefold_ply", "int32", true},
	contractCol{"first_fifty_ply", "int32", true}, contractCol{"final_claims", "string", false},
	contractCol{"max_repetitions", "int32", false}, contractCol{"max_halfmove_clock", "int32", false},
	contractCol{"final_fen", "string", false}, contractCol{"ended_by", "string", false},
	contractCol{"white_can_mate", "string", false}, contractCol{"black_can_mate", "string", false},
	contractCol{"error", "string", false},
)

var contractErrors = []contractCol{
	{"source", "string", false}, {"game_index", "int64", false}, {"game_offset", "int64", false},
	{"line", "int64", false}, {"ply", "int32", true}, {"message", "string", false},
	{"excerpt", "string", false},
}

// The expected cell values of a row, column by column in contract order,
// written out by hand from the row's fields (nil = null).
func tagValues(g *GameInfo) []any {
	return []any{g.Source, g.GameIndex, g.GameOffset, g.GameID, g.Event, g.Site, g.Date, g.Round,
		g.White, g.Black, g.Result, g.TimeControl, g.ECO, g.Termination, ni32(g.WhiteElo), ni32(g.BlackElo), g.Variant}
}

func findingValues(f *Finding) []any {
	return append(tagValues(f.GameInfo), f.Edition, f.EditionSource, f.EditionVersion, f.Rule, f.Article, f.Kind, f.Proof, f.Ply,
		f.MoveNumber, f.Side, f.Move, f.Repetitions, f.HalfmoveClock, f.FEN, f.Opportunities, f.PliesAfter,
		f.Missed, f.ClaimantOutcome, f.MandatedResult, f.ResultDiffers, nf64(f.WhiteClock), nf64(f.BlackClock), f.Eval, f.EndedBy)
}

func gameValues(g *Game) []any {
	return append(tagValues(g.GameInfo), g.Edition, g.EditionSource, g.EditionVersion, g.Plies, g.EndRule, ni32(g.EndPly),
		ni32(g.FirstThreefoldPly), ni32(g.FirstFiftyPly), g.FinalClaims, g.MaxRepetitions, g.MaxHalfmoveClock,
		g.FinalFEN, g.EndedBy, g.WhiteCanMate, g.BlackCanMate, g.Error)
}

func errorValues(e *Error) []any {
	return []any{e.Source, e.GameIndex, e.GameOffset, e.Line, ni32(e.Ply), e.Message, e.Excerpt}
}

func ni32(v NullInt32) any {
	if !v.Valid {
		return nil
	}
	return v.Int32
}

func nf64(v NullFloat64) any {
	if !v.Valid {
		return nil
	}
	return v.Float64
}

// arrowTypeName maps an Arrow type to the contract's type names.
func arrowTypeName(t arrow.DataType) string {
	switch t.ID() {
	case arrow.STRING:
		return "string"
	case arrow.INT64:
		return "int64"
	case arrow.INT32:
		return "int32"
	case arrow.FLOAT64:
		return "float64"
	case arrow.BOOL:
		return "bool"
	}
	return t.String()
}

// cell returns row i of arr as a Go value, nil when null.
func cell(arr arrow.Array, i int) any {
	if arr.IsNull(i) {
		return nil
	}
	switch a := arr.(type) {
	case *array.String:
		return a.Value(i)
	case *array.Int64:
		return a.Value(i)
	case *array.Int32:
		return a.Value(i)
	case *array.Float64:
		return a.Value(i)
	case *array.Boolean:
		return a.Value(i)
	}
	return fmt.Sprintf("unexpected array %T", arr)
}

// checkParquetTable reads path with arrow's own Parquet reader (not ours)
// and checks the schema against the contract and every cell against want.
func checkParquetTable(t *testing.T, path string, contract []contractCol, want [][]any) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tbl, err := pqarrow.ReadTable(context.Background(), f, nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatalf("arrow cannot read %s: %v", path, err)
	}
	defer tbl.Release()
	sch := tbl.Schema()
	if sch.NumFields() != len(contract) {
		t.Fatalf("%d columns, contract has %d", sch.NumFields(), len(contract))
	}
	for j, c := range contract {
		fl := sch.Field(j)
		if fl.Name != c.name || arrowTypeName(fl.Type) != c.typ || fl.Nullable != c.nullable {
			t.Errorf("column %d: %s %s nullable=%v, contract says %s %s nullable=%v",
				j, fl.Name, arrowTypeName(fl.Type), fl.Nullable, c.name, c.typ, c.nullable)
		}
	}
	if int(tbl.NumRows()) != len(want) {
		t.Fatalf("%d rows, want %d", tbl.NumRows(), len(want))
	}
	for j := range contract {
		col := tbl.Column(j).Data()
		i := 0
		for _, chunk := range col.Chunks() {
			for k := 0; k < chunk.Len(); k++ {
				if got := cell(chunk, k); got != want[i][j] {
					t.Errorf("row %d column %s = %#v, want %#v", i, contract[j].name, got, want[i][j])
				}
				i++
			}
		}
	}
}

func TestParquetColumnsTypesAndValues(t *testing.T) {
	games, errs, finds := fixtureRows()
	dir := t.TempDir()
	opts := Options{Version: "v0.1.0-test", CommandLine: []string{"pgnscan", "scan", "-o", "my findings.parquet", "a.pgn"}, BatchRows: 3}

	fp := filepath.Join(dir, "findings.parquet")
	writeAll(t, fp, opts, finds)
	var want [][]any
	for i := range finds {
		want = append(want, findingValues(&finds[i]))
	}
	checkParquetTable(t, fp, contractFindings, want)

	gp := filepath.Join(dir, "games.parquet")
	writeAll(t, gp, opts, games)
	want = nil
	for i := range games {
		want = append(want, gameValues(&games[i]))
	}
	checkParquetTable(t, gp, contractGames, want)

	ep := filepath.Join(dir, "errors.parquet")
	writeAll(t, ep, opts, errs)
	want = nil
	for i := range errs {
		want = append(want, errorValues(&errs[i]))
	}
	checkParquetTable(t, ep, contractErrors, want)

	// File-level properties: metadata, zstd, row groups of BatchRows rows.
	rdr, err := file.OpenParquetFile(fp, false)
	if err != nil {
		t.Fatal(err)
	}
	defer rdr.Close()
	kv := rdr.MetaData().KeyValueMetadata()
	for key, want := range map[string]string{
		MetaVersion:     "v0.1.0-test",
		MetaCommandLine: "pgnscan scan -o 'my findings.parquet' a.pgn",
		MetaTable:       "findings",
	} {
		if v := kv.FindValue(key); v == nil || *v != want {
			t.Errorf("metadata %s = %v, want %q", key, v, want)
		}
	}
	if got := rdr.NumRowGroups(); got != 3 { // 8 rows in groups of 3, 3, 2
		t.Errorf("%d row groups, want 3", got)
	}
	for rg := 0; rg < rdr.NumRowGroups(); rg++ {
		md := rdr.MetaData().RowGroup(rg)
		for c := 0; c < md.NumColumns(); c++ {
			cc, err := md.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			if cc.Compression() != compress.Codecs.Zstd {
				t.Errorf("row group %d column %d compressed with %v, want zstd", rg, c, cc.Compression())
			}
		}
	}
}

// writeAll writes rows to a new table at path and closes it.
func writeAll[R Row](t *testing.T, path string, opts Options, rows []R) {
	t.Helper()
	w, err := Create[R](path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Abort()
	for i := range rows {
		if err := w.Write(&rows[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if w.Rows() != int64(len(rows)) {
		t.Errorf("Rows() = %d, want %d", w.Rows(), len(rows))
	}
}

func TestColumnNamesFollowContract(t *testing.T) {
	check := func(got []string, contract []contractCol) {
		t.Helper()
		if len(got) != len(contract) {
			t.Fatalf("%d columns, contract has %d", len(got), len(contract))
		}
		for i := range got {
			if got[i] != contract[i].name {
				t.Errorf("column %d is %q, contract says %q", i, got[i], contract[i].name)
			}
		}
	}
	check(columnNames[Finding](), contractFindings)
	check(columnNames[Game](), contractGames)
	check(columnNames[Error](), contractErrors)
}

// TestParquetStatistics checks each row group's min/max statistics against the
// values written to it: present for the columns queries filter on, right when
// a group holds empty strings (the smallest string), absent for free text.
func TestParquetStatistics(t *testing.T) {
	_, _, finds := fixtureRows()
	for i := range finds {
		finds[i].MandatedResult = []string{"", "1/2-1/2", "0-1", "1/2-1/2"}[i%4]
		finds[i].Eval = []string{"", "#-3"}[i%2]
	}
	fp := filepath.Join(t.TempDir(), "findings.parquet")
	writeAll(t, fp, Options{BatchRows: 3}, finds)
	freeText := map[string]bool{"game_id": true, "event": true, "site": true, "round": true,
		"white": true, "black": true, "move": true, "fen": true, "eval": true}

	rdr, err := file.OpenParquetFile(fp, false)
	if err != nil {
		t.Fatal(err)
	}
	defer rdr.Close()
	for rg := 0; rg < rdr.NumRowGroups(); rg++ {
		md := rdr.MetaData().RowGroup(rg)
		rows := finds[3*rg : min(3*rg+3, len(finds))]
		for c, col := range contractFindings {
			cc, err := md.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			st, err := cc.Statistics()
			if err != nil {
				t.Fatal(err)
			}
			has := st != nil && st.HasMinMax()
			if freeText[col.name] {
				if has {
					t.Errorf("row group %d: column %s has min/max statistics", rg, col.name)
				}
				continue
			}
			var got [2]any
			switch s := st.(type) {
			case *metadata.ByteArrayStatistics:
				got = [2]any{string(s.Min()), string(s.Max())}
			case *metadata.Int32Statistics:
				got = [2]any{s.Min(), s.Max()}
			case *metadata.Int64Statistics:
				got = [2]any{s.Min(), s.Max()}
			default:
				continue // booleans and floats: not filtered on
			}
			var want [2]any
			nulls := false
			for i := range rows {
				v := findingValues(&rows[i])[c]
				if v == nil {
					nulls = true
					break
				}
				if i == 0 || less(v, want[0]) {
					want[0] = v
				}
				if i == 0 || less(want[1], v) {
					want[1] = v
				}
			}
			if nulls {
				continue // nullable columns: not filtered on
			}
			if !has || got != want {
				t.Errorf("row group %d: column %s min/max %v (present %v), want %v", rg, col.name, got, has, want)
			}
		}
	}
}

// less orders two values of one column: strings bytewise, as Parquet does.
func less(a, b any) bool {
	switch a := a.(type) {
	case string:
		return a < b.(string)
	case int32:
		return a < b.(int32)
	case int64:
		return a < b.(int64)
	}
	panic(fmt.Sprintf("less: %T", a))
}

// TestReadWithoutEndedBy reads findings files written before the ended_by
// column (the fixture's files with the column removed, by Arrow's own
// writer and by encoding/csv): they read, ended_by empty, the rest intact.
func TestReadWithoutEndedBy(t *testing.T) {
	_, _, finds := fixtureRows()
	dir := t.TempDir()
	want := make([]Finding, len(finds))
	for i, f := range finds {
		f.EndedBy = ""
		want[i] = f
	}

	pq := filepath.Join(dir, "f.parquet")
	writeAll(t, pq, Options{}, finds)
	f, err := os.Open(pq)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := pqarrow.ReadTable(context.Background(), f, nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	n := int(tbl.NumCols()) - 1
	if tbl.Schema().Field(n).Name != "ended_by" {
		t.Fatalf("last column %s, want ended_by", tbl.Schema().Field(n).Name)
	}
	cols := make([]arrow.Column, n)
	for j := range n {
		cols[j] = *tbl.Column(j)
	}
	old := array.NewTable(arrow.NewSchema(tbl.Schema().Fields()[:n], nil), cols, tbl.NumRows())
	oldPQ := filepath.Join(dir, "old.parquet")
	out, err := os.Create(oldPQ)
	if err != nil {
		t.Fatal(err)
	}
	if err := pqarrow.WriteTable(old, out, 1024, nil, pqarrow.DefaultWriterProps()); err != nil {
		t.Fatal(err)
	}
	out.Close()

	csvPath := filepath.Join(dir, "f.csv")
	writeAll(t, csvPath, Options{}, finds)
	b, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	for _, r := range recs {
		_ = w.Write(r[:len(r)-1])
	}
	w.Flush()
	oldCSV := filepath.Join(dir, "old.csv")
	if err := os.WriteFile(oldCSV, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	for _, path := range []string{oldPQ, oldCSV} {
		var got []Finding
		if err := ReadRows(path, func(f *Finding) error { got = append(got, *f); return nil }); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read\n%+v\nwant\n%+v", filepath.Base(path), got, want)
		}
	}
}
