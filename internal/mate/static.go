package mate

import (
	"math/bits"

	"github.com/pgnscan/pgnscan/internal/board"
)

// The static layer proves "no" for positions walled in by pawns that can never move, the
// blockades that material alone does not see (rules.md 7.2: "a locked pawn wall the kings
// cannot cross, bishops that can never reach the king's squares").
//
// The argument has two halves, both over-approximations of what any series of legal moves can
// do, whoever moves first and whatever both sides choose:
//
//  1. lockedPawns finds a set L of pawns and, for each colour, the squares its men could ever
//     stand on and attack while every pawn of L stays where it is (reach). It then checks that,
//     given those squares, no pawn of L can ever be pushed, capture, or be captured. By
//     induction on the moves of any game from p, the pawns of L then stay forever and every
//     man stays inside its reach: the first move that broke either would have to start from a
//     square inside the reach (the induction hypothesis) and be one of the moves the check has
//     ruled out. The same loop keeps a second set B of pawns that move but never leave their
//     file (static_bound.go), whose squares bound the pushes of the enemy pawns facing them,
//     and the induction carries both.
//  2. staticNo then asks whether the loser's king can ever stand, in check, on a square all of
//     whose neighbours are closed to it, the ones the winner does not cover each by a man of
//     the loser's own that can get there. A checkmate needs exactly that, so if no such square
//     exists within the reach, the side can never mate.
//
// Every approximation is in the safe direction: squares are added to a reach, never removed,
// unless a rule of chess forbids a man to stand there for as long as L (and B) stands.

// reach is one colour's over-approximation of where its men can ever be, given the locked
// pawns. Men other than the king and the locked pawns are "men" below.
type reach struct {
	king     uint64 // squares the king can ever stand on
	kingHits uint64 // squares the king can ever attack
	occupy   uint64 // squares the men can ever stand on
	hits     uint64 // squares the men can ever attack (give check from, guard, capture on)
	pawnHits uint64 // squares the colour's locked pawns attack, for ever
}

// lockedPawns returns the greatest set of pawns it can show never move and are never captured,
// and each colour's reach with those pawns in place (no reaches when the set is empty).
//
// It starts from every pawn standing head-on against a pawn or the enemy king and drops, until
// nothing changes, each pawn that: has a square in front of it that is neither a locked pawn
// nor a king whose reach is its own square (frozenKing; any other man may leave, or the square
// was empty); has a capture square that an enemy man, an enemy locked pawn or an en passant
// target could occupy; or stands where an enemy man could attack it, or where the enemy king
// could attack it while neither a locked pawn of its own colour nor its own king that never
// moves guards it (a king may not capture a guarded pawn, and the guard stays). Dropping a pawn
// only widens the reaches, so the loop ends with a set that passes every test against the
// reaches it produces, which is what the induction above needs.
//
// dropCheaply first drops, at the cost of a few floods, the pawns that cheaper parts of the
// reaches already rule out; on most positions of real games that drops them all.
func lockedPawns(p *board.Position) (locked uint64, r [2]reach) {
	return lockedFrom(p, dropCheaply(p, headOn(p)))
}

// headOn returns the pawns standing head-on against a pawn or the king of the other colour,
// where lockedPawns starts.
func headOn(p *board.Position) uint64 {
	return facing(p, board.White) | facing(p, board.Black)
}

// facing returns colour c's half of headOn: its pawns with a pawn or the enemy king straight
// in front of them.
func facing(p *board.Position, c board.Color) uint64 {
	pawns, e := p.ByRole(board.Pawn), c.Other()
	return pawns & p.ByColor(c) & pawnPushes(e, pawns|p.Pieces(e, board.King))
}

// lockedFrom is the loop of lockedPawns from the set locked.
//
// An empty set returns at once, before the bound candidates are computed: on the final
// positions of a scan dropCheaply has emptied it on nearly every call.
func lockedFrom(p *board.Position, locked uint64) (uint64, [2]reach) {
	if locked == 0 {
		return 0, [2]reach{}
	}
	var ep uint64
	if sq := p.EnPassant(); sq != board.NoSquare {
		ep = 1 << uint(sq)
	}
	return lockLoop(p, locked, boundCandidates(p), ep, true)
}

