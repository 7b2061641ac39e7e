"""Benchmark of the article puzzles: instance times against the issue's targets, pruning gains.

    python -m benchmarks.puzzles_bench [--repeat N] [--cap SECONDS]

Prints three markdown tables:

1. every article instance and the 200x200 mazes, best of N runs, against the targets
   (article instances < 100 ms, a 200x200 random maze < 1 s in both modes);
2. the prunings side by side on the same instances, as ratios to the default search (for the
   route puzzle: the first route and then the count of all routes);
3. how Romeo and Juliet's maze grows on open rectangles (corner to corner).

Searches in the last two tables stop at `--cap` seconds (default 3; "timeout" in the table).
Every answer is checked before it is timed.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from onestroke.bot.cli import main as onestroke_main
from onestroke.solver.board import Board, Cell
from onestroke.solver.check import is_valid_path
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.puzzles.maze import Maze, first_path, shortest_path
from onestroke.solver.puzzles.romeo import RomeoMaze, solve_romeo, turns_of
from onestroke.solver.puzzles.route import RoutePuzzle, count_routes, solve_route

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "puzzles"
# Closed rooms that leave a 6x6 grid as rooms joined by doors, and a 5x5 grid as two halves joined by
# one cell (with Romeo and Juliet in the same half there is no route).
SPLIT_6X6 = {(0, 3), (1, 3), (2, 3), (3, 0), (3, 1), (4, 3), (5, 3), (3, 4)}
BRIDGE_5X5 = {(0, 2), (1, 2), (3, 2), (4, 2)}
ARTICLE_TARGET = 0.100
BIG_MAZE_TARGET = 1.0


def best_time(run: Callable[[], object], repeat: int) -> tuple[float, object]:
    """The fastest of `repeat` runs (seconds) and the last answer."""
    best = float("inf")
    answer: object = None
    for _ in range(repeat):
        began = time.perf_counter()
        answer = run()
        best = min(best, time.perf_counter() - began)
    return best, answer


def random_maze(seed: int, rows: int, cols: int, walls: float) -> Maze:
    """Independent walls with probability `walls`; the two corners are open."""
    rng = random.Random(seed)
    grid = [["1" if rng.random() < walls else "0" for _ in range(cols)] for _ in range(rows)]
    grid[0][0] = grid[rows - 1][cols - 1] = "0"
    return Maze(tuple("".join(row) for row in grid), (0, 0), (rows - 1, cols - 1))


def carved_maze(seed: int, rows: int, cols: int) -> Maze:
    """A perfect maze (one way between any two cells): long winding corridors, no loops."""
    rng = random.Random(seed)
    grid = [["1"] * cols for _ in range(rows)]
    grid[0][0] = "0"
    stack = [(0, 0)]
    while stack:
        r, c = stack[-1]
        options = [
            (r + dr, c + dc)
            for dr, dc in ((-2, 0), (2, 0), (0, -2), (0, 2))
            if 0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr][c + dc] == "1"
        ]
        if not options:
            stack.pop()
            continue
        nr, nc = rng.choice(options)
        grid[(r + nr) // 2][(c + nc) // 2] = grid[nr][nc] = "0"
        stack.append((nr, nc))
    goal = (rows - 1 - (rows - 1) % 2, cols - 1 - (cols - 1) % 2)
    return Maze(tuple("".join(row) for row in grid), (0, 0), goal)


def maze_ok(maze: Maze, path: list[Cell] | None, moves: int) -> str:
    if path is None:
        return "no path"
    board = Board(maze.rows, maze.cols, frozenset(path), maze.start, maze.exit, moves=moves)
    assert is_valid_path(board, path) and all(maze.is_open(cell) for cell in path)
    return f"{len(path) - 1} steps"


def romeo_ok(maze: RomeoMaze, **pruning: bool) -> Callable[[float | None], str]:
    def run(timeout: float | None = None) -> str:
        answer = solve_romeo(maze, timeout=timeout, **pruning)
        if answer is None:
            return "no route"
        assert is_valid_path(maze.to_board(), answer.path) and turns_of(answer.path) == answer.turns
        return f"{answer.turns} turns, {answer.count} routes"

    return run


def route_ok(puzzle: RoutePuzzle, count: bool = True, **pruning: bool) -> Callable[[float | None], str]:
    def run(timeout: float | None = None) -> str:
        path = solve_route(puzzle, timeout=timeout, **pruning)
        assert path is not None and path[0] == puzzle.start and path[-1] == puzzle.goal
        assert line_counts(path, puzzle.rows, puzzle.cols) == (puzzle.row_counts, puzzle.col_counts)
        if not count:
            return f"{len(path)} cells"
        return f"{len(path)} cells / {count_routes(puzzle, timeout=timeout, **pruning)} route(s)"

    return run


def cli_ok(argv: list[str]) -> str:
    """The whole command in-process, its printout swallowed."""
    with contextlib.redirect_stdout(io.StringIO()) as out:
        status = onestroke_main(argv)
    assert status == 0, status
    return f"{len(out.getvalue().splitlines())} lines printed"


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def targets_table(repeat: int) -> str:
    romeo = RomeoMaze.from_text((EXAMPLES / "romeo_sample.txt").read_text())
    route = RoutePuzzle.from_text((EXAMPLES / "route_10x10.txt").read_text())
    cases: list[tuple[str, str, Callable[[], str], float]] = [
        ("romeo", "article 004 sample 3x4", romeo_ok(romeo), ARTICLE_TARGET),
        ("route", "article 000 10x10, first route", route_ok(route, count=False), ARTICLE_TARGET),
        ("route", "article 000 10x10, count all", lambda: f"{count_routes(route)} route(s)", ARTICLE_TARGET),
    ]
    for name in ("maze_001", "maze_003"):
        maze = Maze.from_text((EXAMPLES / f"{name}.txt").read_text())
        for mode, solver in (("depth-first", first_path), ("--shortest", shortest_path)):
            cases.append(
                (
                    "maze",
                    f"article {name[-3:]} 14x17, {mode}",
                    lambda m=maze, s=solver: maze_ok(m, s(m, 8), 8),
                    ARTICLE_TARGET,
                )
            )
    big = [
        ("200x200 random, 30% walls", random_maze(1, 200, 200, 0.30)),
        ("200x200 open", random_maze(2, 200, 200, 0.0)),
        ("199x199 perfect maze", carved_maze(3, 199, 199)),
    ]
    for label, maze in big:
        for moves in (8, 4):
            for mode, solver in (("depth-first", first_path), ("--shortest", shortest_path)):
                cases.append(
                    (
                        "maze",
                        f"{label}, {moves} moves, {mode}",
                        lambda m=maze, s=solver, k=moves: maze_ok(m, s(m, k), k),
                        BIG_MAZE_TARGET,
                    )
                )
    big_file = Path(tempfile.mkdtemp()) / "maze_200x200.txt"
    maze = big[0][1]
    big_file.write_text("\n".join(maze.grid) + f"\nstart: 0 0\nexit: {maze.rows - 1} {maze.cols - 1}\n")
    for flags in ([], ["--shortest"]):
        cases.append(
            (
                "maze",
                f"CLI `onestroke maze` on that 200x200 file, {' '.join(flags) or 'depth-first'}:"
                " read, solve, print",
                lambda f=flags: cli_ok(["maze", str(big_file), *f]),
                BIG_MAZE_TARGET,
            )
        )
    rows = []
    for puzzle, label, run, target in cases:
        seconds, answer = best_time(run, repeat)
        verdict = "yes" if seconds < target else "**no**"
        rows.append([puzzle, label, str(answer), f"{seconds * 1000:.1f}", f"< {target * 1000:.0f}", verdict])
    return table(["puzzle", "instance", "answer", "best ms", "target ms", "met"], rows)


def measure(run: Callable[[float], str], repeat: int, cap: float) -> tuple[float | None, str]:
    """Best of up to `repeat` runs (runs slower than half a second are not repeated), or a timeout."""
    best = float("inf")
    answer = ""
    for _ in range(repeat):
        began = time.perf_counter()
        try:
            answer = run(cap)
        except SearchTimeout as error:
            return None, str(error)
        elapsed = time.perf_counter() - began
        best = min(best, elapsed)
        if elapsed > 0.5:
            break
    return best, answer


def walk_route(seed: int, size: int, cells: int) -> RoutePuzzle:
    """A route puzzle made from a random self-avoiding walk of about `cells` cells (so it has a route)."""
    rng = random.Random(seed)
    while True:
        path = [(rng.randrange(size), rng.randrange(size))]
        while len(path) < cells:
            r, c = path[-1]
            options = [
                (nr, nc)
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= nr < size and 0 <= nc < size and (nr, nc) not in path
            ]
            if not options:
                break
            path.append(rng.choice(options))
        if len(path) == cells:
            break
    rows, cols = line_counts(path, size, size)
    return RoutePuzzle(cols, rows, path[0], path[-1])


def line_counts(path: list[Cell], rows: int, cols: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How many cells of `path` lie in each row, and in each column."""
    return (
        tuple(sum(1 for r, _ in path if r == i) for i in range(rows)),
        tuple(sum(1 for _, c in path if c == i) for i in range(cols)),
    )


