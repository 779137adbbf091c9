package report

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
)

// DefaultBatchRows is the number of rows buffered before they are written out
// as one Parquet row group. It bounds the writer's memory: about a kilobyte
// per findings row held, so some ten MB per writer whatever the number of rows.
const DefaultBatchRows = 8 * 1024

// Metadata keys written to every Parquet file's key-value metadata.
const (
	MetaVersion     = "pgnscan.version"      // the pgnscan version (Options.Version)
	MetaCommandLine = "pgnscan.command_line" // the command line, shell-quoted (Options.CommandLine)
	MetaTable       = "pgnscan.table"        // findings, games or errors
	MetaSummary     = "pgnscan.summary"      // JSON: the summary's inputs and game counts (see Writer.SetSummary)
)

// Options configure a Writer.
type Options struct {
	Version     string    // pgnscan version, recorded in Parquet metadata
	CommandLine []string  // the command line (os.Args), recorded in Parquet metadata
	Stdout      io.Writer // where the path "-" writes; nil means os.Stdout
	BatchRows   int       // rows per Parquet row group; 0 means DefaultBatchRows
}

// OutputError reports a failure to create, write or finalise an output file.
// Path is the output path as the user gave it (never the temporary name), so
// the message says which file could not be written; Err unwraps to the cause
// (for example syscall.ENOSPC or fs.ErrPermission).
type OutputError struct {
	Op   string // create, write, sync, close, rename
	Path string
	Err  error
}

func (e *OutputError) Error() string { return e.Op + " " + e.Path + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *OutputError) Unwrap() error { return e.Err }

// outputError builds an OutputError, dropping an *fs.PathError around the
// cause since it would only name the temporary file.
func outputError(op, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &OutputError{Op: op, Path: path, Err: err}
}

// sink writes rows of one format into a buffered stream.
type sink[R Row] interface {
	write(r *R) error
	// finish writes everything still buffered (and, for Parquet, the
	// footer with the key-value pairs kv) to the stream.
	finish(kv [][2]string) error
	// discard releases memory without writing anything more.
	discard()
}

// Writer writes one output table (findings, games or errors) in the format
// its path names. Rows go to a temporary file beside the final path (a File),
// which Close renames to the final name once everything is written and
// synced: a crash or a fatal error never leaves a truncated file under the
// final name.
//
// Close is for every ending where what was written is good, including an
// interrupted scan (SIGINT): the file then holds the games written so far,
// whole. Abort is for fatal errors (an output that cannot be written, a bug):
// it removes the temporary file and leaves nothing behind. Abort after a
// successful Close does nothing, so `defer w.Abort()` right after Create is
// the safe pattern. The path "-" writes CSV to Options.Stdout directly; Abort
// then just stops.
//
// A Writer is not safe for concurrent use.
type Writer[R Row] struct {
	path    string
	file    *File // nil when writing to standard output
	dst     *errWriter
	buf     *bufio.Writer
	sink    sink[R]
	format  Format
	rows    int64
	kv      [][2]string
	summary *Summary
	done    bool
	err     error
}

// Create opens an output table at path for rows of type R; the format follows
// the extension (see FormatOf). An unknown extension gives a *FormatError
// (ErrUnknownFormat); a path that cannot be created gives an *OutputError
// naming it. Create fails early, before any scanning, when the folder is not
// writable or the path is a directory.
func Create[R Row](path string, opts Options) (*Writer[R], error) {
	format, err := FormatOf(path)
	if err != nil {
		return nil, err
	}
	var out io.Writer
	w := &Writer[R]{path: path, format: format}
	if path == "-" {
		out = opts.Stdout
		if out == nil {
			out = os.Stdout
		}
	} else {
		f, err := CreateFile(path)
		if err != nil {
			return nil, err
		}
		w.file, out = f, f
	}
	if err := w.init(out, opts); err != nil {
		w.Abort()
		return nil, err
	}
	return w, nil
}

// init builds the sink over out.
func (w *Writer[R]) init(out io.Writer, opts Options) error {
	w.dst = &errWriter{w: out}
	w.buf = bufio.NewWriterSize(w.dst, 1<<20)
	batch := opts.BatchRows
	if batch <= 0 {
		batch = DefaultBatchRows
	}
	switch w.format {
	case Parquet:
		_, table := tableOf[R]()
		kv := [][2]string{
			{MetaVersion, opts.Version},
			{MetaCommandLine, shellQuote(opts.CommandLine)},
			{MetaTable, table},
		}
		s, err := newParquetSink[R](w.buf, batch, kv)
		if err != nil {
			return outputError("create", w.path, err)
		}
		w.sink = s
	case CSV:
		s, err := newCSVSink[R](w.buf)
		if err != nil {
			return outputError("write", w.path, err)
		}
		w.sink = s
	}
	return nil
}

