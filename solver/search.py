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
from itertools import islice
from typing import Literal

from onestroke.solver import exact  # imported here (about 30 ms, once) so that no solve pays for it
from onestroke.solver.board import Board, Cell, steps_for
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.limits import CHECK_EVERY, check, deadline_after, gc_paused, pieces
from onestroke.solver.padded import RING, SPLITS, PaddedGrid

__all__ = [
    "SearchTimeout",
    "SolveResult",
    "count_paths",
    "first_path",
    "iter_paths",
    "quick_certificate",
    "solve",
]

Status = Literal["solved", "unsolvable", "timeout"]

BITSET_LIMIT = 1 << 14
"""Grids of up to this many padded positions keep the unvisited cells in one int as well.

A bitset flood fill costs (rounds) x (grid size / 30) digit operations and keeping the int costs
O(grid size) per step, which is cheap on game-size boards and quadratic on long corridors (a
1x200,000 row took 28 s); larger grids use a breadth-first fill over a byte array, linear in
the cells reached (measured in docs/solver.md, "Hard limits").
"""


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
    """A board in padded index form (`solver.padded`), with what the searches need of it.

    Built in slices with the clock read between them (`deadline`, a perf_counter time): a
    million-cell board takes about a second. `bitset` (default: the grid has at most
    BITSET_LIMIT positions) also packs the open cells into the int `mask`.
    """

    def __init__(self, board: Board, deadline: float | None = None, *, bitset: bool | None = None) -> None:
        super().__init__(board.rows, board.cols)
        self.board = board
        self.moves = board.moves
        self.bitset = self.size <= BITSET_LIMIT if bitset is None else bitset
        width = self.width
        is_open = self.open = bytearray(self.size)
        cells: list[Cell] = [(-1, -1)] * self.size
        order: list[int] = []
        for part in pieces(board.cells, deadline):
            for cell in part:
                i = (cell[0] + 1) * width + cell[1] + 1
                is_open[i] = 1
                cells[i] = cell
                order.append(i)
        self.cells = cells
        self.order = tuple(order)
        self.start = self.index(board.start)
        self.end = self.index(board.end) if board.end is not None else -1
        offsets = self.offsets(steps_for(board.moves))
        # each open index as one int object, shared by every neighbour tuple that names it: a
        # million-cell 8-move board held 8 million copies (224 MB) otherwise
        named: list[int | None] = [None] * self.size
        for part in pieces(order, deadline):
            for i in part:
                named[i] = i
        nbrs: list[tuple[int, ...]] = [()] * self.size
        for part in pieces(order, deadline):
            for i in part:
                nbrs[i] = tuple([j for d in offsets if (j := named[i + d]) is not None])
        self.neighbours = nbrs
        self.mask = 0
        if self.bitset:
            # one int from the byte-per-cell array: far cheaper than summing n big powers of two
            packed = bytearray(self.size // 8 + 1)
            for i in order:
                packed[i >> 3] |= 1 << (i & 7)
            self.mask = int.from_bytes(packed, "little")
        self.connected = False  # True once a certificate found every open cell reachable from the start
        # the 8 surrounding cells, clockwise from north, for the local cut test
        self.ring = self.offsets(RING)
        self.splits = SPLITS[board.moves]

    def spread(self, seed: int, region: int) -> int:
        """The cells of `region` reachable from the bits of `seed` (bitset flood fill).

        One round per step of distance from the seed, each O(grid size): for bitset grids only.
        """
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


def _unreached(
    nbrs: list[tuple[int, ...]], usable: bytearray, seed: int, deadline: float | None
) -> bytearray:
    """A copy of `usable` with the cells reachable from `seed` through usable cells cleared.

    Breadth-first over the neighbour lists: linear in the cells reached whatever the shape of
    the region (the bitset fill needs one pass over the whole grid per step of distance, which
    is quadratic on corridors). Connected when the result has no 1 left (`find(1) < 0`).
    """
    left = bytearray(usable)
    left[seed] = 0
    todo = [seed]
    queue = iter(todo)  # one iterator, so each slice goes on where the last one stopped
    taken = 0
    while taken < len(todo):
        check(deadline)
        for v in islice(queue, CHECK_EVERY):  # reads cells appended during the loop too
            for w in nbrs[v]:
                if left[w]:
                    left[w] = 0
                    todo.append(w)
        taken += CHECK_EVERY
    return left


# -- certificates -----------------------------------------------------------------------------


def _cell_text(cell: Cell) -> str:
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
        return _parity_problem(board, deadline) or _certificate(Grid(board, deadline), deadline)


def _certificate(grid: Grid, deadline: float | None = None, *, cut_cells: bool = True) -> str | None:
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
        first_lost = _unreached(grid.neighbours, grid.open, grid.start, deadline).find(1)
    grid.connected = first_lost < 0
    if first_lost >= 0:
        cell = grid.cells[first_lost]
        return f"disconnected: open cell {_cell_text(cell)} cannot be reached from the start"
    return _dead_end_problem(grid, deadline) or (_cut_cell_problem(grid, deadline) if cut_cells else None)


def _parity_problem(board: Board, deadline: float | None = None) -> str | None:
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
                f"{_cell_text(board.end)} is on {'the same' if end_same else 'the other'}"
            )
    return None


