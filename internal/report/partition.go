package report

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Partition keys: the Hive partition columns a partitioned output can be split by.
const (
	PartEdition = "edition" // the row's edition id
	PartYear    = "year"    // the year of the game's date (the date column), four digits
	PartMonth   = "month"   // the month of the game's date, two digits
)

// UnknownPartition is the value of a partition column that the row does not give (a date
// without a year or month, such as "????.??.??" or none): the name Hive, Spark and DuckDB give
// the null partition, so that readers see a null there.
const UnknownPartition = "__HIVE_DEFAULT_PARTITION__"

// Partitioned outputs keep at most this many part files open; writing to another partition
// first closes the one written to least recently, and a partition reopened later gets a new
// part file (part-1.parquet, ...). Each open file buffers PartitionBatchRows rows, so the
// buffered rows stay within twice a single writer's.
const (
	MaxOpenPartitions  = 8
	PartitionBatchRows = DefaultBatchRows / 4
)

// ErrPartitionKey is wrapped by the error of an unknown partition key.
var ErrPartitionKey = errors.New("unknown partition key (want edition, year, month)")

// ParsePartition reads a comma-separated list of partition keys ("year,month",
// "edition,year,month"): each at most once, in the order given, which is the order of the
// folders.
func ParsePartition(spec string) ([]string, error) {
	var keys []string
	for _, k := range strings.Split(spec, ",") {
		k = strings.TrimSpace(strings.ToLower(k))
		switch k {
		case PartEdition, PartYear, PartMonth:
		default:
			return nil, fmt.Errorf("--partition %q: %w", k, ErrPartitionKey)
		}
		if slices.Contains(keys, k) {
			return nil, fmt.Errorf("--partition: %s given twice", k)
		}
		keys = append(keys, k)
	}
	return keys, nil
}

// Partitioned writes rows as Hive-partitioned Parquet: dir/key=value/.../part-N.parquet, one
// folder level per key (DIR/edition=fide2023/year=2025/month=05/part-0.parquet), which
// DuckDB's read_parquet('DIR/**/*.parquet', hive_partitioning=true) reads with the keys as
// columns. Each part file is a Writer (written under a temporary name, renamed when whole).
// Close closes them all; Abort removes every file and folder it made. Only findings and games
// rows can be partitioned: errors rows carry neither edition nor date.
type Partitioned[R Row] struct {
	dir     string
	keys    []string
	opts    Options
	open    map[string]*partFile[R] // by folder, relative to dir
	next    map[string]int          // the number of the next part file of each folder
	done    []string                // part files closed
	made    []string                // folders created, outermost first
	summary *Summary
	name    string // the part files' name (CreatePartitionedShard); "" numbers them
	tick    int64
	closed  bool
	err     error
}

// partFile is an open part file and when it was last written to.
type partFile[R Row] struct {
	w    *Writer[R]
	used int64
}

// CreatePartitioned makes dir (which must be empty or not exist) the root of a partitioned
// output split by keys (see ParsePartition).
func CreatePartitioned[R Row](dir string, keys []string, opts Options) (*Partitioned[R], error) {
	return createPartitioned[R](dir, keys, opts, "")
}

