"""The backtracker: every Hamiltonian path from the start, depth first, with its prunings.

It works on a `Grid` (padded indices). Per step it keeps, for every unvisited cell, the number
of free neighbours (unvisited cells plus the path's head), which gives the dead-end rule in
O(1): a cell with one free neighbour must be the path's last cell, so two of them (or one that
is not the required end) end the branch. The unvisited region must stay connected; a look at the
8 cells around the new head decides that locally in most steps, and a flood fill settles the
rest (followed, in long searches, by the cut-cell certificate on the unvisited cells: the pockets
behind narrow places must be nested). Moves are tried most-constrained first (Warnsdorff).
Iterative, so 1,600-cell boards do not hit Python's recursion limit.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from onestroke.solver.board import Board, Cell
from onestroke.solver.certificates import cut_off_parts, grid_certificate, parity_problem
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.grid import Grid, unreached
from onestroke.solver.limits import deadline_after, gc_paused, pieces


def index_paths(
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
        elif unreached(nbrs, free, free.find(1), deadline).find(1) >= 0:
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
                        ok = unreached(nbrs, free, free.find(1), deadline).find(1) < 0
                    if deadline is not None and time.perf_counter() > deadline:
                        raise SearchTimeout(f"search stopped after {nodes} steps")
                    # still connected, but through a narrow place: look for pockets behind it
                    if ok and pockets:
                        ok = _pockets_ok(c, free, nbrs, end, size, deadline)
            else:
                if bitset:
                    ok = spread(fbits & -fbits, fbits) == fbits
                else:
                    ok = unreached(nbrs, free, free.find(1), deadline).find(1) < 0
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
    for cut, top in cut_off_parts(nbrs, head, free, disc, finish, deadline):
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
        if parity_problem(board, deadline) is not None:
            return
        grid = Grid(board, deadline)
        if grid_certificate(grid, deadline) is not None:
            return
    cells = grid.cells
    for path in index_paths(grid, deadline):
        yield tuple(map(cells.__getitem__, path))


def count_paths(board: Board, *, timeout: float | None = None) -> int:
    """The number of solutions of `board` (from the same generator as `iter_paths`)."""
    return sum(1 for _ in iter_paths(board, timeout=timeout))


def first_path(board: Board, *, timeout: float | None = None) -> tuple[Cell, ...] | None:
    """The first solution of `iter_paths`, None when there is none; SearchTimeout when undecided."""
    return next(iter_paths(board, timeout=timeout), None)


def first_index_path(
    grid: Grid, deadline: float | None = None, max_nodes: int | None = None, **switches: bool
) -> list[int] | None:
    """The backtracker's first solution in padded indices, None when there is none (no certificates)."""
    for path in index_paths(grid, deadline, max_nodes, **switches):
        return list(path)
    return None
