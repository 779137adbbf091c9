package report

import "fmt"

// NullInt32 is an int32 column value that may be null. The zero value is null.
// It is a plain value (no pointer), so filling rows does not allocate.
type NullInt32 struct {
	Int32 int32
	Valid bool // false: the value is null
}

// ValidInt32 returns a non-null NullInt32 holding v.
func ValidInt32(v int32) NullInt32 { return NullInt32{Int32: v, Valid: true} }

// NullFloat64 is a float64 column value that may be null. The zero value is null.
type NullFloat64 struct {
	Float64 float64
	Valid   bool // false: the value is null
}

// ValidFloat64 returns a non-null NullFloat64 holding v.
func ValidFloat64(v float64) NullFloat64 { return NullFloat64{Float64: v, Valid: true} }

// GameInfo holds the columns that every findings and games row starts with:
// where the game comes from and its tags. Tags are the raw tag values, empty
// when absent.
//
// The rows of one game share one GameInfo through a pointer: the scan builds it
// once per game, and a row holds 8 bytes and one pointer for its 17 columns
// instead of a copy of them (the rows in flight are most of what a garbage
// collection scans). Rows do not change it once it is shared. A row without
// one (nil) has empty game columns; ReadRows gives every row its own.
type GameInfo struct {
	Source      string    // source: the input as given on the command line (the file inside a directory)
	GameIndex   int64     // game_index: 0-based index of the game in its source
	GameOffset  int64     // game_offset: byte offset of the game's first byte in the decompressed stream
	GameID      string    // game_id: lichess game id taken from a Site URL, else empty
	Event       string    // event
	Site        string    // site
	Date        string    // date
	Round       string    // round
	White       string    // white
	Black       string    // black
	Result      string    // result
	TimeControl string    // time_control
	ECO         string    // eco
	Termination string    // termination
	WhiteElo    NullInt32 // white_elo: the tag when numeric, else null
	BlackElo    NullInt32 // black_elo: the tag when numeric, else null
	Variant     string    // variant: standard or chess960 (rules.md 1); empty for a game of another variant
}

// Finding is one row of the findings table: one finding of rules.md section 4
// for one game and edition. Field comments give the column names.
type Finding struct {
	*GameInfo
	Edition         string      // edition: edition id
	EditionSource   string      // edition_source: flag, date or fallback
	EditionVersion  string      // edition_version: the version of the edition's rules (lichess: the day it began, rules.md 10); empty for FIDE
	Rule            string      // rule: threefold, ..., stalemate, unwinnable_timeout, unwinnable_resignation, early_agreement
	Article         string      // article: the article of that edition, e.g. 9.2.1
	Kind            string      // kind: on_board, move_played, move_available, automatic, agreement
	Proof           string      // proof: dead_position and unwinnable_*: material or search; else empty
	Ply             int32       // ply: the i of Pi where the finding applies
	MoveNumber      int32       // move_number: fullmove number of Pi
	Side            string      // side: white or black
	Move            string      // move: SAN of the claiming move for move_played and move_available, else empty
	Repetitions     int32       // repetitions: occurrences of the position
	HalfmoveClock   int32       // halfmove_clock: hmc(Pi)
	FEN             string      // fen: FEN of Pi
	Opportunities   int32       // opportunities: positions at which this side could make this claim; endings: 1
	PliesAfter      int32       // plies_after: half-moves recorded after Pi
	Missed          bool        // missed: claim not taken, or ending not applied
	ClaimantOutcome string      // claimant_outcome: win, draw, loss, unknown for side
	MandatedResult  string      // mandated_result: 1/2-1/2 for endings, empty for claims
	ResultDiffers   bool        // result_differs: the Result tag differs from mandated_result
	WhiteClock      NullFloat64 // white_clock_s: White's clock at Pi in seconds, from the latest [%clk]
	BlackClock      NullFloat64 // black_clock_s: Black's clock at Pi in seconds, from the latest [%clk]
	Eval            string      // eval: the latest [%eval] at Pi as written, else empty
	EndedBy         string      // ended_by: how the game stopped under the edition (rules.md 8), as in its games row; empty in files written before it
}

// Game is one row of the games table (--games): one game under one edition.
// The pipeline feeds one to the summary for every game and edition, whether or
// not a games file is written, because the summary's game counts come from
// these rows.
type Game struct {
	*GameInfo
	Edition           string    // edition: edition id
	EditionSource     string    // edition_source: flag, date or fallback
	EditionVersion    string    // edition_version: as in Finding
	Plies             int32     // plies: n, the half-moves recorded
	EndRule           string    // end_rule: checkmate, stalemate, dead_position, fivefold, seventyfive_move, fifty_move, or empty
	EndPly            NullInt32 // end_ply: end_E, null when the game does not end under the edition
	FirstThreefoldPly NullInt32 // first_threefold_ply: first threefold claim opportunity for either side
	FirstFiftyPly     NullInt32 // first_fifty_ply: first fifty-move claim opportunity for either side
	FinalClaims       string    // final_claims: threefold, fifty_move, both comma-separated, or empty
	MaxRepetitions    int32     // max_repetitions: over the positions judged
	MaxHalfmoveClock  int32     // max_halfmove_clock: over the positions judged
	FinalFEN          string    // final_fen
	EndedBy           string    // ended_by: how the game stopped under the edition (rules.md 8)
	WhiteCanMate      string    // white_can_mate: yes, no, unknown at Pn, or empty where no rule asked
	BlackCanMate      string    // black_can_mate: the same for Black
	Error             string    // error: empty when the game was read whole
}

// Error is one row of the errors table (--errors): a game that could not be
// read whole.
type Error struct {
	Source     string    // source
	GameIndex  int64     // game_index
	GameOffset int64     // game_offset
	Line       int64     // line: 1-based line in the decompressed stream
	Ply        NullInt32 // ply: the half-move that failed, null if the tags failed
	Message    string    // message
	Excerpt    string    // excerpt: at most 80 bytes around the fault
}

// Row is the set of row types the writers and readers accept.
type Row interface {
	Finding | Game | Error
}

// RowText returns row r printed with %+v, a findings or games row's GameInfo in full where
// %+v would print its address: rows compared as text compare their columns.
func RowText[R Row](r *R) string {
	switch x := any(r).(type) {
	case *Finding:
		row := *x
		row.GameInfo = nil
		return fmt.Sprintf("%+v %+v", infoText(x.GameInfo), row)
	case *Game:
		row := *x
		row.GameInfo = nil
		return fmt.Sprintf("%+v %+v", infoText(x.GameInfo), row)
	}
	return fmt.Sprintf("%+v", *r)
}

// infoText is what RowText prints of a GameInfo: its fields, empty when there is none.
func infoText(g *GameInfo) GameInfo {
	if g == nil {
		return GameInfo{}
	}
	return *g
}
