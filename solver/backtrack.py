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
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from onestroke.solver.board import Board, Cell
from onestroke.solver.certificates import cut_off_parts, grid_certificate, parity_problem
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.grid import Grid, unreached
from onestroke.solver.limits import deadline_after, gc_paused, pieces


@dataclass(frozen=True)
class Prunings:
    """Which prunings the backtracker uses: all of them unless one is turned off.

    Turning one off never changes the paths found, only the time it takes
    (tests/test_search_bruteforce.py counts them with each one off): the benchmark's ablation
    adds them one at a time, and `solve` leaves the pocket check out of its short first stage,
    where it does not pay (measured in docs/solver.md).
    """

    dead_ends: bool = True
    """At most one unvisited cell with one free neighbour, and the required end if there is one."""
    warnsdorff: bool = True
    """Moves tried fewest onward moves first."""
    connectivity: bool = True
    """The unvisited cells stay one region (a flood fill after every move, unless `local_cut`)."""
    local_cut: bool = True
    """With `connectivity`: the ring of 8 around the new head decides first; a fill only when it
    says the move may split the region."""
    pockets: bool = True
    """With `local_cut`: after a fill that found the region still joined through a narrow place,
    the cut-cell certificate on the unvisited cells (`_pockets_ok`)."""


ALL_PRUNINGS = Prunings()
WITHOUT_POCKETS = Prunings(pockets=False)

CHECK_EVERY_STEPS = 512
"""The clock is read every this many steps (a power of two: the test is a mask) and after every
flood fill, which costs far more than the reading."""


class _Unvisited(NamedTuple):
    """The cells the path has not visited, as the walk keeps them; here before its first move."""

    free: bytearray
    """1 for each unvisited open cell."""
    bits: int
    """The same cells as one int (bitset grids; 0 on the others)."""
    degree: list[int]
    """Per unvisited cell: its free neighbours (unvisited cells, and the path's head)."""
    dead: int
    """How many unvisited cells have exactly one free neighbour (each must end the path)."""
    zero: int
    """How many have none (cut off: no path)."""


def index_paths(
    grid: Grid,
    deadline: float | None = None,
    max_nodes: int | None = None,
    prunings: Prunings = ALL_PRUNINGS,
) -> Iterator[list[int]]:
    """Every Hamiltonian path of the grid from its start, as padded indices (the list is reused).

    Raises SearchTimeout past `deadline` (perf_counter) or after `max_nodes` steps.
    """
    if len(grid.order) == 1:
        yield [grid.start]
        return
    unvisited = _unvisited_at_start(grid, deadline)
    if _no_path_from_start(grid, unvisited, prunings, deadline):
        return
    yield from _walk(grid, unvisited, prunings, deadline, max_nodes)


def first_index_path(
    grid: Grid, deadline: float | None = None, max_nodes: int | None = None, prunings: Prunings = ALL_PRUNINGS
) -> list[int] | None:
    """The backtracker's first solution in padded indices, None when there is none (no certificates)."""
    for path in index_paths(grid, deadline, max_nodes, prunings):
        return list(path)
    return None


def _unvisited_at_start(grid: Grid, deadline: float | None) -> _Unvisited:
    """Every open cell but the start, with its free-neighbour count."""
    start, nbrs = grid.start, grid.neighbours
    free = bytearray(grid.open)
    free[start] = 0
    # bitset grids keep the unvisited cells as an int too (cheap there); larger ones fill over `free`
    bits = grid.mask & ~(1 << start) if grid.bitset else 0
    degree = [0] * grid.size
    dead = zero = 0
    for part in pieces(grid.order, deadline):
        for i in part:
            if i != start:
                d = len(nbrs[i])  # every open neighbour is free or the start
                degree[i] = d
                if d == 1:
                    dead += 1
                elif d == 0:
                    zero += 1
    return _Unvisited(free, bits, degree, dead, zero)


def _no_path_from_start(
    grid: Grid, unvisited: _Unvisited, prunings: Prunings, deadline: float | None
) -> bool:
    """True when the prunings already rule out every path: the unvisited cells are split, or the
    dead-end rule fails before the first move (the walk re-checks both after every move)."""
    free, bits, degree, dead, zero = unvisited
    if prunings.connectivity and not grid.connected and not _joined(grid, free, bits, deadline):
        return True
    end = grid.end
    return prunings.dead_ends and bool(zero or (dead - (degree[end] == 1) > 0 if end >= 0 else dead > 1))


def _joined(grid: Grid, free: bytearray, bits: int, deadline: float | None) -> bool:
    """Whether the unvisited cells are one region: the bitset fill on small grids, breadth-first
    on large ones."""
    if grid.bitset:
        return grid.spread(bits & -bits, bits) == bits
    return unreached(grid.neighbours, free, free.find(1), deadline).find(1) < 0


