"""Number route maze (reference article 000): a path whose cells per row and column are given.

The path runs from `start` to `goal` by 4-neighbour moves, never visiting a cell twice, and
the number of its cells in each row and each column must equal that row's and column's
count. Depth-first search with three prunings (each can be switched off to measure it):

* overflow: never enter a row or column whose count is already reached (always on);
* barriers: a full row (or column) can no longer be crossed, so the head and the goal must be
  on the same side of it and every row beyond it must already be complete; when the head sits
  in a row that just filled, it must leave towards the goal;
* distance: the cells still to place must cover at least the Manhattan distance to the goal.

Input text: `cols: ...` (counts left to right), `rows: ...` (top to bottom), `start: r c` and
`goal: r c` (0-based); blank lines and `;` comments are ignored.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from solver.board import Cell, steps_for
from solver.puzzles.grid import Deadline, PuzzleInputError, content_lines, integers, recursion_room

FIELDS = ("cols", "rows", "start", "goal")


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
                    f"{source}: line {number}: expected one of cols:, rows:, start:, goal:, got {line!r}"
                )
            if key in found:
                raise PuzzleInputError(
                    f"{source}: line {number}: second {key}: line (first on line {found[key][1]})"
                )
            values = integers(source, number, rest, 2 if key in ("start", "goal") else None)
            if key in ("cols", "rows"):
                if not values:
                    raise PuzzleInputError(f"{source}: line {number}: {key}: needs at least one count")
                negative = next((v for v in values if v < 0), None)
                if negative is not None:
                    raise PuzzleInputError(f"{source}: line {number}: negative count {negative} in {line!r}")
            found[key] = (values, number)
        missing = [key for key in FIELDS if key not in found]
        if missing:
            raise PuzzleInputError(f"{source}: missing {', '.join(k + ':' for k in missing)} line(s)")
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


def search_routes(
    puzzle: RoutePuzzle,
    on_route: Callable[[list[Cell]], bool],
    *,
    barriers: bool = True,
    distance: bool = True,
    timeout: float | None = None,
) -> None:
    """Call `on_route(path)` for each route in depth-first order (N E S W) until it returns True.

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
    seen = [[False] * cols for _ in range(rows)]
    path: list[Cell] = []
    steps = steps_for(4)

    def side_ok(here: int, goal: int, have: list[int], want: Sequence[int]) -> bool:
        """The barrier test along one axis (rows or columns) for a head at index `here`."""
        n = len(want)
        if have[here] == want[here]:
            # The head's own line is full: it must step off towards the goal, never come back.
            if goal == here:
                return False
            behind = range(here) if goal > here else range(here + 1, n)
            if any(have[i] != want[i] for i in behind):
                return False
        above = next((i for i in range(here - 1, -1, -1) if have[i] == want[i]), None)
        if above is not None and (goal <= above or any(have[i] != want[i] for i in range(above))):
            return False
        below = next((i for i in range(here + 1, n) if have[i] == want[i]), None)
        return below is None or (goal < below and all(have[i] == want[i] for i in range(below + 1, n)))

    def extend(r: int, c: int) -> bool:
        # The head (r, c) is on the path already; True means the caller asked to stop.
        deadline.tick()
        if r == gr and c == gc:
            # No overflow anywhere and equal totals: every count is met exactly.
            return len(path) == total and on_route(path)
        if distance and abs(r - gr) + abs(c - gc) > total - len(path):
            return False
        if barriers and not (side_ok(r, gr, row_n, row_goal) and side_ok(c, gc, col_n, col_goal)):
            return False
        for dr, dc in steps:
            nr, nc = r + dr, c + dc
            if (
                0 <= nr < rows
                and 0 <= nc < cols
                and not seen[nr][nc]
                and row_n[nr] < row_goal[nr]
                and col_n[nc] < col_goal[nc]
            ):
                seen[nr][nc] = True
                row_n[nr] += 1
                col_n[nc] += 1
                path.append((nr, nc))
                stop = extend(nr, nc)
                path.pop()
                col_n[nc] -= 1
                row_n[nr] -= 1
                seen[nr][nc] = False
                if stop:
                    return True
        return False

    sr, sc = puzzle.start
    if row_goal[sr] == 0 or col_goal[sc] == 0:
        return
    seen[sr][sc] = True
    row_n[sr] += 1
    col_n[sc] += 1
    path.append((sr, sc))
    with recursion_room(total):
        extend(sr, sc)


def solve_route(
    puzzle: RoutePuzzle, *, barriers: bool = True, distance: bool = True, timeout: float | None = None
) -> list[Cell] | None:
    """The first route of the depth-first search, or None when there is none."""
    found: list[list[Cell]] = []

    def keep_first(path: list[Cell]) -> bool:
        found.append(list(path))
        return True

    search_routes(puzzle, keep_first, barriers=barriers, distance=distance, timeout=timeout)
    return found[0] if found else None


def count_routes(
    puzzle: RoutePuzzle,
    limit: int | None = None,
    *,
    barriers: bool = True,
    distance: bool = True,
    timeout: float | None = None,
) -> int:
    """How many routes there are (stopping at `limit` when given)."""
    count = 0

    def tally(_path: list[Cell]) -> bool:
        nonlocal count
        count += 1
        return limit is not None and count >= limit

    search_routes(puzzle, tally, barriers=barriers, distance=distance, timeout=timeout)
    return count
