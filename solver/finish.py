"""Finishing a drawn path: what is left to do on a board where part of the path is drawn already.

A level can show a path already drawn (a stroke that stopped early, a release the game kept, a
person who began it): the walked cells, in order from the start to the head (where the cat
sits). `finish` keeps as much of it as it can: it finishes from the head when the cells not yet
walked can be covered from there; else it goes back along the drawn path (each step back
undoes one cell, as the game does) to the latest walked cell from which a finish exists; else
back to the start, and solves the whole level. Pure: a board and walked cells in, a `Finish`
out; the play loop drags it, `solve-image` prints it and the overlay draws it.

One numbering for people (the terminal and the overlay): every cell by its step on the whole
path from the start (`Finish.path`; the start is 1). The walked cells that stay keep their
numbers and the route continues them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from onestroke.plural import counted
from onestroke.solver.board import Board, Cell
from onestroke.solver.check import path_problem
from onestroke.solver.errors import OnestrokeError
from onestroke.solver.result import SolveResult
from onestroke.solver.search import solve

Begins = Literal["start", "head"]
"""Where the finish's first new cell joins: the cat's cell ("head": nothing undone), or a path
that begins at the start ("start": nothing drawn, or some of the drawn path undone first)."""

MIN_SECONDS = 0.05  # each drawn cell tried gets at least this much of the time limit


class WalkedError(OnestrokeError, ValueError):
    """Walked cells that are no path from the start on the board they were read on."""


@dataclass(frozen=True)
class Finish:
    """How to finish `board` with `walked` drawn (start to head; the start alone when nothing is).

    The first `kept` walked cells stay; the cells after them are undone first, head first
    (`undo`); `route` then goes on from the last cell kept (`walked[kept - 1]`, the head when
    nothing is undone) over every cell not kept, as the solver found it (`result`). `route` is
    empty when no finish exists (`result` says why: unsolvable or undecided), and is the head
    alone when every cell is walked already (`done`; `result` is None: nothing was solved).
    """

    board: Board
    walked: tuple[Cell, ...]
    kept: int
    route: tuple[Cell, ...]
    result: SolveResult | None

    @property
    def solved(self) -> bool:
        """A finish exists (or nothing is left to do)."""
        return bool(self.route)

    @property
    def done(self) -> bool:
        """Every cell is walked already: nothing left to drag."""
        return self.result is None

    @property
    def drawn(self) -> int:
        """How many cells are drawn (0 when only the cat on the start shows)."""
        return len(self.walked) if len(self.walked) > 1 else 0

    @property
    def begins(self) -> Begins:
        return "head" if self.drawn and self.kept == len(self.walked) else "start"

    @property
    def undo(self) -> tuple[Cell, ...]:
        """The drawn cells undone before the route, head first."""
        return tuple(reversed(self.walked[self.kept :]))

    @property
    def path(self) -> tuple[Cell, ...]:
        """The whole path from the start once finished (the numbering people see), or () without a finish."""
        return (*self.walked[: self.kept], *self.route[1:]) if self.route else ()

    @property
    def stroke(self) -> tuple[Cell, ...]:
        """Every cell the finger passes, from the start: the walked cells, the steps back, the route.

        `stroke[len(walked) - 1:]` is what is dragged (from the cat); replayed by the game's undo
        rule (`drawn_after`) it leaves `path` drawn.
        """
        if not self.route:
            return self.walked
        return (*self.walked, *reversed(self.walked[self.kept - 1 : -1]), *self.route[1:])

    @property
    def drag_start(self) -> int:
        """Where the drag begins in `stroke`: the cat's cell (the last walked one)."""
        return len(self.walked) - 1

    @property
    def problem(self) -> str | None:
        """What the independent path checker finds wrong with `path` (None: nothing, or no path)."""
        return path_problem(self.board, self.path) if self.route else None

    def describe(self) -> str | None:
        """A line for people when part of the path is drawn, else None."""
        if not self.drawn:
            return None
        drawn, cat = f"{self.drawn} cells drawn already", f"the cat on {list(self.walked[-1])}"
        if self.done:
            return f"every cell is walked already ({cat})"
        if not self.solved:
            return f"{drawn} and no finish from any of them"
        if self.kept == self.drawn:
            return f"{drawn}: finishing from {cat} ({len(self.route) - 1} cells left)"
        if self.kept == 1:
            return f"{drawn} and no finish from any of them: undoing them all"
        return f"{drawn}, no finish from {cat}: going back {counted(len(self.undo), 'cell')} first"


