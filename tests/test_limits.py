"""Hard limits of the solver: every long pass reads the deadline, sizes are refused up front.

Time bounds are not measured here (benchmarks/limits_bench.py prints them); these tests give
each pass a deadline that has already passed, so a pass that never reads the clock fails
whatever the machine's speed.
"""

from __future__ import annotations

import time

import pytest

from onestroke.solver import Board, BoardFormatError, backtrack, certificates, exact, is_valid_path
from onestroke.solver.board import MAX_CELLS
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.grid import Grid, unreached
from onestroke.solver.limits import CHECK_EVERY, Deadline, pieces
from onestroke.solver.search import quick_certificate, solve


def row(n: int) -> Board:
    return Board.from_text("S" + "." * (n - 1) + "\n")


def serpentine(n: int) -> Board:
    """An n x n one-wide corridor: full rows joined at alternate ends (n odd)."""
    lines = []
    for r in range(n):
        if r % 2 == 0:
            lines.append("." * n)
        else:
            lines.append("#" * (n - 1) + "." if r % 4 == 1 else "." + "#" * (n - 1))
    lines[0] = "S" + lines[0][1:]
    return Board.from_text("\n".join(lines) + "\n")


BIG = 3 * CHECK_EVERY  # cells: several slices, so each pass reads the clock after starting


def past() -> float:
    return time.perf_counter() - 1.0


def test_pieces_reads_the_clock_before_each_slice() -> None:
    items = list(range(2 * CHECK_EVERY))
    assert sum(len(part) for part in pieces(items, None)) == len(items)
    with pytest.raises(SearchTimeout):
        list(pieces(items, past()))


def test_building_the_grid_stops_at_the_deadline() -> None:
    board = row(BIG)
    with pytest.raises(SearchTimeout):
        Grid(board, past())
    assert Grid(board).order[-1] == Grid(board, time.perf_counter() + 60).order[-1]


def test_the_linear_fill_stops_at_the_deadline() -> None:
    grid = Grid(row(BIG))
    assert not grid.bitset
    with pytest.raises(SearchTimeout):
        unreached(grid.neighbours, grid.open, grid.start, past())
    assert unreached(grid.neighbours, grid.open, grid.start, None).find(1) < 0


@pytest.mark.parametrize("check", ["parity", "dead ends", "cut cells"])
def test_each_certificate_stops_at_the_deadline(check: str) -> None:
    board = row(BIG)
    grid = Grid(board)
    run = {
        "parity": lambda: certificates.parity_problem(board, past()),
        "dead ends": lambda: certificates.dead_end_problem(grid, past()),
        "cut cells": lambda: certificates.cut_cell_problem(grid, past()),
    }[check]
    with pytest.raises(SearchTimeout):
        run()


def test_quick_certificate_takes_a_timeout() -> None:
    with pytest.raises(SearchTimeout):
        quick_certificate(row(BIG), timeout=1e-9)
    assert quick_certificate(row(BIG)) is None


def test_the_backtracker_stops_at_the_deadline_on_large_grids() -> None:
    board = serpentine(201)
    grid = Grid(board, bitset=False)
    with pytest.raises(SearchTimeout):
        backtrack.first_index_path(grid, past(), None)
    found = backtrack.first_index_path(grid, None, None)
    assert found is not None and is_valid_path(board, [grid.cells[i] for i in found])


def test_the_sat_engine_gives_up_at_the_deadline_while_building_its_model() -> None:
    board = serpentine(101)
    assert exact.solve_exact(board, past()) is None
    small = Board.from_rows(["111", "111"], start=(0, 0))
    path = exact.solve_exact(small, time.perf_counter() + 60)
    assert isinstance(path, list) and is_valid_path(small, path)


def test_solve_reports_a_timeout_from_any_stage() -> None:
    result = solve(row(BIG), timeout=1e-9)
    assert result.status == "timeout" and result.solvable is None
    assert result.reason == "timeout after 1e-09 s"
    assert result.engine == "certificate"


