package report

import (
	"errors"
	"path/filepath"
	"testing"
)

// TestReadGameCounts checks that the game counts a findings file records come
// back without its rows: three games of two speed classes, worked by hand;
// that a CSV file has none; and that a games table is not a findings table.
func TestReadGameCounts(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, games bool) string {
		path := filepath.Join(dir, name)
		out := &Outputs{Summary: NewSummary(testNames)}
		var err error
		if games {
			out.Games, err = Create[Game](path, Options{})
		} else {
			out.Findings, err = Create[Finding](path, Options{})
		}
		if err != nil {
			t.Fatal(err)
		}
		for i, tc := range []string{"60+0", "180+2", "60+1"} { // bullet, blitz (260 s), bullet (100 s)
			if err := out.AddGame(&Game{GameInfo: &GameInfo{Source: "a.pgn", GameIndex: int64(i), TimeControl: tc}, Edition: "fide2017"}); err != nil {
				t.Fatal(err)
			}
		}
		if err := out.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	s, err := ReadGameCounts(write("f.parquet", false))
	if err != nil || s == nil {
		t.Fatalf("findings file: %v, %v", s, err)
	}
	eds := s.Editions()
	if len(eds) != 1 || eds[0].Edition != "fide2017" || eds[0].Games != 3 || eds[0].GamesBySpeed[Bullet] != 2 || eds[0].GamesBySpeed[Blitz] != 1 || s.Findings() != 0 {
		t.Errorf("counts %+v, findings %d; want fide2017: 3 games, 2 bullet, 1 blitz, no findings", eds, s.Findings())
	}
	if s, err := ReadGameCounts(write("f.csv", false)); s != nil || err != nil {
		t.Errorf("CSV file: %v, %v; want no counts, no error", s, err)
	}
	if _, err := ReadGameCounts(write("g.parquet", true)); !errors.Is(err, ErrNotFindings) {
		t.Errorf("games table: %v, want ErrNotFindings", err)
	}
}
