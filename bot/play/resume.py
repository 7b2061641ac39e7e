"""Resume a half-drawn path instead of starting blind: what to drag when part of a level is drawn.

A level can show a path already drawn: the bot's own drag stopped early (a stall, a release the
game kept), or a person began it. Detection reads the walked cells in order, start to head (the
cat's cell). The bot then finishes from the head when the rest can be solved from there; else it
drags back along the drawn path (each step back undoes one cell, as the game does) to the
latest cell from which a finish exists, or to the start, and goes on from there. Pure: boards
and cells in, a walk out.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from onestroke.solver.board import Board, Cell
from onestroke.solver.search import SolveResult, solve


@dataclass(frozen=True)
class Plan:
    """What to drag: the walk `walk`, of which `walk[:start+1]` is drawn already (start to head).

    `back` cells are undone first (`walk[start+1:start+1+back]` retraces the drawn path), then
    the rest takes new cells. `result` is the solver's answer for the part from the cell gone
    back to (its `status` is not "solved" when no finish exists at all).
    """

    walk: tuple[Cell, ...]
    start: int
    back: int
    result: SolveResult

    @property
    def solved(self) -> bool:
        return self.result.status == "solved"

    def describe(self) -> str | None:
        """A line for people when the plan is not the plain whole level, else None."""
        if self.start == 0:
            return None
        drawn = self.start + 1
        if self.back == 0:
            return f"{drawn} cells drawn already: finishing from the cat"
        if self.back == self.start:
            return f"{drawn} cells drawn already and no finish from any of them: undoing them all"
        return f"{drawn} cells drawn already, no finish from the cat: going back {self.back} cell(s) first"


def rest_of_level(board: Board, drawn: Sequence[Cell]) -> Board | None:
    """The level still to play once `drawn` (start to head) is drawn: the cells not drawn, from the head.

    None when the required end was drawn over before the last cell (no finish exists).
    """
    head = drawn[-1]
    left = (board.open_cells - set(drawn)) | {head}
    if board.end is not None and (board.end not in left or board.end == head):
        return None
    return Board(board.rows, board.cols, frozenset(left), head, board.end, board.moves)


def plan(board: Board, walked: Sequence[Cell], *, timeout: float = 5.0) -> Plan:
    """The walk to drag on `board` with `walked` (start to head; empty or the start alone: nothing drawn).

    From the head when a finish exists there; else from the latest drawn cell that has one; else
    from the start. `timeout` bounds the whole search; each drawn cell gets what is left of it.
    """
    walked = tuple(walked)
    problem = drawn_problem(board, walked)
    if problem:
        raise ValueError(f"the walked cells are not a path from the start on this board: {problem}")
    if len(walked) <= 1:
        result = solve(board, timeout=timeout)
        return Plan(tuple(result.path or (board.start,)), 0, 0, result)
    deadline = time.monotonic() + timeout
    head = len(walked) - 1
    for k in range(head, 0, -1):  # the latest drawn cell first: as little undone as can be
        rest = rest_of_level(board, walked[: k + 1])
        if rest is None:
            continue
        if len(rest) == 1:  # every cell drawn: nothing to finish from here
            continue
        result = solve(rest, timeout=max(0.05, deadline - time.monotonic()))
        if result.status == "solved" and result.path is not None:
            walk = (*walked, *reversed(walked[k:-1]), *result.path[1:])
            return Plan(walk, head, head - k, result)
        if time.monotonic() > deadline:
            break
    result = solve(board, timeout=max(0.05, deadline - time.monotonic()))
    path = tuple(result.path or (board.start,))
    return Plan((*walked, *reversed(walked[:-1]), *path[1:]), head, head, result)


def drawn_problem(board: Board, walked: Sequence[Cell]) -> str | None:
    """What is wrong with `walked` as the beginning of a path on `board` (None: nothing)."""
    if walked and walked[0] != board.start:
        return f"it begins at {walked[0]}, not at the start {board.start}"
    seen: set[Cell] = set()
    for i, cell in enumerate(walked):
        if cell not in board.open_cells or cell in seen:
            return f"cell {i} {cell} is not an open cell or is walked twice"
        if i and cell not in set(board.neighbours(walked[i - 1])):
            return f"cell {i} {cell} is not next to {walked[i - 1]}"
        seen.add(cell)
    return None


def drawn_after(walk: Sequence[Cell]) -> list[Cell]:
    """The path the game shows once `walk` is dragged: a step onto the cell before the head undoes
    the head, any other step takes a new cell (the rule `follow_route` expects)."""
    drawn: list[Cell] = []
    for cell in walk:
        if len(drawn) >= 2 and cell == drawn[-2]:
            drawn.pop()
        elif not drawn or cell != drawn[-1]:
            drawn.append(cell)
    return drawn