// lockLoop is the loop of lockedPawns from the sets locked and bound, with the en passant
// target ep, shared by lockedFrom and lockedByMen (static_tempo.go). When kings is false the
// pawns are tested without the kings' attacks (stillLocked against reaches with no kingHits),
// while the reaches returned keep them.
func lockLoop(p *board.Position, locked, bound, ep uint64, kings bool) (uint64, [2]reach) {
	var from [2]uint64
	for locked != 0 {
		r := reaches(p, locked, bound, ep, from)
		tested := &r
		if !kings {
			men := r
			men[board.White].kingHits, men[board.Black].kingHits = 0, 0
			tested = &men
		}
		next := stillLocked(p, board.White, locked, tested) | stillLocked(p, board.Black, locked, tested)
		nextBound := stillBound(p, board.White, locked, bound, &r) | stillBound(p, board.Black, locked, bound, &r)
		if next == locked && nextBound == bound {
			return locked, r
		}
		locked, bound = next, nextBound
		from = [2]uint64{r[board.White].occupy, r[board.Black].occupy}
	}
	// Nothing is locked: every king may step anywhere, and no proof can use the reaches.
	return 0, [2]reach{}
}

// dropCheaply returns the pawns of locked that pass the tests of lockedPawns against parts of
// the reaches that cost one flood per kind of man (lowerReach), dropping the others until none
// is left to drop. On the final position of a typical game it empties the set before the
// exact loop, whose reaches widen the pawns' cones to a common fixpoint, is run once.
//
// Why the loop of lockedPawns ends with the same set from its answer: the tests drop a pawn
// against reaches that only grow as the set shrinks (fewer locked pawns open more squares,
// and guard fewer), so the set lockedPawns returns, G, is the greatest set that passes them
// against its own reaches, and every set that contains G leads to it. A pawn dropped here was
// dropped against parts of the reaches of a set that contains G, so it fails the tests
// against G's reaches too and is not in G: the set returned still contains G.
func dropCheaply(p *board.Position, locked uint64) uint64 {
	for locked != 0 {
		var r [2]reach
		kingsOnly(p, board.White, locked, &r[board.White])
		kingsOnly(p, board.Black, locked, &r[board.Black])
		next := stillLocked(p, board.White, locked, &r) | stillLocked(p, board.Black, locked, &r)
		if next == locked {
			break
		}
		locked = next
	}
	for locked != 0 {
		r := [2]reach{lowerReach(p, board.White, locked), lowerReach(p, board.Black, locked)}
		next := stillLocked(p, board.White, locked, &r) | stillLocked(p, board.Black, locked, &r)
		if next == locked {
			break
		}
		locked = next
	}
	return locked
}

// frozenKing returns the square of colour c's king when its reach r is that square alone
// (the locked pawns and the squares their enemy guards shut it in), else 0. By the induction
// of the layer's comment that king never moves, so a pawn standing in front of it stays as
// surely as one blocked by a locked pawn: a pawn of the other colour on the square behind the
// king can never be pushed (Ka1 against a black pawn on a2 guarded by one on b3, with b1
// guarded by a2 and b2 a locked white pawn).
func frozenKing(p *board.Position, c board.Color, r *reach) uint64 {
	k := uint64(1) << uint(p.KingSquare(c))
	if r.king == k {
		return k
	}
	return 0
}

// stillLocked returns the pawns of colour c in locked that pass the tests of lockedPawns
// against the reaches r.
func stillLocked(p *board.Position, c board.Color, locked uint64, r *[2]reach) uint64 {
	e := c.Other()
	them := &r[e]
	ours := locked & p.ByColor(c)
	enemyMen := them.occupy | locked&p.ByColor(e)
	// A pawn is guarded against the king by a locked pawn of its own, or by its own king
	// when that king never moves: either guard stays, and a king may not step next to a king.
	guarded := r[c].pawnHits | kingSteps(frozenKing(p, c, &r[c]))
	ours &= pawnPushes(e, locked|frozenKing(p, e, them)) // in front: a locked pawn, a king that stays
	ours &^= pawnCaptures(e, enemyMen)                   // no enemy can stand on a capture square
	ours &^= them.hits                                   // no enemy man can attack it
	ours &^= them.kingHits &^ guarded                    // nor the king, unguarded
	return ours
}

