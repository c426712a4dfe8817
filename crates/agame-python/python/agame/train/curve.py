"""The learning curve: DIR/curve.csv and DIR/curve.svg, rewritten after every iteration.

One row per iteration: wall time, games and positions so far, the losses, and for the
iterations that evaluated, the score against each opponent ((wins + draws / 2) / games).
The SVG is hand-written: scores over iterations (top; the wall time under the axis) and the
losses (bottom).
"""

from __future__ import annotations

import csv
import io
import math
from xml.sax.saxutils import escape

from .checkpoint import atomic_write

BASE = [
    "iteration", "wall_seconds", "games", "positions", "mean_plies",
    "loss", "policy_loss", "value_loss",
]
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2"]


def columns(opponents) -> list:
    return BASE + [f"score {o}" for o in opponents]


def write_csv(path: str, rows: list, opponents) -> None:
    out = io.StringIO()
    names = columns(opponents)
    w = csv.writer(out, lineterminator="\n")
    w.writerow(names)
    for row in rows:
        w.writerow(["" if row.get(n) is None else _fmt(row[n]) for n in names])
    data = out.getvalue().encode()
    atomic_write(path, lambda f: f.write(data))


def _fmt(v):
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)


def read_csv(path: str) -> list:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def _ticks(lo: float, hi: float, n: int = 5) -> list:
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 5, 10) if m * mag >= raw), default=raw)
    start = math.ceil(lo / step) * step
    out, t = [], start
    while t <= hi + 1e-9:
        out.append(round(t, 10))
        t += step
    return out


def svg(rows: list, opponents, title: str) -> str:
    W, H = 720, 560
    left, right = 64, 180
    panels = [(40, 250), (330, 500)]  # (top, bottom) of each plot area
    pw = W - left - right
    its = [r["iteration"] for r in rows] or [0]
    x0, x1 = min(its + [0]), max(its + [1])

    def X(it):
        return left + (it - x0) / (x1 - x0) * pw

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
        f'<rect width="{W}" height="{H}" fill="white"/>',
        f'<text x="{left}" y="22" font-size="15">{escape(title)}</text>',
    ]

    def frame(top, bottom, lo, hi, label, yt):
        parts.append(
            f'<rect x="{left}" y="{top}" width="{pw}" height="{bottom - top}" fill="none" stroke="#888"/>'
        )
        for t in yt:
            y = bottom - (t - lo) / (hi - lo) * (bottom - top)
            parts.append(f'<line x1="{left}" x2="{left + pw}" y1="{y:.1f}" y2="{y:.1f}" stroke="#eee"/>')
            parts.append(f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{t:g}</text>')
        parts.append(
            f'<text transform="translate(16 {(top + bottom) / 2}) rotate(-90)" text-anchor="middle">{label}</text>'
        )
        minutes = {r["iteration"]: r["wall_seconds"] / 60 for r in rows}
        for t in _ticks(x0, x1):
            if float(t).is_integer():
                parts.append(
                    f'<text x="{X(t):.1f}" y="{bottom + 16}" text-anchor="middle">{int(t)}</text>'
                )
                if int(t) in minutes:
                    parts.append(
                        f'<text x="{X(t):.1f}" y="{bottom + 30}" text-anchor="middle" '
                        f'fill="#777" font-size="10">{minutes[int(t)]:.1f} min</text>'
                    )

    def line(points, colour, top, bottom, lo, hi, name, slot, dots):
        if not points:
            return
        def Y(v):
            return bottom - (min(max(v, lo), hi) - lo) / (hi - lo) * (bottom - top)

        path = " ".join(f"{X(i):.1f},{Y(v):.1f}" for i, v in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        if dots:
            for i, v in points:
                parts.append(f'<circle cx="{X(i):.1f}" cy="{Y(v):.1f}" r="3" fill="{colour}"/>')
        ly = top + 14 + 18 * slot
        parts.append(
            f'<line x1="{left + pw + 12}" x2="{left + pw + 32}" y1="{ly - 4}" y2="{ly - 4}" stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(f'<text x="{left + pw + 38}" y="{ly}">{escape(name)}</text>')

    # Scores.
    top, bottom = panels[0]
    frame(top, bottom, 0.0, 1.0, "score (wins + draws/2)", [0, 0.25, 0.5, 0.75, 1])
    for k, opp in enumerate(opponents):
        pts = [(r["iteration"], r[f"score {opp}"]) for r in rows if r.get(f"score {opp}") is not None]
        line(pts, COLOURS[k % len(COLOURS)], top, bottom, 0.0, 1.0, opp, k, True)
    # Wall time under the score axis.
    if rows:
        last = rows[-1]
        parts.append(
            f'<text x="{left + pw}" y="{bottom + 46}" text-anchor="end" fill="#555">iteration '
            f'{last["iteration"]}, {last["wall_seconds"] / 60:.1f} min, {last["games"]} games, '
            f'{last["positions"]} positions</text>'
        )
    # Losses.
    top, bottom = panels[1]
    values = [r[k] for r in rows for k in ("loss", "policy_loss", "value_loss") if r.get(k) is not None]
    hi = max(values) * 1.05 if values else 1.0
    frame(top, bottom, 0.0, hi, "loss", _ticks(0.0, hi))
    for k, name in enumerate(["loss", "policy_loss", "value_loss"]):
        pts = [(r["iteration"], r[name]) for r in rows if r.get(name) is not None]
        line(pts, COLOURS[k], top, bottom, 0.0, hi, name.replace("_", " "), k, False)
    parts.append(
        f'<text x="{left + pw / 2}" y="{H - 8}" text-anchor="middle">iteration (wall time)</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def write(folder: str, rows: list, opponents, title: str) -> None:
    import os

    write_csv(os.path.join(folder, "curve.csv"), rows, opponents)
    data = svg(rows, opponents, title).encode()
    atomic_write(os.path.join(folder, "curve.svg"), lambda f: f.write(data))
