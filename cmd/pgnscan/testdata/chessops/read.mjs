// read.mjs FILE: reads every game of a PGN file with chessops (lichess's own PGN
// and rules library) and prints one JSON line a game: its PgnscanFindings tag,
// how many of its mainline moves chessops replays legally from its starting
// position, the error that stopped the replay, and the comments after each
// move (comments[k] follow ply k+1; comments[-1] stand before the first move).
import { readFileSync } from 'node:fs';
import { parsePgn, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';

const games = parsePgn(readFileSync(process.argv[2], 'utf8'));
for (const game of games) {
  const out = { tag: game.headers.get('PgnscanFindings') ?? null, before: game.comments ?? [], plies: 0, comments: [], error: null };
  const start = startingPosition(game.headers);
  if (start.isErr) {
    out.error = 'start: ' + start.error.message;
  } else {
    const pos = start.value;
    for (const node of game.moves.mainline()) {
      const move = parseSan(pos, node.san);
      if (!move) {
        out.error = `illegal ${node.san} at ply ${out.plies + 1}`;
        break;
      }
      pos.play(move);
      out.plies++;
      out.comments.push(node.comments ?? []);
    }
  }
  console.log(JSON.stringify(out));
}
