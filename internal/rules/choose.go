package rules

import (
	"fmt"
	"strings"
)

// Date is a PGN date ("2014.07.01", "2014.??.??"); a zero field is unknown.
type Date struct {
	Year, Month, Day int
}

// ParseDate reads a PGN date tag value. The year is known when it is four
// digits other than 0000; a month (1-12) or day (1-31) that is not a number
// in range is unknown. The separators '.', '-' and '/' are accepted, since
// real files use all three. ParseDate never fails: anything unreadable is an
// unknown date.
func ParseDate[T ~string | ~[]byte](s T) Date {
	var val, digits [3]int
	var bad [3]bool
	f := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch { // the classes of c are disjoint: tested most frequent first
		case c >= '0' && c <= '9' && f <= 2:
			digits[f]++
			if digits[f] <= 4 {
				val[f] = val[f]*10 + int(c-'0')
			}
		case c == '.' || c == '-' || c == '/':
			f++
		case c == ' ' || c == '\t' || c == '\r':
			// blanks around the value
		case f > 2: // anything after the day is ignored
		default:
			bad[f] = true
		}
	}
	var d Date
	if !bad[0] && digits[0] == 4 && val[0] > 0 {
		d.Year = val[0]
	}
	if !bad[1] && digits[1] >= 1 && digits[1] <= 2 && val[1] >= 1 && val[1] <= 12 {
		d.Month = val[1]
	}
	if !bad[2] && digits[2] >= 1 && digits[2] <= 2 && val[2] >= 1 && val[2] <= 31 {
		d.Day = val[2]
	}
	return d
}

// KnownYear reports whether the year is known.
func (d Date) KnownYear() bool { return d.Year > 0 }

// IsZero reports whether nothing of the date is known.
func (d Date) IsZero() bool { return d == Date{} }

// Earliest returns the earliest day the date can stand for, as yyyymmdd: an
// unknown month or day counts as the first (rules.md section 2).
func (d Date) Earliest() int {
	m, day := d.Month, d.Day
	if m == 0 {
		m = 1
	}
	if day == 0 {
		day = 1
	}
	return d.Year*10000 + m*100 + day
}

// latest returns the last day of the date's range (for an edition's Until).
func (d Date) latest() int {
	m, day := d.Month, d.Day
	if m == 0 {
		m = 12
	}
	if day == 0 {
		day = 31
	}
	return d.Year*10000 + m*100 + day
}

// String writes the date as PGN does, with ?? for unknown fields.
func (d Date) String() string {
	y, m, day := "????", "??", "??"
	if d.Year > 0 {
		y = fmt.Sprintf("%04d", d.Year)
	}
	if d.Month > 0 {
		m = fmt.Sprintf("%02d", d.Month)
	}
	if d.Day > 0 {
		day = fmt.Sprintf("%02d", d.Day)
	}
	return y + "." + m + "." + day
}

// covers reports whether the edition is in force on the earliest day of d.
func (e *Edition) covers(d Date) bool {
	day := d.Earliest()
	if !e.From.IsZero() && day < e.From.Earliest() {
		return false
	}
	if !e.Until.IsZero() && day > e.Until.latest() {
		return false
	}
	return true
}

// Choice is one edition a game is judged under, and why.
type Choice struct {
	Edition       *Edition
	EditionSource EditionSource
}

// Selection is the parsed --edition, --fallback-edition and --fivefold-2014
// options: which editions every game is judged under. It is read-only after
// NewSelection and safe for concurrent use.
type Selection struct {
	eds      [len(editionTable)]Edition // the selection's copies (fide2014 with its reading)
	list     []*Edition                 // the --edition list in order; nil stands for auto
	auto     bool
	fallback *Edition

	// lichess is eds' lichess entry (its newest version), which stands in the list and the
	// fallback; each game gets the version in force on its date instead, from versions.
	lichess   *Edition
	versions  []Edition
	firstDays []int // of versions (firstDays)

	noAgreementBefore int // --no-agreement-before N, 0 when not given
}

// SetNoAgreementBefore records --no-agreement-before N (rules.md 8): the competition forbade
// agreed draws before move n, so in every FIDE edition an agreement with fewer than n moves
// by each player is an early_agreement. 0 means no such rule. Call it before the scan starts.
func (s *Selection) SetNoAgreementBefore(n int) error {
	if n < 0 {
		return &OptionError{Option: "--no-agreement-before", Value: fmt.Sprint(n), Err: ErrBadOption}
	}
	s.noAgreementBefore = n
	return nil
}

// NoAgreementBefore returns --no-agreement-before N, 0 when not given.
func (s *Selection) NoAgreementBefore() int { return s.noAgreementBefore }

// The edition options' defaults, which NewSelection reads for "" and every
// command's flags show: one place for each.
const (
	Auto                = "auto"              // the --edition entry that picks the edition in force on a game's date
	DefaultEditions     = Auto                // --edition
	DefaultFallback     = "fide2023"          // --fallback-edition: an edition's ID
	DefaultFivefold2014 = FivefoldConsecutive // --fivefold-2014, spelt by its String
)

// Flags are the edition options as the commands' flags give them; "" and 0
// mean the defaults.
type Flags struct {
	Editions, Fallback, Fivefold2014 string // --edition, --fallback-edition, --fivefold-2014
	NoAgreementBefore                int    // --no-agreement-before
}