// reaches returns both colours' reaches while the pawns of locked stay in place, with the
// en passant target ep (0 or one square) counted as a square the side that just moved occupies.
// from is where to start widening the men's squares: 0, or the squares they occupy with a
// larger set of locked pawns, which lie inside the answer for this smaller set (fewer locked
// pawns only open squares), so starting there reaches the same least solution sooner.
//
// A pawn moves diagonally only to capture, so each colour's pawns may step onto the other's
// reach only: the two reaches depend on each other. They are found as the least solution,
// starting from the squares the men stand on and widening both until neither grows. That is
// sound by induction on the moves of a game: every square a man of either colour reaches is
// reached by a step that the solution allows from squares already in it, whichever man was
// standing where when the move was made.
//
// The pawns of bound stay on their files and are never captured (stillBound), so no pawn of
// the other colour in front of one of them on its file ever pushes onto its square (shadows).
func reaches(p *board.Position, locked, bound, ep uint64, from [2]uint64) [2]reach {
	shadow := shadows(p, bound)
	them := p.Turn().Other()
	occ := from
	for c := board.White; c <= board.Black; c++ {
		occ[c] |= p.ByColor(c) &^ p.ByRole(board.King) &^ locked
	}
	occ[them] |= ep
	for {
		var r [2]reach
		r[board.White] = reachOf(p, board.White, locked, occ[board.Black], shadow[board.White])
		r[board.Black] = reachOf(p, board.Black, locked, occ[board.White], shadow[board.Black])
		r[them].occupy |= ep // the pawn that just passed it may be taken there
		if r[board.White].occupy == occ[board.White] && r[board.Black].occupy == occ[board.Black] {
			return r
		}
		occ[board.White], occ[board.Black] = r[board.White].occupy, r[board.Black].occupy
	}
}

// reachOf returns colour c's reach while the pawns of locked stay in place and the enemy's men
// never stand outside enemy. Locked pawns are the only obstacles: every other man may move away
// or be captured, so each flood runs over all squares but theirs (a man can never enter a
// locked pawn's square: its own colour's is occupied for ever, and the enemy's would be a
// capture that lockedPawns rules out).
//
//   - Pawns go forward, straight (over any square the flood may enter: a man in the way may
//     leave) or diagonally onto a square of enemy (a capture), and promote to anything on the
//     last rank.
//   - Knights jump; bishops, rooks and queens slide one step at a time, which reaches every
//     square a slide would, since the squares a slide crosses are empty, so not locked. A
//     bishop's diagonal steps keep it on its colour.
//   - The king steps, and never onto a square an enemy locked pawn attacks (that would be
//     moving into check; the pawn stays). Castling, Chess960's too, moves king and rook along
//     the back rank, which holds no pawn, the king only over squares no enemy attacks, so the
//     steps already cover it.
//
// A man's attacks from a square are the squares a step past the reach: a slide stops at the
// first occupied square, and every square it crosses is itself in the reach.
func reachOf(p *board.Position, c board.Color, locked, enemy, shadow uint64) reach {
	r := menReach(p, c, p.ByColor(c)&^p.ByRole(board.King)&^locked, locked, enemy, shadow)
	kingReach(p, c, locked, &r)
	return r
}

// kingReach sets the king's squares and attacks and the locked pawns' attacks of r, colour
// c's reach, as reachOf describes.
func kingReach(p *board.Position, c board.Color, locked uint64, r *reach) {
	guarded := pawnCaptures(c.Other(), locked&p.ByColor(c.Other()))
	r.king = flood(1<<uint(p.KingSquare(c)), ^locked&^guarded, kingStep)
	r.kingHits = kingSteps(r.king)
	r.pawnHits = pawnCaptures(c, locked&p.ByColor(c))
}

