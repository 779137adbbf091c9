package scan

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestIsArchiveName(t *testing.T) {
	cases := map[string]bool{
		"a.pgn": true, "a.PGN": true, "lichess_db_standard_rated_2025-05.pgn.zst": true,
		"a.pgn.zstd": true, "a.pgn.gz": true, "a.Pgn.Bz2": true, "a.pgn.xz": true,
		".pgn": false, ".hidden.pgn": false, "a.pgn.zip": false, "a.zst": false,
		"a.txt": false, "pgn": false, "a.pgn.gz.part": false,
	}
	for name, want := range cases {
		if got := IsArchiveName(name); got != want {
			t.Errorf("IsArchiveName(%q) = %v", name, got)
		}
	}
}

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, size int) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("b.pgn", 3)
	write("a.pgn.zst", 5)
	write("c.PGN.GZ", 7)
	write(".hidden.pgn", 1)
	write("notes.txt", 11)
	if err := os.Mkdir(filepath.Join(dir, "sub.pgn"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub.pgn", "d.pgn"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("b.pgn", filepath.Join(dir, "e.pgn")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("missing.pgn", filepath.Join(dir, "f.pgn")); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(dir, "notes.txt")
	got, err := Resolve([]string{notes, dir, "-"})
	if err != nil {
		t.Fatal(err)
	}
	want := []Source{
		{Name: notes, Path: notes, Size: 11}, // a file named on the command line counts whatever its name
		{Name: filepath.Join(dir, "a.pgn.zst"), Path: filepath.Join(dir, "a.pgn.zst"), Size: 5},
		{Name: filepath.Join(dir, "b.pgn"), Path: filepath.Join(dir, "b.pgn"), Size: 3},
		{Name: filepath.Join(dir, "c.PGN.GZ"), Path: filepath.Join(dir, "c.PGN.GZ"), Size: 7},
		{Name: filepath.Join(dir, "e.pgn"), Path: filepath.Join(dir, "e.pgn"), Size: 3},
		{Name: "-", Path: "-", Size: -1},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}

	empty := t.TempDir()
	if _, err := Resolve([]string{empty}); !errors.Is(err, ErrNoArchives) {
		t.Errorf("empty directory: %v", err)
	}
	if _, err := Resolve([]string{filepath.Join(dir, "nothere.pgn")}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

func TestOpenErrors(t *testing.T) {
	_, err := Source{Name: "x.pgn", Path: filepath.Join(t.TempDir(), "x.pgn")}.Open(OpenOptions{})
	var ie *InputError
	if !errors.As(err, &ie) || ie.Op != "open" || ie.Name != "x.pgn" || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	dir := t.TempDir()
	if _, err := (Source{Name: dir, Path: dir}).Open(OpenOptions{}); !errors.As(err, &ie) || ie.Op != "open" {
		t.Errorf("directory: %v", err)
	}
}
