"""Maze path (reference articles 001 and 003): from a start to an exit through a 0/1 grid.

`0` is an open cell and `1` a wall. Moves go to the 8 (or 4) neighbours, tried clockwise
from north: N NE E SE S SW W NW. Two answers:

* `first_path`: the path that depth-first backtracking in that order finds first. It uses an
  explicit stack, so a 200x200 maze needs no recursion. A cell stays marked once it has been
  tried: if no way led from it to the exit, none will later either (any later way through it
  would also have been open from the branch that first reached it), so the marks change the
  work, not the answer — it is the same path that backtracking with unmarking would return.
* `shortest_path`: breadth-first search, fewest steps; among equally short paths the one whose
  moves come first in the clockwise order.

Input text: one line of `0`/`1` per row (spaces optional), plus `start: r c` and `exit: r c`
lines (0-based); blank lines and `;` comments are ignored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from onestroke.solver.board import Cell, row_problem
from onestroke.solver.errors import quote
from onestroke.solver.limits import Deadline
from onestroke.solver.padded import PaddedGrid
from onestroke.solver.puzzles.grid import (
    MAX_DIGITS,
    PuzzleInputError,
    compass_steps,
    content_lines,
    direction_name,
)

OPEN_CHAR, WALL_CHAR, PATH_CHAR = "0", "1", "*"


@dataclass(frozen=True)
class Maze:
    """A 0/1 grid (rows of '0' open / '1' wall) with a start and an exit on open cells."""

    grid: tuple[str, ...]
    start: Cell
    exit: Cell

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def is_open(self, cell: Cell) -> bool:
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and self.grid[r][c] == OPEN_CHAR

    @classmethod
    def from_text(cls, text: str, *, source: str = "<maze>") -> Maze:
        """Parse the maze format; every error names `source` and the line."""
        grid: list[str] = []
        first_row_line = 0
        ends: dict[str, tuple[Cell, int]] = {}
        for number, line in content_lines(text):
            key, colon, rest = line.partition(":")
            if colon:
                key = key.strip().lower()
                if key not in ("start", "exit"):
                    raise PuzzleInputError(
                        f"{source}: line {number}: unknown field {quote(key, 20)} (expected start: or exit:)"
                    )
                if key in ends:
                    raise PuzzleInputError(
                        f"{source}: line {number}: second {key}: line (first on line {ends[key][1]})"
                    )
                ends[key] = (_cell_of(source, number, rest), number)
                continue
            row = line.replace(" ", "").replace("\t", "")
            bad = next((ch for ch in row if ch not in (OPEN_CHAR, WALL_CHAR)), None)
            if bad is not None:
                raise PuzzleInputError(
                    f"{source}: line {number}: unknown character {bad!r} in {quote(line)}"
                    " (expected 0 open, 1 wall, or start:/exit:)"
                )
            problem = row_problem(grid, row, first_row_line, "maze")
            if problem is not None:
                raise PuzzleInputError(f"{source}: line {number}: {problem}")
            if not grid:
                first_row_line = number
            grid.append(row)
        if not grid:
            raise PuzzleInputError(f"{source}: no maze rows (lines of 0 and 1)")
        for key in ("start", "exit"):
            if key not in ends:
                raise PuzzleInputError(f"{source}: missing '{key}: row col' line")
        maze = cls(tuple(grid), ends["start"][0], ends["exit"][0])
        for key in ("start", "exit"):
            cell, number = ends[key]
            if not (0 <= cell[0] < maze.rows and 0 <= cell[1] < maze.cols):
                raise PuzzleInputError(
                    f"{source}: line {number}: {key} {list(cell)} lies outside the"
                    f" {maze.rows}x{maze.cols} maze"
                )
            if not maze.is_open(cell):
                raise PuzzleInputError(f"{source}: line {number}: {key} {list(cell)} is a wall")
        return maze

    def draw(self, path: Sequence[Cell]) -> str:
        """The maze as 0/1 text with the cells of `path` shown as `*`."""
        on_path = set(path)
        return "".join(
            " ".join(PATH_CHAR if (r, c) in on_path else ch for c, ch in enumerate(row)) + "\n"
            for r, row in enumerate(self.grid)
        )


def _cell_of(source: str, number: int, text: str) -> Cell:
    parts = text.split()
    # isdecimal, not isdigit: int() refuses digits such as "²"
    if len(parts) != 2 or not all(p.isdecimal() and len(p) <= MAX_DIGITS for p in parts):
        raise PuzzleInputError(
            f"{source}: line {number}: expected two numbers 'row col', got {quote(text.strip())}"
        )
    return (int(parts[0]), int(parts[1]))


def _open_flags(maze: Maze, grid: PaddedGrid) -> bytearray:
    """1 for every open cell of the padded grid, 0 for walls and the border."""
    flags = bytearray(grid.size)
    for r, row in enumerate(maze.grid):
        base = grid.index((r, 0))
        for c, ch in enumerate(row):
            if ch == OPEN_CHAR:
                flags[base + c] = 1
    return flags


def first_path(maze: Maze, moves: int = 8, *, timeout: float | None = None) -> list[Cell] | None:
    """The first start-to-exit path of clockwise depth-first backtracking, or None.

    Linear in the maze; SearchTimeout when `timeout` seconds pass first.
    """
    deadline = Deadline(timeout)
    grid = PaddedGrid(maze.rows, maze.cols)
    unmarked = _open_flags(maze, grid)
    offsets = grid.offsets(compass_steps(moves))
    count = len(offsets)
    start, goal = grid.index(maze.start), grid.index(maze.exit)
    unmarked[start] = 0
    if start == goal:
        return [maze.start]
    # Two parallel stacks: the cells of the current path and, for each, the next move to try.
    cells = [start]
    tried = [0]
    while cells:
        deadline.tick()
        here = cells[-1]
        k = tried[-1]
        while k < count:
            there = here + offsets[k]
            k += 1
            if unmarked[there]:
                break
        else:
            cells.pop()
            tried.pop()
            continue
        tried[-1] = k
        unmarked[there] = 0
        cells.append(there)
        if there == goal:
            return [grid.cell(i) for i in cells]
        tried.append(0)
    return None


def shortest_path(maze: Maze, moves: int = 8, *, timeout: float | None = None) -> list[Cell] | None:
    """A path with the fewest steps (breadth-first, clockwise tie-break), or None.

    Linear in the maze; SearchTimeout when `timeout` seconds pass first.
    """
    deadline = Deadline(timeout)
    grid = PaddedGrid(maze.rows, maze.cols)
    unseen = _open_flags(maze, grid)
    offsets = grid.offsets(compass_steps(moves))
    start, goal = grid.index(maze.start), grid.index(maze.exit)
    parent = [-1] * grid.size
    unseen[start] = 0
    queue = [start]
    head = 0
    while head < len(queue):
        deadline.tick()
        here = queue[head]
        head += 1
        if here == goal:
            break
        for offset in offsets:
            there = here + offset
            if unseen[there]:
                unseen[there] = 0
                parent[there] = here
                queue.append(there)
    else:
        return None
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return [grid.cell(i) for i in reversed(path)]


def directions(path: Sequence[Cell]) -> list[str]:
    """The compass name of each move of `path` (one fewer than its cells)."""
    return [direction_name(a, b) for a, b in zip(path, path[1:], strict=False)]


def steps_table(path: Sequence[Cell]) -> str:
    """One line per cell: step number, coordinate and the move that reached it."""
    names = [""] + directions(path)
    lines = ["step  cell        move"]
    lines += [
        f"{i:4}  {str(list(cell)):<10}  {name}".rstrip()
        for i, (cell, name) in enumerate(zip(path, names, strict=True))
    ]
    return "\n".join(lines) + "\n"
