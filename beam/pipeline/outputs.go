package pipeline

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/pgnscan/pgnscan/beam/objread"
	"github.com/pgnscan/pgnscan/internal/report"
)

// Outputs are where a run writes, as `pgnscan scan --partition` takes them: -o the findings
// folder, --games the games folder, --errors one file. Each is a local path (absolute, so that
// workers in other folders find it), or a gs:// or s3:// URL without a trailing slash. They
// travel to the workers inside the DoFns (JSON-encoded).
type Outputs struct {
	// Findings is the folder of the Hive-partitioned findings (-o); it also holds the shards'
	// summaries (_summary-NAME.json, which `pgnscan report FOLDER` merges) and the run's
	// _manifest.json.
	Findings string `json:"findings"`
	// Games is the folder of the games table (--games), partitioned as the findings; "" none.
	Games string `json:"games"`
	// Errors is the errors file (--errors, .parquet or .csv); "" none. The shards write their
	// errors rows in a hidden folder beside it (.NAME.parts/, see staging), which the final
	// step merges into the file, in input order, and removes.
	Errors string `json:"errors"`
}

// The tables of a run, as the first element of the names in Part.Files: a part file's name is
// TABLE/REL, REL relative to the table's folder (see Outputs.folder).
const (
	FindingsTable = "findings"
	GamesTable    = "games"
	ErrorsTable   = "errors"
)

// ManifestFile is the run's Manifest, in the findings folder: every part file of the run and
// the counts. Its leading underscore keeps it out of the readers of the tables (Spark, Hive,
// pgnscan report).
const ManifestFile = "_manifest.json"

// folder is where a table's files go: the root of a store (openStore) and a subfolder of it
// ("" for the root itself). The errors parts go to a hidden subfolder of the errors file's
// folder, so that the file's folder is a store that Finish can write the file into.
type folder struct{ root, sub string }

// folder returns the folder of table, or ok false when the run does not write it.
func (o Outputs) folder(table string) (f folder, ok bool) {
	switch table {
	case FindingsTable:
		return folder{root: o.Findings}, o.Findings != ""
	case GamesTable:
		return folder{root: o.Games}, o.Games != ""
	case ErrorsTable:
		dir, base := splitOut(o.Errors)
		return folder{root: dir, sub: "." + base + ".parts"}, o.Errors != ""
	}
	return folder{}, false
}

// tables returns the tables the run writes.
func (o Outputs) tables() []string {
	var ts []string
	for _, t := range []string{FindingsTable, GamesTable, ErrorsTable} {
		if _, ok := o.folder(t); ok {
			ts = append(ts, t)
		}
	}
	return ts
}

// locate returns the store and the name in it of a part file named TABLE/REL.
func (o Outputs) locate(name string) (store, string, error) {
	table, rel, _ := strings.Cut(name, "/")
	f, ok := o.folder(table)
	if !ok {
		return nil, "", fmt.Errorf("part file %s: not a table of this run", name)
	}
	st, err := openStore(f.root)
	return st, path.Join(f.sub, rel), err
}

// remote reports whether any output is a gs:// or s3:// path.
func (o Outputs) remote() bool {
	return objread.IsRemote(o.Findings) || objread.IsRemote(o.Games) || objread.IsRemote(o.Errors)
}

// splitOut splits an output path into its folder and its base name (path.Split for URLs,
// filepath.Split for local paths), the folder without its trailing separator.
func splitOut(p string) (dir, base string) {
	if objread.IsRemote(p) {
		dir, base = path.Split(p)
		return strings.TrimSuffix(dir, "/"), base
	}
	return filepath.Dir(p), filepath.Base(p)
}

// resolveOutputs checks the paths of -o, --games and --errors and returns them as the workers
// must see them (see Outputs). -o is required; --errors names a .parquet or .csv file.
func resolveOutputs(o Outputs) (Outputs, error) {
	var err error
	if o.Findings == "" {
		return o, errors.New("-o: name the findings folder")
	}
	if o.Findings, err = outPath("-o", o.Findings, true); err != nil {
		return o, err
	}
	if o.Games != "" {
		if o.Games, err = outPath("--games", o.Games, true); err != nil {
			return o, err
		}
	}
	if o.Errors != "" {
		if o.Errors == "-" {
			return o, errors.New("--errors -: the workers have no standard output; name a file")
		}
		if _, err := report.FormatOf(o.Errors); err != nil {
			return o, fmt.Errorf("--errors %s: want a .parquet or .csv file", o.Errors)
		}
		if o.Errors, err = outPath("--errors", o.Errors, false); err != nil {
			return o, err
		}
	}
	return o, nil
}