// Path returns the output path as given to Create.
func (w *Writer[R]) Path() string { return w.path }

// Format returns the output format.
func (w *Writer[R]) Format() Format { return w.format }

// Rows returns the number of rows written so far.
func (w *Writer[R]) Rows() int64 { return w.rows }

// Write adds one row. The row is copied; r may be reused at once. A write
// error (disk full, closed pipe) is returned as an *OutputError naming the
// path, here or at the latest from Close, and is sticky.
func (w *Writer[R]) Write(r *R) error {
	if w.err != nil {
		return w.err
	}
	if w.done {
		return w.fail(errors.New("write after close"))
	}
	if err := w.sink.write(r); err != nil {
		return w.fail(err)
	}
	if w.dst.err != nil {
		return w.fail(w.dst.err)
	}
	w.rows++
	return nil
}

// fail records the first write error.
func (w *Writer[R]) fail(err error) error {
	if w.err == nil {
		w.err = outputError("write", w.path, err)
	}
	return w.err
}

// SetMetadata records a key-value pair for the Parquet file's metadata,
// written at Close. CSV has no place for it and ignores it.
func (w *Writer[R]) SetMetadata(key, value string) {
	w.kv = append(w.kv, [2]string{key, value})
}

// SetSummary makes Close record s (its inputs, errors, elapsed time and game
// counts per edition and speed class, see MetaSummary) in the Parquet
// metadata, taken as s stands at Close. ReadSummary needs it to give rates
// per 1,000 games, since a findings file alone does not hold the games
// without findings. Call s.Finish before Close so that the file and the
// printed summary agree on the elapsed time (Outputs.Close does both).
func (w *Writer[R]) SetSummary(s *Summary) { w.summary = s }

// Close writes what is buffered, the Parquet footer and metadata, syncs the
// file and renames it to its final name. After an error the temporary file is
// removed and the error names the final path. Close is idempotent.
func (w *Writer[R]) Close() error {
	if w.done {
		return w.err
	}
	w.done = true
	if w.err != nil {
		w.sink.discard()
		w.removeTemp()
		return w.err
	}
	kv := w.kv
	if w.summary != nil && w.format == Parquet {
		meta, err := w.summary.metadata()
		if err != nil {
			return w.abortWith("write", err)
		}
		kv = append(kv, [2]string{MetaSummary, meta})
	}
	if err := w.sink.finish(kv); err != nil {
		return w.abortWith("write", err)
	}
	if err := w.buf.Flush(); err != nil {
		return w.abortWith("write", err)
	}
	if w.dst.err != nil {
		return w.abortWith("write", w.dst.err)
	}
	if w.file == nil {
		return nil
	}
	if err := w.file.Commit(); err != nil {
		w.err = err
		return err
	}
	w.file = nil
	return nil
}

func (w *Writer[R]) abortWith(op string, err error) error {
	w.err = outputError(op, w.path, err)
	w.removeTemp()
	return w.err
}

// Abort stops writing and removes the temporary file, leaving nothing under
// either name. It does nothing after a successful Close. It returns an error
// only when the temporary file could not be removed.
func (w *Writer[R]) Abort() error {
	if w.done && w.file == nil {
		return nil
	}
	if !w.done && w.sink != nil {
		w.sink.discard()
	}
	w.done = true
	if w.err == nil {
		w.err = errors.New("report: writer aborted")
	}
	return w.removeTemp()
}

func (w *Writer[R]) removeTemp() error {
	if w.file == nil {
		return nil
	}
	err := w.file.Remove()
	w.file = nil
	return err
}

// errWriter keeps the first error of the underlying writer and then discards
// everything: the Parquet library does not always pass write errors up (and
// panics on some), so the Writer checks err itself.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	n, err := e.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	if err != nil {
		e.err = err
	}
	return len(p), nil
}

// shellQuote joins args into one line a POSIX shell would split back into
// the same words.
func shellQuote(args []string) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=+@%") == "" {
			b.WriteString(a)
			continue
		}
		b.WriteByte('\'')
		b.WriteString(strings.ReplaceAll(a, "'", `'\''`))
		b.WriteByte('\'')
	}
	return b.String()
}
