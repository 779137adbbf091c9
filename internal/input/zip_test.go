package input

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeZip writes a zip archive of the members, in order, with the stdlib's writer (deflated).
func writeZip(t *testing.T, path string, members [][2]string) {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, m := range members {
		w, err := zw.Create(m[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(w, m[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

const gameA = "[Event \"A\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
const gameB = "[Event \"B\"]\n[Result \"*\"]\n\n1. d4 *\n\n"

// TestResolveZip: a zip archive (TWIC publishes so), named on the command line or found in a
// folder, stands for its PGN members in the archive's order, each an input named
// FILE.zip:MEMBER whose bytes are the member's, decompressed (a .pgn.gz member is decoded too);
// other members are left out, and an archive without a PGN member is refused. Before, the zip's
// bytes were read as PGN: 'malformed SAN "PK"' and exit 0.
func TestResolveZip(t *testing.T) {
	dir := t.TempDir()
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, gameB)
	zw.Close()
	twic := filepath.Join(dir, "twic1599g.zip")
	writeZip(t, twic, [][2]string{{"twic1599.pgn", gameA + gameB}, {"readme.txt", "not games"}, {"old/b.pgn.gz", gz.String()}})
	got, err := Resolve([]string{twic})
	if err != nil {
		t.Fatal(err)
	}
	want := []Source{
		{Name: twic + ":twic1599.pgn", Path: twic, Member: "twic1599.pgn", Size: int64(len(gameA + gameB))},
		{Name: twic + ":old/b.pgn.gz", Path: twic, Member: "old/b.pgn.gz", Size: int64(gz.Len())},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
	for i, text := range []string{gameA + gameB, gameB} {
		s, err := got[i].Open(OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(s)
		s.Close()
		if err != nil || string(b) != text {
			t.Errorf("%s: read %q (%v), want %q", got[i].Name, b, err, text)
		}
	}
	if fromDir, err := Resolve([]string{dir}); err != nil || !reflect.DeepEqual(fromDir, want) {
		t.Errorf("the folder of the zip: %+v (%v)", fromDir, err)
	}
	none := filepath.Join(t.TempDir(), "none.zip")
	writeZip(t, none, [][2]string{{"readme.txt", "x"}})
	if _, err := Resolve([]string{none}); !errors.Is(err, ErrNoArchives) || !strings.Contains(err.Error(), "none.zip") {
		t.Errorf("a zip without PGN: %v", err)
	}
}

// TestResolveSubfolders: plain subfolders are entered like Hive partition folders, to any
// depth, and every input comes in path order (2019/ before 2020/, a.pgn before b.pgn inside
// each); folders whose names begin with a dot are not entered. Before, only name=value folders
// were, and 2019/a.pgn was silently left out.
func TestResolveSubfolders(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"2020/b.pgn", "2019/b.pgn", "2019/a.pgn", "2019/q1/c.pgn", "top.pgn", ".git/x.pgn", "year=2021/d.pgn"} {
		full := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(gameB), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Resolve([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range got {
		rel, _ := filepath.Rel(dir, s.Path)
		names = append(names, filepath.ToSlash(rel))
	}
	want := []string{"2019/a.pgn", "2019/b.pgn", "2019/q1/c.pgn", "2020/b.pgn", "top.pgn", "year=2021/d.pgn"}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("got %q, want %q", names, want)
	}
}

// TestNotText: an input whose first 64 KiB are not text (a NUL byte; control codes that
// neither UTF-8 nor the Windows-1252 fallback make text) fails to read with ErrNotText before
// any byte reaches the reader; UTF-8 and Windows-1252 text, and a stray control byte, pass.
func TestNotText(t *testing.T) {
	latin1 := []byte(strings.ReplaceAll(gameA, "A", "G\xf6teborg \x93x\x94")) // Windows-1252
	stray := []byte(strings.Replace(gameA+gameA+gameA, "Event", "Ev\x01ent", 1))
	ctrl := bytes.Repeat([]byte("abc\x02\x03\x04\x05\x06\x07\x08\x0e\x0f"), 300)
	for _, c := range []struct {
		name string
		data []byte
		bad  bool
	}{
		{"utf-8", []byte(strings.ReplaceAll(gameA, "A", "Göteborg — ♔")), false},
		{"windows-1252", latin1, false},
		{"one stray control byte in 300", stray, false},
		{"NUL", append([]byte(gameA), 0), true},
		{"NUL far in", append(bytes.Repeat([]byte(gameA), 500), 0), true}, // within 64 KiB
		{"control codes", ctrl, true},
		{"undefined Windows-1252 bytes", bytes.Repeat([]byte("ab\x81\x8d\x8f\x90\x9d\xe9"), 500), true},
		{"empty", nil, false},
	} {
		p := filepath.Join(t.TempDir(), "x.pgn")
		if err := os.WriteFile(p, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Source{Name: "x.pgn", Path: p}.Open(OpenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(s)
		s.Close()
		if c.bad {
			var ie *InputError
			if !errors.Is(err, ErrNotText) || !errors.As(err, &ie) || ie.Name != "x.pgn" || len(b) != 0 {
				t.Errorf("%s: read %d bytes, %v; want none and ErrNotText naming x.pgn", c.name, len(b), err)
			}
		} else if err != nil || !bytes.Equal(b, c.data) {
			t.Errorf("%s: read %d of %d bytes, %v", c.name, len(b), len(c.data), err)
		}
	}
}
