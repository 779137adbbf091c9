package rules

import (
	"testing"

	"github.com/pgnscan/pgnscan/internal/board"
)

// TestTempoDeadGame: a game whose wall only the tempo proof shows dead (mate's
// static_tempo.go), which the scan's dead-position check gets from Quick. From the FEN,
// 1. c4 locks every pawn: P1 is labelled-dev.txt line 497 of ../shared/unwinnable (label
// "--": neither side can mate), and the proof is needed because Black's king, shut in on a6
// and a5, leaves b7 unguarded on every other move, so the white king could take it on c8 or
// a8 if the kings did not alternate. P0 is not dead: 1. cxb4 Kb5 2. Kc3 Ka6 3. b5+ Ka5
// 4. Kc4 cxb5+ 5. Kd3 Ka6 6. c6 Ka5 7. Kc3 Ka6 8. cxb7 Ka5 9. b8=Q Ka6 10. Qa7# (the
// decider's witness; legal move by move). So the first dead position is P1 (Black to move), reached by a pawn move (hmc 0,
// seen once), and the game, agreed drawn four plies later, went on past it: a missed
// automatic ending whose draw is the result the rules mandate, under the four FIDE editions
// (lichess ends games by its material rule only: no row there).
// Before the tempo proof ran in Quick, no edition had a row (Quick left both sides open and
// the scan searches no side with pawns).
func TestTempoDeadGame(t *testing.T) {
	start, err := board.FromFEN("8/1p6/kPp5/2P5/1p6/1PP5/3K4/8 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	var sans [][]byte
	for _, s := range []string{"c4", "Ka5", "Kd3", "Ka6", "Ke2"} {
		sans = append(sans, []byte(s))
	}
	five, err := NewSelection("fide2009,fide2014,fide2017,fide2023,lichess", "", "")
	if err != nil {
		t.Fatal(err)
	}
	choices := five.Choose(nil, Date{}, Date{}, Date{})
	tags := map[string]string{
		"Expect": "dead_position automatic black 1 rep=1 hmc=0 opp=1 after=4 missed=true outcome=draw differs=false proof=search",
		"End":    "end=dead_position@1 plies=5 ft=none ff=none final= maxrep=1 maxhmc=0 ended=agreement wcm=no bcm=no",
		// lichess ends a game by its material rule only (rules.md 7.2): pawns stay, no row.
		"ExpectLichess": "",
		"EndLichess":    "end=none plies=5 ft=none ff=none final= maxrep=1 maxhmc=4 ended=agreement wcm=no bcm=no",
	}
	suffix := map[string]string{"lichess": "Lichess"}
	v := judgeStop(NewJudge(), start, Draw, choices, sans, StopUnsaid)
	if len(v.Games) != 5 {
		t.Fatalf("%d editions judged, want 5", len(v.Games))
	}
	checkCase(t, "tempo-dead wall", tags, suffix, v)
}
