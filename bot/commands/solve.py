"""`onestroke solve BOARD... [--moves 4|8] [--json] [--timeout S]` (contract: shared spec, formats.md).

Every board file is read and parsed before any is solved, so a bad file stops the run with one
line on stderr (exit 2) instead of half an answer. Limits (docs/solver.md, "Hard limits"): text
up to 8 MB a file, 1,000,000 cells a board and over all the boards of one run. Then one result
per board, in order: a JSON line each with `--json`, otherwise the board with the route drawn as
step numbers.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from onestroke.bot.commands.common import MOVES, moves_value, positive_seconds
from onestroke.bot.commands.status import ExitStatus
from onestroke.files import read_text
from onestroke.progressbar import progress
from onestroke.solver.board import MAX_CELLS, Board
from onestroke.solver.errors import OnestrokeError
from onestroke.solver.search import SolveResult, solve


class BoardFileError(OnestrokeError):
    """A board file that cannot be read (missing, a folder, not text)."""


def register(sub: argparse._SubParsersAction) -> None:
    """Add `solve` to the `onestroke` parser."""
    parser = sub.add_parser(
        "solve",
        help="solve board text files (one-stroke levels)",
        description="Find a route from S through every open cell exactly once (ending at E if given).",
    )
    parser.add_argument("boards", nargs="+", metavar="BOARD", help="board text file ('-' reads stdin)")
    parser.add_argument(
        "--moves",
        type=moves_value,
        choices=MOVES,
        default=None,
        help="neighbourhood (default: the file's '; moves:' line, else 4; contradicting that line: error)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per board, one per line")
    parser.add_argument(
        "--timeout", type=positive_seconds, default=10.0, metavar="S", help="seconds per board (default 10)"
    )
    parser.add_argument(
        "--engine",
        choices=("auto", "search", "exact"),
        default="auto",
        help="auto: backtracking, then SAT for what it does not finish (default); or only one of them",
    )
    parser.set_defaults(run=run)


def read_board(name: str, moves: int | None) -> Board:
    """Parse the board file `name` ('-' for stdin); errors name the file. `moves` None: the
    file's `; moves:` line decides, else 4 (`Board.from_text`)."""
    return Board.from_text(read_text(name, BoardFileError, "board file"), moves=moves, source=name)


def result_json(name: str, result: SolveResult) -> dict[str, Any]:
    """The spec's JSON object for one board (plus the optional `engine` field)."""
    out: dict[str, Any] = {"board": name, "solvable": result.solvable}
    if result.path is not None:
        out["path"] = result.path  # tuples encode as arrays: 2.5x faster than lists on a 200k-cell path
    if result.reason is not None:
        out["reason"] = result.reason
    out["seconds"] = round(result.seconds, 6)
    out["engine"] = result.engine
    return out


def result_text(name: str, board: Board, result: SolveResult) -> str:
    """The board with the route drawn as step numbers, or why there is none, for people."""
    cells = len(board)
    if result.path is not None:
        head = f"{name}: solved, {cells} cells in {result.seconds * 1000:.1f} ms ({result.engine})"
        return f"{head}\n{board.draw_path(result.path)}"
    return f"{name}: {verdict(result)}: {result.reason}\n{board.to_text()}"


def verdict(result: SolveResult) -> str:
    """Why a result has no route, in two words: proven or given up."""
    return "no solution" if result.status == "unsolvable" else "undecided"


def run(args: argparse.Namespace) -> int:
    if args.boards.count("-") > 1:
        raise BoardFileError("-: standard input can be read only once")
    boards = []
    total = 0
    for name in args.boards:
        board = read_board(name, args.moves)
        total += board.rows * board.cols
        if total > MAX_CELLS:  # every board is parsed first and kept: bound them all, not each
            raise BoardFileError(
                f"{name}: too many cells in one run: {total:,} over the boards so far, at most"
                f" {MAX_CELLS:,}; solve them in several runs"
            )
        boards.append((name, board))
    status = ExitStatus.DONE
    with progress(len(boards), "solve", enabled=not args.json, unit="board") as bar:  # terminals only
        for number, (name, board) in enumerate(boards):
            result = solve(board, timeout=args.timeout, engine=args.engine)
            if result.status != "solved":
                status = ExitStatus.NOT_DONE
            if args.json:
                print(json.dumps(result_json(name, result), separators=(",", ":")), flush=True)
            else:
                bar.print(("\n" if number else "") + result_text(name, board, result), end="")
            bar.advance()
    return status
