package report

import (
	"encoding/json"
	"fmt"
	"time"
)

// metadataFormat is the version of the MetaSummary JSON layout.
const metadataFormat = 1

// savedSummary is what a Parquet file records of the summary (MetaSummary):
// everything but the findings tallies, which a reader recomputes from the
// rows. Game counts per edition and speed class are the part a findings
// file cannot hold otherwise.
type savedSummary struct {
	Format      int          `json:"format"`
	ElapsedNS   int64        `json:"elapsed_ns"`
	Interrupted bool         `json:"interrupted,omitempty"`
	Inputs      []savedInput `json:"inputs"`
	ErrorGames  int64        `json:"error_games"`
	// Findings and Rules are the findings tallies: in a summary file (WriteJSON), not in a
	// Parquet file's metadata, whose rows hold them.
	Findings    int64          `json:"findings,omitempty"`
	Rules       []savedRule    `json:"rules,omitempty"`
	FirstErrors []string       `json:"first_errors,omitempty"`
	Editions    []savedEdition `json:"editions"`
}

type savedInput struct {
	Name         string `json:"name"`
	Size         int64  `json:"size"`
	Read         int64  `json:"read"`
	Decompressed int64  `json:"decompressed"`
	Done         bool   `json:"done"`
	Err          string `json:"error,omitempty"`
	Games        int64  `json:"games"`
	Errors       int64  `json:"errors"`
	First        int64  `json:"first_game,omitempty"` // a shard's first game_index (Input.Skipped)
	Start        int64  `json:"start,omitempty"`      // a shard's byte range (Input.Start, End)
	End          int64  `json:"end,omitempty"`
}

type savedEdition struct {
	Edition string           `json:"edition"`
	Games   int64            `json:"games"`
	Sources map[string]int64 `json:"games_by_source"`
	Speeds  map[string]int64 `json:"games_by_speed"`
}

// metadata returns the JSON recorded under MetaSummary.
func (s *Summary) metadata() (string, error) {
	b, err := json.Marshal(s.saved())
	return string(b), err
}

// saved returns what the summary records, but the findings tallies.
func (s *Summary) saved() savedSummary {
	m := savedSummary{
		Format:      metadataFormat,
		ElapsedNS:   int64(s.Elapsed()),
		Interrupted: s.interrupted,
		Inputs:      make([]savedInput, 0, len(s.inputs)),
		ErrorGames:  s.errorGames,
		FirstErrors: s.firstErrors,
		Editions:    []savedEdition{},
	}
	for _, in := range s.inputs {
		m.Inputs = append(m.Inputs, savedInput{
			Name: in.Name, Size: in.Size, Read: in.Read, Decompressed: in.Decompressed,
			Done: in.Done, Err: in.Err, Games: in.count(), Errors: in.errors, First: in.Skipped,
			Start: in.Start, End: in.End,
		})
	}
	for _, e := range s.Editions() {
		se := savedEdition{Edition: e.Edition, Games: e.Games, Sources: e.GamesBySource, Speeds: map[string]int64{}}
		for sp, n := range e.GamesBySpeed {
			if n != 0 {
				se.Speeds[Speed(sp).String()] = n
			}
		}
		m.Editions = append(m.Editions, se)
	}
	return m
}

// summaryFromMetadata rebuilds a finished summary, without findings, from
// the JSON recorded under MetaSummary.
func summaryFromMetadata(js string, names Names) (*Summary, error) {
	var m savedSummary
	if err := json.Unmarshal([]byte(js), &m); err != nil {
		return nil, fmt.Errorf("%s metadata: %w", MetaSummary, err)
	}
	return m.summary(names)
}

// summary rebuilds a finished summary from what it recorded.
func (m *savedSummary) summary(names Names) (*Summary, error) {
	if m.Format != metadataFormat {
		return nil, fmt.Errorf("%s metadata: format %d, this pgnscan reads format %d", MetaSummary, m.Format, metadataFormat)
	}
	s := NewSummary(names)
	s.finished, s.elapsed = true, time.Duration(m.ElapsedNS)
	s.interrupted = m.Interrupted
	s.errorGames = m.ErrorGames
	s.firstErrors = m.FirstErrors
	for _, in := range m.Inputs {
		st := s.input(in.Name)
		st.Input = Input{Name: in.Name, Size: in.Size, Read: in.Read, Decompressed: in.Decompressed, Done: in.Done, Err: in.Err, Skipped: in.First, Start: in.Start, End: in.End}
		st.games, st.errors = in.Games+in.First, in.Errors
	}
	for _, se := range m.Editions {
		e := s.edition(se.Edition)
		e.games = se.Games
		for k, v := range se.Sources {
			e.sources[k] = v
		}
		for k, v := range se.Speeds {
			sp, ok := speedByName(k)
			if !ok {
				return nil, fmt.Errorf("%s metadata: unknown speed class %q", MetaSummary, k)
			}
			e.speedGames[sp] = v
		}
	}
	return s, m.addRules(s)
}