def _dead_end_problem(grid: Grid, deadline: float | None = None) -> str | None:
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


def _cut_cell_problem(grid: Grid, deadline: float | None = None) -> str | None:
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
    cut_off = list(_cut_off_parts(grid.neighbours, root, grid.open, disc, finish, deadline))
    start_parts = []
    parts = []
    for piece in pieces(cut_off, deadline):
        for v, child in piece:
            (start_parts if v == root else parts).append((v, child))
    if len(start_parts) > 1:
        return (
            f"cut cell: removing the start {_cell_text(board.start)} leaves {len(start_parts)} separate"
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
                    f"cut cell: removing open cell {_cell_text(grid.cells[v])} leaves {per_cell[v] + 1}"
                    " parts; a path through it once can join at most two"
                )
    end = grid.end
    if end >= 0:
        for piece in pieces(parts, deadline):
            for v, child in piece:
                if v == end:
                    return (
                        f"cut cell: the required end {_cell_text(board.end)} separates the board; the"
                        " path cannot end there and still visit both sides"
                    )
                if not disc[child] <= disc[end] < finish[child]:
                    return (
                        f"cut cell: open cell {_cell_text(grid.cells[v])} cuts off a part without the"
                        f" start or the required end {_cell_text(board.end)}"
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
                    f"cut cells: open cells {_cell_text(grid.cells[v1])} and {_cell_text(grid.cells[v2])}"
                    " each cut off a part without the start; the path can end in only one of them"
                )
    return None


