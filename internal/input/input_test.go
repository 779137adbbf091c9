package input

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestIsArchiveName(t *testing.T) {
	cases := map[string]bool{
		"a.pgn": true, "a.PGN": true, "lichess_db_standard_rated_2025-05.pgn.zst": true,
		"a.pgn.zstd": true, "a.pgn.gz": true, "a.Pgn.Bz2": true, "a.pgn.xz": true,
		".pgn": false, ".hidden.pgn": false, "a.pgn.zip": true, "twic1599g.ZIP": true, ".x.zip": false, "a.zst": false,
		"a.txt": false, "pgn": false, "a.pgn.gz.part": false,
	}
	for name, want := range cases {
		if got := isArchiveName(name); got != want {
			t.Errorf("isArchiveName(%q) = %v", name, got)
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
	other := filepath.Join(t.TempDir(), "other.pgn")
	if err := os.WriteFile(other, make([]byte, 13), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(other, filepath.Join(dir, "e.pgn")); err != nil {
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
		{Name: filepath.Join(dir, "e.pgn"), Path: filepath.Join(dir, "e.pgn"), Size: 13},
		// a broken link is kept, so that opening it fails and the scan reports it
		{Name: filepath.Join(dir, "f.pgn"), Path: filepath.Join(dir, "f.pgn"), Size: -1},
		// a plain subfolder is entered, as a Hive partition folder is (issue 27)
		{Name: filepath.Join(dir, "sub.pgn", "d.pgn"), Path: filepath.Join(dir, "sub.pgn", "d.pgn"), Size: 0},
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

// TestResolveListedTwice: an input named twice, in any spelling, is refused with both names:
// the same argument, a file and its directory, a hard link, a symbolic link, standard input.
func TestResolveListedTwice(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.pgn")
	if err := os.WriteFile(a, []byte("*"), 0o644); err != nil {
		t.Fatal(err)
	}
	hard, sym := filepath.Join(t.TempDir(), "hard.pgn"), filepath.Join(t.TempDir(), "sym.pgn")
	if err := os.Link(a, hard); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(a, sym); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{a, a}, {dir, a}, {a, dir}, {a, hard}, {sym, a}, {"-", "-"}} {
		_, err := Resolve(args)
		if !errors.Is(err, ErrListedTwice) {
			t.Errorf("Resolve(%q): %v, want ErrListedTwice", args, err)
			continue
		}
		if args[0] != args[1] && args[0] != dir && args[1] != dir &&
			(!strings.Contains(err.Error(), args[0]) || !strings.Contains(err.Error(), args[1])) {
			t.Errorf("Resolve(%q): %q does not name both", args, err)
		}
	}
	if _, err := Resolve([]string{a, hard + "x"}); errors.Is(err, ErrListedTwice) {
		t.Errorf("distinct paths refused: %v", err)
	}
}

// TestResolveNonUTF8Name: a file name that is not valid UTF-8 keeps its bytes in Path (to open
// it) and becomes valid UTF-8 in Name, each stray byte written \xHH.
func TestResolveNonUTF8Name(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x\xffy\xe9.pgn")
	if err := os.WriteFile(p, []byte("*"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, arg := range []string{p, dir} {
		got, err := Resolve([]string{arg})
		if err != nil {
			t.Fatal(err)
		}
		want := Source{Name: filepath.Join(dir, `x\xffy\xe9.pgn`), Path: p, Size: 1}
		if len(got) != 1 || got[0] != want {
			t.Errorf("Resolve(%q) = %+v, want %+v", arg, got, want)
		}
		if !utf8.ValidString(got[0].Name) {
			t.Errorf("name %q is not valid UTF-8", got[0].Name)
		}
	}
	if got := displayName("caf\u00e9 \u2654.pgn"); got != "caf\u00e9 \u2654.pgn" {
		t.Errorf("valid UTF-8 changed: %q", got)
	}
}

// TestErrorsSayThingsOnce: an input's error names the input once and the format once (it said
// "open x: open x: ..." and "gzip: gzip: invalid header").
func TestErrorsSayThingsOnce(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.pgn")
	_, err := Source{Name: missing, Path: missing}.Open(OpenOptions{})
	if err == nil || strings.Count(err.Error(), missing) != 1 || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.pgn.gz")
	if err := os.WriteFile(bad, []byte("\x1f\x8bnot a gzip header at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Source{Name: bad, Path: bad}.Open(OpenOptions{})
	if err == nil || strings.Count(err.Error(), "gzip") != 1 || !errors.Is(err, ErrCorrupt) {
		t.Errorf("bad gzip header: %v", err)
	}
}