def _move_order(
    grid: Grid, free: bytearray, degree: list[int], prunings: Prunings
) -> Callable[[int, int], list[int]]:
    """`moves_from(head, remaining)`: the moves worth trying from `head` when `remaining` cells
    are left after it, best last (the walk takes them with pop())."""
    nbrs, end = grid.neighbours, grid.end
    dead_ends, warnsdorff = prunings.dead_ends, prunings.warnsdorff

    def moves_from(head: int, remaining: int) -> list[int]:
        options = [j for j in nbrs[head] if free[j]]
        if dead_ends:
            for j in options:
                if degree[j] == 1:  # a dead end next to the head: it must be the very next, and last, cell
                    return [j] if remaining == 1 else []
        if end >= 0 and remaining > 1 and free[end] and end in options:
            options.remove(end)
        if warnsdorff and len(options) > 1:
            options.sort(key=degree.__getitem__, reverse=True)
        return options

    return moves_from


def _stopped(nodes: int) -> SearchTimeout:
    return SearchTimeout(f"search stopped after {nodes} steps")


def _walk(
    grid: Grid, unvisited: _Unvisited, prunings: Prunings, deadline: float | None, max_nodes: int | None
) -> Iterator[list[int]]:
    """The depth-first walk from the start: every path of `index_paths`.

    One loop, one step per turn: take the next move of the deepest frame (and update the
    free-neighbour counts), or undo the last move when the frame has none left. The steps are
    written out in the loop, not called: this loop is the solver's hot path, and a call a step
    costs more than what it does (measured in docs/solver.md, "Roads not taken").
    """
    n = len(grid.order)
    start, end, nbrs = grid.start, grid.end, grid.neighbours
    ring, splits, size, bitset = grid.ring, grid.splits, grid.size, grid.bitset
    free, fbits, deg, dead, zero = unvisited
    deg_rule = prunings.dead_ends
    fill_every_move = prunings.connectivity and not prunings.local_cut
    ring_first = prunings.connectivity and prunings.local_cut
    pocket_check = ring_first and prunings.pockets
    moves_from = _move_order(grid, free, deg, prunings)
    mask = CHECK_EVERY_STEPS - 1
    limit = max_nodes if max_nodes is not None else -1
    path = [start]
    # one frame per path cell: the moves still to try from it, best last (so pop() takes it)
    frames = [moves_from(start, n - 1)]
    nodes = 0
    while frames:
        options = frames[-1]
        if not options:  # undo the move into path[-1]
            frames.pop()
            c = path.pop()
            if not path:
                return
            for x in nbrs[path[-1]]:
                if not free[x]:
                    continue
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

        c = options.pop()  # do the move path[-1] -> c
        nodes += 1
        if nodes & mask == 0 and deadline is not None and time.perf_counter() > deadline:
            raise _stopped(nodes)
        if nodes == limit:
            raise _stopped(nodes)
        free[c] = 0
        if bitset:
            fbits ^= 1 << c
        if deg[c] == 1:
            dead -= 1
        for x in nbrs[path[-1]]:
            if not free[x]:
                continue
            d = deg[x] - 1
            deg[x] = d
            if d == 1:
                dead += 1
            elif d == 0:
                dead -= 1
                zero += 1
        path.append(c)
        remaining = n - len(path)

        if remaining == 0:
            if end < 0 or c == end:
                yield path
            frames.append([])
            continue
        # the dead-end rule of _no_path_from_start, written out: a call here would cost every step
        if deg_rule and (zero or (dead - (deg[end] == 1) != 0 if end >= 0 else dead > 1)):
            frames.append([])
            continue
        # a head with one free neighbour besides the old head joins nothing: no split (and no
        # ring to read, which is most steps: Warnsdorff favours such cells)
        may_split = fill_every_move
        if ring_first and deg[c] > 2:
            pattern = 0
            for k in range(8):
                if free[c + ring[k]]:
                    pattern |= 1 << k
            may_split = splits[pattern]
        if may_split:
            joined = _joined(grid, free, fbits, deadline)
            if deadline is not None and time.perf_counter() > deadline:
                raise _stopped(nodes)
            # still joined, but through a narrow place: look for pockets behind it
            if not joined or (pocket_check and not _pockets_ok(c, free, nbrs, end, size, deadline)):
                frames.append([])
                continue

        options = [j for j in nbrs[c] if free[j]]
        if len(options) == 1:  # a corridor (most steps on long ones): moves_from's answer, inline
            j = options[0]
            if (deg_rule and deg[j] == 1 and remaining != 1) or (j == end and remaining > 1):
                options.pop()
            frames.append(options)
        else:
            frames.append(moves_from(c, remaining))


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
