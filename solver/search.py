"""`solve`: the portfolio that picks the engine for a board, within a timeout.

Certificates first (`solver.certificates`), then the backtracker (`solver.backtrack`) with a
small budget, then the exact SAT engine (`solver.exact`) for what the backtracker did not
finish; boards too large for SAT get the backtracker with all the time. This module is also the
solver's front door: the names of its `__all__` are imported from here (docs/solver.md).
"""

from __future__ import annotations

import time

from onestroke.solver import exact  # imported here (about 30 ms, once) so that no solve pays for it
from onestroke.solver.backtrack import (
    ALL_PRUNINGS,
    WITHOUT_POCKETS,
    count_paths,
    first_index_path,
    first_path,
    iter_paths,
)
from onestroke.solver.board import Board, Cell
from onestroke.solver.certificates import (
    cut_cell_problem,
    grid_certificate,
    parity_problem,
    quick_certificate,
)
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.grid import Grid
from onestroke.solver.limits import deadline_after, gc_paused
from onestroke.solver.result import Engine, SolveResult, Stage, Status

__all__ = [
    "SearchTimeout",
    "SolveResult",
    "count_paths",
    "first_path",
    "iter_paths",
    "quick_certificate",
    "solve",
]


def solve(
    board: Board, timeout: float = 10.0, *, engine: Engine = "auto", search_nodes: int | None = None
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


def _solve(board: Board, timeout: float, engine: Engine, search_nodes: int | None) -> SolveResult:
    began = time.perf_counter()
    deadline = deadline_after(timeout)
    if deadline is not None:
        deadline -= len(board) * FREE_SECONDS_PER_CELL
    stage: Stage = "certificate"

    def result(status: Status, path: tuple[Cell, ...] | None, reason: str | None) -> SolveResult:
        return SolveResult(status, path, reason, time.perf_counter() - began, stage)

    try:
        reason = parity_problem(board, deadline)
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
        reason = grid_certificate(grid, deadline, cut_cells=not defer_cuts)
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
                prunings = ALL_PRUNINGS if budget is None else WITHOUT_POCKETS
                found = first_index_path(grid, deadline, budget, prunings)
            except SearchTimeout:
                if budget is None or (deadline is not None and time.perf_counter() >= deadline):
                    raise
            else:
                if found is not None:
                    return result("solved", tuple(map(grid.cells.__getitem__, found)), None)
                reason = defer_cuts and cut_cell_problem(grid, deadline)
                if reason:
                    stage = "certificate"
                    return result("unsolvable", None, reason)
                return result("unsolvable", None, "exhaustive search: no path covers every open cell")
            if defer_cuts:
                stage = "certificate"
                reason = cut_cell_problem(grid, deadline)
                if reason is not None:
                    return result("unsolvable", None, reason)
            if whole_search:  # the short search was only a first try: now with all the time
                stage = "search"
                found = first_index_path(grid, deadline, None, ALL_PRUNINGS)
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


def _timed_out(timeout: float, began: float, engine: Stage) -> SolveResult:
    return SolveResult("timeout", None, f"timeout after {timeout:g} s", time.perf_counter() - began, engine)
