"""Romeo and Juliet's maze (reference article 004): a fewest-turn tour of every open room.

Rooms form an n x m grid, k of them closed. Romeo walks from (p, q) to Juliet at (r, s),
moving to any of the 8 neighbouring rooms, entering every open room exactly once; a turn is
a change of direction between two moves. Wanted: the fewest turns, how many routes have that
few, and one of them (the first in depth-first order over `solver.board.steps_for(8)`).

Input and output follow the textbook problem, 1-based: `n m k`, k lines `row col` of closed
rooms, then `p q` and `r s`. Output: the turn count, the route count, then n lines of m step
numbers (-1 for closed rooms).

The search is iterative deepening on the number of turns: with budget T it enumerates every
route of at most T turns, so the first budget that has routes gives the minimum, its count
and its first route at once. Prunings (each can be switched off to measure it):

* lower bound: a turn happens *at* a cell, so turns are counted per cell. An unvisited room
  (other than Juliet's) whose still-usable neighbours contain no opposite pair (N-S, E-W or
  one of the diagonals) will be passed with a turn; so will the head when the room straight
  ahead is not free. Those cells are distinct, so their number bounds the turns to come.
* dead ends: an unvisited room other than Juliet's needs two usable neighbours (in and out),
  Juliet's room needs one.
* connectivity: the unvisited rooms must stay in one 8-connected piece next to the head.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial

from onestroke.solver.board import Board, Cell, steps_for
from onestroke.solver.errors import quote
from onestroke.solver.limits import Deadline
from onestroke.solver.padded import RING, SPLITS, PaddedGrid
from onestroke.solver.puzzles.grid import (
    PuzzleInputError,
    content_lines,
    integers,
    recursion_room,
)

MAX_SIDE = 100
"""The textbook's bound on n and m; an exact fewest-turn count is out of reach far below it."""


@dataclass(frozen=True)
class RomeoMaze:
    """The grid size, closed rooms, Romeo's and Juliet's rooms; cells are 0-based here."""

    rows: int
    cols: int
    closed: frozenset[Cell]
    start: Cell
    end: Cell

    @classmethod
    def from_text(cls, text: str, *, source: str = "<romeo>") -> RomeoMaze:
        """Parse the textbook input (1-based); every error names `source` and the line."""
        lines = list(content_lines(text))
        if not lines:
            raise PuzzleInputError(f"{source}: empty input: expected 'n m k' on the first line")
        number, line = lines[0]
        rows, cols, k = integers(source, number, line, 3)
        if rows < 1 or cols < 1 or not 0 <= k < rows * cols:
            raise PuzzleInputError(
                f"{source}: line {number}: need n, m >= 1 and 0 <= k < n*m, got {quote(line)}"
            )
        if rows > MAX_SIDE or cols > MAX_SIDE:
            raise PuzzleInputError(
                f"{source}: line {number}: at most {MAX_SIDE} rows and columns (the textbook's bound),"
                f" got {quote(line)}"
            )
        if len(lines) < k + 3:
            got = lines[-1][0]
            raise PuzzleInputError(
                f"{source}: line {got}: input ends early: expected {k} closed rooms and then"
                " Romeo's and Juliet's rooms"
            )
        if len(lines) > k + 3:
            extra, text_ = lines[k + 3]
            raise PuzzleInputError(f"{source}: line {extra}: unexpected extra line {quote(text_)}")

        def room(index: int, what: str) -> tuple[Cell, int]:
            number, line = lines[index]
            r, c = integers(source, number, line, 2)
            if not (1 <= r <= rows and 1 <= c <= cols):
                raise PuzzleInputError(
                    f"{source}: line {number}: {what} ({r}, {c}) lies outside the {rows}x{cols} maze"
                )
            return (r - 1, c - 1), number

        closed: dict[Cell, int] = {}
        for i in range(1, k + 1):
            cell, number = room(i, "closed room")
            if cell in closed:
                raise PuzzleInputError(
                    f"{source}: line {number}: room {_one_based(cell)} closed twice"
                    f" (also line {closed[cell]})"
                )
            closed[cell] = number
        ends = [room(k + 1, "Romeo's room"), room(k + 2, "Juliet's room")]
        for (cell, number), who in zip(ends, ("Romeo", "Juliet"), strict=True):
            if cell in closed:
                raise PuzzleInputError(
                    f"{source}: line {number}: {who}'s room {_one_based(cell)} is closed"
                    f" (line {closed[cell]})"
                )
        return cls(rows, cols, frozenset(closed), ends[0][0], ends[1][0])

    @property
    def open_rooms(self) -> int:
        return self.rows * self.cols - len(self.closed)

    def to_board(self) -> Board:
        """The same puzzle as an 8-neighbour `Board` (needs Romeo and Juliet in different rooms)."""
        cells = {(r, c) for r in range(self.rows) for c in range(self.cols)} - self.closed
        return Board(self.rows, self.cols, frozenset(cells), self.start, self.end, moves=8)


