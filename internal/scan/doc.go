// Package scan runs the inputs' games through the analysis and hands the rows on in order. In
// design.md's flow it owns three boxes: batch (a chunk of games from package input, with its
// sequence number and its place in the budget of chunks in flight), work (a pool of workers,
// each replaying and judging the games of one chunk at a time into rows, with no shared state)
// and merge (rows written in input order, whatever the number of workers). It also draws
// progress and counts the inputs that could not be read to their end.
//
// What lives where: pipeline.go (Run: reading, the budget, the workers, the ordered merge),
// worker.go (one chunk of games to rows), tags.go (the tags a worker keeps), pgnout.go (a
// game annotated for --pgn-out in the worker that judged it), names.go (Names: what report
// and the HTML page are told of the rules' tables, the one translation of them into the
// rows' words), progress.go.
// Inputs, decompression and shards are package input's.
package scan