def test_an_infinite_timeout_means_no_deadline() -> None:
    board = Board.from_text("S . .\n. . .\n")
    for engine in ("auto", "exact"):
        result = solve(board, timeout=float("inf"), engine=engine)
        assert result.status == "solved" and is_valid_path(board, result.path)


@pytest.mark.parametrize("board", [row(BIG), serpentine(151)], ids=["row", "serpentine"])
def test_long_corridors_are_solved_by_the_linear_backtracker(board: Board) -> None:
    result = solve(board, timeout=60)
    assert result.status == "solved" and result.engine == "search"
    assert result.path is not None and is_valid_path(board, result.path)


# -- large grids: the same answers as small ones ------------------------------------------------

CUT_CELL_BOARDS = [
    ". . # .\n. . . .\n# S . .\n# . . .\n",
    ". . S .\n. . # .\n# # # #\n",
    ". . # #\n. . . .\n# S # #\n",
    ". . E .\n. . # S\n# # # #\n",
    "S # . . . .\nE . . # . .\n. . . . . .\n",
    "S . . . . .\n. . . # . .\n. . . . . .\n. # . . . .\n",
    "S . . .\n. . . .\n. . . .\n",
]


@pytest.mark.parametrize("text", CUT_CELL_BOARDS)
def test_large_grid_portfolio_gives_the_small_grid_answers(text: str, monkeypatch) -> None:
    # Grids over BITSET_LIMIT fill breadth-first and run the cut-cell certificate after the
    # short search: the verdict, reason and engine must be those of the small-grid order.
    board = Board.from_text(text)
    small = solve(board)
    monkeypatch.setattr("onestroke.solver.grid.BITSET_LIMIT", 0)
    assert not Grid(board).bitset
    large = solve(board)
    assert (large.status, large.reason, large.engine) == (small.status, small.reason, small.engine)
    if small.path is not None:
        assert large.path is not None and is_valid_path(board, large.path)


@pytest.mark.parametrize("text", CUT_CELL_BOARDS)
@pytest.mark.parametrize("engine", ["auto", "search"])
def test_large_grids_left_to_the_backtracker_give_the_small_grid_answers(
    text: str, engine: str, monkeypatch
) -> None:
    # Boards over the SAT limit (or `--engine search`) on grids over BITSET_LIMIT get a short
    # search, then the cut-cell certificate, then the search with all the time: the same
    # verdict, reason and engine as the small-grid order (certificates, then the search).
    board = Board.from_text(text)
    small = solve(board, engine="search")
    monkeypatch.setattr("onestroke.solver.grid.BITSET_LIMIT", 0)
    monkeypatch.setitem(exact.MAX_CELLS, 4, 1)
    for budget in (None, 1, 2):  # the short search finishing, or stopped at its first steps
        large = solve(board, engine=engine, search_nodes=budget)
        assert (large.status, large.reason, large.engine) == (small.status, small.reason, small.engine)
        if small.path is not None:
            assert large.path is not None and is_valid_path(board, large.path)


def test_boards_over_the_sat_limit_get_the_backtracker_with_all_the_time(monkeypatch) -> None:
    monkeypatch.setitem(exact.MAX_CELLS, 4, 5)
    board = Board.from_text("S . . .\n. . . .\n. . . .\n")
    result = solve(board)
    assert result.status == "solved" and result.engine == "search"
    assert is_valid_path(board, result.path)
    refused = solve(board, engine="exact")
    assert refused.status == "timeout" and refused.solvable is None
    assert refused.reason == "too large for the exact engine: 12 open cells (at most 5 with 4-moves)"


# -- sizes ------------------------------------------------------------------------------------


def test_board_text_over_the_cell_limit_is_refused_before_it_is_read_whole() -> None:
    side = int(MAX_CELLS**0.5) + 1
    text = ("S" + "." * (side - 1) + "\n") + ("." * side + "\n") * (side - 1) + "this line is never reached\n"
    with pytest.raises(BoardFormatError) as error:
        Board.from_text(text, source="big.txt")
    first_over = MAX_CELLS // side + 1  # the row that takes the grid past the limit
    assert str(error.value) == (
        f"big.txt: line {first_over}: board too large: more than 1,000,000 cells"
        f" ({first_over} rows of {side} so far)"
    )
    with pytest.raises(BoardFormatError, match="board too large: 1x1000001 = 1,000,001 cells"):
        Board(1, MAX_CELLS + 1, frozenset({(0, 0)}), (0, 0))