@dataclass(frozen=True)
class RomeoAnswer:
    turns: int
    count: int
    path: tuple[Cell, ...]


def _one_based(cell: Cell) -> str:
    return f"({cell[0] + 1}, {cell[1] + 1})"


def turns_of(path: Sequence[Cell]) -> int:
    """How many times the direction changes along `path`."""
    moves = [(b[0] - a[0], b[1] - a[1]) for a, b in zip(path, path[1:], strict=False)]
    return sum(1 for x, y in zip(moves, moves[1:], strict=False) if x != y)


def step_matrix(maze: RomeoMaze, path: Sequence[Cell]) -> list[list[int]]:
    """The textbook matrix: the step at which each room is entered (1 = Romeo's), -1 if closed."""
    step = {cell: i for i, cell in enumerate(path, start=1)}
    return [
        [-1 if (r, c) in maze.closed else step.get((r, c), 0) for c in range(maze.cols)]
        for r in range(maze.rows)
    ]


def format_answer(maze: RomeoMaze, answer: RomeoAnswer) -> str:
    """The textbook output: turns, count, then the step matrix."""
    lines = [str(answer.turns), str(answer.count)]
    lines += [" ".join(str(v) for v in row) for row in step_matrix(maze, answer.path)]
    return "\n".join(lines) + "\n"


def solve_romeo(
    maze: RomeoMaze,
    *,
    lower_bound: bool = True,
    dead_ends: bool = True,
    connectivity: bool = True,
    timeout: float | None = None,
) -> RomeoAnswer | None:
    """Fewest turns, number of fewest-turn routes and the first of them; None if no route.

    Iterative deepening (module docstring): `extend` counts the routes within the turn budget
    and notes the smallest bound that went over it, which is the next budget to try. Raises
    `SearchTimeout` when `timeout` seconds pass first.
    """
    deadline = Deadline(timeout)
    grid = PaddedGrid(maze.rows, maze.cols)
    offsets = grid.offsets(steps_for(8))
    width = grid.width
    axes = (width, 1, width - 1, width + 1)  # N-S, E-W and the two diagonals
    start, end = grid.index(maze.start), grid.index(maze.end)
    total = maze.open_rooms
    if start == end:
        return RomeoAnswer(0, 1, (maze.start,)) if total == 1 else None

    free = _free_rooms(maze, grid, start)
    free_bits = sum(1 << i for i in range(grid.size) if free[i])
    degree = _usable_degrees(free, offsets, start)
    forced = bytearray(grid.size)
    for i in range(grid.size):
        if free[i] and i != end and _turn_forced(free, axes, i, start):
            forced[i] = 1
    forced_total = sum(forced) if lower_bound else 0
    shifts = (1, width - 1, width, width + 1)
    ring = tuple(zip(grid.offsets(RING), (1 << i for i in range(8)), strict=True))
    splits = SPLITS[8]

    # the hot helpers with their tables bound in (partial calls cost no more than closures)
    turn_forced = partial(_turn_forced, free, axes)
    split_around = partial(_split_around, free, ring, splits)

    def connected(head: int) -> bool:
        return _reaches_all(head, free_bits, shifts, deadline)

    if connectivity and not connected(start):
        return None
    budget = forced_total
    next_budget = -1  # smallest bound that exceeded the budget; -1: nothing was cut
    count = 0
    first: list[int] = []
    path = [start]

    def extend(here: int, heading: int, turns: int, left: int) -> None:
        nonlocal count, first, next_budget, forced_total, free_bits
        deadline.tick()
        if left == 0:
            if count == 0:
                first = list(path)
            count += 1
            return
        for k in range(8):
            there = here + offsets[k]
            if not free[there] or (there == end and left > 1):
                continue
            new_turns = turns + (heading >= 0 and k != heading)
            if left == 1:  # Juliet's room, the last one
                if new_turns <= budget:
                    path.append(there)
                    free[there] = 0
                    extend(there, k, new_turns, 0)
                    free[there] = 1
                    path.pop()
                elif next_budget < 0 or new_turns < next_budget:
                    next_budget = new_turns
                continue
            # Cheap early cut: the move can only add forced turns around `here`, so this
            # bound, taken before the update, never exceeds the one taken after it.
            early = new_turns
            if lower_bound:
                ahead = there + offsets[k]
                straight = free[ahead] and (ahead != end or left == 2)
                early += forced_total - forced[there] + (0 if straight else 1)
            if early > budget:
                if next_budget < 0 or early < next_budget:
                    next_budget = early
                continue
            free[there] = 0
            free_bits ^= 1 << there
            path.append(there)
            # `here` stops being usable: its free neighbours lose a way in or out.
            changed: list[int] = []
            ok = True
            if lower_bound:
                forced_total -= forced[there]
            for o in offsets:
                u = here + o
                if not free[u]:
                    continue
                degree[u] -= 1
                if u != end:
                    if dead_ends and degree[u] < 2:
                        ok = False
                    # Losing a usable neighbour never unforces a turn: only unforced cells can change.
                    if lower_bound and not forced[u] and turn_forced(u, there):
                        changed.append(u)
                        forced[u] = 1
                        forced_total += 1
                elif dead_ends and left > 2 and degree[u] - (there - u in offsets) < 1:
                    ok = False  # rooms remain, yet Juliet's could only be entered from the head
            if ok and lower_bound:
                ahead = there + offsets[k]
                straight = free[ahead] and (ahead != end or left == 2)
                bound = new_turns + forced_total + (0 if straight else 1)
                if bound > budget:
                    ok = False
                    if next_budget < 0 or bound < next_budget:
                        next_budget = bound
            if ok and connectivity and split_around(here, there):
                ok = connected(there)
            if ok:
                extend(there, k, new_turns, left - 1)
            for u in changed:
                forced[u] = 0
            forced_total -= len(changed)
            for o in offsets:
                if free[here + o]:
                    degree[here + o] += 1
            if lower_bound:
                forced_total += forced[there]
            path.pop()
            free_bits ^= 1 << there
            free[there] = 1

    with recursion_room(total):
        while True:
            next_budget = -1
            extend(start, -1, 0, total - 1)
            if count:
                return RomeoAnswer(budget, count, tuple(grid.cell(i) for i in first))
            if next_budget < 0:
                return None  # nothing was cut by the budget: the search was exhaustive
            budget = next_budget


