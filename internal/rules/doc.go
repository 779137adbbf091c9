// Package rules owns what pgnscan decides about a game: the rule editions of the
// FIDE Laws of Chess (and lichess's house rules) as data, the choice of edition
// for each game, and the [Judge] that follows one game position by position and
// says which draw claims each player could have made, which automatic endings
// were not applied, and where the recorded result contradicts the board.
//
// The behavioural contract is ../shared/spec/rules.md; the findings and games
// tables it fills are described in ../shared/spec/cli-and-output.md. Every
// article number of the Laws that the package applies stands in the edition
// table (editions.go), and the code that applies it names it, so searching
// for "9.6.2" leads to both.
//
// The package imports only internal/board and internal/mate (can a side still
// mate, for dead positions and the timeout rule). It knows nothing of PGN text,
// clocks or output formats: the pipeline replays the moves, feeds them to a
// Judge, and turns the [Verdict] into report rows, attaching clocks and evals
// by [Finding.Ply].
//
// A pipeline drives it like this, with one Judge per worker:
//
//	sel, err := rules.NewSelection(editionFlag, fallbackFlag, fivefoldFlag) // once
//	j := rules.NewJudge()                                                  // per worker
//	var choices []rules.Choice
//	for each game:
//	    if rules.ParseVariant(variantTag) == rules.UnsupportedVariant { not judged }
//	    choices = sel.Choose(choices[:0], rules.ParseDate(eventDate), rules.ParseDate(date), rules.ParseDate(utcDate))
//	    j.Begin(&start, rules.ParseResult(resultTag), choices) // start: P0, from the FEN tag when SetUp is 1 (board.FromFEN960 for Chess960)
//	    for each SAN token of the main line:
//	        m, err := j.Position().ParseSAN(token)
//	        if err != nil { j.Fail(); record the error at ply j.Ply()+1; break }
//	        j.Play(m)
//	    v := j.Finish() // valid until the next Begin
//	    for _, s := range v.Games { one games row per edition; final_fen from v.Final }
//	    for _, f := range v.Findings { one findings row }
package rules
