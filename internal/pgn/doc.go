// Package pgn reads chess games in Portable Game Notation from a byte stream, fast and without
// stopping on a bad game.
//
// It owns two separate steps, so that one goroutine can split while many workers tokenise:
//
//   - A [Splitter] cuts a decompressed stream into games without tokenising them. It fills large
//     chunk buffers (several MB) and reports, for each chunk, the byte ranges of the games inside
//     it with their index, offset and first line in the stream. A game that crosses a chunk edge is
//     carried whole into the next chunk, so a [Chunk] plus its games is a self-contained batch that
//     can be handed to a worker and given back with [Chunk.Release] when done: no copy per game.
//   - A [Tokenizer] walks one game's bytes and hands out tags, SAN tokens, NAGs, comments and the
//     result as []byte views into the game, valid until the next call, with no allocation per
//     token. Variations are skipped but must balance.
//
// [Reader] ties the two together for callers that read one game after another.
//
// Splitting is line based and tolerant of real-world files: games need not be separated by a
// blank line, the tag section may be followed by several blank lines, games may have no tags, no
// moves or no result, lines may end in LF, CRLF or a lone CR, a UTF-8 byte-order mark is skipped,
// and a '[' at the start of a line inside a { } comment does not start a game. The exact rules are
// documented on [Splitter].
//
// Errors are [*SyntaxError] values that carry the source, game index, line, column, offset and an
// excerpt of the offending bytes, and unwrap to the ErrXxx sentinels. An error ends the game it
// occurs in; the next game is read normally. A stream that ends inside a game (a file cut off
// mid-game) delivers that game with [ErrTruncated] rather than dropping it.
//
// Comment commands: [ParseClock] and [ParseEval] (and [Tokenizer.Clock], [Tokenizer.Eval]) read
// [%clk H:MM:SS(.f)] and [%eval ...] from a comment without allocating. Tag values are raw bytes
// with PGN escapes; [AppendTagText] and [TagText] unescape them and turn them into valid UTF-8,
// decoding them as Latin-1 (Windows-1252) when they are not UTF-8.
//
// The package imports nothing else from pgnscan.
package pgn
