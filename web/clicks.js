// From clicks on places to moves, for any of the games: a move's text names its places in order
// (origin first, then the target), so the page needs no game-specific code.

/** The place names in a move's text, in order: `a1-a4(N)` -> ["a1", "a4"]. */
export function placesOf(move) {
  return move.match(/[a-z]\d+/g) ?? [];
}

/** Whether a move is a removal decision (GIPF: `x...` removes a row, `k...` keeps one). */
export function isRemoval(move) {
  return /^[xk][a-z]/.test(move);
}

/**
 * What a click on `place` means, given the legal moves and the place selected before (or null):
 * `{ play: move }`, `{ choose: [moves] }` (several moves fit: ask), `{ select: place, targets,
 * here }` (the moves from it go to `targets`; `here` are the moves that stay on it), or
 * `{ clear: true }`.
 */
export function click(legal, selected, place) {
  const removals = legal.filter(isRemoval);
  if (removals.length > 0) {
    const fit = removals.filter((m) => placesOf(m).includes(place));
    return decide(fit);
  }
  if (selected !== null && selected !== place) {
    const fit = legal.filter((m) => {
      const p = placesOf(m);
      return p[0] === selected && p[1] === place;
    });
    if (fit.length > 0) return decide(fit);
  }
  const from = legal.filter((m) => placesOf(m)[0] === place);
  if (from.length === 0) return { clear: true };
  const here = from.filter((m) => placesOf(m).length === 1);
  if (here.length === 1 && from.length === 1) return { play: here[0] };
  const targets = [...new Set(from.map((m) => placesOf(m)[1]).filter(Boolean))];
  return { select: place, targets, here };
}

function decide(fit) {
  if (fit.length === 0) return { clear: true };
  if (fit.length === 1) return { play: fit[0] };
  return { choose: fit };
}

/** A choice button's words: a GIPF removal spelled out (`xb2,b3,b4` -> `remove b2 b3 b4`), a
 * GIPF-piece push named (`Gb1-b2` -> `b1-b2 with a GIPF-piece`), a Pikemen state said
 * (`e2(E)` -> `e2: point E`, `a1-a4(U)` -> `a1-a4, then stand up`), any other move as its text. */
export function describe(move) {
  if (/^G[a-z]\d/.test(move)) return `${move.slice(1)} with a GIPF-piece`;
  const state = move.match(/^([a-z]\d+(?:[-x][a-z]\d+)?)\((U|N|NE|E|SE|S|SW|W|NW)\)$/);
  if (state) {
    const [, what, to] = state;
    const then = to === "U" ? "stand up" : `point ${to}`;
    return /[-x]/.test(what) ? `${what}, then ${then}` : `${what}: ${then}`;
  }
  if (!isRemoval(move)) return move;
  const spots = placesOf(move).join(" ");
  return move.startsWith("x") ? `remove ${spots}` : `keep ${spots} standing`;
}

/** The places a person can click now: origins and single-place moves, or removal rows. */
export function clickable(legal) {
  const out = new Set();
  for (const m of legal) {
    const p = placesOf(m);
    if (isRemoval(m)) p.forEach((x) => out.add(x));
    else if (p.length > 0) out.add(p[0]);
  }
  return out;
}

/** The moves of a record (the text of `agame replay`): one a line, blank and `#` lines skipped. */
export function readRecord(text) {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}
