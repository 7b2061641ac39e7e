"""The exact engine: Hamiltonian path as SAT, with connectivity cuts added lazily.

One Boolean per grid edge. A dummy node joined to the start (fixed) and to every cell that may
end the path turns the path into a cycle, so every node has degree exactly 2. A model of those
degree clauses is a set of disjoint cycles; while there is more than one, each cycle that misses
the dummy node gets a clause "some edge leaves this set of cells" and the solver (incremental,
keeping what it learnt) runs again. Before that, the model's cycles are joined by 2-swaps where
they run side by side, which usually leaves nothing for the cuts to do.

Used by `solver.search.solve` for boards the backtracker does not finish within its budget.
"""

from __future__ import annotations

import itertools
import threading
import time

from pysat._utils import MainThread
from pysat.solvers import Solver

from onestroke.solver.board import Board, Cell, steps_for
from onestroke.solver.limits import CHECK_EVERY, passed

SAT_SOLVER = "cadical195"
"""The fastest of glucose4, cadical195, maplechrono and minisat22 on the benchmark (docs/solver.md)."""

FREE_SECONDS_PER_CLAUSE = 4e-8
"""About what deleting the solver and the model costs per clause (42 ms for 1.6 million clauses,
a 158x158 8-move board): the building and the slices stop that much before the deadline."""

FREE_SECONDS_PER_CELL = 4e-7
"""And per open cell, for the Python side of the model (edge tuples, incidence lists): about
40 ms for a 316x316 board."""

SLICE_SECONDS = 0.2
"""The longest stretch the SAT solver runs without returning to Python (a conflict budget sized
from the measured rate): the deadline is read between slices, and so is Ctrl-C (below)."""


def _never_main_thread() -> bool:
    return False


# python-sat installs its own SIGINT handler around each call into a solver made from the main
# thread; the handler longjmps out of the C++ solver, which leaves CaDiCaL (and the C heap, when
# the signal lands inside malloc) broken: Ctrl-C gave a "pysolvers.error" traceback, then
# "corrupted double-linked list" and exit 134. Telling python-sat that no call comes from the
# main thread keeps Python's own handler, so Ctrl-C arrives as KeyboardInterrupt as soon as the
# current slice (at most about SLICE_SECONDS) returns.
MainThread.check = staticmethod(_never_main_thread)  # type: ignore[method-assign]

MAX_CELLS: dict[int, int] = {4: 100_000, 8: 25_000}
"""The largest board (open cells, per neighbourhood) given to the SAT engine. Its model takes about
3 KB a cell with 4-moves and 14 KB with 8-moves (64 clauses a cell), mostly inside CaDiCaL
(measured in docs/solver.md, "Hard limits"): these keep a solve under 1 GB. `solve` gives
larger boards to the backtracker, with all the time."""


def solve_exact(
    board: Board, deadline: float | None = None, solver_name: str = SAT_SOLVER
) -> list[Cell] | bool | None:
    """A solution path, False when there is provably none, None when `deadline` passed first.

    `deadline` is a perf_counter time; the clock is read while the model is built, between
    conflict-budget slices of the SAT solver and between the rounds of cuts.
    """
    cells = list(board.cells)
    n = len(cells)
    if n == 1:
        return [board.start]
    index = {cell: i for i, cell in enumerate(cells)}
    steps = steps_for(board.moves)
    edges: list[tuple[int, int]] = []  # edge k is the SAT variable k + 1
    incident: list[list[int]] = [[] for _ in range(n + 1)]
    dummy = n

    def add_edge(a: int, b: int) -> int:
        key = (a, b) if a < b else (b, a)
        edges.append(key)
        var = len(edges)
        incident[a].append(var)
        incident[b].append(var)
        return var

    for i, (r, c) in enumerate(cells):
        if not i % CHECK_EVERY and passed(deadline):
            return None
        for dr, dc in steps:
            j = index.get((r + dr, c + dc))
            if j is not None and i < j:
                add_edge(i, j)
    s = index[board.start]
    start_link = add_edge(s, dummy)
    for cell in _possible_ends(board):
        add_edge(index[cell], dummy)
    del index
    ends = [var for var in incident[dummy] if var != start_link]
    if not ends:
        return False

    solver = Solver(name=solver_name)
    run = _TimedRun(solver, deadline, interruptible=not solver_name.startswith("cadical"))
    added = 0  # clauses in the solver: freeing them takes time too, and it comes after the deadline

    def reserve() -> float:
        """Seconds to free the model: the solver's clauses and this function's tables."""
        return added * FREE_SECONDS_PER_CLAUSE + n * FREE_SECONDS_PER_CELL

    def out_of_time() -> bool:
        return passed(None if deadline is None else deadline - reserve())

    try:
        # clauses go in per slice of about CHECK_EVERY clauses (python-sat adds them one call each,
        # some microseconds apiece), so the model is never held twice and the clock is read
        batch: list[list[int]] = [[start_link]]
        for v in range(n):
            batch += _exactly_two(incident[v])
            if len(batch) >= CHECK_EVERY:
                if out_of_time():
                    return None
                solver.append_formula(batch)
                added += len(batch)
                batch = []
        solver.append_formula(batch)
        clauses = _exactly_one(ends, len(edges))
        for k in range(0, len(clauses), CHECK_EVERY):
            if out_of_time():
                return None
            solver.append_formula(clauses[k : k + CHECK_EVERY])
        added += len(clauses)
        del clauses
        if deadline is not None:  # the solver's slices stop early enough to free the model in time
            run.deadline = deadline - reserve()
        while True:
            found = run.solve()
            if found is None:
                return None
            if not found:
                return False
            model = solver.get_model() or []
            chosen = [edges[lit - 1] for lit in model if 0 < lit <= len(edges)]
            tours = _cycles(chosen, n + 1)
            if len(tours) == 1:
                return [cells[v] for v in _walk(chosen, s, dummy)]
            merged = _merge_cycles(chosen, tours, n, dummy, edges, deadline)
            if merged is None and passed(deadline):
                return None
            if merged is not None:
                return [cells[v] for v in _walk(merged, s, dummy)]
            for tour in tours:
                if dummy in tour:
                    continue
                leaving = [
                    var
                    for v in tour
                    for var in incident[v]
                    if not (edges[var - 1][0] in tour and edges[var - 1][1] in tour)
                ]
                solver.add_clause(leaving)
    finally:
        run.close()


