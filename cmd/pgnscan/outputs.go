package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pgnscan/pgnscan/internal/input"
	"github.com/pgnscan/pgnscan/internal/report"
)

// outputPath is one file the scan writes, with the flag that named it.
type outputPath struct{ flag, path string }

// outputsOf lists the files a scan writes: the tables, and the summary when --summary names a
// file or standard output (the summary on standard error is no file), also with --quiet, which
// does not make a clash on the command line right. Tables without a path are not written and
// not listed.
func outputsOf(o scanOptions) []outputPath {
	var out []outputPath
	for _, p := range []outputPath{{"--out", o.out}, {"--games", o.games}, {"--errors", o.errors}} {
		if p.path != "" || p.flag == "--out" {
			out = append(out, p)
		}
	}
	if o.summary != "" {
		out = append(out, outputPath{"--summary", o.summary})
	}
	if o.html != "" {
		out = append(out, outputPath{"--html", o.html})
	}
	if o.summaryJSON != "" {
		out = append(out, outputPath{"--summary-json", o.summaryJSON})
	}
	if o.pgnOut != "" {
		out = append(out, outputPath{"--pgn-out", o.pgnOut})
	}
	return out
}

// checkOutputs refuses, before anything is written, an output whose format is unknown or whose
// path is empty, two outputs on one file (standard output included: "-o - --summary -" would mix
// the summary into the CSV), and an output that is one of the inputs (a file named on the command
// line or found in a directory input): writing it would replace what is being read. Paths are
// compared resolved (absolute, with symbolic links of the folder followed) and, for files that
// exist, with os.SameFile, which also sees hard links.
func checkOutputs(o scanOptions, srcs []input.Source) error {
	if o.partition != "" {
		if err := checkPartitioned(o); err != nil {
			return err
		}
	}
	outs := outputsOf(o)
	for i, p := range outs {
		if p.path == "" {
			return fmt.Errorf("%s: empty path (name a file, or - for standard output)", p.flag)
		}
		if p.flag == "--summary-json" && p.path == "-" {
			return errors.New("--summary-json writes a file, not standard output")
		}
		partitioned := o.partition != "" && (p.flag == "--out" || p.flag == "--games")
		if p.flag == "--html" {
			if err := checkHTMLOutput(p.path); err != nil {
				return err
			}
		} else if p.flag == "--pgn-out" {
			if _, err := report.FormatOf(p.path); err == nil || p.path == "-" {
				return fmt.Errorf("--pgn-out %s: name a .pgn file (not a table, not standard output)", p.path)
			}
		} else if p.flag != "--summary" && p.flag != "--summary-json" && !partitioned { // a partitioned output is a directory: any name
			if _, err := report.FormatOf(p.path); err != nil {
				return fmt.Errorf("%s: %w", p.flag, err)
			}
		}
		for _, q := range outs[:i] {
			if samePath(p.path, q.path) {
				return fmt.Errorf("%s and %s name the same file %s", q.flag, p.flag, p.path)
			}
		}
		if p.path == "-" {
			continue
		}
		for _, src := range srcs {
			if src.Path != input.StdinName && samePath(p.path, src.Path) {
				return fmt.Errorf("%s %s is an input: it would be overwritten", p.flag, p.path)
			}
		}
	}
	return nil
}

// samePath reports whether two paths name one file: both "-" (standard output), the same
// resolved path, or two existing files that os.SameFile says are one.
func samePath(a, b string) bool {
	if a == "-" || b == "-" {
		return a == b
	}
	if resolved(a) == resolved(b) {
		return true
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

// resolved returns path made absolute, its folder's symbolic links followed (the file itself
// may not exist yet). On error it returns the cleaned path as it stands.
func resolved(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	dir, base := filepath.Split(abs)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	} else if !errors.Is(err, os.ErrNotExist) {
		return abs
	}
	return filepath.Join(dir, base)
}

// checkHTMLOutput refuses an --html path that names a table format (a slip for
// -o); checkOutputs refuses one that clashes with an input or another output.
func checkHTMLOutput(html string) error {
	if html == "" {
		return nil
	}
	if _, err := report.FormatOf(html); err == nil {
		return fmt.Errorf("--html %s: the HTML report would overwrite a table; name it .html", html)
	}
	return nil
}
