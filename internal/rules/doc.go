// Package rules owns what pgnscan decides about a game: the rule editions of the
// FIDE Laws of Chess (and lichess's house rules) as data, the choice of edition
// for each game, and the [Judge] that follows one game position by position and
// says which draw claims each player could have made, which automatic endings
// were not applied, and where the recorded result contradicts the board.
//
// The behavioural contract is ../shared/spec/rules.md; the findings and games
// tables it fills are described in ../shared/spec/cli-and-output.md. Every
// article number of the Laws that the package decides appears in the edition
// table (editions.go), so searching for "9.6.2" leads to the code that applies
// it.
//
// The package imports only internal/board. It knows nothing of PGN text,
// clocks or output formats: the pipeline replays the moves, feeds them to a
// Judge, and turns the [Verdict] into report rows.
//
// A pipeline drives it like this, with one Judge per worker:
//
//	sel, err := rules.NewSelection("auto,lichess", "fide2017", "consecutive")
//	j := rules.NewJudge()
//	var choices []rules.Choice
//	for each game:
//	    choices = sel.Choose(choices[:0], rules.ParseDate(eventDate), rules.ParseDate(date), rules.ParseDate(utcDate))
//	    j.Begin(start, rules.ParseResult(resultTag), choices)
//	    for each SAN token of the main line:
//	        m, err := j.Position().ParseSAN(token)
//	        if err != nil { j.Fail(); break }
//	        j.Play(m)
//	    v := j.Finish() // valid until the next Begin
package rules
