"""The one independent path checker.

Deliberately shares no code with the board's neighbour logic or the search: it re-derives
adjacency from coordinates so that a bug there cannot hide a bad path here.
"""

from __future__ import annotations

from collections.abc import Sequence

from onestroke.plural import counted
from onestroke.solver.board import Board


def path_problem(board: Board, path: Sequence[Sequence[int]]) -> str | None:
    """Why `path` is not a solution of `board`, or None when it is one."""
    cells = [tuple(p) for p in path]
    if not cells:
        return "path is empty"
    if cells[0] != board.start:
        return f"path starts at {list(cells[0])}, not at the start {list(board.start)}"
    seen: set[tuple[int, ...]] = set()
    for i, cell in enumerate(cells):
        if len(cell) != 2:
            return f"step {i}: {cell!r} is not a (row, col) pair"
        if cell not in board.open_cells:
            return f"step {i}: {list(cell)} is not an open cell"
        if cell in seen:
            return f"step {i}: {list(cell)} visited twice"
        seen.add(cell)
        if i:
            dr = abs(cell[0] - cells[i - 1][0])
            dc = abs(cell[1] - cells[i - 1][1])
            adjacent = dr + dc == 1 if board.moves == 4 else max(dr, dc) == 1
            if not adjacent:
                return f"step {i}: {list(cells[i - 1])} -> {list(cell)} is not a {board.moves}-neighbour move"
    if board.end is not None and cells[-1] != board.end:
        return f"path ends at {list(cells[-1])}, not at the required end {list(board.end)}"
    missing = len(board.open_cells) - len(seen)
    if missing:
        first = min(board.open_cells - seen)
        return f"path misses {counted(missing, 'open cell')}, e.g. {list(first)}"
    return None


def is_valid_path(board: Board, path: Sequence[Sequence[int]]) -> bool:
    """True when `path` starts at S, covers every open cell once by legal moves, ends at E."""
    return path_problem(board, path) is None
