// The outcome in words, from `State.status()`: "winner 2", "draw" or "ranks 1,3,2" (one place
// per seat, 1 = first; equal places are ties).

const PLACES = ["first", "second", "third", "fourth"];

/**
 * `Game over: ...` for a finished game. `player(seat)` names a 0-based seat; `truncated` says
 * the move limit ended it.
 */
export function outcomeText(status, truncated, player) {
  const limit = truncated ? " (the move limit was reached)" : "";
  const win = status.match(/^winner (\d+)$/);
  if (win) return `Game over: ${player(Number(win[1]) - 1)} wins${limit}.`;
  if (status === "draw") return `Game over: a draw${limit}.`;
  const ranks = status.match(/^ranks ([\d,]+)$/);
  if (!ranks) return `Game over: ${status}${limit}.`;
  const place = ranks[1].split(",").map(Number);
  const groups = [...new Set(place)].sort((a, b) => a - b).map((p) => {
    const seats = place.flatMap((q, seat) => (q === p ? [player(seat)] : []));
    const tie = seats.length > 1 ? " (shared)" : "";
    return `${seats.join(" and ")} ${PLACES[p - 1] ?? `place ${p}`}${tie}`;
  });
  return `Game over: ${groups.join(", ")}${limit}.`;
}
