"""A hand-written progress line on stderr: iteration, games, positions/s, loss, time left.

On a terminal the line is redrawn in place (carriage return); otherwise one line is printed
per iteration.
"""

from __future__ import annotations

import sys
import time


def _clock(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


class Progress:
    """`target`: the iteration the run stops after (--iterations), `first`: the iteration it
    starts from, `deadline`: time.monotonic() at which it stops (--minutes)."""

    def __init__(self, target=None, first=0, deadline=None, stream=None):
        self.target = target
        self.first = first
        self.deadline = deadline
        self.stream = stream or sys.stderr
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.start = time.monotonic()

    @staticmethod
    def bar(fraction: float, width: int = 20) -> str:
        fraction = min(max(fraction, 0.0), 1.0)
        full = int(fraction * width)
        return "[" + "#" * full + "." * (width - full) + "]"

    def update(self, iteration: int, games: int, positions_per_second: float, loss) -> None:
        now = time.monotonic()
        fraction, left = 0.0, ""
        if self.deadline is not None:
            span = self.deadline - self.start
            fraction = (now - self.start) / span if span > 0 else 1.0
            left = f"{_clock(self.deadline - now)} left"
        if self.target is not None:
            done, todo = iteration - self.first, self.target - self.first
            per = (now - self.start) / max(1, done)
            by_count = done / todo if todo > 0 else 1.0
            if by_count >= fraction:
                fraction = by_count
                left = f"~{_clock(per * (self.target - iteration))} left"
        loss_text = "-" if loss is None else f"{loss:.4f}"
        total = f"/{self.target}" if self.target is not None else ""
        line = (
            f"{self.bar(fraction)} iteration {iteration}{total}  games {games}  "
            f"{positions_per_second:.0f} positions/s  loss {loss_text}  {left}".rstrip()
        )
        if self.tty:
            self.stream.write("\r\x1b[K" + line)
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def message(self, text: str) -> None:
        if self.tty:
            self.stream.write("\r\x1b[K")
        self.stream.write(text + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
