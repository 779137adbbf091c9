// Package input owns the bytes in front of the chess: it turns command-line arguments into
// inputs, opens them, decompresses them and hands their games on in chunks. In design.md's
// flow it is the first box, "input file -> decompress", and the shards of the scale-out seam.
// It imports only pgn (to cut games) and stall (to give up on an idle pipe), never the chess
// stack, so that an engine adapter (beam) can plan and read inputs without it.
//
// What lives where:
//   - input.go: Source, one input to read (a file, a file found in a directory, standard
//     input), and Resolve, which lists them from arguments, refusing one listed twice.
//   - decompress.go: Source.Open, a Stream of decompressed bytes, the compression recognised
//     from the first bytes (zstd, gzip, bzip2, xz, else plain); errors are *InputError naming
//     the input and the offset, after every byte decoded before the fault.
//   - zstdframes.go: multi-frame zstd files (pzstd, lichess dumps) decoded frame by frame in
//     parallel and delivered in order.
//   - parquet.go: a Parquet file of games (the lichess dataset's schema) read as chunks of PGN
//     games, as the splitter would cut them.
//   - games.go: Games, the chunks of games of one input, kept to the games a shard owns.
//   - shard.go: Shard, a byte or frame range of one input that owns the games whose first line
//     starts inside it; Plan cuts a file into shards, Shard.Source reads one.
//   - shardcount.go, shardpar.go: CountShards, each shard's first game (index, offset, line),
//     so that a shard can start reading there rather than at byte 0.
//
// The worker pool, the ordered merge and progress are package scan's.
package input
