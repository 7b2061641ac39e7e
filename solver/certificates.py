"""Certificates: cheap proofs that a board has no solution, each a one-line reason.

Cheapest first: checkerboard parity (4-moves; read off the board without building the grid),
connectivity from the start, dead ends, and cut cells (Tarjan's low-link: the parts a single cell
cuts off must be nested). Every check is linear in the board and reads the clock as it goes.
`cut_off_parts` is shared with the backtracker's pocket check.
"""

from __future__ import annotations

from collections.abc import Iterator

from onestroke.solver.board import Board, Cell
from onestroke.solver.grid import Grid, unreached
from onestroke.solver.limits import CHECK_EVERY, check, deadline_after, gc_paused, pieces


def cell_text(cell: Cell) -> str:
    """A cell as the messages write it: `[row, col]`."""
    return f"[{cell[0]}, {cell[1]}]"


def quick_certificate(board: Board, *, timeout: float | None = None) -> str | None:
    """A cheap proof that `board` has no solution, as a one-line reason, or None.

    Checks, cheapest first: checkerboard colour counts (4-moves: the path alternates colours,
    read off the board without building the grid); every open cell reachable from the start;
    dead ends (a cell with one neighbour must be the last cell); cut cells (removing a cell may
    leave at most two parts, one holding the start; the parts without it must be nested).
    Every check is linear in the board; SearchTimeout when `timeout` seconds pass first.
    """
    deadline = deadline_after(timeout)
    with gc_paused():
        return parity_problem(board, deadline) or grid_certificate(Grid(board, deadline), deadline)


def grid_certificate(grid: Grid, deadline: float | None = None, *, cut_cells: bool = True) -> str | None:
    """The certificates that need the grid (all but parity); `cut_cells=False` leaves out the
    slowest one, the cut-cell certificate (`solve` runs it after a short search on large boards)."""
    board = grid.board
    if len(board) == 1:
        return None
    if grid.bitset:
        reached = grid.spread(1 << grid.start, grid.mask)
        lost = grid.mask & ~reached
        first_lost = (lost & -lost).bit_length() - 1
    else:
        first_lost = unreached(grid.neighbours, grid.open, grid.start, deadline).find(1)
    grid.connected = first_lost < 0
    if first_lost >= 0:
        cell = grid.cells[first_lost]
        return f"disconnected: open cell {cell_text(cell)} cannot be reached from the start"
    return dead_end_problem(grid, deadline) or (cut_cell_problem(grid, deadline) if cut_cells else None)


def parity_problem(board: Board, deadline: float | None = None) -> str | None:
    """Checkerboard colours: a 4-move path alternates them, so their counts are fixed."""
    n = len(board)
    if board.moves != 4 or n == 1:
        return None
    colour = (board.start[0] + board.start[1]) & 1
    same = 0
    for part in pieces(board.cells, deadline):
        same += sum(1 for r, c in part if (r + c) & 1 == colour)
    other = n - same
    need_same, need_other = (n + 1) // 2, n // 2
    if (same, other) != (need_same, need_other):
        return (
            f"parity: {same} open cells share the start's checkerboard colour and {other} do not;"
            f" a path of {n} cells from the start needs {need_same} and {need_other}"
        )
    if board.end is not None:
        end_same = (board.end[0] + board.end[1]) & 1 == colour
        if end_same != (n % 2 == 1):
            return (
                f"parity: a path of {n} cells from the start ends on "
                f"{'the same' if n % 2 else 'the other'} checkerboard colour, but the end "
                f"{cell_text(board.end)} is on {'the same' if end_same else 'the other'}"
            )
    return None


def dead_end_problem(grid: Grid, deadline: float | None = None) -> str | None:
    board = grid.board
    nbrs, start = grid.neighbours, grid.start
    dead: list[int] = []
    for part in pieces(grid.order, deadline):
        dead += [i for i in part if i != start and len(nbrs[i]) == 1]
        if len(dead) > 1:
            break  # two are enough for every message below
    if board.end is not None:
        wrong = [i for i in dead if i != grid.end]
        if wrong:
            return (
                f"dead end: open cell {cell_text(grid.cells[wrong[0]])} has one neighbour, so it must"
                f" be the path's last cell, but the required end is {cell_text(board.end)}"
            )
    if len(dead) > 1:
        a, b = grid.cells[dead[0]], grid.cells[dead[1]]
        return (
            f"dead ends: open cells {cell_text(a)} and {cell_text(b)} have one neighbour each;"
            " only one of them can be the path's last cell"
        )
    if dead and len(board) > 2 and grid.neighbours[dead[0]] == (grid.start,):
        return (
            f"dead end: open cell {cell_text(grid.cells[dead[0]])} touches only the start, so the"
            f" path would end after 2 of {len(board)} cells"
        )
    return None


