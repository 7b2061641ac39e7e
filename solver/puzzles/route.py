"""Number route maze (reference article 000): a path whose cells per row and column are given.

The path runs from `start` to `goal` by 4-neighbour moves, never visiting a cell twice, and
the number of its cells in each row and each column must equal that row's and column's
count. Depth-first search (moves N E S W) with these prunings:

* overflow: never enter a row or column whose count is already reached (always on);
* reach (default): cells stay usable while unvisited and in a row and a column that are not
  full. A full row or column can therefore never be re-entered, and what lies beyond it is cut
  off: from the head, a flood fill through usable cells must reach the goal and, in every row
  and column, at least as many cells as its count still lacks;
* barriers (the article's rule, generalised to any start and goal; off by default because
  `reach` covers it): a full row cannot be crossed, so the goal must lie on the head's side
  and every row beyond it must be complete.

Input text: `cols: ...` (counts left to right), `rows: ...` (top to bottom), `start: r c` and
`goal: r c` (0-based); blank lines and `;` comments are ignored.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from onestroke.plural import noun
from onestroke.solver.board import Cell, steps_for
from onestroke.solver.errors import quote
from onestroke.solver.limits import Deadline
from onestroke.solver.padded import PaddedGrid
from onestroke.solver.puzzles.grid import (
    PuzzleInputError,
    content_lines,
    integers,
    recursion_room,
)

FIELDS = ("cols", "rows", "start", "goal")

MAX_SIDE = 100
"""At most this many rows and columns: the search is exponential long before it (the article's
puzzle is 10x10), and the bitsets and tables it builds grow with the grid."""


@dataclass(frozen=True)
class RoutePuzzle:
    """Column counts (left to right), row counts (top to bottom), start and goal cells."""

    col_counts: tuple[int, ...]
    row_counts: tuple[int, ...]
    start: Cell
    goal: Cell

    @property
    def rows(self) -> int:
        return len(self.row_counts)

    @property
    def cols(self) -> int:
        return len(self.col_counts)

    @classmethod
    def from_text(cls, text: str, *, source: str = "<route>") -> RoutePuzzle:
        """Parse the route format; every error names `source` and the line."""
        found: dict[str, tuple[list[int], int]] = {}
        for number, line in content_lines(text):
            key, colon, rest = line.partition(":")
            key = key.strip().lower()
            if not colon or key not in FIELDS:
                raise PuzzleInputError(
                    f"{source}: line {number}: expected one of cols:, rows:, start:, goal:, got {quote(line)}"
                )
            if key in found:
                raise PuzzleInputError(
                    f"{source}: line {number}: second {key}: line (first on line {found[key][1]})"
                )
            values = integers(source, number, rest, 2 if key in ("start", "goal") else None)
            if key in ("cols", "rows"):
                if not values:
                    raise PuzzleInputError(f"{source}: line {number}: {key}: needs at least one count")
                if len(values) > MAX_SIDE:
                    raise PuzzleInputError(
                        f"{source}: line {number}: {key}: {len(values)} counts, at most {MAX_SIDE}"
                    )
                negative = next((v for v in values if v < 0), None)
                if negative is not None:
                    raise PuzzleInputError(
                        f"{source}: line {number}: negative count {negative} in {quote(line)}"
                    )
            found[key] = (values, number)
        missing = [key for key in FIELDS if key not in found]
        if missing:
            raise PuzzleInputError(
                f"{source}: missing {', '.join(k + ':' for k in missing)} {noun(len(missing), 'line')}"
            )
        cols, rows = found["cols"][0], found["rows"][0]
        ends: dict[str, Cell] = {}
        for key in ("start", "goal"):
            (r, c), number = found[key]
            if not (0 <= r < len(rows) and 0 <= c < len(cols)):
                raise PuzzleInputError(
                    f"{source}: line {number}: {key} {[r, c]} lies outside the {len(rows)}x{len(cols)} grid"
                )
            ends[key] = (r, c)
        return cls(tuple(cols), tuple(rows), ends["start"], ends["goal"])

    def draw(self, path: Sequence[Cell]) -> str:
        """Column counts on top, then each row as `*` (path) and `.` with its count on the right."""
        on_path = set(path)
        width = max(len(str(n)) for n in self.col_counts)
        lines = [" ".join(str(n).rjust(width) for n in self.col_counts)]
        for r in range(self.rows):
            cells = ("*" if (r, c) in on_path else "." for c in range(self.cols))
            lines.append(" ".join(ch.rjust(width) for ch in cells) + f" {self.row_counts[r]}")
        return "\n".join(lines) + "\n"


def unsolvable_reason(puzzle: RoutePuzzle) -> str | None:
    """A reason visible without searching why no route can exist, or None."""
    total = sum(puzzle.row_counts)
    if total != sum(puzzle.col_counts):
        return f"row counts add up to {total} but column counts to {sum(puzzle.col_counts)}"
    (sr, sc), (gr, gc) = puzzle.start, puzzle.goal
    distance = abs(sr - gr) + abs(sc - gc)
    # The grid is bipartite: every step flips the colour (r + c) % 2.
    if total - 1 < distance or (total - 1 - distance) % 2:
        return f"a route of {total} cells cannot join {list(puzzle.start)} and {list(puzzle.goal)}"
    return None


def iter_routes(
    puzzle: RoutePuzzle,
    *,
    barriers: bool = False,
    reach: bool = True,
    timeout: float | None = None,
) -> Iterator[list[Cell]]:
    """Every route, in depth-first order (moves N E S W); stop iterating to stop the search.

    Raises `SearchTimeout` when `timeout` seconds pass first.
    """
    deadline = Deadline(timeout)
    if unsolvable_reason(puzzle) is not None:
        return
    rows, cols = puzzle.rows, puzzle.cols
    row_goal, col_goal = puzzle.row_counts, puzzle.col_counts
    total = sum(row_goal)
    gr, gc = puzzle.goal
    row_n = [0] * rows
    col_n = [0] * cols
    grid = PaddedGrid(rows, cols)
    width = grid.width
    offsets = grid.offsets(steps_for(4))
    row_of = [i // width - 1 for i in range(grid.size)]
    col_of = [i % width - 1 for i in range(grid.size)]
    row_bits = [sum(1 << grid.index((r, c)) for c in range(cols)) for r in range(rows)]
    col_bits = [sum(1 << grid.index((r, c)) for r in range(rows)) for c in range(cols)]
    # Cells still usable: unvisited, in a row and a column that are not full yet. The padding
    # around the grid is never usable, so a move needs no bounds test.
    usable = sum(row_bits)
    goal = grid.index(puzzle.goal)
    goal_bit = 1 << goal
    path: list[int] = []

    def reach_ok(head: int) -> bool:
        """Enough reachable cells for every unmet count, and the goal among them.

        The flood fill goes from the head through usable cells only.
        """
        if not usable & goal_bit:
            return False
        seen = 1 << head
        allowed = usable | seen
        while True:
            grown = (seen | seen << 1 | seen >> 1 | seen << width | seen >> width) & allowed
            if grown == seen:
                break
            seen = grown
        deadline.check()  # a fill is O(grid) per round: far more than reading the clock
        if not seen & goal_bit:
            return False
        for i in range(rows):
            if row_n[i] < row_goal[i] and (seen & row_bits[i]).bit_count() < row_goal[i] - row_n[i]:
                return False
        for j in range(cols):
            if col_n[j] < col_goal[j] and (seen & col_bits[j]).bit_count() < col_goal[j] - col_n[j]:
                return False
        return True

    def enter(cell: int) -> int:
        """Put `cell` on the path; returns the usable set to restore on the way back."""
        nonlocal usable
        before = usable
        r, c = row_of[cell], col_of[cell]
        row_n[r] += 1
        col_n[c] += 1
        usable &= ~(1 << cell)
        if row_n[r] == row_goal[r]:
            usable &= ~row_bits[r]
        if col_n[c] == col_goal[c]:
            usable &= ~col_bits[c]
        path.append(cell)
        return before

    def leave(cell: int, before: int) -> None:
        nonlocal usable
        path.pop()
        row_n[row_of[cell]] -= 1
        col_n[col_of[cell]] -= 1
        usable = before

    def extend(head: int) -> Iterator[list[Cell]]:
        """The routes that go on from `head`, which is on the path already."""
        deadline.tick()
        if head == goal:
            # No overflow anywhere and equal totals: every count is met exactly.
            if len(path) == total:
                yield [grid.cell(i) for i in path]
            return
        if barriers and not (
            _side_ok(row_of[head], gr, row_n, row_goal) and _side_ok(col_of[head], gc, col_n, col_goal)
        ):
            return
        if reach and not reach_ok(head):
            return
        for o in offsets:
            there = head + o
            if usable >> there & 1:
                before = enter(there)
                yield from extend(there)
                leave(there, before)

    start = grid.index(puzzle.start)
    if row_goal[row_of[start]] == 0 or col_goal[col_of[start]] == 0:
        return
    enter(start)
    for i in range(rows):
        if row_n[i] == row_goal[i]:
            usable &= ~row_bits[i]
    for j in range(cols):
        if col_n[j] == col_goal[j]:
            usable &= ~col_bits[j]
    with recursion_room(total):
        yield from extend(start)


def solve_route(
    puzzle: RoutePuzzle,
    *,
    barriers: bool = False,
    reach: bool = True,
    timeout: float | None = None,
) -> list[Cell] | None:
    """The first route of the depth-first search, or None when there is none."""
    return next(iter_routes(puzzle, barriers=barriers, reach=reach, timeout=timeout), None)


def count_routes(
    puzzle: RoutePuzzle,
    limit: int | None = None,
    *,
    barriers: bool = False,
    reach: bool = True,
    timeout: float | None = None,
) -> int:
    """How many routes there are (stopping at `limit` when given)."""
    routes = iter_routes(puzzle, barriers=barriers, reach=reach, timeout=timeout)
    return sum(1 for _ in itertools.islice(routes, limit))


def _side_ok(here: int, goal_line: int, have: list[int], want: Sequence[int]) -> bool:
    """The barrier test along one axis (rows or columns): the head on line `here`, the goal on
    line `goal_line` (a row or column number), `have` and `want` the counts per line.
    """
    n = len(want)
    if have[here] == want[here]:
        # The head's own line is full: it must step off towards the goal, never come back.
        if goal_line == here:
            return False
        behind = range(here) if goal_line > here else range(here + 1, n)
        if any(have[i] != want[i] for i in behind):
            return False
    above = next((i for i in range(here - 1, -1, -1) if have[i] == want[i]), None)
    if above is not None and (goal_line <= above or any(have[i] != want[i] for i in range(above))):
        return False
    below = next((i for i in range(here + 1, n) if have[i] == want[i]), None)
    return below is None or (goal_line < below and all(have[i] == want[i] for i in range(below + 1, n)))
