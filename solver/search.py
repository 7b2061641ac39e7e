"""Hamiltonian paths with a fixed start: certificates, a pruned backtracker and the `solve` portfolio.

The backtracker keeps the grid in a padded layout (one blank column and row around the board)
so that a cell's neighbours are constant index offsets and the unvisited cells fit in one
Python int whose shifts never wrap around a row. Per step it keeps, for every unvisited cell,
the number of free neighbours (unvisited cells plus the path's head), which gives the
dead-end rule in O(1): a cell with one free neighbour must be the path's last cell, so two of
them (or one that is not the required end) end the branch. The unvisited region must stay
connected; a look at the 8 cells around the new head decides that locally in most steps, and a
bitset flood fill settles the rest (followed, in long searches, by the cut-cell certificate on
the unvisited cells: the pockets behind narrow places must be nested). Moves are tried
most-constrained first (Warnsdorff).

`solve` runs the certificates of `quick_certificate`, then the backtracker with a small budget,
then the exact SAT engine (`solver.exact`) for what the backtracker did not finish.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from onestroke.solver import exact  # imported here (about 30 ms, once) so that no solve pays for it
from onestroke.solver.board import Board, Cell, steps_for
from onestroke.solver.padded import RING, SPLITS, PaddedGrid

Status = Literal["solved", "unsolvable", "timeout"]


class SearchTimeout(TimeoutError):
    """The search ran out of time (or of its node budget) before it finished."""


@dataclass(frozen=True)
class SolveResult:
    """What `solve` found: a path, a proof that there is none, or a timeout."""

    status: Status
    path: tuple[Cell, ...] | None = None
    reason: str | None = None
    seconds: float = 0.0
    engine: str = ""

    @property
    def solvable(self) -> bool | None:
        """True when solved, False when proved unsolvable, None when undecided (timeout)."""
        if self.status == "solved":
            return True
        if self.status == "unsolvable":
            return False
        return None


# -- the padded grid --------------------------------------------------------------------------


class Grid(PaddedGrid):
    """A board in padded index form (`solver.padded`), with what the searches need of it."""

    def __init__(self, board: Board) -> None:
        super().__init__(board.rows, board.cols)
        self.board = board
        self.moves = board.moves
        self.open = bytearray(self.size)
        self.cells: list[Cell] = [(-1, -1)] * self.size
        width = self.width
        order = []
        for r, c in board.cells:
            i = (r + 1) * width + c + 1
            self.open[i] = 1
            self.cells[i] = (r, c)
            order.append(i)
        self.order = tuple(order)
        self.start = self.index(board.start)
        self.end = self.index(board.end) if board.end is not None else -1
        is_open = self.open
        offsets = self.offsets(steps_for(board.moves))
        self.neighbours: list[tuple[int, ...]] = [()] * self.size
        for i in order:
            self.neighbours[i] = tuple([i + d for d in offsets if is_open[i + d]])
        # one int from the byte-per-cell array: far cheaper than summing n big powers of two
        packed = bytearray(self.size // 8 + 1)
        for i in order:
            packed[i >> 3] |= 1 << (i & 7)
        self.mask = int.from_bytes(packed, "little")
        # the 8 surrounding cells, clockwise from north, for the local cut test
        self.ring = self.offsets(RING)
        self.splits = SPLITS[board.moves]

    def spread(self, seed: int, region: int) -> int:
        """The cells of `region` reachable from the bits of `seed` (bitset flood fill)."""
        w = self.width
        reached = seed & region
        if self.moves == 4:
            while True:
                grown = (reached | reached << 1 | reached >> 1 | reached << w | reached >> w) & region
                if grown == reached:
                    return reached
                reached = grown
        while True:
            side = reached | reached << 1 | reached >> 1
            grown = (side | side << w | side >> w) & region
            if grown == reached:
                return reached
            reached = grown


# -- certificates -----------------------------------------------------------------------------


def _cell_text(cell: Cell) -> str:
    return f"[{cell[0]}, {cell[1]}]"


def quick_certificate(board: Board) -> str | None:
    """A cheap proof that `board` has no solution, as a one-line reason, or None.

    Checks, cheapest first: checkerboard colour counts (4-moves: the path alternates colours,
    read off the board without building the grid); every open cell reachable from the start;
    dead ends (a cell with one neighbour must be the last cell); cut cells (removing a cell may
    leave at most two parts, one holding the start; the parts without it must be nested).
    """
    return _parity_problem(board) or _certificate(Grid(board))


def _certificate(grid: Grid) -> str | None:
    """The certificates that need the grid (all but parity)."""
    board = grid.board
    if len(board) == 1:
        return None
    reached = grid.spread(1 << grid.start, grid.mask)
    if reached != grid.mask:
        lost = grid.mask & ~reached
        cell = grid.cells[(lost & -lost).bit_length() - 1]
        return f"disconnected: open cell {_cell_text(cell)} cannot be reached from the start"
    return _dead_end_problem(grid) or _cut_cell_problem(grid)


def _parity_problem(board: Board) -> str | None:
    """Checkerboard colours: a 4-move path alternates them, so their counts are fixed."""
    n = len(board)
    if board.moves != 4 or n == 1:
        return None
    colour = (board.start[0] + board.start[1]) & 1
    same = sum(1 for r, c in board.open_cells if (r + c) & 1 == colour)
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
                f"{_cell_text(board.end)} is on {'the same' if end_same else 'the other'}"
            )
    return None


def _dead_end_problem(grid: Grid) -> str | None:
    board = grid.board
    dead = [i for i in grid.order if i != grid.start and len(grid.neighbours[i]) == 1]
    if board.end is not None:
        wrong = [i for i in dead if i != grid.end]
        if wrong:
            return (
                f"dead end: open cell {_cell_text(grid.cells[wrong[0]])} has one neighbour, so it must"
                f" be the path's last cell, but the required end is {_cell_text(board.end)}"
            )
    if len(dead) > 1:
        a, b = grid.cells[dead[0]], grid.cells[dead[1]]
        return (
            f"dead ends: open cells {_cell_text(a)} and {_cell_text(b)} have one neighbour each;"
            " only one of them can be the path's last cell"
        )
    if dead and len(board) > 2 and grid.neighbours[dead[0]] == (grid.start,):
        return (
            f"dead end: open cell {_cell_text(grid.cells[dead[0]])} touches only the start, so the"
            f" path would end after 2 of {len(board)} cells"
        )
    return None


def _cut_cell_problem(grid: Grid) -> str | None:
    """Cut cells that no path can pass: a certificate from the articulation points.

    The path minus one cell v is at most two pieces: the part before v (holding the start) and
    the part after it (holding the end, when there is one). So removing v may cut off at most
    one part without the start, the path ends inside every such part, and hence those parts
    must be nested (and hold the required end). Articulation points come from one iterative
    depth-first search from the start (`_cut_off_parts`, shared with the pocket check).
    """
    board = grid.board
    root = grid.start
    disc = [-1] * grid.size
    finish = [0] * grid.size
    # (cut cell, root of the subtree it cuts off); every open cell takes part
    cut_off = list(_cut_off_parts(grid.neighbours, root, grid.open, disc, finish))
    start_parts = [child for v, child in cut_off if v == root]
    if len(start_parts) > 1:
        return (
            f"cut cell: removing the start {_cell_text(board.start)} leaves {len(start_parts)} separate"
            " parts; the path cannot come back to reach them all"
        )
    parts = [(v, child) for v, child in cut_off if v != root]
    if not parts:
        return None
    per_cell: dict[int, int] = {}
    for v, _ in parts:
        per_cell[v] = per_cell.get(v, 0) + 1
        if per_cell[v] >= 2:
            return (
                f"cut cell: removing open cell {_cell_text(grid.cells[v])} leaves {per_cell[v] + 1} parts;"
                " a path through it once can join at most two"
            )
    end = grid.end
    if end >= 0:
        for v, child in parts:
            if v == end:
                return (
                    f"cut cell: the required end {_cell_text(board.end)} separates the board; the path"
                    " cannot end there and still visit both sides"
                )
            if not disc[child] <= disc[end] < finish[child]:
                return (
                    f"cut cell: open cell {_cell_text(grid.cells[v])} cuts off a part without the start"
                    f" or the required end {_cell_text(board.end)}"
                )
    # the path ends inside every cut-off part, so they must be nested: one chain of subtrees
    parts.sort(key=lambda part: disc[part[1]])
    for (v1, outer), (v2, inner) in zip(parts, parts[1:], strict=False):
        if not finish[inner] < finish[outer]:
            return (
                f"cut cells: open cells {_cell_text(grid.cells[v1])} and {_cell_text(grid.cells[v2])} each"
                " cut off a part without the start; the path can end in only one of them"
            )
    return None


def _cut_off_parts(
    nbrs: list[tuple[int, ...]], root: int, usable: bytearray, disc: list[int], finish: list[int]
) -> Iterator[tuple[int, int]]:
    """Each (cut cell, root of the part it cuts off), from one depth-first search from `root`.

    The search runs over the cells with `usable[i]` set, and the root; a cut-off part is a DFS
    subtree, yielded when it is finished (Tarjan's low-link, iterative). `disc` (all -1) and
    `finish` receive each cell's discovery and finishing counts: part B lies inside part A
    when disc[A] <= disc[B] and finish[B] < finish[A]. The root's own children are yielded too.
    """
    size = len(disc)
    low = [0] * size
    parent = [-1] * size
    disc[root] = 0
    stack = [(root, iter(nbrs[root]))]
    counter = 1
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
                break
            if w != parent[v] and disc[w] < low[v]:
                low[v] = disc[w]
        else:
            stack.pop()
            finish[v] = counter
            counter += 1
            p = parent[v]
            if p >= 0:
                if low[v] < low[p]:
                    low[p] = low[v]
                if low[v] >= disc[p]:
                    yield p, v


# -- the backtracker --------------------------------------------------------------------------


def _search(
    grid: Grid,
    deadline: float | None = None,
    max_nodes: int | None = None,
    *,
    dead_ends: bool = True,
    warnsdorff: bool = True,
    connectivity: bool = True,
    local_cut: bool = True,
    pockets: bool = True,
) -> Iterator[list[int]]:
    """Every Hamiltonian path of the grid from its start, as padded indices (list is reused).

    Raises SearchTimeout past `deadline` (perf_counter) or after `max_nodes` steps. The keyword
    switches turn single prunings off, for the benchmark's one-at-a-time measurements; `solve`
    turns `pockets` off for its short first stage (measured in docs/solver.md).
    """
    n = len(grid.order)
    start, end = grid.start, grid.end
    nbrs = grid.neighbours
    if n == 1:
        yield [start]
        return
    free = bytearray(grid.open)
    free[start] = 0
    fbits = grid.mask & ~(1 << start)
    deg = [0] * grid.size
    dead = zero = 0
    for i in grid.order:
        if i != start:
            d = sum(1 for j in nbrs[i] if free[j] or j == start)
            deg[i] = d
            if d == 1:
                dead += 1
            elif d == 0:
                zero += 1
    if connectivity and grid.spread(fbits & -fbits, fbits) != fbits:
        return
    # the dead-end rule that each move re-checks below, written out there too: a shared helper
    # would cost a call per step on the hot path
    if dead_ends and (zero or (dead - (deg[end] == 1) > 0 if end >= 0 else dead > 1)):
        return

    ring = grid.ring
    size = grid.size
    splits = grid.splits
    spread = grid.spread
    path = [start]
    # one frame per path cell: the moves still to try from it, best last (so pop() takes it)
    frames: list[list[int]] = []
    nodes = 0
    check_every = 512
    limit = max_nodes if max_nodes is not None else -1

    def moves_from(head: int) -> list[int]:
        remaining = n - len(path)
        options = [j for j in nbrs[head] if free[j]]
        if dead_ends:
            for j in options:
                if deg[j] == 1:  # a dead end next to the head: it must be the very next, and last, cell
                    return [j] if remaining == 1 else []
        if end >= 0 and remaining > 1 and free[end] and end in options:
            options.remove(end)
        if warnsdorff and len(options) > 1:
            options.sort(key=deg.__getitem__, reverse=True)
        return options

    frames.append(moves_from(start))
    while frames:
        options = frames[-1]
        if not options:
            frames.pop()
            # undo the move into path[-1]
            c = path.pop()
            if not path:
                return
            h = path[-1]
            for x in nbrs[h]:
                if free[x]:
                    d = deg[x]
                    if d == 1:
                        dead -= 1
                    elif d == 0:
                        zero -= 1
                        dead += 1
                    deg[x] = d + 1
            free[c] = 1
            fbits |= 1 << c
            if deg[c] == 1:
                dead += 1
            continue
        c = options.pop()
        h = path[-1]
        nodes += 1
        if nodes & (check_every - 1) == 0 and deadline is not None and time.perf_counter() > deadline:
            raise SearchTimeout(f"search stopped after {nodes} steps")
        if nodes == limit:
            raise SearchTimeout(f"search stopped after {nodes} steps")
        # do the move h -> c
        free[c] = 0
        fbits ^= 1 << c
        if deg[c] == 1:
            dead -= 1
        for x in nbrs[h]:
            if free[x]:
                d = deg[x] - 1
                deg[x] = d
                if d == 1:
                    dead += 1
                elif d == 0:
                    dead -= 1
                    zero += 1
        path.append(c)
        remaining = n - len(path)
        ok = True
        if remaining == 0:
            if end < 0 or c == end:
                yield path
            ok = False
        elif not dead_ends:
            pass
        elif zero:
            ok = False
        elif end >= 0:
            ok = dead - (deg[end] == 1) == 0
        else:
            ok = dead <= 1
        if ok and connectivity:
            if local_cut:
                pattern = 0
                for k in range(8):
                    if free[c + ring[k]]:
                        pattern |= 1 << k
                if splits[pattern]:
                    ok = spread(fbits & -fbits, fbits) == fbits
                    # still connected, but through a narrow place: look for pockets behind it
                    if ok and pockets:
                        ok = _pockets_ok(c, free, nbrs, end, size)
            else:
                ok = spread(fbits & -fbits, fbits) == fbits
        frames.append(moves_from(c) if ok else [])


def _pockets_ok(head: int, free: bytearray, nbrs: list[tuple[int, ...]], end: int, size: int) -> bool:
    """The cut-cell certificate on the unvisited cells, with the head as the start.

    Each part that a single cell cuts off from the head must hold the path's end, so there is at
    most one per cell and they are nested (and hold the required end, if any).
    """
    disc = [-1] * size
    finish = [0] * size
    pockets: list[int] = []  # roots of the cut-off subtrees, each hanging off a non-root cell
    cut_cells: set[int] = set()
    for cut, top in _cut_off_parts(nbrs, head, free, disc, finish):
        if cut == head:
            continue
        if cut in cut_cells or cut == end:
            return False
        cut_cells.add(cut)
        pockets.append(top)
    if end >= 0:
        for top in pockets:
            if not disc[top] <= disc[end] < finish[top]:
                return False
    pockets.sort(key=disc.__getitem__)
    return all(finish[inner] < finish[outer] for outer, inner in zip(pockets, pockets[1:], strict=False))


def iter_paths(board: Board, *, timeout: float | None = None) -> Iterator[tuple[Cell, ...]]:
    """Every solution of `board` (each a tuple of cells from the start), in search order.

    Raises SearchTimeout when `timeout` seconds pass before the search is complete.
    """
    deadline = None if timeout is None else time.perf_counter() + timeout
    if _parity_problem(board) is not None:
        return
    grid = Grid(board)
    if _certificate(grid) is not None:
        return
    cells = grid.cells
    for path in _search(grid, deadline):
        yield tuple(cells[i] for i in path)


def count_paths(board: Board, *, timeout: float | None = None) -> int:
    """The number of solutions of `board` (from the same generator as `iter_paths`)."""
    return sum(1 for _ in iter_paths(board, timeout=timeout))


def first_path(
    grid: Grid, deadline: float | None = None, max_nodes: int | None = None, **switches: bool
) -> list[int] | None:
    """One solution in padded indices, None when there is none; SearchTimeout when undecided."""
    for path in _search(grid, deadline, max_nodes, **switches):
        return list(path)
    return None


def solve(
    board: Board, timeout: float = 10.0, *, engine: str = "auto", search_nodes: int | None = None
) -> SolveResult:
    """Solve `board` within about `timeout` seconds.

    engine: "auto" (certificates, then the backtracker with a small budget, then the exact
    engine), "search" (certificates and the backtracker only) or "exact" (certificates and the
    SAT engine only). `search_nodes` overrides the backtracker's step budget in "auto".
    """
    began = time.perf_counter()
    deadline = began + timeout
    if engine not in ("auto", "search", "exact"):
        raise ValueError(f"engine must be auto, search or exact, not {engine!r}")
    reason = _parity_problem(board)
    if reason is not None:
        return SolveResult("unsolvable", None, reason, time.perf_counter() - began, "certificate")
    grid = Grid(board)
    reason = _certificate(grid)
    if reason is not None:
        return SolveResult("unsolvable", None, reason, time.perf_counter() - began, "certificate")
    if engine in ("auto", "search"):
        budget = None if engine == "search" else search_nodes or _search_budget(len(grid.order))
        try:
            # the pocket check pays off only in long searches, not within the portfolio's budget
            found = first_path(grid, deadline, budget, pockets=budget is None)
        except SearchTimeout:
            if engine == "search" or time.perf_counter() >= deadline:
                return _timed_out(timeout, began, "search")
        else:
            if found is None:
                reason = "exhaustive search: no path covers every open cell"
                return SolveResult("unsolvable", None, reason, time.perf_counter() - began, "search")
            path = tuple(grid.cells[i] for i in found)
            return SolveResult("solved", path, None, time.perf_counter() - began, "search")
    outcome = exact.solve_exact(board, deadline)
    seconds = time.perf_counter() - began
    if outcome is None:
        return _timed_out(timeout, began, "exact")
    if outcome is False:
        return SolveResult(
            "unsolvable", None, "exact search (SAT): no path covers every open cell", seconds, "exact"
        )
    return SolveResult("solved", tuple(outcome), None, seconds, "exact")


def _search_budget(n: int) -> int:
    """Backtracking steps to try before handing the board to the exact engine.

    A path needs n - 1 steps; easy boards finish within about that, and the boards that do not
    tend to be the ones where backtracking explodes while SAT takes milliseconds. Measured on the
    benchmark corpus (docs/solver.md): as good as n + 50, better than 4n, 8n, 32n or a flat 20,000.
    """
    return 2 * n + 50


def _timed_out(timeout: float, began: float, engine: str) -> SolveResult:
    return SolveResult("timeout", None, f"timeout after {timeout:g} s", time.perf_counter() - began, engine)
