"""Benchmark of the article puzzles: instance times against the issue's targets, pruning gains.

    python -m benchmarks.puzzles_bench [--repeat N] [--slow]

Prints three markdown tables:

1. every article instance and the 200x200 mazes, best of N runs, against the targets
   (article instances < 100 ms, a 200x200 random maze < 1 s in both modes);
2. the prunings side by side on the same instances, as ratios to the full search;
3. how Romeo and Juliet's maze grows on open rectangles (corner to corner).

`--slow` adds the runs that take seconds (the route search without barriers, 5x5 Romeo
without the turn bound, the 6x6 Romeo). Every answer is checked before it is timed.
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

from solver.board import Board
from solver.check import is_valid_path
from solver.puzzles.maze import Maze, first_path, shortest_path
from solver.puzzles.romeo import RomeoMaze, solve_romeo, turns_of
from solver.puzzles.route import RoutePuzzle, count_routes, solve_route

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


def maze_ok(maze: Maze, path: list | None, moves: int) -> str:
    if path is None:
        return "no path"
    board = Board(maze.rows, maze.cols, frozenset(path), maze.start, maze.exit, moves=moves)
    assert is_valid_path(board, path) and all(maze.is_open(cell) for cell in path)
    return f"{len(path) - 1} steps"


def romeo_ok(maze: RomeoMaze, **pruning: bool) -> Callable[[], str]:
    def run() -> str:
        answer = solve_romeo(maze, **pruning)
        if answer is None:
            return "no route"
        assert is_valid_path(maze.to_board(), answer.path) and turns_of(answer.path) == answer.turns
        return f"{answer.turns} turns, {answer.count} routes"

    return run


def route_ok(puzzle: RoutePuzzle, **pruning: bool) -> Callable[[], str]:
    def run() -> str:
        path = solve_route(puzzle, **pruning)
        assert path is not None and path[0] == puzzle.start and path[-1] == puzzle.goal
        rows = tuple(sum(1 for r, _ in path if r == i) for i in range(puzzle.rows))
        cols = tuple(sum(1 for _, c in path if c == i) for i in range(puzzle.cols))
        assert (rows, cols) == (puzzle.row_counts, puzzle.col_counts)
        return f"{len(path)} cells"

    return run


def cli_ok(argv: list[str]) -> str:
    """The whole command in-process, its printout swallowed."""
    from bot.cli import main

    with contextlib.redirect_stdout(io.StringIO()) as out:
        status = main(argv)
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
        ("route", "article 000 10x10, first route", route_ok(route), ARTICLE_TARGET),
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


def pruning_table(repeat: int, slow: bool) -> str:
    route = RoutePuzzle.from_text((EXAMPLES / "route_10x10.txt").read_text())
    romeo_cases = [
        ("romeo 4x5 corners", RomeoMaze(4, 5, frozenset(), (0, 0), (3, 4)), False),
        (
            "romeo 5x5, 4 closed",
            RomeoMaze(5, 5, frozenset({(1, 1), (1, 3), (3, 1), (3, 3)}), (0, 0), (4, 4)),
            False,
        ),
        ("romeo 6x6, rooms with doors", RomeoMaze(6, 6, frozenset(SPLIT_6X6), (0, 0), (5, 5)), False),
        ("romeo 5x5 bridge, no route", RomeoMaze(5, 5, frozenset(BRIDGE_5X5), (0, 0), (4, 0)), False),
        ("romeo 5x5 corners", RomeoMaze(5, 5, frozenset(), (0, 0), (4, 4)), True),
    ]
    rows = []
    settings = [
        ("all", {}),
        ("no turn bound", {"lower_bound": False}),
        ("no dead ends", {"dead_ends": False}),
        ("no connectivity", {"connectivity": False}),
    ]
    for label, maze, needs_slow in romeo_cases:
        base = None
        for name, pruning in settings:
            if needs_slow and not slow and pruning == {"lower_bound": False}:
                rows.append([label, name, "(--slow)", "", ""])
                continue
            seconds, answer = best_time(romeo_ok(maze, **pruning), 1 if pruning else repeat)
            base = base or seconds
            rows.append([label, name, str(answer), f"{seconds * 1000:.1f}", f"{seconds / base:.2f}"])
    base = None
    for name, pruning in (
        ("all", {}),
        ("no distance", {"distance": False}),
        ("no barriers", {"barriers": False}),
    ):
        if pruning == {"barriers": False} and not slow:
            rows.append(["route 10x10 (article)", name, "(--slow)", "", ""])
            continue
        seconds, answer = best_time(route_ok(route, **pruning), 1 if "barriers" in pruning else repeat)
        base = base or seconds
        rows.append(
            ["route 10x10 (article)", name, str(answer), f"{seconds * 1000:.1f}", f"{seconds / base:.2f}"]
        )
    return table(["instance", "pruning", "answer", "ms", "x full"], rows)


def scaling_table(slow: bool) -> str:
    sizes = [(3, 3), (4, 4), (4, 5), (5, 5), (5, 6)] + ([(6, 6)] if slow else [])
    rows = []
    for n, m in sizes:
        maze = RomeoMaze(n, m, frozenset(), (0, 0), (n - 1, m - 1))
        seconds, answer = best_time(romeo_ok(maze), 1)
        rows.append([f"{n}x{m}", str(answer), f"{seconds * 1000:.1f}"])
    return table(["open rectangle, corner to corner", "answer", "ms"], rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.puzzles_bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--repeat", type=int, default=5, help="runs per fast case, best is shown (default 5)")
    parser.add_argument("--slow", action="store_true", help="also the runs that take seconds")
    args = parser.parse_args(argv)
    print("## Targets\n")
    print(targets_table(args.repeat))
    print("\n## Prunings side by side\n")
    print(pruning_table(args.repeat, args.slow))
    print("\n## Romeo and Juliet on open rectangles\n")
    print(scaling_table(args.slow))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