// CreatePartitionedShard is CreatePartitioned for one of several scans that write into the same
// partitioned output, as the shards of a file do: dir may already hold the folders and part
// files of the others, and this one's part files are named part-NAME.parquet (then
// part-NAME-1.parquet, ... for a partition written again after its file was closed), so that
// each scan writes files of its own and a scan run again replaces its files. NAME must be a
// valid file name, distinct for each scan.
func CreatePartitionedShard[R Row](dir string, keys []string, name string, opts Options) (*Partitioned[R], error) {
	if name == "" || strings.ContainsAny(name, `/\`) {
		return nil, outputError("create", dir, fmt.Errorf("part name %q is not a file name", name))
	}
	return createPartitioned[R](dir, keys, opts, name)
}

func createPartitioned[R Row](dir string, keys []string, opts Options, name string) (*Partitioned[R], error) {
	var zero R
	if _, ok := any(&zero).(*Error); ok {
		return nil, outputError("create", dir, errors.New("errors rows have no edition or date to partition by"))
	}
	if len(keys) == 0 {
		return nil, outputError("create", dir, errors.New("no partition keys"))
	}
	p := &Partitioned[R]{dir: dir, keys: keys, opts: opts, name: name, open: map[string]*partFile[R]{}, next: map[string]int{}}
	if entries, err := os.ReadDir(dir); err == nil {
		if len(entries) > 0 && name == "" {
			return nil, outputError("create", dir, errors.New("directory is not empty (a partitioned output needs a new or empty one)"))
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, outputError("create", dir, err)
	} else if err := p.mkdir(dir); err != nil {
		return nil, err
	}
	if p.opts.BatchRows <= 0 {
		p.opts.BatchRows = PartitionBatchRows
	}
	return p, nil
}

// mkdir creates folder d and the missing folders above it, recording those it made.
func (p *Partitioned[R]) mkdir(d string) error {
	var missing []string
	for x := d; ; x = filepath.Dir(x) {
		if _, err := os.Stat(x); err == nil || x == filepath.Dir(x) {
			break
		}
		missing = append(missing, x)
	}
	if err := os.MkdirAll(d, 0o777); err != nil {
		return outputError("create", d, err)
	}
	for i := len(missing) - 1; i >= 0; i-- {
		p.made = append(p.made, missing[i])
	}
	return nil
}

// partitionOf returns the values of the keys for row r.
func partitionOf[R Row](r *R, keys []string) string {
	var edition, date string
	switch v := any(r).(type) {
	case *Finding:
		edition, date = v.Edition, v.Date
	case *Game:
		edition, date = v.Edition, v.Date
	}
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(filepath.Separator)
		}
		b.WriteString(k)
		b.WriteByte('=')
		switch k {
		case PartEdition:
			b.WriteString(hiveValue(edition))
		case PartYear:
			b.WriteString(datePart(date, 0, 4, 0, 9999))
		case PartMonth:
			b.WriteString(datePart(date, 5, 7, 1, 12))
		}
	}
	return b.String()
}

// datePart returns date[from:to] when it is a number from lo to hi (a PGN date is
// YYYY.MM.DD), else UnknownPartition.
func datePart(date string, from, to, lo, hi int) string {
	if len(date) < to || from > 0 && date[from-1] != '.' {
		return UnknownPartition
	}
	s := date[from:to]
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi || strings.ContainsAny(s, "+-") {
		return UnknownPartition
	}
	return s
}

// hiveValue makes a value safe as a folder name: empty is UnknownPartition, and bytes that
// are not letters, digits, '-', '_' or '.' are escaped as Hive does (%XX).
func hiveValue(v string) string {
	if v == "" {
		return UnknownPartition
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.' && i > 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// Write adds one row to its partition's part file.
func (p *Partitioned[R]) Write(r *R) error {
	if p.err != nil {
		return p.err
	}
	part := partitionOf(r, p.keys)
	f := p.open[part]
	if f == nil {
		var err error
		if f, err = p.openPart(part); err != nil {
			p.err = err
			return err
		}
	}
	p.tick++
	f.used = p.tick
	if err := f.w.Write(r); err != nil {
		p.err = err
		return err
	}
	return nil
}

// openPart opens the next part file of a partition, closing the least recently written one
// first when MaxOpenPartitions are open.
func (p *Partitioned[R]) openPart(part string) (*partFile[R], error) {
	if len(p.open) >= MaxOpenPartitions {
		var lru string
		for k, f := range p.open {
			if lru == "" || f.used < p.open[lru].used {
				lru = k
			}
		}
		if err := p.closePart(lru); err != nil {
			return nil, err
		}
	}
	folder := filepath.Join(p.dir, part)
	if err := p.mkdir(folder); err != nil {
		return nil, err
	}
	n := p.next[part]
	p.next[part] = n + 1
	w, err := Create[R](filepath.Join(folder, p.partName(n)), p.opts)
	if err != nil {
		return nil, err
	}
	f := &partFile[R]{w: w}
	p.open[part] = f
	return f, nil
}

// partName is the name of the n-th part file of a partition (0-based).
func (p *Partitioned[R]) partName(n int) string {
	switch {
	case p.name == "":
		return "part-" + strconv.Itoa(n) + ".parquet"
	case n == 0:
		return "part-" + p.name + ".parquet"
	}
	return "part-" + p.name + "-" + strconv.Itoa(n) + ".parquet"
}

// closePart closes an open part file.
func (p *Partitioned[R]) closePart(part string) error {
	f := p.open[part]
	delete(p.open, part)
	if p.summary != nil {
		f.w.SetSummary(p.summary)
	}
	if err := f.w.Close(); err != nil {
		return err
	}
	p.done = append(p.done, f.w.Path())
	return nil
}

// SetSummary makes Close record s in the part files still open at Close, as Writer.SetSummary
// does: each holds the whole scan's summary. Part files closed earlier (see MaxOpenPartitions)
// carry none.
func (p *Partitioned[R]) SetSummary(s *Summary) { p.summary = s }

// Dir returns the output folder.
func (p *Partitioned[R]) Dir() string { return p.dir }

// Files returns the part files closed so far, in the order they were closed.
func (p *Partitioned[R]) Files() []string { return p.done }

// Close closes every open part file, in partition order. It returns the errors joined.
func (p *Partitioned[R]) Close() error {
	if p.closed {
		return p.err
	}
	p.closed = true
	parts := make([]string, 0, len(p.open))
	for k := range p.open {
		parts = append(parts, k)
	}
	slices.Sort(parts)
	errs := []error{p.err}
	for _, k := range parts {
		errs = append(errs, p.closePart(k))
	}
	p.err = errors.Join(errs...)
	return p.err
}

// Abort removes every part file, open or closed, and the folders it made. It does nothing
// after a successful Close, so that `defer p.Abort()` is safe.
func (p *Partitioned[R]) Abort() {
	if p.closed && p.err == nil {
		return
	}
	p.closed = true
	for _, f := range p.open {
		f.w.Abort()
	}
	clear(p.open)
	for _, f := range p.done {
		os.Remove(f)
	}
	p.done = nil
	for i := len(p.made) - 1; i >= 0; i-- {
		os.Remove(p.made[i]) // only when empty
	}
	p.made = nil
	if p.err == nil {
		p.err = errors.New("report: partitioned output aborted")
	}
}
