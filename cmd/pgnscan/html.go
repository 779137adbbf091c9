package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pgnscan/pgnscan/internal/htmlreport"
	"github.com/pgnscan/pgnscan/internal/report"
)

// writeHTMLFile writes the aggregate's page to path through a temporary file
// beside it, renamed into place once complete, so that a failed or
// interrupted write never leaves a half page under the name asked for.
func writeHTMLFile(path string, a *htmlreport.Aggregate) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	w := bufio.NewWriter(tmp)
	if err := a.WriteHTML(w, Version()); err != nil {
		return fmt.Errorf("--html %s: %w", path, err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("--html %s: %w", path, err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("--html %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("--html %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("--html %s: %w", path, err)
	}
	return nil
}

// checkHTMLOutput refuses an --html path that names a table format (a slip
// for -o) or the same file as another output.
func checkHTMLOutput(o scanOptions) error {
	if o.html == "" {
		return nil
	}
	if _, err := report.FormatOf(o.html); err == nil {
		return fmt.Errorf("--html %s: the HTML report would overwrite a table; name it .html", o.html)
	}
	abs := func(p string) string {
		if a, err := filepath.Abs(p); err == nil {
			return a
		}
		return p
	}
	for _, p := range []struct{ flag, path string }{{"--out", o.out}, {"--games", o.games}, {"--errors", o.errors}, {"--summary", o.summary}} {
		if p.path != "" && p.path != "-" && abs(p.path) == abs(o.html) {
			return fmt.Errorf("%s and --html name the same file %s", p.flag, o.html)
		}
	}
	return nil
}
