// Package scan reads PGN archives and runs them through the analysis: it owns the inputs
// (files, directories, standard input), their decompression, the worker pool, the ordered merge
// of results, and progress.
//
// The input layer: Resolve turns command-line arguments into Sources; Source.Open opens one and
// returns a Stream of decompressed bytes, its compression recognised from the first bytes (zstd,
// gzip, bzip2, xz, else plain). Multi-frame zstd files (pzstd, lichess dumps) are decoded frame
// by frame in parallel and delivered in order. A Stream counts the compressed bytes read (for
// progress against Size) and the bytes delivered; a corrupt or truncated input ends with an
// *InputError that names it and the offset, after every byte decoded before the fault.
package scan
