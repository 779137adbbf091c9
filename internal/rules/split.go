package rules

// split is how a Judge judges a game whose editions count repetitions in two ways
// (Edition.Counting): as rules.md 1 (every FIDE edition, lichess from 2020-08-15) and as
// lichess's code did before (by placement, or leaving some positions uncounted). A window holds
// positions one way only, so the Judge takes the editions counting as the first choice does,
// and at Finish a second Judge replays the game's moves (kept for the replays of dead.go) under
// the others; their verdicts are put together in the order of the choices. Only a game judged
// both ways (say --edition auto,lichess on a game of 2015) pays for the second Judge, and
// nothing is paid per half-move before Finish.
type split struct {
	sub      *Judge     // judges the editions counting otherwise, at Finish
	on       bool       // this game is split
	all      []Choice   // the game's choices as Begin got them, when split
	ours     []Choice   // the ones this Judge takes
	theirs   []Choice   // the ones sub takes
	counting Counting   // how this Judge counts: the first choice's
	games    []Judgment // the buffers merge fills, taking turns with the Verdict's own
	findings []Finding
}

// splitChoices returns the choices this Judge judges its game under (those counting as the
// first does), keeping the others for sub when the choices count repetitions in two ways.
func (j *Judge) splitChoices(choices []Choice) []Choice {
	j.split.on = false
	same := 0
	for i := range choices {
		if choices[i].Edition.Counting == choices[0].Edition.Counting {
			same++
		}
	}
	if same == len(choices) {
		return choices
	}
	s := &j.split
	s.on, s.counting = true, choices[0].Edition.Counting
	s.all, s.ours, s.theirs = append(s.all[:0], choices...), s.ours[:0], s.theirs[:0]
	for _, c := range choices {
		if c.Edition.Counting != s.counting {
			s.theirs = append(s.theirs, c)
		} else {
			s.ours = append(s.ours, c)
		}
	}
	return s.ours
}

// merge judges the game under sub's choices and puts sub's verdict into v, this Judge's: the
// games and each edition's findings in the order of the choices. A game longer than
// maxKeptMoves is judged there on the moves kept, as one that could not be replayed further.
func (j *Judge) merge(v *Verdict) {
	s := &j.split
	if s.sub == nil {
		s.sub = NewJudge()
	}
	sub := s.sub
	sub.SetNoAgreementBefore(j.noAgreementBefore)
	sub.Begin(j.start, j.result, s.theirs)
	for _, m := range j.played() {
		sub.Play(m)
	}
	if j.failed || j.movesCut {
		sub.Fail()
	}
	sub.SetStop(j.stop)
	sv := sub.Finish()
	games, findings := s.games[:0], s.findings[:0]
	var next [2]struct{ game, finding int } // next unmerged game and finding of v, of sv
	for _, c := range s.all {
		from, at := v, &next[0]
		if c.Edition.Counting != s.counting {
			from, at = sv, &next[1]
		}
		g := from.Games[at.game]
		at.game++
		games = append(games, g)
		for at.finding < len(from.Findings) && from.Findings[at.finding].Edition == g.Edition {
			findings = append(findings, from.Findings[at.finding])
			at.finding++
		}
	}
	// The can_mate columns are the game's, asked once by any edition (Finish): either Judge's.
	canMate := j.canMate
	for c := range canMate {
		if !canMate[c].Asked {
			canMate[c] = s.sub.canMate[c]
		}
	}
	for i := range games {
		games[i].CanMate = canMate
	}
	// v's own slices are the next merge's buffers, and the merged ones v's: two buffers taking
	// turns, so a split game allocates nothing once they have grown.
	s.games, s.findings = v.Games, v.Findings
	v.Games, v.Findings = games, findings
}
