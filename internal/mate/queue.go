package mate

// bucketQueue is the open list of the best-first searches (the breach search's, the pattern
// search's): indexes by integer priority, least first, and first in first out among equal
// priorities (so, as both push their nodes in the order generated, the first generated first).
// Priorities are small (plies plus a weighted distance: breachWeight times a wall of at most a
// few hundred, patternWeight times a pattern distance below a hundred), so a list per priority
// is cheaper than a heap.
//
// The lists are linked through one slice of links, not a slice per priority: a slice per
// priority kept the most items that priority ever held, over all the questions a decider
// answered, and with thousands of priorities their sum grew with the questions (47 MB
// allocated over labelled-dev.txt). Here the memory is the most items one search held.
type bucketQueue struct {
	first, last []int32     // each priority's first and last link (-1: none)
	links       []queueLink // the items, in the order pushed
	low         int         // no priority below low holds an item
	n           int         // items held
}

// queueLink is one item of a bucketQueue and the link of the next item of its priority.
type queueLink struct {
	item, next int32
}

// reset empties the queue, keeping its memory.
func (q *bucketQueue) reset() {
	for f := range q.first {
		q.first[f], q.last[f] = -1, -1
	}
	q.links = q.links[:0]
	q.low, q.n = len(q.first), 0
}

// push adds item i with priority f.
func (q *bucketQueue) push(f int, i int32) {
	for len(q.first) <= f {
		q.first, q.last = append(q.first, -1), append(q.last, -1)
	}
	l := int32(len(q.links))
	q.links = append(q.links, queueLink{item: i, next: -1})
	if q.last[f] >= 0 {
		q.links[q.last[f]].next = l
	} else {
		q.first[f] = l
	}
	q.last[f] = l
	q.low, q.n = min(q.low, f), q.n+1
}

// pop removes and returns the first item of the least priority; the queue must not be empty.
func (q *bucketQueue) pop() int32 {
	for q.first[q.low] < 0 {
		q.low++
	}
	l := q.first[q.low]
	q.first[q.low] = q.links[l].next
	if q.first[q.low] < 0 {
		q.last[q.low] = -1
	}
	q.n--
	return q.links[l].item
}
