"""Solver benchmark: a fixed-seed corpus solved side by side by every engine in one run.

    python -m benchmarks.solver_bench [--quick] [--classes game,large,...] [--cap-cpsat S]

Engines: `solve` (the portfolio: certificates, backtracker with a small budget, SAT), the
backtracker alone and the SAT engine alone (both after the certificates), a plain DFS like
reference article 002's (adjacency-matrix scan, no pruning, time cap) and OR-tools CP-SAT
(`AddCircuit` with a dummy node; install the `bench` extra). Prints one markdown table: per class
and engine the decided count, median and max seconds, and the ratio of medians to CP-SAT.
Every path any engine returns is checked with `is_valid_path`, and verdicts must agree.
One line per board goes to stderr as it is done; on a terminal a progress bar runs below them.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from onestroke.progressbar import Bar, progress
from onestroke.solver.backtrack import Prunings, first_index_path
from onestroke.solver.board import Board, Cell, steps_for
from onestroke.solver.check import is_valid_path
from onestroke.solver.generate import random_hamiltonian_level, random_holey_board, random_walk_level
from onestroke.solver.grid import Grid
from onestroke.solver.search import SearchTimeout, SolveResult, quick_certificate, solve

# -- the corpus -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    board: Board


def inner_start(rows: int, cols: int) -> Cell:
    """A cell near the centre on the colour that a path from it can cover."""
    r, c = rows // 2, cols // 2
    if rows * cols % 2 and (r + c) % 2:  # odd count: the start needs the majority colour (even)
        c -= 1
    return (r, c)


def game_cases(rng: random.Random, per_size: int) -> list[Case]:
    out = []
    for rows, cols in ((5, 5), (6, 6), (7, 7), (8, 8), (9, 7), (10, 10)):
        for k in range(per_size):
            if k % 2:
                board, _ = random_walk_level(rng, rows, cols, cells=int(rows * cols * 0.8))
                kind = "walk"
            else:
                board, _ = random_hamiltonian_level(rng, rows, cols, holes=rng.randint(2, rows * cols // 5))
                kind = "tail"
            out.append(Case(f"{rows}x{cols} {kind} #{k}", board))
    return out


def large_cases(rng: random.Random, per_size: int) -> list[Case]:
    out = []
    for n in (15, 20, 25, 30):
        for k in range(per_size):
            if k % 3 == 2:
                board, _ = random_hamiltonian_level(rng, n, n, holes=n * n // 4)
                kind = "tail"
            else:
                board, _ = random_walk_level(rng, n, n, cells=int(n * n * rng.uniform(0.65, 0.8)))
                kind = "walk"
            out.append(Case(f"{n}x{n} {kind} #{k}", board))
    return out


def rectangle_cases(sizes: tuple[int, ...]) -> list[Case]:
    out = []
    for n in sizes:
        out.append(Case(f"{n}x{n} corner", Board.from_rows(["1" * n] * n, start=(0, 0))))
        out.append(Case(f"{n}x{n} inner", Board.from_rows(["1" * n] * n, start=inner_start(n, n))))
    out.append(Case("15x16 inner", Board.from_rows(["1" * 16] * 15, start=inner_start(15, 16))))
    out.append(Case("25x25 inner", Board.from_rows(["1" * 25] * 25, start=inner_start(25, 25))))
    return out


def variant_cases(rng: random.Random, bases: list[Case]) -> list[Case]:
    """One cell blocked, or the start moved: often unsolvable, often with a certificate."""
    out = []
    for case in bases:
        board = case.board
        others = [cell for cell in board.cells if cell != board.start]
        blocked = replace(board, open_cells=board.open_cells - {rng.choice(others)})
        out.append(Case(f"{case.name} blocked", blocked))
        out.append(Case(f"{case.name} moved start", replace(board, start=rng.choice(others))))
    return out


def eight_cases(rng: random.Random, per_size: int) -> list[Case]:
    out = []
    for n in (6, 8, 10, 15, 20, 30):
        for k in range(per_size):
            board, _ = random_walk_level(rng, n, n, cells=int(n * n * 0.75), moves=8)
            out.append(Case(f"{n}x{n} 8-moves #{k}", board))
    return out


def random_hole_cases(rng: random.Random, per_size: int) -> list[Case]:
    """Holes thrown at random with a random start: mostly unsolvable, often with a certificate."""
    out = []
    for n in (10, 15, 20, 30):
        for k in range(per_size):
            share = (0.05, 0.1, 0.2)[k % 3]
            board = random_holey_board(rng, n, n, holes=int(n * n * share))
            out.append(Case(f"{n}x{n} {share:.0%} random holes #{k}", board))
    return out


def corpus(quick: bool) -> dict[str, list[Case]]:
    rng = random.Random(20260530)
    game = game_cases(rng, 2 if quick else 6)
    large = large_cases(rng, 1 if quick else 4)
    variants = variant_cases(rng, (game[::4] if quick else game[::3]) + large)
    variants += random_hole_cases(rng, 1 if quick else 3)
    certified = [case for case in variants if quick_certificate(case.board) is not None]
    return {
        "game 5x5..10x10": game,
        "large 15..30, holes": large,
        "full rectangles 10..40": rectangle_cases((10, 20) if quick else (10, 20, 30, 40)),
        "variants, no certificate": [case for case in variants if case not in certified],
        "variants with a certificate": certified,
        "8-neighbour 6..30": eight_cases(rng, 1 if quick else 3),
    }


# -- engines ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    solvable: bool | None
    path: tuple[Cell, ...] | None
    seconds: float


def from_result(result: SolveResult) -> Outcome:
    return Outcome(result.solvable, result.path, result.seconds)


def plain_dfs(board: Board, cap: float) -> Outcome:
    """Reference article 002's approach: adjacency matrix, scan every row, no pruning."""
    began = time.perf_counter()
    cells = list(board.cells)
    n = len(cells)
    index = {cell: i for i, cell in enumerate(cells)}
    matrix = [[0] * n for _ in range(n)]
    for cell, i in index.items():
        for dr, dc in steps_for(board.moves):
            j = index.get((cell[0] + dr, cell[1] + dc))
            if j is not None:
                matrix[i][j] = 1
    start = index[board.start]
    end = index[board.end] if board.end is not None else -1
    visited = [False] * n
    visited[start] = True
    path = [start]
    cursor = [0]  # next column of the matrix row to scan, per path position
    steps = 0
    while path:
        steps += 1
        if steps % 4096 == 0 and time.perf_counter() - began > cap:
            return Outcome(None, None, time.perf_counter() - began)
        if len(path) == n and (end < 0 or path[-1] == end):
            return Outcome(True, tuple(cells[i] for i in path), time.perf_counter() - began)
        v = path[-1]
        row = matrix[v]
        j = cursor[-1]
        while j < n and not (row[j] and not visited[j]):
            j += 1
        if j < n:
            cursor[-1] = j + 1
            visited[j] = True
            path.append(j)
            cursor.append(0)
        else:
            visited[path.pop()] = False
            cursor.pop()
    return Outcome(False, None, time.perf_counter() - began)