class _TimedRun:
    """Runs the SAT solver until a deadline, by interrupt() or, for CaDiCaL, conflict budgets.

    python-sat's CaDiCaL has no interrupt() but honours conflict budgets; each call keeps what it
    learnt. Slices start small and grow to a tenth of the time left, at most SLICE_SECONDS,
    sized from the measured conflict rate, so a slice overshoots the deadline by little even
    when the rate changes (the first conflicts of a large model are the slow ones). Without a
    deadline it runs in slices too, so that Ctrl-C is seen.
    """

    def __init__(self, solver: Solver, deadline: float | None, interruptible: bool) -> None:
        self.solver = solver
        self.deadline = deadline
        self.interruptible = interruptible
        self.budget = 100
        # the timer thread must never interrupt a solver that is being (or has been) deleted
        self.guard = threading.Lock()
        self.alive = True
        self.timer: threading.Timer | None = None
        if deadline is not None and interruptible:
            self.timer = threading.Timer(max(0.0, deadline - time.perf_counter()), self._interrupt)
            self.timer.daemon = True
            self.timer.start()

    def _interrupt(self) -> None:
        with self.guard:
            if self.alive:
                self.solver.interrupt()

    def solve(self) -> bool | None:
        """True (model), False (unsatisfiable) or None (deadline passed)."""
        if self.interruptible:
            if self.deadline is None:
                return self.solver.solve()
            if time.perf_counter() > self.deadline:
                return None
            return self.solver.solve_limited(expect_interrupt=True)
        while True:
            remaining = SLICE_SECONDS if self.deadline is None else self.deadline - time.perf_counter()
            if remaining <= 0:
                return None
            self.solver.conf_budget(self.budget)
            began = time.perf_counter()
            found = self.solver.solve_limited()
            if found is not None:
                return found
            rate = self.budget / max(time.perf_counter() - began, 1e-4)
            if self.deadline is not None:
                remaining = self.deadline - time.perf_counter()
            target = min(remaining * 0.1, SLICE_SECONDS)
            self.budget = int(max(10, min(2 * self.budget, rate * target)))

    def close(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        with self.guard:
            self.alive = False
            self.solver.delete()


def _possible_ends(board: Board) -> list[Cell]:
    """Cells that may end the path: the required end, or any cell the colour count allows."""
    if board.end is not None:
        return [board.end]
    others = [cell for cell in board.cells if cell != board.start]
    if board.moves != 4:
        return others
    n = len(board)
    colour = (board.start[0] + board.start[1]) & 1
    want = colour if n % 2 else 1 - colour
    return [cell for cell in others if (cell[0] + cell[1]) & 1 == want]


def _exactly_one(lits: list[int], top: int) -> list[list[int]]:
    """Clauses saying that exactly one of `lits` is true: Sinz's sequential counter, with the
    auxiliary variables top + 1, top + 2, ...

    The very clauses (and order) of python-sat's `CardEnc.equals(..., bound=1,
    encoding=EncType.seqcounter)`, whose C++ encoder takes quadratic time: 2.4 s for 16,000
    possible ends, 260 s for the 125,000 of a 500x500 board, all of it deaf to the deadline.
    """
    k = len(lits)
    if k <= 2:
        return [list(lits)] + ([[-lits[0], -lits[1]]] if k == 2 else [])
    out = [list(lits), [-lits[0], top + 1]]
    for i in range(1, k - 1):
        s_before, s_here = top + i, top + i + 1
        out += [[-s_before, s_here], [-lits[i], -s_before], [-lits[i], s_here]]
    out.append([-lits[-1], -(top + k - 1)])
    return out


def _exactly_two(lits: list[int]) -> list[list[int]]:
    """Clauses saying that exactly two of `lits` are true."""
    k = len(lits)
    if k < 2:
        return [[]]  # the empty clause: a node with fewer than two edges cannot have degree 2
    at_most = [[-a, -b, -c] for a, b, c in itertools.combinations(lits, 3)]
    at_least = [list(group) for group in itertools.combinations(lits, k - 1)]
    return at_most + at_least


def _cycles(chosen: list[tuple[int, int]], size: int) -> list[set[int]]:
    """The vertex sets of the connected parts of the chosen edges (each one a cycle)."""
    adjacent: list[list[int]] = [[] for _ in range(size)]
    for a, b in chosen:
        adjacent[a].append(b)
        adjacent[b].append(a)
    seen = [False] * size
    parts = []
    for v in range(size):
        if seen[v] or not adjacent[v]:
            continue
        part = {v}
        seen[v] = True
        todo = [v]
        while todo:
            x = todo.pop()
            for y in adjacent[x]:
                if not seen[y]:
                    seen[y] = True
                    part.add(y)
                    todo.append(y)
        parts.append(part)
    return parts


def _merge_cycles(
    chosen: list[tuple[int, int]],
    tours: list[set[int]],
    n: int,
    dummy: int,
    edges: list[tuple[int, int]],
    deadline: float | None = None,
) -> list[tuple[int, int]] | None:
    """Join the model's cycles into one by 2-swaps, or None when some cannot be joined (or the
    deadline passed: the caller tells the two apart).

    Cycles A and B with edges u-u' in A and v-v' in B, where u-v and u'-v' are grid edges, become
    one cycle by trading u-u', v-v' for u-v, u'-v'. Degrees stay 2 and the dummy node's edges are
    never traded, so a single cycle is a solution. On grids, neighbouring cycles usually run side
    by side somewhere, so this often turns the first model into a path without another SAT round.
    """
    mate: list[list[int]] = [[] for _ in range(n + 1)]
    for a, b in chosen:
        mate[a].append(b)
        mate[b].append(a)
    label = [0] * (n + 1)
    for k, tour in enumerate(tours):
        for v in tour:
            label[v] = k
    members = [set(tour) for tour in tours]
    grid_next: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        if a < n and b < n:
            grid_next[a].append(b)
            grid_next[b].append(a)
    alive = len(tours)
    while alive > 1:
        if passed(deadline):
            return None
        smallest = min((k for k in range(len(members)) if members[k]), key=lambda k: len(members[k]))
        swap = _find_swap(members[smallest], mate, label, grid_next, dummy)
        if swap is None:
            return None
        u, u2, v, v2 = swap
        mate[u].remove(u2)
        mate[u2].remove(u)
        mate[v].remove(v2)
        mate[v2].remove(v)
        mate[u].append(v)
        mate[v].append(u)
        mate[u2].append(v2)
        mate[v2].append(u2)
        other = label[v]
        for x in members[smallest]:
            label[x] = other
        members[other] |= members[smallest]
        members[smallest] = set()
        alive -= 1
    return [(a, b) for a in range(n + 1) for b in mate[a] if a < b]


def _find_swap(
    tour: set[int], mate: list[list[int]], label: list[int], grid_next: list[list[int]], dummy: int
) -> tuple[int, int, int, int] | None:
    for u in tour:
        if u == dummy:
            continue
        for u2 in mate[u]:
            if u2 == dummy:
                continue
            for v in grid_next[u]:
                if label[v] == label[u]:  # grid_next holds no dummy node
                    continue
                for v2 in mate[v]:
                    if v2 != dummy and label[v2] == label[v] and v2 in grid_next[u2]:
                        return u, u2, v, v2
    return None


def _walk(chosen: list[tuple[int, int]], start: int, dummy: int) -> list[int]:
    """The Hamiltonian cycle through the dummy node, read as a path from the start."""
    adjacent: dict[int, list[int]] = {}
    for a, b in chosen:
        adjacent.setdefault(a, []).append(b)
        adjacent.setdefault(b, []).append(a)
    path = [start]
    previous, here = dummy, start
    while True:
        a, b = adjacent[here]
        following = b if a == previous else a
        if following == dummy:
            return path
        path.append(following)
        previous, here = here, following
