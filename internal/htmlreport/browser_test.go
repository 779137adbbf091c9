//go:build browser

package htmlreport

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"
)

// The browser tests open the page in headless Chromium (Debian's chromium
// package, which .ci/run installs): the DOM it builds, its console, and a
// screenshot. Without a chromium they skip, except under CI, where they fail.

// chromium returns the browser's path.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("no chromium on PATH: .ci/run installs Debian's chromium")
	}
	t.Skip("no chromium on PATH")
	return ""
}

// consoleLine matches what Chromium logs (--enable-logging=stderr) for a
// console message: errors, CSP violations, failed loads.
var consoleLine = regexp.MustCompile(`(?m)^.*:CONSOLE[:(].*$`)

// browse runs headless Chromium on page with args (e.g. --dump-dom) and
// returns its standard output and the console messages it logged.
func browse(t *testing.T, page string, args ...string) (stdout []byte, console []string) {
	t.Helper()
	bin := chromium(t)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir=" + t.TempDir(), "--enable-logging=stderr", "--v=0", "--window-size=1280,2000"}
	cmd := exec.CommandContext(ctx, bin, append(append(base, args...), "file://"+page)...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, errOut.String())
	}
	return out.Bytes(), consoleLine.FindAllString(errOut.String(), -1)
}

// writePage renders the fixture's page into a temporary file.
func writePage(t *testing.T, fx *fixture, edit func([]byte) []byte) string {
	t.Helper()
	page := render(t, fx.aggregate(true))
	if edit != nil {
		page = edit(page)
	}
	path := filepath.Join(t.TempDir(), "report.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBrowserDOM opens the page and checks the DOM Chromium built: every
// chart is an SVG with one bar per row of its table, the numbers are the
// fixture's, the first board diagram shows its FEN's pieces on their squares,
// and the console stayed silent.
func TestBrowserDOM(t *testing.T) {
	fx := newFixture(3000)
	dom, console := browse(t, writePage(t, fx, nil), "--dump-dom")
	if len(console) > 0 {
		t.Errorf("console messages:\n%s", strings.Join(console, "\n"))
	}
	figs := parseFigures(t, dom)
	want := fx.expected(true)
	if len(figs) != len(want) {
		t.Errorf("%d charts in the DOM, want %d", len(figs), len(want))
	}
	for id, rows := range want {
		f := figs[id]
		if f == nil || !f.svg || f.bars != len(rows) {
			t.Errorf("chart %s: %+v, want an SVG with %d bars", id, f, len(rows))
		}
	}
	checkFirstBoard(t, dom)
}

// checkFirstBoard compares the first diagram of the DOM with its FEN, read
// by notnil/chess.
func checkFirstBoard(t *testing.T, dom []byte) {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(dom))
	if err != nil {
		t.Fatal(err)
	}
	var game *html.Node
	var find func(*html.Node)
	find = func(n *html.Node) {
		if game == nil && n.Type == html.ElementNode && attr(n, "class") == "game" {
			game = n
		}
		for c := n.FirstChild; c != nil && game == nil; c = c.NextSibling {
			find(c)
		}
	}
	find(doc)
	if game == nil {
		t.Fatal("no game in the arbiter's section")
	}
	var svg bytes.Buffer
	var fen string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "svg" && svg.Len() == 0 {
			_ = html.Render(&svg, n)
		}
		if n.Type == html.ElementNode && attr(n, "class") == "fen" {
			fen = text(n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(game)
	got, want := diagramPieces(t, svg.String()), notnilPieces(t, fen)
	if len(want) == 0 || len(got) != len(want) {
		t.Fatalf("diagram of %s has %v, want %v", fen, got, want)
	}
	for sq, p := range want {
		if got[sq] != p {
			t.Errorf("diagram of %s: %s shows %q, want %q", fen, sq, got[sq], p)
		}
	}
}

// TestBrowserEmpty opens the page of no findings: whole, silent, and saying
// that there is nothing to show.
func TestBrowserEmpty(t *testing.T) {
	var page bytes.Buffer
	if err := NewAggregate(false, &testChess).WriteHTML(&page, "test"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "empty.html")
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	dom, console := browse(t, path, "--dump-dom")
	if len(console) > 0 {
		t.Errorf("console messages:\n%s", strings.Join(console, "\n"))
	}
	if !bytes.Contains(dom, []byte(`id="nothing"`)) || !bytes.Contains(dom, []byte("nothing to show")) {
		t.Errorf("the empty page does not say there is nothing to show:\n%s", dom)
	}
}

// TestBrowserConsoleCheck makes sure the console check can fail: the same
// page with an inline script and a remote image (which the page's content
// security policy blocks) must log console messages.
func TestBrowserConsoleCheck(t *testing.T) {
	page := writePage(t, newFixture(50), func(b []byte) []byte {
		return bytes.Replace(b, []byte("</body>"), []byte(`<script>console.error("boom")</script><img src="http://example.invalid/x.png"></body>`), 1)
	})
	if _, console := browse(t, page, "--dump-dom"); len(console) < 2 {
		t.Errorf("%d console messages for a page that breaks its policy twice: %v", len(console), console)
	}
}

// TestBrowserScreenshot takes a screenshot and checks it is not blank: a
// page of charts, tables and diagrams has many colours (antialiased text
// alone gives dozens), a blank one a single colour.
func TestBrowserScreenshot(t *testing.T) {
	if n := screenshotColours(t, writePage(t, newFixture(3000), nil)); n < 50 {
		t.Errorf("screenshot has %d distinct colours: blank or nearly", n)
	}
	blank := filepath.Join(t.TempDir(), "blank.html")
	if err := os.WriteFile(blank, []byte("<!DOCTYPE html><title>blank</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := screenshotColours(t, blank); n >= 50 { // the check itself can fail
		t.Errorf("a blank page's screenshot has %d distinct colours", n)
	}
}

// screenshotColours takes a screenshot of page and counts its distinct colours.
func screenshotColours(t *testing.T, page string) int {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "shot.png")
	browse(t, page, "--screenshot="+shot)
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return distinctColours(img)
}

func distinctColours(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}
