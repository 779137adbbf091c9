//go:build browser

package htmlreport

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// overlapScript measures, in the laid-out page, the box of every text of
// every chart's SVG (tick labels of both axes, and any other text the library
// writes) and lists the pairs of one SVG whose boxes intersect by more than
// half a pixel. It writes its answer as JSON into <pre id="overlaps">.
const overlapScript = `<script>
(function () {
  const out = {svgs: 0, texts: 0, overlaps: []};
  document.querySelectorAll("figure.chart svg").forEach(function (svg) {
    out.svgs++;
    const where = svg.closest("figure").id + " " + (svg.closest(".panel") ? svg.closest(".panel").dataset.edition : "");
    const boxes = [];
    svg.querySelectorAll("text").forEach(function (t) {
      if (t.textContent.trim() === "") return;
      boxes.push({t: t.textContent, r: t.getBoundingClientRect()});
    });
    out.texts += boxes.length;
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r, b = boxes[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 0.5 && h > 0.5) out.overlaps.push(where + ": \"" + boxes[i].t + "\" and \"" + boxes[j].t + "\"");
      }
    }
  });
  const pre = document.createElement("pre");
  pre.id = "overlaps";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>`

// csp is the page's content security policy, which forbids scripts: the test
// removes it from its own copy to run overlapScript.
var csp = regexp.MustCompile(`<meta http-equiv="Content-Security-Policy"[^>]*>`)

// overlaps opens page (with overlapScript added) in Chromium and returns the
// numbers of SVGs and texts measured and the overlapping pairs.
func overlaps(t *testing.T, page []byte) (svgs, texts int, pairs []string) {
	t.Helper()
	page = csp.ReplaceAll(page, nil)
	page = bytes.Replace(page, []byte("</body>"), []byte(overlapScript+"</body>"), 1)
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	dom, _ := browse(t, path, "--dump-dom")
	doc, err := html.Parse(bytes.NewReader(dom))
	if err != nil {
		t.Fatal(err)
	}
	var answer string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && attr(n, "id") == "overlaps" {
			answer = text(n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	var out struct {
		SVGs     int      `json:"svgs"`
		Texts    int      `json:"texts"`
		Overlaps []string `json:"overlaps"`
	}
	if err := json.Unmarshal([]byte(answer), &out); err != nil {
		t.Fatalf("no answer from the page's script (%v): %q", err, answer)
	}
	return out.SVGs, out.Texts, out.Overlaps
}

// TestBrowserNoOverlappingLabels scans every corpus of ../shared/corpus with
// pgnscan scan --html and checks, in Chromium, that no two texts of any chart
// (the axes' tick labels among them) overlap.
func TestBrowserNoOverlappingLabels(t *testing.T) {
	chromium(t)
	corpus, err := filepath.Glob("../../../shared/corpus/*.pgn*")
	if err != nil || len(corpus) == 0 {
		if os.Getenv("CI") != "" {
			t.Fatal("no corpus in ../shared/corpus")
		}
		t.Skip("no corpus in ../shared/corpus")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "pgnscan")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/pgnscan").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, in := range corpus {
		name := filepath.Base(in)
		t.Run(name, func(t *testing.T) {
			page := filepath.Join(dir, name+".html")
			cmd := exec.Command(bin, "scan", "-q", "-o", filepath.Join(dir, name+".parquet"), "--html", page, in)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("scan: %v\n%s", err, out)
			}
			b, err := os.ReadFile(page)
			if err != nil {
				t.Fatal(err)
			}
			svgs, texts, pairs := overlaps(t, b)
			if want := strings.Count(string(b), `<div class="panel"`); svgs != want {
				t.Errorf("measured %d SVGs, the page has %d panels", svgs, want)
			}
			if len(pairs) > 0 {
				t.Errorf("%d overlapping labels of %d in %d charts:\n%s", len(pairs), texts, svgs, strings.Join(pairs, "\n"))
			}
			t.Logf("%d charts, %d labels, none overlapping", svgs, texts)
		})
	}
}

// TestBrowserOverlapCheck makes sure the check can fail: a chart whose two
// labels are written at the same place must be reported.
func TestBrowserOverlapCheck(t *testing.T) {
	chromium(t)
	page := []byte(`<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'"></head><body>` +
		`<figure class="chart" id="bad"><div class="panel" data-edition="x"><svg width="200" height="50">` +
		`<text x="10" y="20">1000</text><text x="14" y="22">2000</text><text x="120" y="20">apart</text></svg></div></figure></body></html>`)
	svgs, texts, pairs := overlaps(t, page)
	if svgs != 1 || texts != 3 || len(pairs) != 1 || !strings.Contains(pairs[0], `"1000" and "2000"`) {
		t.Errorf("%d svgs, %d texts, overlaps %v; want 1, 3 and the pair 1000, 2000", svgs, texts, pairs)
	}
}
