// Package pipeline is pgnscan's Apache Beam pipeline: the shards of the inputs (the list
// `pgnscan plan` prints) are reshuffled across workers, each shard is scanned by one DoFn call
// that writes its own Parquet part files, and only the part files' statistics flow on through
// Beam to one combine and a final step that writes the manifest and the merged summary and
// removes the files of failed or retried attempts.
//
// Rows never pass through Beam: encoding them costs about a second per 344,000 rows and the
// runner holds them in memory. A shard's part files carry, in their names, the shard and an
// attempt id drawn at random when its scan starts, so two attempts at one shard (a retried
// bundle, a speculative copy) never write the same file, and the final step keeps exactly the
// attempt that the combine received.
package pipeline

import (
	"cmp"
	"slices"
	"strings"
)

// Part is what one successful attempt at a shard reports through Beam: the files it wrote
// and its counts. It is small and JSON-encodable (Beam encodes it with its default coder).
type Part struct {
	Shard    string   `json:"shard"`   // the shard's text form, as ParseShard reads it
	Attempt  string   `json:"attempt"` // the attempt's id, in every file name below
	Files    []string `json:"files"`   // part files written, TABLE/REL (see Outputs.folder), slash-separated
	Games    int64    `json:"games"`   // games the shard owns and read
	Errors   int64    `json:"errors"`  // of those, games not read whole (errors rows)
	Findings int64    `json:"findings"`
}

// Manifest is the combined result of a run: every part of the run, one per shard, sorted by
// shard, and the totals. The final step writes it as manifest.json; the counts by input and
// edition are in the merged summary (summary.json), made from the parts' summary files.
type Manifest struct {
	Parts    []Part `json:"parts"`
	Shards   int    `json:"shards"`
	Files    int    `json:"files"`
	Games    int64  `json:"games"`
	Errors   int64  `json:"errors"`
	Findings int64  `json:"findings"`
}

// add folds part p into m's parts (totals are made by finish).
func (m *Manifest) add(p Part) { m.Parts = append(m.Parts, p) }

// finish sorts the parts by shard (the combine receives them in any order), keeps one part
// per shard (the lowest attempt id, should a runner ever deliver two successful attempts; the
// other's files are then strays that Finish removes) and sums them.
func (m *Manifest) finish() {
	slices.SortFunc(m.Parts, func(a, b Part) int {
		return cmp.Or(cmp.Compare(a.Shard, b.Shard), cmp.Compare(a.Attempt, b.Attempt))
	})
	m.Parts = slices.CompactFunc(m.Parts, func(a, b Part) bool { return a.Shard == b.Shard })
	m.Shards, m.Files, m.Games, m.Errors, m.Findings = len(m.Parts), 0, 0, 0, 0
	for _, p := range m.Parts {
		m.Files += len(p.Files)
		m.Games += p.Games
		m.Errors += p.Errors
		m.Findings += p.Findings
	}
}

// dropTable forgets the part files of table (the errors parts, once merged into the errors
// file and removed) and recounts the files.
func (m *Manifest) dropTable(table string) {
	m.Files = 0
	for i := range m.Parts {
		m.Parts[i].Files = slices.DeleteFunc(slices.Clone(m.Parts[i].Files), func(f string) bool {
			return strings.HasPrefix(f, table+"/")
		})
		m.Files += len(m.Parts[i].Files)
	}
}

// has reports whether a part of m names a file of table.
func (m *Manifest) has(table string) bool {
	for _, p := range m.Parts {
		for _, f := range p.Files {
			if strings.HasPrefix(f, table+"/") {
				return true
			}
		}
	}
	return false
}
