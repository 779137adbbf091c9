package main

import (
	"bufio"
	"fmt"

	"github.com/pgnscan/pgnscan/internal/htmlreport"
	"github.com/pgnscan/pgnscan/internal/report"
)

// writeHTMLFile writes the aggregate's page to path through a report.File: a
// failed or interrupted write never leaves a half page under the name asked for.
func writeHTMLFile(path string, a *htmlreport.Aggregate) error {
	f, err := report.CreateFile(path)
	if err != nil {
		return fmt.Errorf("--html: %w", err)
	}
	w := bufio.NewWriter(f)
	err = a.WriteHTML(w, Version())
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		f.Remove()
		return fmt.Errorf("--html %s: %w", path, err)
	}
	return f.Commit()
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