def finish(board: Board, walked: Sequence[Cell], *, timeout: float = 5.0) -> Finish:
    """How to finish `board` with `walked` drawn (start to head; empty or the start alone: nothing drawn).

    From the head when a finish exists there; else from the latest walked cell that has one;
    else from the start. `timeout` bounds the whole search; each walked cell tried gets what is
    left of it. Raises `WalkedError` when `walked` is no path from the start on `board`.
    """
    walked = tuple(walked) or (board.start,)
    problem = drawn_problem(board, walked)
    if problem:
        raise WalkedError(f"the walked cells are not a path from the start on this board: {problem}")
    if 1 < len(walked) == len(board) and board.end in (None, walked[-1]):
        return Finish(board, walked, len(walked), walked[-1:], None)
    deadline = time.monotonic() + timeout
    for kept in range(len(walked), 1, -1):  # the latest walked cell first: as little undone as can be
        rest = rest_of_level(board, walked[:kept])
        if rest is None:
            continue
        result = solve(rest, timeout=max(MIN_SECONDS, deadline - time.monotonic()))
        if result.status == "solved" and result.path is not None:
            return Finish(board, walked, kept, tuple(result.path), result)
        if time.monotonic() > deadline:
            break
    result = solve(board, timeout=max(MIN_SECONDS, deadline - time.monotonic()))
    return Finish(board, walked, 1, tuple(result.path or ()), result)


def rest_of_level(board: Board, walked: Sequence[Cell]) -> Board | None:
    """The level still to play once `walked` (start to head) is drawn: the cells not walked, from the head.

    None when no finish can begin at the head: no cell is left, or the required end was walked
    over before the last cell.
    """
    head = walked[-1]
    left = (board.open_cells - set(walked)) | {head}
    if len(left) < 2 or (board.end is not None and (board.end not in left or board.end == head)):
        return None
    return Board(board.rows, board.cols, frozenset(left), head, board.end, board.moves)


def drawn_problem(board: Board, walked: Sequence[Cell]) -> str | None:
    """What is wrong with `walked` as the beginning of a path on `board` (None: nothing)."""
    if walked and walked[0] != board.start:
        return f"it begins at {list(walked[0])}, not at the start {list(board.start)}"
    seen: set[Cell] = set()
    for i, cell in enumerate(walked):
        if cell not in board.open_cells or cell in seen:
            return f"cell {i} {list(cell)} is not an open cell or is walked twice"
        if i and cell not in set(board.neighbours(walked[i - 1])):
            return f"cell {i} {list(cell)} is not next to {list(walked[i - 1])}"
        seen.add(cell)
    return None


def drawn_after(stroke: Sequence[Cell]) -> list[Cell]:
    """The path the game shows once `stroke` is dragged: a step onto the cell before the head
    undoes the head, any other step takes a new cell (the rule the watched drag expects)."""
    drawn: list[Cell] = []
    for cell in stroke:
        if len(drawn) >= 2 and cell == drawn[-2]:
            drawn.pop()
        elif not drawn or cell != drawn[-1]:
            drawn.append(cell)
    return drawn


SHOWN_LIMIT = 5000  # more game states than this after one drag: too many ways to tell which it took


def shown_after(
    board: Board, drawn: Sequence[Cell], dragged: Sequence[Cell], *, limit: int = SHOWN_LIMIT
) -> frozenset[tuple[Cell, ...]] | None:
    """Every path a game can show once the finger passed `dragged` (from the cat on the head of
    `drawn`, the start alone when nothing is drawn), or None when there are more than `limit`.

    A game sees the finger at some of the cells it passes, in order (a late frame skips the
    cells passed meanwhile), and replays `drawn_after`'s rule on those: onto the cell before the
    head undoes the head, onto a free neighbour of the head takes it; the first cell seen that is
    neither (a jump, a walked cell) ends the stroke, and the path stays as it was. So a drag that
    goes back over drawn cells and on can leave the same cells taken in another order than the
    one sent: which of them the game shows is for the screen to say (the cat on the head).
    """
    neighbours = {cell: frozenset(board.neighbours(cell)) for cell in board.open_cells}
    first = tuple(drawn) or (board.start,)
    shown: set[tuple[Cell, ...]] = set()
    seen: set[tuple[int, tuple[Cell, ...]]] = set()
    todo = [(0, first)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        if len(seen) > limit:
            return None
        at, path = state
        shown.add(path)
        head, taken = path[-1], set(path)
        for i in range(at, len(dragged)):  # the next cell the game sees the finger at
            cell = dragged[i]
            if len(path) >= 2 and cell == path[-2]:
                todo.append((i + 1, path[:-1]))
            elif cell in neighbours.get(head, ()) and cell not in taken:
                todo.append((i + 1, (*path, cell)))
    return frozenset(shown)