def _free_rooms(maze: RomeoMaze, grid: PaddedGrid, start: int) -> bytearray:
    """1 for every open room but Romeo's (Juliet's included), in the padded layout."""
    free = bytearray(grid.size)
    for r in range(maze.rows):
        for c in range(maze.cols):
            if (r, c) not in maze.closed:
                free[grid.index((r, c))] = 1
    free[start] = 0
    return free


def _usable_degrees(free: bytearray, offsets: tuple[int, ...], head: int) -> list[int]:
    """For each free room, how many neighbours are usable: free ones plus the head."""
    degree = [0] * len(free)
    for i, is_free in enumerate(free):
        if is_free:
            degree[i] = sum(1 for o in offsets if free[i + o] or i + o == head)
    return degree


def _turn_forced(free: bytearray, axes: tuple[int, ...], cell: int, head: int) -> bool:
    """True when no straight line (an axis) passes through `cell` between usable neighbours:
    whoever goes through it must turn there."""
    for o in axes:
        a, b = cell + o, cell - o
        if (free[a] or a == head) and (free[b] or b == head):
            return False
    return True


def _split_around(
    free: bytearray, ring: tuple[tuple[int, int], ...], splits: bytes, gone: int, head: int
) -> int:
    """1 when the usable rooms around `gone` may fall into several local pieces, else 0.

    When they form one piece, removing `gone` cannot disconnect anything, so the whole-grid
    flood fill is skipped; that spares most of its cost.
    """
    pattern = 0
    for o, bit in ring:
        if free[gone + o] or gone + o == head:
            pattern |= bit
    return splits[pattern]


def _reaches_all(head: int, free_bits: int, shifts: tuple[int, ...], deadline: Deadline) -> bool:
    """All free rooms reachable from the head through free rooms (8-neighbour bitset fill).

    One round per step of distance, each O(grid): up to about 0.1 s on a winding 100x100 maze,
    so the clock is read after every fill, not only every `Deadline.EVERY` nodes.
    """
    reach = 1 << head
    allowed = free_bits | reach
    while True:
        grown = reach
        for s in shifts:
            grown |= (reach << s) | (reach >> s)
        grown &= allowed
        if grown == reach:
            deadline.check()
            return reach & free_bits == free_bits
        reach = grown
