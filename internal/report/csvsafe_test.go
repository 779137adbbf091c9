package report

import (
	"bytes"
	"encoding/csv"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestCSVFormulaInjection: free-text cells a spreadsheet would run as formulas are written with
// a leading single quote (OWASP's advice), numbers and a lone sign are not, the columns pgnscan
// fills itself are never touched, and reading the CSV back gives the exact values, as Parquet
// keeps them.
func TestCSVFormulaInjection(t *testing.T) {
	cases := []struct{ value, cell string }{
		{`=HYPERLINK("http://x","click")`, `'=HYPERLINK("http://x","click")`},
		{"+1+1", "'+1+1"},
		{"-2+3", "'-2+3"},
		{"@SUM(A1)", "'@SUM(A1)"},
		{"\t=1", "'\t=1"},
		{"\r=1", "'\r=1"},
		{"'=1", "''=1"}, // a quote already there is kept, so that reading back is exact
		{"''@x", "'''@x"},
		{"-", "-"}, // PGN's unknown round
		{"+", "+"},
		{"-0.35", "-0.35"},
		{"+12", "+12"},
		{"-.5", "-.5"},
		{"'s-Hertogenbosch", "'s-Hertogenbosch"},
		{"Carlsen, Magnus", "Carlsen, Magnus"},
		{"1-0", "1-0"},
		{"", ""},
		{"-1.2.3", "'-1.2.3"},
	}
	var rows []Finding
	for _, c := range cases {
		rows = append(rows, Finding{
			GameInfo: &GameInfo{Source: c.value, Event: c.value, White: c.value, Round: c.value, Termination: c.value},
			Eval:     c.value,
			FEN:      c.value, Move: c.value, // not free text: pgnscan's own values go out as they are
		})
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "f.csv")
	writeAll(t, path, Options{}, rows)
	var raw bytes.Buffer
	readFile(t, path, &raw)
	recs, err := csv.NewReader(&raw).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for i, c := range cases {
		rec := recs[1+i]
		for _, name := range []string{"source", "event", "white", "round", "termination", "eval"} {
			if got := rec[col[name]]; got != c.cell {
				t.Errorf("%q in %s: cell %q, want %q", c.value, name, got, c.cell)
			}
		}
		for _, name := range []string{"fen", "move"} {
			if got := rec[col[name]]; got != c.value {
				t.Errorf("%q in %s (not free text): cell %q", c.value, name, got)
			}
		}
	}
	i := 0
	if err := ReadRows(path, func(r *Finding) error {
		got := Finding{GameInfo: &GameInfo{Source: r.Source, Event: r.Event, White: r.White, Round: r.Round, Termination: r.Termination},
			Eval: r.Eval, FEN: r.FEN, Move: r.Move}
		if want := rows[i]; !reflect.DeepEqual(got, want) {
			t.Errorf("row %d read back as %+v, want %+v", i, got, want)
		}
		i++
		return nil
	}); err != nil || i != len(rows) {
		t.Fatalf("read back %d rows: %v", i, err)
	}
	pq := filepath.Join(dir, "f.parquet")
	writeAll(t, pq, Options{}, rows)
	readBack(t, pq, rows)

	// The errors table: message and excerpt are free text too.
	e := []Error{{Source: "a.pgn", Message: "=cmd|' /C calc'!A0", Excerpt: "@x"}}
	ep := filepath.Join(dir, "e.csv")
	writeAll(t, ep, Options{}, e)
	raw.Reset()
	readFile(t, ep, &raw)
	if !strings.Contains(raw.String(), `'=cmd|' /C calc'!A0,'@x`) {
		t.Errorf("errors CSV:\n%s", raw.String())
	}
	readBack(t, ep, e)
}

// readFile appends the bytes of the file at path to b.
func readFile(t *testing.T, path string, b *bytes.Buffer) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b.Write(data)
}