def pruning_table(repeat: int, cap: float) -> str:
    romeo_cases = [
        ("romeo 4x5 corners", RomeoMaze(4, 5, frozenset(), (0, 0), (3, 4))),
        ("romeo 5x5 corners", RomeoMaze(5, 5, frozenset(), (0, 0), (4, 4))),
        ("romeo 5x5, 4 closed", RomeoMaze(5, 5, frozenset({(1, 1), (1, 3), (3, 1), (3, 3)}), (0, 0), (4, 4))),
        ("romeo 6x6, rooms with doors", RomeoMaze(6, 6, frozenset(SPLIT_6X6), (0, 0), (5, 5))),
        ("romeo 5x5 bridge, no route", RomeoMaze(5, 5, frozenset(BRIDGE_5X5), (0, 0), (4, 0))),
    ]
    romeo_settings = [
        ("all (default)", {}),
        ("no turn bound", {"lower_bound": False}),
        ("no dead ends", {"dead_ends": False}),
        ("no connectivity", {"connectivity": False}),
    ]
    route_cases = [
        ("route 10x10 (article 000)", RoutePuzzle.from_text((EXAMPLES / "route_10x10.txt").read_text())),
        ("route 8x8 random walk #1, 30 cells", walk_route(1, 8, 30)),
        ("route 8x8 random walk #3, 30 cells", walk_route(3, 8, 30)),
        ("route 10x10 random walk #1, 35 cells", walk_route(1, 10, 35)),
        ("route 12x12 random walk #3, 40 cells", walk_route(3, 12, 40)),
        ("route 12x12 random walk #2, 40 cells", walk_route(2, 12, 40)),
    ]
    route_settings = [
        ("reach (default)", {}),
        ("reach + barriers", {"barriers": True}),
        ("barriers only (article)", {"barriers": True, "reach": False}),
        ("overflow only", {"reach": False}),
    ]
    rows = []
    for label, maze in romeo_cases:
        runs = [(name, romeo_ok(maze, **pruning)) for name, pruning in romeo_settings]
        rows += side_by_side(label, runs, repeat, cap)
    for label, puzzle in route_cases:
        runs = [(name, route_ok(puzzle, **pruning)) for name, pruning in route_settings]
        rows += side_by_side(label, runs, repeat, cap)
    return table(["instance", "pruning", "answer (first route / count)", "ms", "x default"], rows)