def test_a_board_at_the_cell_limit_is_accepted() -> None:
    board = Board.from_text("S" + "." * (MAX_CELLS - 1) + "\n")
    assert len(board) == MAX_CELLS and board.cells[-1] == (0, MAX_CELLS - 1)


def test_parsed_boards_equal_constructed_ones() -> None:
    # from_text skips the sort and the bounds test of the constructor: same value regardless
    text = "; comment\n. # . .\n. S # E\n\n. . . .\n"
    parsed = Board.from_text(text)
    built = Board(3, 4, parsed.open_cells, (1, 1), (1, 3))
    assert parsed == built and parsed.cells == built.cells and hash(parsed) == hash(built)


# -- the puzzles' time limit --------------------------------------------------------------------


def test_deadline_ticks_read_the_clock_every_so_often() -> None:
    deadline = Deadline(1e-9)
    time.sleep(0.001)
    with pytest.raises(SearchTimeout) as caught:
        for _ in range(Deadline.EVERY):
            deadline.tick()
    assert str(caught.value) == "timeout after 1e-09 s" and caught.value.seconds == 1e-9
    Deadline(None).check()


def test_huge_numbers_in_puzzle_files_give_a_short_line() -> None:
    from onestroke.solver.puzzles import Maze, PuzzleInputError, RomeoMaze, RoutePuzzle

    digits = "9" * 5000
    cases = [
        (RomeoMaze.from_text, f"{digits} 5 0\n1 1\n2 2\n", "number too large: '99999999999999999999...'"),
        (RoutePuzzle.from_text, f"cols: 1 {digits}\n", "number too large"),
        (Maze.from_text, f"0 0\nstart: {digits} 0\nexit: 0 1\n", "expected two numbers 'row col'"),
        (RomeoMaze.from_text, "x" * 5000 + "\n", "is not an integer"),
    ]
    for parse, text, fragment in cases:
        with pytest.raises(PuzzleInputError) as error:
            parse(text, source="p.txt")
        message = str(error.value)
        assert fragment in message and len(message) < 200, message


def test_puzzle_grids_are_bounded() -> None:
    from onestroke.solver.puzzles import Maze, PuzzleInputError, RoutePuzzle

    with pytest.raises(PuzzleInputError, match="line 1: cols: 101 counts, at most 100"):
        RoutePuzzle.from_text("cols: " + "1 " * 101 + "\n", source="r.txt")
    side = int(MAX_CELLS**0.5) + 1
    with pytest.raises(PuzzleInputError, match="maze too large: more than 1,000,000 cells"):
        Maze.from_text(("0" * side + "\n") * side, source="m.txt")


def test_the_maze_searches_stop_at_their_timeout() -> None:
    from onestroke.solver.puzzles import Maze, first_path, shortest_path

    side = 400  # the exit is walled in: both searches visit every other cell first
    rows = ["0" * side] * (side - 2) + ["0" * (side - 1) + "1", "0" * (side - 2) + "10"]
    maze = Maze.from_text("\n".join(rows) + f"\nstart: 0 0\nexit: {side - 1} {side - 1}\n")
    for search_maze in (first_path, shortest_path):
        with pytest.raises(SearchTimeout):
            search_maze(maze, 4, timeout=1e-9)
        assert search_maze(maze, 4) is None


def test_the_exactly_one_encoding_is_python_sats_without_its_quadratic_time() -> None:
    from pysat.card import CardEnc, EncType

    from onestroke.solver.exact import _exactly_one

    for k in range(1, 60):
        lits = list(range(3, 3 + 2 * k, 2))
        expected = CardEnc.equals(lits=lits, bound=1, top_id=500, encoding=EncType.seqcounter).clauses
        assert _exactly_one(lits, 500) == expected, k