def cp_sat(board: Board, cap: float) -> Outcome:
    """OR-tools CP-SAT: a circuit through every cell and a dummy node (dummy -> start fixed)."""
    from ortools.sat.python import cp_model

    began = time.perf_counter()
    cells = list(board.cells)
    n = len(cells)
    if n == 1:
        return Outcome(True, (board.start,), time.perf_counter() - began)
    index = {cell: i for i, cell in enumerate(cells)}
    model = cp_model.CpModel()
    arcs: list[tuple[int, int, cp_model.IntVar]] = []
    arc_of: dict[tuple[int, int], cp_model.IntVar] = {}
    for cell, i in index.items():
        for dr, dc in steps_for(board.moves):
            j = index.get((cell[0] + dr, cell[1] + dc))
            if j is not None:
                lit = model.NewBoolVar("")
                arcs.append((i, j, lit))
                arc_of[(i, j)] = lit
    dummy, start = n, index[board.start]
    into_start = model.NewBoolVar("")
    model.Add(into_start == 1)
    arcs.append((dummy, start, into_start))
    ends = [index[board.end]] if board.end is not None else [i for i in range(n) if i != start]
    for e in ends:
        lit = model.NewBoolVar("")
        arcs.append((e, dummy, lit))
        arc_of[(e, dummy)] = lit
    model.AddCircuit(arcs)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = cap
    solver.parameters.num_workers = 1
    status = solver.Solve(model)
    seconds = time.perf_counter() - began
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        nxt = {i: j for (i, j), lit in arc_of.items() if solver.Value(lit)}
        path = [start]
        while nxt[path[-1]] != dummy:
            path.append(nxt[path[-1]])
        return Outcome(True, tuple(cells[i] for i in path), seconds)
    if status == cp_model.INFEASIBLE:
        return Outcome(False, None, seconds)
    return Outcome(None, None, seconds)