def side_by_side(
    label: str, runs: list[tuple[str, Callable[[float | None], str]]], repeat: int, cap: float
) -> list[list[str]]:
    """One table row per setting: answer, ms and the ratio to the first (default) setting."""
    rows = []
    base: float | None = None
    for k, (name, run) in enumerate(runs):
        seconds, answer = measure(run, repeat, cap)
        if k == 0:
            base = seconds
        rows.append([label, name, answer, *ratio_cells(seconds, base)])
    return rows


def ratio_cells(seconds: float | None, base: float | None) -> list[str]:
    """ms and the ratio to `base`; "-" where a search timed out (a timed-out default has no ratio)."""
    if seconds is None:
        return ["-", "-"]
    return [f"{seconds * 1000:.1f}", f"{seconds / base:.2f}" if base else "-"]


def scaling_table(cap: float) -> str:
    rows = []
    for n, m in ((3, 3), (4, 4), (4, 5), (5, 5), (5, 6), (6, 6), (6, 7)):
        maze = RomeoMaze(n, m, frozenset(), (0, 0), (n - 1, m - 1))
        seconds, answer = measure(romeo_ok(maze), 1, cap)
        rows.append([f"{n}x{m}", answer, "-" if seconds is None else f"{seconds * 1000:.1f}"])
    return table(["open rectangle, corner to corner", "answer", "ms"], rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.puzzles_bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--repeat", type=int, default=5, help="runs per fast case, best is shown (default 5)")
    parser.add_argument(
        "--cap", type=float, default=3.0, help="time limit per search in the last two tables (default 3 s)"
    )
    args = parser.parse_args(argv)
    print("## Targets\n")
    print(targets_table(args.repeat))
    print("\n## Prunings side by side\n")
    print(pruning_table(args.repeat, args.cap))
    print("\n## Romeo and Juliet on open rectangles\n")
    print(scaling_table(args.cap))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