// kingsOnly sets what stillLocked reads of colour c's reach r in the first loop of
// dropCheaply, where the men are left out: the locked pawns' attacks, and the king's squares
// and attacks as kingReach sets them, except that the king's flood stops, once it has taken its
// first step, as soon as its attacks hold every enemy locked pawn that no enemy locked pawn
// guards. stillLocked reads those attacks only on the enemy's locked pawns that no locked pawn
// of their own guards, and the king's squares only to see whether they are its square alone
// (frozenKing), so it answers as it would with the whole flood, which holds the part.
func kingsOnly(p *board.Position, c board.Color, locked uint64, r *reach) {
	theirs := locked & p.ByColor(c.Other())
	guarded := pawnCaptures(c.Other(), theirs)
	targets, open := theirs&^guarded, ^locked&^guarded
	k := uint64(1) << uint(p.KingSquare(c))
	king := k
	for {
		box := kingBox(king) // the king's attacks and squares: no target is one of its squares
		if king != k && box&targets == targets {
			break
		}
		next := king | box&open
		if next == king {
			break
		}
		king = next
	}
	r.king, r.kingHits = king, kingSteps(king)
	r.pawnHits = pawnCaptures(c, locked&p.ByColor(c))
}

// lowerReach returns a part of colour c's reach while the pawns of locked stay in place, for
// dropCheaply: every square of each of its sets is in the matching set of reachOf's answer
// for any enemy squares. It is reachOf without the pawns' cones: the pieces' floods and the
// king's as there, and each pawn not in locked only where it stands and attacks now.
func lowerReach(p *board.Position, c board.Color, locked uint64) reach {
	men := p.ByColor(c) &^ p.ByRole(board.King) &^ locked
	pawns := men & p.ByRole(board.Pawn)
	r := menReach(p, c, men&^pawns, locked, 0, 0)
	r.occupy |= pawns
	r.hits |= pawnCaptures(c, pawns)
	kingReach(p, c, locked, &r)
	return r
}

// menReach returns the occupy and hits of a reach for the men of colour c standing on the
// squares of men (all of them, or one), as reachOf describes.
//
// A pawn never pushes onto a square of shadow (shadows: the squares of the enemy pawns that
// stay on their files), though it may capture onto one.
func menReach(p *board.Position, c board.Color, men, locked, enemy, shadow uint64) reach {
	open := ^locked
	last := lastRankWhite
	if c == board.Black {
		last = lastRankBlack
	}
	cone := men & p.ByRole(board.Pawn)
	for {
		next := cone | (pawnPushes(c, cone)&^shadow|pawnCaptures(c, cone)&enemy)&open
		if next == cone {
			break
		}
		cone = next
	}
	promoted := cone & last
	knights := flood(men&p.ByRole(board.Knight)|promoted, open, knightStep)
	bishops := flood(men&p.ByRole(board.Bishop), open, bishopStep)
	rooks := flood(men&p.ByRole(board.Rook), open, rookStep)
	queens := flood(men&p.ByRole(board.Queen)|promoted, open, kingStep)
	return reach{
		occupy: cone | knights | bishops | rooks | queens,
		hits: pawnCaptures(c, cone) | knightJumps(knights) | diagSteps(bishops) |
			orthoSteps(rooks) | kingSteps(queens),
	}
}

// A step says how a man moves one step, for flood.
type step uint8

const (
	knightStep step = iota
	bishopStep
	rookStep
	kingStep // a king's or a queen's step
)

// flood returns the squares reached from start by repeated steps of one kind onto squares of
// open. (A switch rather than a function value: the loop is the layer's hot path.)
func flood(start, open uint64, s step) uint64 {
	r := start
	for {
		var next uint64
		switch s {
		case knightStep:
			next = knightJumps(r)
		case bishopStep:
			next = diagSteps(r)
		case rookStep:
			next = orthoSteps(r)
		default:
			next = kingBox(r)
		}
		next = r | next&open
		if next == r {
			return r
		}
		r = next
	}
}

