package report

import "strings"

// Spreadsheet-safe CSV. A spreadsheet opening a CSV file runs a cell that begins with "=", "+",
// "-" or "@" as a formula (and some also one that begins with a tab or a carriage return), so a
// tag such as [White "=HYPERLINK(...)"] would run on the researcher's machine. As OWASP advises
// and spreadsheet-safe CSV writers do, such a cell of a free-text column is written with a
// single quote in front, which makes the spreadsheet show it as text. Parquet keeps every value
// exact.
//
// Only the free-text columns are touched (csvTextColumns): the values pgnscan makes itself (FEN,
// SAN, rule names, numbers) never begin with a formula character except negative numbers, which
// must stay numbers. In the free-text columns too a plain decimal number ("-0.35" in eval,
// "+1") and a lone sign ("-", PGN's unknown round) are left alone: they are no formulas.
//
// The quoting can be undone exactly, and readCSV does so: a cell is quoted when, after any
// quotes it already begins with, it begins with a formula character, so a value that begins with
// a quote and then a formula character ("'=x") gains one more ("''=x"), and a reader removes one
// quote from every cell of that shape. Other values that begin with a quote ("'s-Hertogenbosch")
// are written as they are.

// csvTextColumns are the free-text columns: tags, file names, messages and excerpts copied from
// the input, whatever table they are in.
var csvTextColumns = map[string]bool{
	"source": true, "game_id": true, "event": true, "site": true, "date": true, "round": true,
	"white": true, "black": true, "result": true, "time_control": true, "eco": true,
	"termination": true, "eval": true, "error": true, "message": true, "excerpt": true,
}

// formulaLike reports whether a spreadsheet would take a cell of text s for a formula.
func formulaLike(s string) bool {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return false
	}
	return s != "-" && s != "+" && !plainNumber(s)
}

// plainNumber reports whether s is a decimal number: an optional sign, digits, and at most one
// point among them.
func plainNumber(s string) bool {
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	digits, points := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] >= '0' && s[i] <= '9':
			digits++
		case s[i] == '.':
			points++
		default:
			return false
		}
	}
	return digits > 0 && points <= 1
}

// csvSafe returns the text of a free-text cell as the CSV file holds it.
func csvSafe(s string) string {
	if formulaLike(strings.TrimLeft(s, "'")) {
		return "'" + s
	}
	return s
}

// csvUnsafe undoes csvSafe.
func csvUnsafe(s string) string {
	if strings.HasPrefix(s, "'") && formulaLike(strings.TrimLeft(s, "'")) {
		return s[1:]
	}
	return s
}