def engines(cap_cpsat: float, cap_other: float) -> dict[str, Callable[[Board], Outcome]]:
    table: dict[str, Callable[[Board], Outcome]] = {
        "solve (portfolio)": lambda b: from_result(solve(b, timeout=10.0)),
        "backtracker only": lambda b: from_result(solve(b, timeout=cap_other, engine="search")),
        "SAT only": lambda b: from_result(solve(b, timeout=10.0, engine="exact")),
        "plain DFS (art. 002)": lambda b: plain_dfs(b, cap_other),
    }
    try:
        import ortools  # noqa: F401
    except ImportError:
        print("solver_bench: ortools missing (pip install -e '.[bench]'): no CP-SAT column", file=sys.stderr)
    else:
        table["CP-SAT"] = lambda b: cp_sat(b, cap_cpsat)
    return table


def timed(engine: Callable[[Board], Outcome], board: Board) -> Outcome:
    """One engine on one board; fast runs are repeated and their median time kept.

    A garbage collection before each run keeps one engine's garbage (CP-SAT makes plenty) from
    being collected on the next engine's clock; the repeats smooth out the other engineers'
    processes on this shared machine.
    """
    gc.collect()
    outcome = engine(board)
    if outcome.seconds >= FAST:
        return outcome
    seconds = [outcome.seconds]
    for _ in range(REPEATS - 1):
        gc.collect()
        seconds.append(engine(board).seconds)
    return Outcome(outcome.solvable, outcome.path, statistics.median(seconds))


FAST, REPEATS = 0.1, 3


# -- the run ----------------------------------------------------------------------------------


def run(quick: bool, classes: list[str] | None, cap_cpsat: float, cap_other: float) -> int:
    groups = corpus(quick)
    if classes:
        groups = {k: v for k, v in groups.items() if any(c in k for c in classes)}
    solve(Board.from_text("S .\n"), timeout=1.0, engine="exact")  # warm up imports
    engine_table = engines(cap_cpsat, cap_other)
    problems: list[str] = []
    rows: list[str] = []
    with progress(sum(map(len, groups.values())), "solver_bench", unit="board") as bar:
        for group, cases in groups.items():
            rows += run_group(group, cases, engine_table, problems, bar)
    print(
        f"caps: CP-SAT {cap_cpsat:g} s (1 worker), backtracker only and plain DFS {cap_other:g} s;"
        f" solve and SAT only 10 s. Runs under {FAST * 1000:g} ms: median of {REPEATS}."
    )
    print("| class (boards, unsolvable) | engine | decided | median ms | max ms | median / CP-SAT |")
    print("|---|---|---|---|---|---|")
    print("\n".join(rows))
    for problem in problems:
        print(f"PROBLEM: {problem}")
    return 1 if problems else 0