// Selection parses f: NewSelection, then SetNoAgreementBefore.
func (f Flags) Selection() (*Selection, error) {
	sel, err := NewSelection(f.Editions, f.Fallback, f.Fivefold2014)
	if err != nil {
		return nil, err
	}
	if err := sel.SetNoAgreementBefore(f.NoAgreementBefore); err != nil {
		return nil, err
	}
	return sel, nil
}

// NewSelection parses the edition options. list is the --edition value
// (comma-separated ids or aliases, with Auto allowed among them; "" means
// DefaultEditions), fallback the --fallback-edition ("" means
// DefaultFallback), fivefold2014 the --fivefold-2014 reading ("" means
// DefaultFivefold2014). Errors unwrap to ErrUnknownEdition or ErrBadOption.
func NewSelection(list, fallback, fivefold2014 string) (*Selection, error) {
	s := &Selection{}
	for i, ed := range editionTable {
		s.eds[i] = *ed
	}
	reading, err := ParseFivefold2014(fivefold2014)
	if err != nil {
		return nil, err
	}
	s.edition(fide2014.ID).Fivefold = reading
	s.lichess, s.versions = s.edition(lichess.ID), lichessVersions()
	s.firstDays = firstDays(s.versions)

	if strings.TrimSpace(fallback) == "" {
		fallback = DefaultFallback
	}
	if ed := lookup(strings.TrimSpace(fallback)); ed != nil {
		s.fallback = s.edition(ed.ID)
	} else {
		return nil, &OptionError{Option: "--fallback-edition", Value: fallback, Err: ErrUnknownEdition}
	}

	if strings.TrimSpace(list) == "" {
		list = DefaultEditions
	}
	for _, id := range strings.Split(list, ",") {
		id = strings.TrimSpace(id)
		if id == "" {
			return nil, &OptionError{Option: "--edition", Value: list, Err: ErrBadOption}
		}
		var ed *Edition
		if strings.EqualFold(id, Auto) {
			if s.auto {
				continue
			}
			s.auto = true
		} else {
			t := lookup(id)
			if t == nil {
				return nil, &OptionError{Option: "--edition", Value: id, Err: ErrUnknownEdition}
			}
			ed = s.edition(t.ID)
			if s.listed(ed) {
				continue
			}
		}
		s.list = append(s.list, ed)
	}
	return s, nil
}

// edition returns the selection's copy of the edition with that id.
func (s *Selection) edition(id string) *Edition {
	for i := range s.eds {
		if s.eds[i].ID == id {
			return &s.eds[i]
		}
	}
	panic("rules: no edition " + id)
}

func (s *Selection) listed(ed *Edition) bool {
	for _, l := range s.list {
		if l == ed {
			return true
		}
	}
	return false
}

// Auto reports whether auto is among the editions asked for.
func (s *Selection) Auto() bool { return s.auto }

// Fallback returns the edition auto uses for games without a usable date.
func (s *Selection) Fallback() *Edition { return s.fallback }

// Listed returns the editions named in --edition, in order, without auto.
func (s *Selection) Listed() []*Edition {
	var out []*Edition
	for _, ed := range s.list {
		if ed != nil {
			out = append(out, ed)
		}
	}
	return out
}

// ByDate returns the edition auto picks for a game dated d, and why: the
// first auto edition in force on the earliest day d can stand for, or the
// fallback when the year is unknown.
func (s *Selection) ByDate(d Date) Choice {
	if d.KnownYear() {
		for i := range s.eds {
			if ed := &s.eds[i]; ed.Auto && ed.covers(d) {
				return Choice{ed, SourceDate}
			}
		}
	}
	return Choice{s.fallback, SourceFallback}
}

// Choose appends to dst the editions a game is judged under, in --edition
// order, and returns the extended slice. auto picks by the first of
// eventDate, date and utcDate whose year is known (rules.md section 2). When
// auto picks an edition that is also listed, the game is judged once under
// it, at the earlier place in the list, with the source auto gives (date or
// fallback): that row is the edition in force, and also the one asked for.
// Choose does not allocate when dst has room.
func (s *Selection) Choose(dst []Choice, eventDate, date, utcDate Date) []Choice {
	if !s.auto {
		// The list holds no duplicate (NewSelection drops them): nothing to
		// pick, nothing to merge.
		for _, ed := range s.list {
			dst = append(dst, Choice{s.version(ed, date, utcDate), SourceFlag})
		}
		return dst
	}
	start := len(dst)
	d := eventDate
	if !d.KnownYear() {
		d = date
	}
	if !d.KnownYear() {
		d = utcDate
	}
	picked := s.ByDate(d)
	for _, ed := range s.list {
		c := Choice{ed, SourceFlag}
		if ed == nil || ed == picked.Edition {
			c = picked
		}
		c.Edition = s.version(c.Edition, date, utcDate)
		dup := false
		for _, prev := range dst[start:] {
			if prev.Edition == c.Edition {
				dup = true
				break
			}
		}
		if !dup {
			dst = append(dst, c)
		}
	}
	return dst
}

// version returns the edition a game dated date and utcDate is judged under for ed: ed
// itself, but for lichess the version of its rules in force that day (rules.md 10): a few
// comparisons a game, nothing a half-move.
func (s *Selection) version(ed *Edition, date, utcDate Date) *Edition {
	if ed != s.lichess {
		return ed
	}
	return &s.versions[lichessVersionAt(s.firstDays, date, utcDate)]
}
