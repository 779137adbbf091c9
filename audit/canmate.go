package audit

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"

	"github.com/pgnscan/pgnscan/internal/board"
	"github.com/pgnscan/pgnscan/internal/mate"
)

// The sides, as CanMate takes them and Finding.Side spells them.
const (
	White = "white"
	Black = "black"
)

// The answers of CanMate, as Mate.Answer and Verdict.WhiteCanMate spell them.
const (
	Yes     = "yes"     // the side can checkmate: Mate.Witness is a mating line
	No      = "no"      // the side can never checkmate, proved (never a guess)
	Unknown = "unknown" // the search budget ran out first
)

// DefaultBudget is the search nodes per question of CanMate, and of a Decider made with
// budget 0: the budget of `pgnscan canmate`.
const DefaultBudget = mate.DefaultBudget

// DeepFactor and DeepMinBudget: from a budget of DeepMinBudget up, a question the decider's
// plan leaves unknown may spend up to DeepFactor times the budget more in deeper searches.
const (
	DeepFactor    = mate.DeepFactor
	DeepMinBudget = mate.DeepMinBudget
)

// Mate is the answer to "can this side still checkmate, by any series of legal moves?"
// (rules.md 7.1, the FIDE Laws' dead position and 6.9).
type Mate struct {
	Answer string // Yes, No or Unknown
	// Witness is, for Yes, a series of legal moves in SAN, both sides' chosen freely, that
	// ends in the side's checkmate; empty when the side has mated already. Nil otherwise.
	Witness []string
	// Unreachable, when not empty, says why no game could reach the position (more material
	// than promotions explain, more than two pieces giving check): it is answered all the same.
	Unreachable string

	fullmove   int  // the position's fullmove number, for Line
	blackFirst bool // Black is to move in the position
}

// Line returns the witness with move numbers, as `pgnscan canmate --witness` writes it:
// "1. Qh5 Nc6 2. Qxf7#", "40... Kg8 41. Qg7#" when Black moves first, "#" when the mate stands
// on the board; "" when the answer is not Yes.
func (m Mate) Line() string {
	if m.Answer != Yes {
		return ""
	}
	if len(m.Witness) == 0 {
		return "#"
	}
	var b []byte
	n, white := m.fullmove, !m.blackFirst
	for i, san := range m.Witness {
		if i > 0 {
			b = append(b, ' ')
		}
		if white || i == 0 {
			b = strconv.AppendInt(b, int64(n), 10)
			if white {
				b = append(b, ". "...)
			} else {
				b = append(b, "... "...)
			}
		}
		b = append(b, san...)
		if !white {
			n++
		}
		white = !white
	}
	return string(b)
}

// A Decider answers CanMate questions with a budget of its own, reusing its search tables
// from one question to the next (up to about 45 MB at the default budget). It is not safe for
// concurrent use: give each goroutine its own.
type Decider struct {
	d *mate.Decider
}

// NewDecider returns a decider that spends budget search nodes per question on its plan; 0
// means DefaultBudget. From a budget of DeepMinBudget up, the few questions the plan leaves
// unknown may spend up to DeepFactor times more in deeper searches before they are Unknown. A larger
// budget answers more positions Yes or No, and fewer Unknown.
func NewDecider(budget int) *Decider {
	if budget <= 0 {
		budget = DefaultBudget
	}
	return &Decider{d: mate.NewDecider(budget)}
}

// deciders holds the deciders of CanMate, one per goroutine asking at a time.
var deciders = sync.Pool{New: func() any { return NewDecider(0) }}

// CanMate answers whether side (White or Black) can still checkmate, by any series of legal
// moves, in the position of fen (4 or 6 fields; X-FEN or Shredder-FEN castling for Chess960),
// with DefaultBudget search nodes: the decider `pgnscan canmate` runs. It is safe for
// concurrent use.
//
// A FEN that is not a legal position is an *Error wrapping ErrFEN, whose Err says which field
// is wrong and why; a side other than White and Black is an error wrapping ErrOption.
func CanMate(fen, side string) (Mate, error) {
	d := deciders.Get().(*Decider)
	defer deciders.Put(d)
	return d.CanMate(fen, side)
}

// CanMate answers as the package's CanMate does, within the decider's budget.
func (d *Decider) CanMate(fen, side string) (Mate, error) {
	var c board.Color
	switch side {
	case White:
		c = board.White
	case Black:
		c = board.Black
	default:
		return Mate{}, fmt.Errorf("audit: %w: side %q (want %q or %q)", ErrOption, side, White, Black)
	}
	p, unreachable, err := position(fen)
	if err != nil {
		return Mate{}, &Error{Game: -1, Err: err, kind: ErrFEN}
	}
	r := d.d.CanMate(&p, c)
	m := Mate{Answer: r.Answer.String(), fullmove: p.FullmoveNumber(), blackFirst: p.Turn() == board.Black}
	if unreachable != nil {
		m.Unreachable = unreachable.Error()
	}
	if r.Answer == mate.Yes {
		m.Witness = make([]string, 0, len(r.Witness))
		q := p
		for _, mv := range r.Witness {
			m.Witness = append(m.Witness, string(q.AppendSAN(nil, mv)))
			q.Play(mv)
		}
	}
	return m, nil
}

// position reads a FEN into a position moves can be played from. It returns why the FEN is
// not one (err), or why no game could reach it (unreachable), as errors whose text is the
// field and the reason alone.
func position(fen string) (p board.Position, unreachable, err error) {
	s, err := board.ParseFEN(strings.TrimSpace(fen))
	if err == nil {
		p, unreachable, err = s.Playable()
	}
	if err != nil {
		return p, nil, fenReason(err)
	}
	if unreachable != nil {
		unreachable = fenReason(unreachable)
	} else if n := bits.OnesCount64(p.Checkers()); n > 2 { // no legal move makes it
		unreachable = fmt.Errorf("position: %d pieces give check; no move can make more than two", n)
	}
	return p, unreachable, nil
}

// fenReason returns a FEN error as its field and reason alone.
func fenReason(err error) error {
	var fe *board.FENError
	if errors.As(err, &fe) {
		return errors.New(fe.Field + ": " + fe.Reason)
	}
	return err
}