def run_group(
    group: str,
    cases: list[Case],
    engine_table: dict[str, Callable[[Board], Outcome]],
    problems: list[str],
    bar: Bar,
) -> list[str]:
    """Every engine on every board of one class: the table rows; disagreements go to `problems`."""
    rows: list[str] = []
    times: dict[str, list[float]] = {name: [] for name in engine_table}
    decided: dict[str, int] = dict.fromkeys(engine_table, 0)
    unsolvable = 0
    for case in cases:
        verdicts: dict[str, bool] = {}
        for name, engine in engine_table.items():
            outcome = timed(engine, case.board)
            times[name].append(outcome.seconds)
            if outcome.solvable is not None:
                decided[name] += 1
                verdicts[name] = outcome.solvable
            if outcome.path is not None and not is_valid_path(case.board, outcome.path):
                problems.append(f"{group} / {case.name}: {name} returned an invalid path")
        if len(set(verdicts.values())) > 1:
            problems.append(f"{group} / {case.name}: engines disagree: {verdicts}")
        if verdicts and not any(verdicts.values()):
            unsolvable += 1
        bar.print(
            f"  {group} / {case.name}: "
            + ", ".join(f"{name} {t[-1] * 1000:.1f} ms" for name, t in times.items()),
            file=sys.stderr,
        )
        bar.advance(note=group)
    reference = statistics.median(times["CP-SAT"]) if "CP-SAT" in times else None
    for name in engine_table:
        median = statistics.median(times[name])
        ratio = f"{median / reference:.3g}" if reference else "-"
        rows.append(
            f"| {group} ({len(cases)}, {unsolvable} unsolvable) | {name} | {decided[name]}/{len(cases)}"
            f" | {_ms(median)} | {_ms(max(times[name]))} | {ratio} |"
        )
    return rows


ABLATION = (
    ("no pruning (bitset backtracker)", Prunings(dead_ends=False, warnsdorff=False, connectivity=False)),
    ("+ dead-end rule", Prunings(warnsdorff=False, connectivity=False)),
    ("+ Warnsdorff order", Prunings(connectivity=False)),
    ("+ connectivity, flood fill every step", Prunings(local_cut=False)),
    ("+ local cut test before the flood fill", Prunings(pockets=False)),
    ("+ pocket check after a flood fill", Prunings()),
)


def run_ablation(quick: bool, cap: float) -> int:
    """The backtracker alone with its prunings added one at a time (certificates first)."""
    rng = random.Random(20260530)
    groups = {
        "game 5x5..10x10": game_cases(rng, 2 if quick else 6),
        "large 15..30, holes": large_cases(rng, 1 if quick else 4),
        "full rectangles 10..40": rectangle_cases((10, 20) if quick else (10, 20, 30, 40)),
    }
    print(f"backtracker alone, cap {cap:g} s per board; boards with a certificate are left out")
    print("| class | prunings | decided | median ms | max ms |")
    print("|---|---|---|---|---|")
    for group, cases in groups.items():
        boards = [case.board for case in cases if quick_certificate(case.board) is None]
        for label, prunings in ABLATION:
            times, decided = [], 0
            for board in boards:
                began = time.perf_counter()
                try:
                    found = first_index_path(Grid(board), began + cap, None, prunings)
                except SearchTimeout:
                    pass
                else:
                    decided += 1
                    assert found is None or len(found) == len(board)
                times.append(time.perf_counter() - began)
            print(
                f"| {group} ({len(boards)}) | {label} | {decided}/{len(boards)} |"
                f" {_ms(statistics.median(times))} | {_ms(max(times))} |",
                flush=True,
            )
    return 0


def _ms(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.solver_bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--quick", action="store_true", help="a smaller corpus and shorter caps (about a minute)"
    )
    parser.add_argument(
        "--classes", help="comma-separated class name fragments to run (e.g. game,8-neighbour)"
    )
    parser.add_argument(
        "--cap-cpsat", type=float, default=None, help="CP-SAT time cap in seconds (default 10)"
    )
    parser.add_argument("--cap-other", type=float, default=None, help="cap for the slow engines (default 2)")
    parser.add_argument(
        "--ablation", action="store_true", help="the backtracker's prunings added one at a time, instead"
    )
    args = parser.parse_args(argv)
    cap_cpsat = args.cap_cpsat if args.cap_cpsat is not None else (3.0 if args.quick else 10.0)
    cap_other = args.cap_other if args.cap_other is not None else (0.3 if args.quick else 2.0)
    classes = args.classes.split(",") if args.classes else None
    if args.ablation:
        return run_ablation(args.quick, cap_other)
    return run(args.quick, classes, cap_cpsat, cap_other)


if __name__ == "__main__":
    sys.exit(main())
