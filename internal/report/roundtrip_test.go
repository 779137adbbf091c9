package report

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// randomRows returns n rows of type R with every field set at random: strings
// empty, short, non-ASCII or long; nullable values null or not.
func randomRows[R Row](rng *rand.Rand, n int) []R {
	texts := []string{"", "a", "1/2-1/2", "Ünïcödé ♔♕", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
		strings.Repeat("long comment ", 1000)}
	rows := make([]R, n)
	for i := range rows {
		fill(rng, reflect.ValueOf(&rows[i]).Elem(), texts)
	}
	return rows
}

func fill(rng *rand.Rand, v reflect.Value, texts []string) {
	switch v.Kind() {
	case reflect.Struct:
		switch p := v.Addr().Interface().(type) {
		case *NullInt32:
			if rng.IntN(3) > 0 {
				*p = ValidInt32(rng.Int32() - 1<<30)
			}
			return
		case *NullFloat64:
			if rng.IntN(3) > 0 {
				*p = ValidFloat64(rng.NormFloat64() * 1000)
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			fill(rng, v.Field(i), texts)
		}
	case reflect.Pointer: // *GameInfo
		v.Set(reflect.New(v.Type().Elem()))
		fill(rng, v.Elem(), texts)
	case reflect.String:
		v.SetString(texts[rng.IntN(len(texts))])
	case reflect.Int64:
		v.SetInt(rng.Int64() - 1<<62)
	case reflect.Int32:
		v.SetInt(int64(rng.Int32() - 1<<30))
	case reflect.Bool:
		v.SetBool(rng.IntN(2) == 0)
	default:
		panic("fill: field of kind " + v.Kind().String())
	}
}

// TestParquetRoundTripRandomRows writes random rows of each table in batches
// of several sizes and reads them back with the Arrow reader.
func TestParquetRoundTripRandomRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, batch := range []int{1, 7, 500} {
		dir := t.TempDir()
		roundTrip(t, filepath.Join(dir, "f.parquet"), batch, randomRows[Finding](rng, 1000))
		roundTrip(t, filepath.Join(dir, "g.parquet"), batch, randomRows[Game](rng, 1000))
		roundTrip(t, filepath.Join(dir, "e.parquet"), batch, randomRows[Error](rng, 1000))
	}
}

// TestParquetRowReusedByCaller writes every row from one variable that the
// caller overwrites after each Write: the writer holds on to the rows'
// strings until a batch is written, not to the row.
func TestParquetRowReusedByCaller(t *testing.T) {
	want := randomRows[Finding](rand.New(rand.NewPCG(3, 4)), 300)
	path := filepath.Join(t.TempDir(), "f.parquet")
	w, err := Create[Finding](path, Options{BatchRows: 128})
	if err != nil {
		t.Fatal(err)
	}
	var row Finding
	for i := range want {
		row = want[i]
		if err := w.Write(&row); err != nil {
			t.Fatal(err)
		}
		row = Finding{Rule: "overwritten", FEN: "overwritten"}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	readBack(t, path, want)
}

func roundTrip[R Row](t *testing.T, path string, batch int, rows []R) {
	t.Helper()
	writeAll(t, path, Options{BatchRows: batch}, rows)
	readBack(t, path, rows)
}

// readBack reads the table at path and checks that it holds the rows want.
func readBack[R Row](t *testing.T, path string, want []R) {
	t.Helper()
	n := 0
	// Compare inside the callback: rows are valid only until it returns.
	err := ReadRows(path, func(r *R) error {
		if n >= len(want) {
			return fmt.Errorf("more than the %d rows written", len(want))
		}
		if !reflect.DeepEqual(*r, want[n]) {
			t.Errorf("%s row %d: read back\n%+v\nwant\n%+v", path, n, *r, want[n])
		}
		n++
		return nil
	})
	if err != nil || n != len(want) {
		t.Errorf("%s: %d rows read, want %d (%v)", path, n, len(want), err)
	}
}
