"""Helpers shared by the article puzzles: input lines, compass names, recursion room.

The searches index cells in the flat padded layout of `solver.padded.PaddedGrid`: a neighbour
is `index + offset` with no bounds test.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from onestroke.solver.board import Cell, steps_for
from onestroke.solver.errors import OnestrokeError, quote
from onestroke.solver.padded import RING


class PuzzleInputError(OnestrokeError, ValueError):
    """A puzzle file that does not follow its format; the message names the file and line."""


COMPASS_NAMES: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""Clockwise from north, the order in which the maze tries its moves."""

NAME_OF_STEP: dict[Cell, str] = dict(zip(RING, COMPASS_NAMES, strict=True))


def compass_steps(moves: int) -> tuple[Cell, ...]:
    """The steps of a 4- or 8-neighbourhood in clockwise order starting at north."""
    allowed = set(steps_for(moves))
    return tuple(step for step in RING if step in allowed)


def direction_name(a: Cell, b: Cell) -> str:
    """The compass name of the single move from `a` to `b`."""
    step = (b[0] - a[0], b[1] - a[1])
    try:
        return NAME_OF_STEP[step]
    except KeyError:
        raise ValueError(f"{list(a)} -> {list(b)} is not a single king move") from None


def content_lines(text: str) -> Iterator[tuple[int, str]]:
    """(1-based line number, stripped text) of each line that is not blank or a `;` comment."""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith(";"):
            yield number, line


def integers(source: str, number: int, text: str, count: int | None = None) -> list[int]:
    """The whitespace-separated integers of one line, exactly `count` of them when given."""
    values = [_integer(source, number, text, token) for token in text.split()]
    if count is not None and len(values) != count:
        raise PuzzleInputError(
            f"{source}: line {number}: expected {count} integers, found {len(values)} in {quote(text)}"
        )
    return values


MAX_DIGITS = 9
"""Longer numbers are refused: no grid these puzzles can search has a side or count near 10**9,
and a 5,000-digit one would otherwise reach int()'s own limit or fill the error line."""


def _integer(source: str, number: int, text: str, token: str) -> int:
    # int() itself decides: a digit test lets through tokens such as "+-2" or "²" that int() refuses
    digits = token.lstrip("+-")
    try:
        value = None if len(digits) > MAX_DIGITS and digits.isdecimal() else int(token)
    except ValueError:
        raise PuzzleInputError(
            f"{source}: line {number}: {quote(token, 20)} is not an integer in {quote(text)}"
        ) from None
    if value is None:
        raise PuzzleInputError(
            f"{source}: line {number}: number too large: {quote(token, 20)} (at most {MAX_DIGITS} digits)"
        )
    return value


@contextmanager
def recursion_room(depth: int) -> Iterator[None]:
    """Let a recursive search go `depth` levels deep, restoring the old limit afterwards."""
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, depth + 200))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)