// outPath returns an output path as the workers must see it: a gs:// or s3:// BUCKET[/PREFIX]
// without its trailing slashes, or an absolute local path; a local folder (isDir) must not be
// a file, and a local file not a folder.
func outPath(flag, out string, isDir bool) (string, error) {
	if objread.IsRemote(out) {
		_, _, name, ok := objread.Split(out)
		if !ok || (!isDir && strings.Trim(name, "/") == "") {
			return "", fmt.Errorf("%s %s: want a local path, gs://BUCKET/PREFIX or s3://BUCKET/PREFIX (%w)", flag, out, objread.ErrScheme)
		}
		return strings.TrimRight(out, "/"), nil
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return "", fmt.Errorf("%s %q: %w", flag, out, err)
	}
	if st, err := os.Stat(abs); err == nil && st.IsDir() != isDir {
		if isDir {
			return "", fmt.Errorf("%s %s: a file, not a folder (the table is written as Hive-partitioned part files in a folder)", flag, out)
		}
		return "", fmt.Errorf("%s %s: a folder, not a file", flag, out)
	}
	return abs, nil
}

// checkOutputs refuses outputs that would mix or overwrite what is not the run's: an output
// inside another (-o inside --games, the errors file in a table's folder: a reader of the
// folder would read it as the table), an input inside an output folder or equal to the errors
// file (the stray-file cleanup or the errors file would replace what is read), and a table's
// folder holding files pgnscan-beam did not write (the cleanup would remove them, or readers
// would mix them into the table).
func checkOutputs(ctx context.Context, o Outputs, inputs []string) error {
	named := [][2]string{{"-o", o.Findings}, {"--games", o.Games}, {"--errors", o.Errors}}
	for i, a := range named {
		for _, b := range named[i+1:] {
			if a[1] != "" && b[1] != "" && (inside(a[1], b[1]) || inside(b[1], a[1])) {
				return fmt.Errorf("%s %s and %s %s: one output inside the other", a[0], a[1], b[0], b[1])
			}
		}
	}
	for _, in := range absAll(inputs) {
		for _, out := range named {
			if out[1] != "" && inside(in, out[1]) {
				return fmt.Errorf("%s %s holds the input %s: writing it could replace or remove what is read", out[0], out[1], in)
			}
		}
	}
	for _, table := range o.tables() {
		f, _ := o.folder(table)
		st, err := openStore(f.root)
		if err != nil {
			return err
		}
		names, err := st.List(ctx, f.sub)
		if err != nil {
			return err
		}
		for _, n := range names {
			if !isRunFile(f.sub, n) {
				where := f.root
				if f.sub != "" {
					where += "/" + f.sub
				}
				return fmt.Errorf("%s holds %s, which pgnscan-beam did not write: name a new or empty folder (a rerun into a run's folders replaces that run's files)", where, n)
			}
		}
	}
	return nil
}

// isRunFile reports whether name, listed in a table's folder (sub its subfolder, "" for the
// root), is a file pgnscan-beam writes there: a shard's part file or summary (final or
// temporary), or the manifest at the findings folder's root.
func isRunFile(sub, name string) bool {
	return isPartFile(path.Base(name)) || sub == "" && (name == ManifestFile || isTempOf(name, ManifestFile))
}

// inside reports whether p is dir or a path under it (slash-separated URLs, or local paths).
func inside(p, dir string) bool {
	sep := "/"
	if !objread.IsRemote(dir) {
		sep = string(filepath.Separator)
	}
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, sep)+sep)
}

// absAll makes local paths absolute, for comparing.
func absAll(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		if !objread.IsRemote(p) {
			if abs, err := filepath.Abs(p); err == nil {
				p = abs
			}
		}
		out[i] = p
	}
	return out
}
