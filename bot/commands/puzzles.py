"""`onestroke romeo|route|maze FILE`: the related puzzles of the reference articles.

Each prints a human answer by default and one JSON object with `--json`; exit status 0 when
solved, 1 when there is no solution, 2 (raised as `PuzzleInputError`) for unreadable or
malformed input.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable

from onestroke.bot.commands.common import MOVES, moves_value, positive_seconds
from onestroke.bot.commands.status import ExitStatus
from onestroke.files import read_text
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.puzzles.grid import PuzzleInputError
from onestroke.solver.puzzles.maze import Maze, directions, first_path, shortest_path, steps_table
from onestroke.solver.puzzles.romeo import RomeoAnswer, RomeoMaze, format_answer, solve_romeo
from onestroke.solver.puzzles.route import RoutePuzzle, solve_route, unsolvable_reason

# The exact searches are exponential; a bound keeps a too-big input from hanging the shell.
DEFAULT_TIMEOUT = 60.0
TIMEOUT_HELP = "give up after S seconds: null answer, exit 1 (default 60)"


def register(sub: argparse._SubParsersAction) -> None:
    """Add this group's subcommands to the `onestroke` parser."""
    puzzle(
        sub,
        "romeo",
        run_romeo,
        help="Romeo and Juliet's maze: fewest-turn tour of all open rooms (8 directions)",
        description="Reads the textbook input (n m k, k closed rooms, Romeo's and Juliet's rooms,"
        " 1-based) and prints the fewest turns, the number of fewest-turn routes and one route"
        " as a step-number matrix (-1 = closed room).",
        file_help="input file in the textbook format",
        json_help='print {"turns", "count", "path"} (1-based)',
    )
    puzzle(
        sub,
        "route",
        run_route,
        help="number route maze: a path with given cell counts per row and column",
        description="Reads 'cols:', 'rows:', 'start: r c' and 'goal: r c' lines (0-based) and"
        " prints the path as '*' cells with the counts around the grid.",
        file_help="puzzle file",
        json_help='print {"path": [[r, c], ...]}',
    )
    maze = puzzle(
        sub,
        "maze",
        run_maze,
        help="maze path through a 0/1 grid (depth-first, or --shortest)",
        description="Reads lines of 0 (open) and 1 (wall) plus 'start: r c' and 'exit: r c'"
        " (0-based). Moves are tried in the order N NE E SE S SW W NW.",
        file_help="maze file",
        json_help='print {"path": [...], "directions": [...]}',
    )
    maze.add_argument("--shortest", action="store_true", help="breadth-first: a path with the fewest steps")
    maze.add_argument("--moves", type=moves_value, choices=MOVES, default=8, help="neighbourhood (default 8)")


def puzzle(
    sub: argparse._SubParsersAction,
    name: str,
    run: Callable[[argparse.Namespace], int],
    *,
    help: str,
    description: str,
    file_help: str,
    json_help: str,
) -> argparse.ArgumentParser:
    """One puzzle command: its input file, `--json` and `--timeout`, as every puzzle has them."""
    parser = sub.add_parser(name, help=help, description=description)
    parser.add_argument("file", help=file_help)
    parser.add_argument("--json", action="store_true", help=json_help)
    parser.add_argument(
        "--timeout", type=positive_seconds, default=DEFAULT_TIMEOUT, metavar="S", help=TIMEOUT_HELP
    )
    parser.set_defaults(run=run)
    return parser


def timed_out(error: SearchTimeout, as_json: bool, record: dict[str, object]) -> int:
    """Report a search that ran out of time: like `solve`, a null answer and exit status 1."""
    if as_json:
        print(json.dumps({**record, "reason": str(error), "seconds": error.seconds}))
    else:
        print(f"no answer: {error}")
    return ExitStatus.NOT_DONE


def run_romeo(args: argparse.Namespace) -> int:

    maze = RomeoMaze.from_text(read_text(args.file, PuzzleInputError), source=args.file)
    began = time.perf_counter()
    try:
        answer = solve_romeo(maze, timeout=args.timeout)
    except SearchTimeout as error:
        return timed_out(error, args.json, {"turns": None, "count": None, "path": None})
    seconds = round(time.perf_counter() - began, 6)
    if args.json:
        path = None if answer is None else [[r + 1, c + 1] for r, c in answer.path]
        turns = None if answer is None else answer.turns
        count = 0 if answer is None else answer.count
        print(json.dumps({"turns": turns, "count": count, "path": path, "seconds": seconds}))
    elif answer is None:
        print("no route")
    elif sys.stdout.isatty():  # a person reads it: the numbers named
        print(labelled_answer(maze, answer), end="")
    else:  # piped: the textbook's output, exactly (spec/formats.md)
        print(format_answer(maze, answer), end="")
    return ExitStatus.NOT_DONE if answer is None else ExitStatus.DONE


def labelled_answer(maze: RomeoMaze, answer: RomeoAnswer) -> str:
    """The textbook answer for people: each number with what it counts."""
    turns, count, *matrix = format_answer(maze, answer).splitlines()
    routes = "route" if answer.count == 1 else "routes"
    return (
        f"fewest turns: {turns}\n{count} {routes} with {turns} turns\n"
        "steps of the first route (-1: a closed room):\n" + "\n".join(matrix) + "\n"
    )


def run_route(args: argparse.Namespace) -> int:

    puzzle = RoutePuzzle.from_text(read_text(args.file, PuzzleInputError), source=args.file)
    began = time.perf_counter()
    try:
        path = solve_route(puzzle, timeout=args.timeout)
    except SearchTimeout as error:
        return timed_out(error, args.json, {"path": None})
    seconds = round(time.perf_counter() - began, 6)
    if args.json:
        record: dict[str, object] = {"path": None if path is None else [list(c) for c in path]}
        if path is None:
            record["reason"] = unsolvable_reason(puzzle) or "no route"
        record["seconds"] = seconds
        print(json.dumps(record))
    elif path is None:
        print(f"no route: {unsolvable_reason(puzzle) or 'the search found none'}")
    else:
        print(puzzle.draw(path), end="")
    return ExitStatus.NOT_DONE if path is None else ExitStatus.DONE


def run_maze(args: argparse.Namespace) -> int:

    maze = Maze.from_text(read_text(args.file, PuzzleInputError), source=args.file)
    began = time.perf_counter()
    try:
        path = (shortest_path if args.shortest else first_path)(maze, args.moves, timeout=args.timeout)
    except SearchTimeout as error:
        return timed_out(error, args.json, {"path": None, "directions": None})
    seconds = round(time.perf_counter() - began, 6)
    if args.json:
        print(
            json.dumps(
                {
                    "path": None if path is None else [list(c) for c in path],
                    "directions": None if path is None else directions(path),
                    "seconds": seconds,
                }
            )
        )
    elif path is None:
        print(f"no path from {list(maze.start)} to {list(maze.exit)} with {args.moves}-neighbour moves")
    else:
        print(f"path of {len(path) - 1} steps from {list(maze.start)} to {list(maze.exit)}")
        print(steps_table(path), end="")
        print()
        print(maze.draw(path), end="")
    return ExitStatus.NOT_DONE if path is None else ExitStatus.DONE
