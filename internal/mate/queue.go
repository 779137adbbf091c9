package mate

import "slices"

// bucketQueue is the open list of the best-first searches (the breach search's, the pattern
// search's): indexes by integer priority, least first, and first in first out among equal
// priorities (so, as both push their nodes in the order generated, the first generated first).
// Priorities are small (plies plus a weighted distance: breachWeight times a wall of at most a
// few hundred, patternWeight times a pattern distance below a hundred), so a list per priority
// is cheaper than a heap.
//
// The lists are linked through one slice indexed by item, not a slice per priority: a slice
// per priority kept the most items that priority ever held, over all the questions a decider
// answered, and with thousands of priorities their sum grew with the questions (47 MB
// allocated over labelled-dev.txt). The items are the caller's indexes (its entries), each
// pushed at most once a search, so an item is its own link: 4 bytes an item, where a link
// holding the item and the next was 8 (the largest deep cage search pushes 800,000).
type bucketQueue struct {
	first, last []int32 // each priority's first and last item (-1: none)
	next        []int32 // the item after each pushed item in its priority's list (-1: none)
	low         int     // no priority below low holds an item
	n           int     // items held
}

// reset empties the queue, keeping its memory.
func (q *bucketQueue) reset() {
	for f := range q.first {
		q.first[f], q.last[f] = -1, -1
	}
	q.next = q.next[:0]
	q.low, q.n = len(q.first), 0
}

// reserve gives the queue room for items 0 to n-1 at once, so that a search of up to n items
// never grows it by copying (the deep steps: deepCage, breachState.reserve).
func (q *bucketQueue) reserve(n int) {
	if cap(q.next) < n {
		q.next = make([]int32, 0, n)
	}
}

// push adds item i, not pushed before since the reset, with priority f.
func (q *bucketQueue) push(f int, i int32) {
	for len(q.first) <= f {
		q.first, q.last = append(q.first, -1), append(q.last, -1)
	}
	if n := int(i) + 1; n > len(q.next) {
		q.next = slices.Grow(q.next, n-len(q.next))[:n] // the items skipped are never read
	}
	q.next[i] = -1
	if q.last[f] >= 0 {
		q.next[q.last[f]] = i
	} else {
		q.first[f] = i
	}
	q.last[f] = i
	q.low, q.n = min(q.low, f), q.n+1
}

// pop removes and returns the first item of the least priority; the queue must not be empty.
func (q *bucketQueue) pop() int32 {
	for q.first[q.low] < 0 {
		q.low++
	}
	i := q.first[q.low]
	q.first[q.low] = q.next[i]
	if q.first[q.low] < 0 {
		q.last[q.low] = -1
	}
	q.n--
	return i
}
