package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
)

// savedRule is the findings tallies of one rule under one edition, in a summary file.
type savedRule struct {
	Edition string                 `json:"edition"`
	Rule    string                 `json:"rule"`
	Counts  savedCounts            `json:"counts"`
	Speeds  map[string]savedCounts `json:"by_speed,omitempty"`
}

type savedCounts struct {
	Findings      int64 `json:"findings"`
	Missed        int64 `json:"missed,omitempty"`
	ResultDiffers int64 `json:"result_differs,omitempty"`

	MissedThenClaim   int64 `json:"missed_then_claim,omitempty"`
	MissedThenDecided int64 `json:"missed_then_decided,omitempty"`
}

// WriteJSON writes the summary as one JSON object, the summary file of a scan (a shard's, as
// a rule) that ReadSummaryJSON reads back and MergeSummaries adds to others: the summary a
// Parquet file records (MetaSummary) and the findings tallies.
func (s *Summary) WriteJSON(w io.Writer) error {
	m := s.saved()
	m.Findings = s.findings
	for _, e := range s.Editions() {
		for _, r := range e.Rules {
			sr := savedRule{Edition: e.Edition, Rule: r.Rule, Counts: savedCounts(r.Counts)}
			for sp, c := range r.BySpeed {
				if c.Findings != 0 {
					if sr.Speeds == nil {
						sr.Speeds = map[string]savedCounts{}
					}
					sr.Speeds[Speed(sp).String()] = savedCounts(c)
				}
			}
			m.Rules = append(m.Rules, sr)
		}
	}
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// addRules adds the findings tallies m records to s.
func (m *savedSummary) addRules(s *Summary) error {
	s.findings += m.Findings
	for _, sr := range m.Rules {
		r := s.edition(sr.Edition).rule(sr.Rule)
		addCounts(&r.total, Counts(sr.Counts))
		for k, c := range sr.Speeds {
			sp, ok := speedByName(k)
			if !ok {
				return fmt.Errorf("summary: unknown speed class %q", k)
			}
			addCounts(&r.speed[sp], Counts(c))
		}
	}
	return nil
}

func addCounts(to *Counts, c Counts) {
	to.Findings += c.Findings
	to.Missed += c.Missed
	to.ResultDiffers += c.ResultDiffers
	to.MissedThenClaim += c.MissedThenClaim
	to.MissedThenDecided += c.MissedThenDecided
}

// ReadSummaryJSON reads a summary file that WriteJSON wrote.
func ReadSummaryJSON(path string, names Names) (*Summary, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := DecodeSummaryJSON(b, names)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// DecodeSummaryJSON reads the bytes of a summary file that WriteJSON wrote (read from an
// object store, say); its errors do not name the file.
func DecodeSummaryJSON(b []byte, names Names) (*Summary, error) {
	var m savedSummary
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("not a pgnscan summary file: %w", err)
	}
	return m.summary(names)
}

// MergeSummaries returns the summary of one scan made of the scans that ss summarise: the
// shards of a plan, each scanned on its own, give the summary a scan of their files whole
// gives (but the elapsed time, which is the sum of theirs: the work, not the wall time).
// The summaries are taken in the order of their first input and its first game, so that the
// first errors listed are those of the whole scan. An input's games, errors and bytes read are
// the sums of its shards' (a shard counts the bytes of its own range, see input.Owned), it is
// done when every shard of it is, and its fault is the first shard's. Game counts are known
// when they are known for every summary. The merged summary orders and tells claims by names.
func MergeSummaries(names Names, ss ...*Summary) *Summary {
	ss = slices.Clone(ss)
	key := func(s *Summary) (string, int64) {
		if len(s.inputs) == 0 {
			return "", -1
		}
		return s.inputs[0].Name, s.inputs[0].Skipped
	}
	slices.SortStableFunc(ss, func(a, b *Summary) int {
		an, af := key(a)
		bn, bf := key(b)
		return cmp.Or(cmp.Compare(an, bn), cmp.Compare(af, bf))
	})
	m := NewSummary(names)
	m.finished = true
	for _, s := range ss {
		m.elapsed += s.Elapsed()
		m.interrupted = m.interrupted || s.interrupted
		m.countsKnown = m.countsKnown && s.countsKnown
		m.errorGames += s.errorGames
		m.findings += s.findings
		for _, e := range s.firstErrors {
			if len(m.firstErrors) < maxFirstErrors {
				m.firstErrors = append(m.firstErrors, e)
			}
		}
		for _, in := range s.inputs {
			m.mergeInput(in)
		}
		for name, e := range s.editions {
			m.edition(name).merge(e)
		}
	}
	return m
}

// mergeInput adds the counts of in, one part (shard) of an input, to that input.
func (s *Summary) mergeInput(in *inputStat) {
	_, seen := s.inputByName[in.Name]
	st := s.input(in.Name)
	if !seen {
		st.Input, st.games, st.errors = in.Input, in.games, in.errors
		return
	}
	n := st.count() + in.count()
	st.Skipped = min(st.Skipped, in.Skipped)
	st.games = st.Skipped + n
	st.errors += in.errors
	st.Size = max(st.Size, in.Size)
	st.Read += in.Read
	st.Decompressed += in.Decompressed
	st.Done = st.Done && in.Done
	if st.Err == "" {
		st.Err = in.Err
	}
	st.Start, st.End = mergeRange(st.Input, in.Input)
}

// mergeRange returns the byte range of two parts of a file put together: their union when
// they touch, the whole file (0, 0) when that union is it, or when they do not touch (the
// summary then shows the file, its games and bytes being those of the parts).
func mergeRange(a, b Input) (start, end int64) {
	if a.End == 0 || b.End == 0 || a.End < b.Start || b.End < a.Start {
		return 0, 0
	}
	start, end = min(a.Start, b.Start), max(a.End, b.End)
	if start == 0 && end == a.Size {
		return 0, 0
	}
	return start, end
}

// merge adds the tallies of o to e.
func (e *editionStat) merge(o *editionStat) {
	e.games += o.games
	for k, v := range o.sources {
		e.sources[k] += v
	}
	for i, v := range o.speedGames {
		e.speedGames[i] += v
	}
	for name, r := range o.rules {
		to := e.rule(name)
		addCounts(&to.total, r.total)
		for i := range r.speed {
			addCounts(&to.speed[i], r.speed[i])
		}
	}
}
