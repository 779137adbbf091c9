package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
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
		e := s.edition(sr.Edition)
		r, ok := e.rules[sr.Rule]
		if !ok {
			r = new(ruleStat)
			e.rules[sr.Rule] = r
		}
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
}

// ReadSummaryJSON reads a summary file that WriteJSON wrote.
func ReadSummaryJSON(path string) (*Summary, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m savedSummary
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: not a pgnscan summary file: %w", path, err)
	}
	s, err := m.summary()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