// staticNo reports whether the static argument proves that side can never checkmate from p.
// It must never return true wrongly: when in doubt it returns false.
//
// A checkmate by side leaves the loser's king on a square k of its reach, attacked by one of
// side's men (the king gives no check, and a locked pawn attacks no square the loser's king can
// reach), with every neighbour n of k closed to it: n holds one of the loser's own men or a
// locked pawn, or side attacks n (with the king gone from k: the reach's attacks stop only at
// locked pawns, so they already run through k). So if each such k has a neighbour that no man
// of the loser can occupy, that is no locked pawn and that side can never attack, the king
// always has a move there and is never mated. Nor is it where more of those neighbours need
// filling by the loser's men than the loser has men able to stand there (unfillable).
func staticNo(p *board.Position, side board.Color) bool {
	men := p.ByColor(side) &^ p.ByRole(board.King)
	if men == 0 {
		return true // a bare king gives no check
	}
	if pawns := p.ByRole(board.Pawn); p.ByColor(board.White)&pawns&pawnPushes(board.Black, pawns) == 0 {
		// No white pawn has a pawn straight in front of it, so no pawn can stay locked: each
		// file's column of black pawns ends, below, on a square that is no pawn, so its lowest
		// pawn may advance and those above it follow. With nothing locked, side's king may
		// step anywhere and so closes every square, and any man of side attacks some square
		// the loser's king may stand on: the argument below cannot succeed. (A pawn blocked
		// by a king that never moves, frozenKing, is left unproved here: shutting a king in
		// takes locked pawns round it, and answering false is never wrong.)
		return false
	}
	locked, r := lockedPawns(p)
	if locked == 0 {
		return false // as above: nothing to prove with
	}
	s, o := &r[side], &r[side.Other()]
	mates := s.hits & o.king
	if mates == 0 {
		return true
	}
	covered := s.hits | s.kingHits | s.pawnHits | locked
	mates &^= kingSteps(^(covered | o.occupy))
	return mates == 0 || unfillable(p, side.Other(), locked, s.occupy, covered, mates)
}

// unfillable reports whether no square of mates can be a mate square for lack of the loser's
// men: each neighbour of a mated king that the winner does not cover (outside covered) must
// hold one of the loser's own men, a different man for each such neighbour, and one that can
// stand there. The loser never has more men than now (a promotion turns a pawn into one
// piece), so a square with more such neighbours than the loser's men whose reach meets them is
// no mate square. winner is where the winner's men may stand, for the loser's pawn captures.
func unfillable(p *board.Position, loser board.Color, locked, winner, covered, mates uint64) bool {
	var reaches [16]uint64 // one per man; a legal position has at most 15
	n := 0
	for m := p.ByColor(loser) &^ p.ByRole(board.King) &^ locked; m != 0; m &= m - 1 {
		if n == len(reaches) {
			return false // more men than a legal position holds: in doubt
		}
		reaches[n] = menReach(p, loser, m&-m, locked, winner, 0).occupy
		n++
	}
	for m := mates; m != 0; m &= m - 1 {
		open := kingSteps(m&-m) &^ covered
		fillers := 0
		for _, r := range reaches[:n] {
			if r&open != 0 {
				fillers++
			}
		}
		if bits.OnesCount64(open) <= fillers {
			return false
		}
	}
	return true
}

// MayBeDead is the cheap filter run on the final position of every game: false means p is
// certainly not dead, so no search is needed. It never allocates and costs a check test (a
// legal-move test only when the side to move is in check).
//
// It answers false only for a checkmate, the one kind of position a few nanoseconds can show is
// not dead (the side that gave the mate has mated). Every other shortcut that looks safe is not,
// and labelled positions of ../shared/unwinnable show it (static_maybedead_test.go):
//
//   - "A pawn can still move or capture" does not make a position live: in
//     1k6/1P5p/BP3p2/1P6/8/6K1/5P1P/8 w (labelled dead) Black's pawns move freely, but his king
//     can never move again, so every series of moves runs out of black pawn moves, in
//     stalemate, before White can bring a checking piece.
//   - "Material that mates by itself, with kings that can reach each other" does not either: in
//     k7/2Q5/3Q4/1p6/8/KP6/P1P5/8 b (a lichess timeout) White has two queens and no wall, yet
//     Black's one legal move b5-b4 is check and every reply stalemates Black.
//   - No pawn standing head-on against another, and many legal moves, is no proof either: the
//     first example has both.
//
// Deadness can hang on a count of spare tempi many moves deep, so nothing short of the decider
// (material, the static layer, then the search) shows a position with men left is live.
func MayBeDead(p *board.Position) bool {
	return !p.InCheck() || p.HasLegalMove()
}
