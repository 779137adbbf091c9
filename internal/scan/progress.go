package scan

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/pgnscan/pgnscan/internal/input"
)

// Progress draws a progress bar on a terminal while a scan runs. It is driven by the bytes
// read from the inputs as stored (compressed), whose total is known from the file sizes, and
// shows games per second and findings so far.
type Progress struct {
	w   io.Writer
	bar *progressbar.ProgressBar

	games, findings atomic.Int64
	done            atomic.Int64 // bytes of the inputs already read whole
	current         atomic.Pointer[input.Stream]
	begun           time.Time

	stop chan struct{}
	wg   sync.WaitGroup
}

// NewProgress returns a progress display that writes to w (standard error, a terminal).
func NewProgress(w io.Writer) *Progress { return &Progress{w: w} }

const progressTick = 250 * time.Millisecond

// start draws the bar for the inputs about to be read; a total of -1 (standard input in the
// list) makes it a spinner.
func (p *Progress) start(srcs []input.Source) {
	var total int64
	for _, s := range srcs {
		if s.Size < 0 {
			total = -1
			break
		}
		total += s.Size
	}
	p.bar = progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(p.w),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(progressTick),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionShowDescriptionAtLineEnd(),
		progressbar.OptionClearOnFinish(),
		// No spinner goroutine of the bar's own: ours redraws, and the bar's reads its state
		// without a lock (a data race under -race when the total is unknown).
		progressbar.OptionSetSpinnerChangeInterval(0),
	)
	p.begun = time.Now()
	p.stop = make(chan struct{})
	p.wg.Add(1)
	go p.loop()
}

func (p *Progress) loop() {
	defer p.wg.Done()
	t := time.NewTicker(progressTick)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.draw()
		}
	}
}

func (p *Progress) draw() {
	read := p.done.Load()
	if s := p.current.Load(); s != nil {
		read += s.CompressedBytes()
	}
	games := p.games.Load()
	rate := float64(games) / time.Since(p.begun).Seconds()
	p.bar.Describe(fmt.Sprintf("%d games (%.0f/s), %d findings", games, rate, p.findings.Load()))
	_ = p.bar.Set64(read)
}

// reading tells the display which stream is being read now; finished says one is done.
func (p *Progress) reading(s *input.Stream) { p.current.Store(s) }

func (p *Progress) finished(s *input.Stream) {
	p.done.Add(s.CompressedBytes())
	p.current.CompareAndSwap(s, nil)
}

// add counts games and findings written.
func (p *Progress) add(games, findings int64) {
	p.games.Add(games)
	p.findings.Add(findings)
}

// finish stops the display and clears the bar, so that the summary follows on a clean line.
func (p *Progress) finish() {
	if p.stop == nil {
		return
	}
	close(p.stop)
	p.wg.Wait()
	p.stop = nil
	_ = p.bar.Finish()
}