def _cut_off_parts(
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

    Raises SearchTimeout past `deadline` (perf_counter) or after `max_nodes` steps. The clock is
    read every 512 steps and after every flood fill (a fill costs far more than the reading).
    The keyword switches turn single prunings off, for the benchmark's one-at-a-time
    measurements; `solve` turns `pockets` off for its short first stage (measured in
    docs/solver.md).
    """
    n = len(grid.order)
    start, end = grid.start, grid.end
    nbrs = grid.neighbours
    if n == 1:
        yield [start]
        return
    free = bytearray(grid.open)
    free[start] = 0
    # bitset grids keep the unvisited cells as an int too (cheap there); larger ones fill over `free`
    bitset = grid.bitset
    fbits = grid.mask & ~(1 << start) if bitset else 0
    deg = [0] * grid.size
    dead = zero = 0
    for part in pieces(grid.order, deadline):
        for i in part:
            if i != start:
                d = len(nbrs[i])  # every open neighbour is free or the start
                deg[i] = d
                if d == 1:
                    dead += 1
                elif d == 0:
                    zero += 1
    if connectivity and not grid.connected:
        if bitset:
            if grid.spread(fbits & -fbits, fbits) != fbits:
                return
        elif _unreached(nbrs, free, free.find(1), deadline).find(1) >= 0:
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
            if bitset:
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
        if bitset:
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
                # a head with one free neighbour besides the old head joins nothing: no split (and
                # no ring to read, which is most steps: Warnsdorff favours such cells)
                pattern = 0
                if deg[c] > 2:
                    for k in range(8):
                        if free[c + ring[k]]:
                            pattern |= 1 << k
                if splits[pattern]:
                    if bitset:
                        ok = spread(fbits & -fbits, fbits) == fbits
                    else:
                        ok = _unreached(nbrs, free, free.find(1), deadline).find(1) < 0
                    if deadline is not None and time.perf_counter() > deadline:
                        raise SearchTimeout(f"search stopped after {nodes} steps")
                    # still connected, but through a narrow place: look for pockets behind it
                    if ok and pockets:
                        ok = _pockets_ok(c, free, nbrs, end, size, deadline)
            else:
                if bitset:
                    ok = spread(fbits & -fbits, fbits) == fbits
                else:
                    ok = _unreached(nbrs, free, free.find(1), deadline).find(1) < 0
                if deadline is not None and time.perf_counter() > deadline:
                    raise SearchTimeout(f"search stopped after {nodes} steps")
        if not ok:
            frames.append([])
            continue
        options = [j for j in nbrs[c] if free[j]]
        if len(options) == 1:  # a corridor (most steps on long ones): moves_from's answer, inline
            j = options[0]
            if (dead_ends and deg[j] == 1 and remaining != 1) or (j == end and remaining > 1):
                options.pop()
            frames.append(options)
        else:
            frames.append(moves_from(c))


def _pockets_ok(
    head: int, free: bytearray, nbrs: list[tuple[int, ...]], end: int, size: int, deadline: float | None
) -> bool:
    """The cut-cell certificate on the unvisited cells, with the head as the start.

    Each part that a single cell cuts off from the head must hold the path's end, so there is at
    most one per cell and they are nested (and hold the required end, if any).
    """
    disc = [-1] * size
    finish = [0] * size
    pockets: list[int] = []  # roots of the cut-off subtrees, each hanging off a non-root cell
    cut_cells: set[int] = set()
    for cut, top in _cut_off_parts(nbrs, head, free, disc, finish, deadline):
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
    deadline = deadline_after(timeout)
    with gc_paused():
        if _parity_problem(board, deadline) is not None:
            return
        grid = Grid(board, deadline)
        if _certificate(grid, deadline) is not None:
            return
    cells = grid.cells
    for path in _search(grid, deadline):
        yield tuple(map(cells.__getitem__, path))


def count_paths(board: Board, *, timeout: float | None = None) -> int:
    """The number of solutions of `board` (from the same generator as `iter_paths`)."""
    return sum(1 for _ in iter_paths(board, timeout=timeout))


def first_path(board: Board, *, timeout: float | None = None) -> tuple[Cell, ...] | None:
    """The first solution of `iter_paths`, None when there is none; SearchTimeout when undecided."""
    return next(iter_paths(board, timeout=timeout), None)


def _first_path(
    grid: Grid, deadline: float | None = None, max_nodes: int | None = None, **switches: bool
) -> list[int] | None:
    """The backtracker's first solution in padded indices, None when there is none (no certificates)."""
    for path in _search(grid, deadline, max_nodes, **switches):
        return list(path)
    return None


def solve(
    board: Board, timeout: float = 10.0, *, engine: str = "auto", search_nodes: int | None = None
) -> SolveResult:
    """Solve `board` within `timeout` seconds (kept within max(10 %, 50 ms): docs/solver.md).

    engine: "auto" (certificates, then the backtracker with a small budget, then the exact
    engine), "search" (certificates and the backtracker only) or "exact" (certificates and the
    SAT engine only). `search_nodes` overrides the backtracker's step budget in "auto". Boards
    over `exact.MAX_CELLS` open cells are left to the backtracker, with all the time: the SAT
    model of one would not fit the memory bound.
    """
    if engine not in ("auto", "search", "exact"):
        raise ValueError(f"engine must be auto, search or exact, not {engine!r}")
    with gc_paused():
        return _solve(board, timeout, engine, search_nodes)


FREE_SECONDS_PER_CELL = 5e-8
"""What freeing a board's half-built grid and certificate tables costs per open cell (60-100 ms
for a million cells): a timeout's answer comes only after that, so the stages stop that early."""


def _solve(board: Board, timeout: float, engine: str, search_nodes: int | None) -> SolveResult:
    began = time.perf_counter()
    deadline = deadline_after(timeout)
    if deadline is not None:
        deadline -= len(board) * FREE_SECONDS_PER_CELL
    stage = "certificate"

    def result(status: Status, path: tuple[Cell, ...] | None, reason: str | None) -> SolveResult:
        return SolveResult(status, path, reason, time.perf_counter() - began, stage)

    try:
        reason = _parity_problem(board, deadline)
        if reason is not None:
            return result("unsolvable", None, reason)
        grid = Grid(board, deadline)
        n = len(grid.order)
        exact_limit = exact.MAX_CELLS[board.moves]
        exact_fits = n <= exact_limit
        # On large boards the cut-cell certificate (one Python pass of Tarjan's low-link, about
        # 2.5 us a cell) costs more than the short search that usually solves them: it runs after
        # that search, and its reason still wins over "exhaustive search" (same answers). That
        # holds for boards left to the backtracker alone too: they get the short search, then the
        # certificate, then the search again without a budget.
        defer_cuts = engine != "exact" and not grid.bitset
        whole_search = engine == "search" or not exact_fits
        budget = (search_nodes or _search_budget(n)) if defer_cuts or not whole_search else None
        reason = _certificate(grid, deadline, cut_cells=not defer_cuts)
        if reason is not None:
            return result("unsolvable", None, reason)
        if engine == "exact" and not exact_fits:
            reason = (
                f"too large for the exact engine: {n:,} open cells"
                f" (at most {exact_limit:,} with {board.moves}-moves)"
            )
            return result("timeout", None, reason)
        if engine in ("auto", "search"):
            stage = "search"
            try:
                # the pocket check pays off only in long searches, not within the portfolio's budget
                found = _first_path(grid, deadline, budget, pockets=budget is None)
            except SearchTimeout:
                if budget is None or (deadline is not None and time.perf_counter() >= deadline):
                    raise
            else:
                if found is not None:
                    return result("solved", tuple(map(grid.cells.__getitem__, found)), None)
                reason = defer_cuts and _cut_cell_problem(grid, deadline)
                if reason:
                    stage = "certificate"
                    return result("unsolvable", None, reason)
                return result("unsolvable", None, "exhaustive search: no path covers every open cell")
            if defer_cuts:
                stage = "certificate"
                reason = _cut_cell_problem(grid, deadline)
                if reason is not None:
                    return result("unsolvable", None, reason)
            if whole_search:  # the short search was only a first try: now with all the time
                stage = "search"
                found = _first_path(grid, deadline, None, pockets=True)
                if found is not None:
                    return result("solved", tuple(map(grid.cells.__getitem__, found)), None)
                return result("unsolvable", None, "exhaustive search: no path covers every open cell")
        stage = "exact"
        outcome = exact.solve_exact(board, deadline)
    except SearchTimeout:
        return _timed_out(timeout, began, stage)
    if outcome is None:
        return _timed_out(timeout, began, stage)
    if outcome is False:
        return result("unsolvable", None, "exact search (SAT): no path covers every open cell")
    return result("solved", tuple(outcome), None)


def _search_budget(n: int) -> int:
    """Backtracking steps to try before handing the board to the exact engine.

    A path needs n - 1 steps; easy boards finish within about that, and the boards that do not
    tend to be the ones where backtracking explodes while SAT takes milliseconds. Measured on the
    benchmark corpus (docs/solver.md): as good as n + 50, better than 4n, 8n, 32n or a flat 20,000.
    """
    return 2 * n + 50


def _timed_out(timeout: float, began: float, engine: str) -> SolveResult:
    return SolveResult("timeout", None, f"timeout after {timeout:g} s", time.perf_counter() - began, engine)
