// The outcome in words, from `State.status()`: "winner 2", "draw" or "ranks 1,3,2" (one place
// per seat, 1 = first; equal places are ties), and why the game ended, from `State.endReason()`.

const PLACES = ["first", "second", "third", "fourth"];

/**
 * `Game over: ... — why.` for a finished game. `reason` is the package's `endReason()` (the
 * game's own words, "move limit reached" included); `player(seat)` names a 0-based seat.
 */
export function outcomeText(status, reason, player) {
  const why = reason ? ` — ${reason}` : "";
  const win = status.match(/^winner (\d+)$/);
  if (win) return `Game over: ${player(Number(win[1]) - 1)} wins${why}.`;
  if (status === "draw") return `Game over: a draw${why}.`;
  const ranks = status.match(/^ranks ([\d,]+)$/);
  if (!ranks) return `Game over: ${status}${why}.`;
  const place = ranks[1].split(",").map(Number);
  const groups = [...new Set(place)].sort((a, b) => a - b).map((p) => {
    const seats = place.flatMap((q, seat) => (q === p ? [player(seat)] : []));
    const tie = seats.length > 1 ? " (shared)" : "";
    return `${seats.join(" and ")} ${PLACES[p - 1] ?? `place ${p}`}${tie}`;
  });
  return `Game over: ${groups.join(", ")}${why}.`;
}