def cut_cell_problem(grid: Grid, deadline: float | None = None) -> str | None:
    """Cut cells that no path can pass: a certificate from the articulation points.

    The path minus one cell v is at most two pieces: the part before v (holding the start) and
    the part after it (holding the end, when there is one). So removing v may cut off at most
    one part without the start, the path ends inside every such part, and hence those parts
    must be nested (and hold the required end). Articulation points come from one iterative
    depth-first search from the start (`cut_off_parts`, shared with the pocket check).
    """
    board = grid.board
    root = grid.start
    disc = [-1] * grid.size
    finish = [0] * grid.size
    # (cut cell, root of the subtree it cuts off); every open cell takes part
    cut_off = list(cut_off_parts(grid.neighbours, root, grid.open, disc, finish, deadline))
    start_parts = []
    parts = []
    for piece in pieces(cut_off, deadline):
        for v, child in piece:
            (start_parts if v == root else parts).append((v, child))
    if len(start_parts) > 1:
        return (
            f"cut cell: removing the start {cell_text(board.start)} leaves {len(start_parts)} separate"
            " parts; the path cannot come back to reach them all"
        )
    if not parts:
        return None
    per_cell: dict[int, int] = {}
    for piece in pieces(parts, deadline):
        for v, _ in piece:
            per_cell[v] = per_cell.get(v, 0) + 1
            if per_cell[v] >= 2:
                return (
                    f"cut cell: removing open cell {cell_text(grid.cells[v])} leaves {per_cell[v] + 1}"
                    " parts; a path through it once can join at most two"
                )
    end = grid.end
    if end >= 0:
        for piece in pieces(parts, deadline):
            for v, child in piece:
                if v == end:
                    return (
                        f"cut cell: the required end {cell_text(board.end)} separates the board; the"
                        " path cannot end there and still visit both sides"
                    )
                if not disc[child] <= disc[end] < finish[child]:
                    return (
                        f"cut cell: open cell {cell_text(grid.cells[v])} cuts off a part without the"
                        f" start or the required end {cell_text(board.end)}"
                    )
    # the path ends inside every cut-off part, so they must be nested: one chain of subtrees,
    # in the order of discovery (disc values are unique: a bucket per value, no sort)
    by_disc: list[tuple[int, int] | None] = [None] * (max(finish) + 1)
    for piece in pieces(parts, deadline):
        for part in piece:
            by_disc[disc[part[1]]] = part
    chain = [part for part in by_disc if part is not None]
    for k in range(0, len(chain) - 1, CHECK_EVERY):
        check(deadline)
        pairs = zip(chain[k : k + CHECK_EVERY], chain[k + 1 : k + CHECK_EVERY + 1], strict=False)
        for (v1, outer), (v2, inner) in pairs:
            if not finish[inner] < finish[outer]:
                return (
                    f"cut cells: open cells {cell_text(grid.cells[v1])} and {cell_text(grid.cells[v2])}"
                    " each cut off a part without the start; the path can end in only one of them"
                )
    return None


def cut_off_parts(
    nbrs: list[tuple[int, ...]],
    root: int,
    usable: bytearray,
    disc: list[int],
    finish: list[int],
    deadline: float | None = None,
) -> Iterator[tuple[int, int]]:
    """Each (cut cell, root of the part it cuts off), from one depth-first search from `root`.

    The search runs over the cells with `usable[i]` set, and the root; a cut-off part is a DFS
    subtree, yielded when it is finished (Tarjan's low-link, iterative). `disc` (all -1) and
    `finish` receive each cell's discovery and finishing counts: part B lies inside part A
    when disc[A] <= disc[B] and finish[B] < finish[A]. The root's own children are yielded too.
    The clock is read every CHECK_EVERY discovered or finished cells.
    """
    size = len(disc)
    low = [0] * size
    parent = [-1] * size
    disc[root] = 0
    stack = [(root, iter(nbrs[root]))]
    counter = 1
    check_at = CHECK_EVERY
    while stack:
        v, it = stack[-1]
        for w in it:
            if not usable[w] and w != root:
                continue
            if disc[w] < 0:
                disc[w] = low[w] = counter
                counter += 1
                parent[w] = v
                stack.append((w, iter(nbrs[w])))
                if counter > check_at:  # a corridor is discovered whole before anything finishes
                    check(deadline)
                    check_at += CHECK_EVERY
                break
            if w != parent[v] and disc[w] < low[v]:
                low[v] = disc[w]
        else:
            stack.pop()
            finish[v] = counter
            counter += 1
            if counter > check_at:
                check(deadline)
                check_at += CHECK_EVERY
            p = parent[v]
            if p >= 0:
                if low[v] < low[p]:
                    low[p] = low[v]
                if low[v] >= disc[p]:
                    yield p, v
