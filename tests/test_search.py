"""solve / iter_paths / count_paths / quick_certificate on named boards and generated ones."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from onestroke.solver import Board, is_valid_path
from onestroke.solver.generate import random_hamiltonian_level, random_holey_board, random_walk_level
from onestroke.solver.search import SolveResult, count_paths, iter_paths, quick_certificate, solve

ROOT = Path(__file__).resolve().parents[1]
REAL_SCREENS = ROOT.parent / "shared" / "real-screens"

ARTICLE_002 = """\
. . . . . .
. # . . # .
. . . . S .
. # . . # .
. . . . . .
# # # # # #
"""


def assert_solved(board: Board, result: SolveResult) -> None:
    assert result.status == "solved", (result, board.to_text())
    assert result.solvable is True and result.reason is None
    assert result.path is not None and is_valid_path(board, result.path)


@pytest.mark.parametrize("engine", ["auto", "search", "exact"])
def test_article_002_sample_level_solves(engine: str) -> None:
    board = Board.from_text(ARTICLE_002)
    assert_solved(board, solve(board, timeout=10.0, engine=engine))


def test_bundled_article_example_is_the_article_board() -> None:
    text = (ROOT / "examples" / "article-002.txt").read_text()
    assert Board.from_text(text) == Board.from_rows(
        ["111111", "101101", "111111", "101101", "111111", "000000"], start=(2, 4)
    )


def test_every_solution_of_the_article_board_is_distinct_and_valid() -> None:
    board = Board.from_text(ARTICLE_002)
    paths = list(iter_paths(board))
    assert paths and len(set(paths)) == len(paths)
    assert all(is_valid_path(board, path) for path in paths)
    assert count_paths(board) == len(paths)
    assert solve(board).path in paths


def test_real_level_643_solves() -> None:
    source = REAL_SCREENS / "level-643.txt"
    if not source.exists():
        pytest.skip(f"{source} absent: the shared real-screens folder is not beside the project")
    board = Board.from_text(source.read_text(), source=str(source))
    assert len(board) == 43
    for engine in ("auto", "search", "exact"):
        assert_solved(board, solve(board, timeout=10.0, engine=engine))


CERTIFIED = [
    ("S . . .\n# . . #\n. # # #\n", 4, "disconnected: open cell [2, 0]"),
    ("S . . .\n. . . #\n# # # #\n", 4, "parity: 3 open cells share the start's checkerboard colour"),
    ("E S . .\n. . . #\n# # # #\n", 4, "parity: a path of 7 cells from the start ends on the same"),
    ("S . . .\n. . # #\n. # # #\n", 4, "dead ends: open cells [0, 3] and [2, 0]"),
    (". S . .\nE . . #\n# # # #\n", 4, "dead end: open cell [0, 3] has one neighbour"),
    (". . . .\nS # . .\n. # # #\n", 4, "dead end: open cell [2, 0] touches only the start"),
    (
        ". . # .\n. . . .\n# S . .\n# . . .\n",
        4,
        "cut cells: open cells [1, 1] and [1, 3] each cut off a part without the start",
    ),
    (". . S .\n. . # .\n# # # #\n", 4, "cut cell: removing the start [0, 2] leaves 2"),
    (". . # #\n. . . .\n# S # #\n", 4, "cut cell: removing open cell [1, 1] leaves 3 parts"),
    (". . E .\n. . # S\n# # # #\n", 4, "cut cell: open cell [0, 1] cuts off a part without the start"),
    ("S # . . . .\nE . . # . .\n. . . . . .\n", 4, "cut cell: the required end [1, 0] separates"),
    (". . # . .\n. . S . .\n", 8, "cut cell: removing the start [1, 2] leaves 2"),
]


@pytest.mark.parametrize(("text", "moves", "reason"), CERTIFIED)
def test_certificates_give_their_reason_and_both_engines_agree(text: str, moves: int, reason: str) -> None:
    from onestroke.solver.backtrack import first_index_path
    from onestroke.solver.certificates import grid_certificate
    from onestroke.solver.exact import solve_exact
    from onestroke.solver.grid import Grid

    board = Board.from_text(text, moves=moves)
    found = quick_certificate(board)
    assert found is not None and found.startswith(reason), found
    # the linear fill of large grids gives the same reasons as the bitset fill of small ones
    assert grid_certificate(Grid(board, bitset=False)) == grid_certificate(Grid(board))
    # neither engine looks at the certificates: both must find no path on their own
    assert first_index_path(Grid(board)) is None
    assert first_index_path(Grid(board, bitset=False)) is None
    assert solve_exact(board) is False
    result = solve(board)
    assert (result.status, result.reason, result.engine) == ("unsolvable", found, "certificate")


@pytest.mark.parametrize(
    "text",
    ["S . .\n. . .\n", ". S .\n. . .\n", "S . E\n. . .\n. . .\n", ". . . . .\n. # S # .\n. . . . .\n"],
)
def test_no_certificate_on_solvable_boards(text: str) -> None:
    board = Board.from_text(text)
    assert quick_certificate(board) is None
    assert_solved(board, solve(board))


def test_single_cell_board_is_its_own_path() -> None:
    board = Board.from_text("# S #\n")
    assert solve(board).path == ((0, 1),) and is_valid_path(board, solve(board).path)
    assert count_paths(board) == 1


def test_search_alone_reports_a_timeout_on_a_board_it_cannot_finish() -> None:
    board, _ = random_walk_level(random.Random(3), 30, 30, cells=630)
    result = solve(board, timeout=0.05, engine="search")
    assert result.status == "timeout"
    assert result.solvable is None and result.path is None
    assert result.reason == "timeout after 0.05 s"
    assert result.seconds < 2.0
    assert_solved(board, solve(board, timeout=10.0))  # while the portfolio decides it


def test_the_portfolio_respects_a_tiny_timeout() -> None:
    board, _ = random_walk_level(random.Random(4), 30, 30, cells=600)
    result = solve(board, timeout=0.001)
    assert result.status == "timeout" and result.solvable is None
    assert result.seconds < 1.0


def test_iter_paths_raises_search_timeout_when_asked_to_stop() -> None:
    from onestroke.solver.search import SearchTimeout

    board = Board.from_rows(["1" * 6] * 6, start=(0, 0))
    with pytest.raises(SearchTimeout):
        count_paths(board, timeout=0.001)


def test_unknown_engine_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="engine"):
        solve(Board.from_text("S .\n"), engine="magic")


@pytest.mark.parametrize("n", [1, 2, 5, 12, 40])
@pytest.mark.parametrize("corner", [True, False])
def test_full_rectangles_solve(n: int, corner: bool) -> None:
    r, c = (0, 0) if corner else (n // 2, n // 2 - (n * n % 2 and (n // 2 + n // 2) % 2))
    board = Board.from_rows(["1" * n] * n, start=(r, c))
    assert_solved(board, solve(board, timeout=10.0))


# -- property tests on generated boards -------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    hole_share=st.floats(0.0, 0.6),
    moves=st.sampled_from([4, 8]),
    with_end=st.booleans(),
)
def test_generated_hamiltonian_levels_solve(
    seed: int, rows: int, cols: int, hole_share: float, moves: int, with_end: bool
) -> None:
    total = rows * cols
    holes = min(int(total * hole_share), total - 2)
    if with_end and total < 2:
        return
    board, witness = random_hamiltonian_level(
        random.Random(seed), rows, cols, holes=max(holes, 0), moves=moves, with_end=with_end and total >= 2
    )
    assert is_valid_path(board, witness)
    assert quick_certificate(board) is None
    assert_solved(board, solve(board, timeout=10.0))


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(8, 24), share=st.floats(0.5, 0.9))
def test_generated_walk_levels_solve(seed: int, size: int, share: float) -> None:
    board, witness = random_walk_level(
        random.Random(seed), size, size, cells=max(1, int(size * size * share))
    )
    assert is_valid_path(board, witness)
    assert_solved(board, solve(board, timeout=10.0))


@settings(max_examples=80, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(2, 5),
    cols=st.integers(2, 5),
    holes=st.integers(0, 6),
    moves=st.sampled_from([4, 8]),
)
def test_random_boards_get_the_same_verdict_from_every_engine(
    seed: int, rows: int, cols: int, holes: int, moves: int
) -> None:
    board = random_holey_board(
        random.Random(seed), rows, cols, holes=min(holes, rows * cols - 1), moves=moves
    )
    verdicts = {engine: solve(board, timeout=10.0, engine=engine) for engine in ("auto", "search", "exact")}
    found = {engine: result.solvable for engine, result in verdicts.items()}
    assert len(set(found.values())) == 1, (found, board.to_text())
    first = next(iter_paths(board), None)
    assert (first is not None) is found["auto"]
    assert first is None or is_valid_path(board, first)
    for result in verdicts.values():
        if result.path is not None:
            assert is_valid_path(board, result.path)
    if quick_certificate(board) is not None:
        assert found["auto"] is False


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), size=st.integers(4, 16), moves=st.sampled_from([4, 8]))
def test_exact_engine_solves_generated_levels(seed: int, size: int, moves: int) -> None:
    # the SAT engine's cycle merging and lazy cuts both run here: models of these boards
    # usually come back as several cycles
    board, _ = random_walk_level(random.Random(seed), size, size, cells=size * size * 3 // 4, moves=moves)
    assert_solved(board, solve(board, timeout=10.0, engine="exact"))


@pytest.mark.parametrize("solver_name", ["cadical195", "glucose4"])
def test_exact_engine_stops_at_its_deadline(solver_name: str) -> None:
    import time

    from onestroke.solver.exact import solve_exact

    # parity makes this unsolvable, but clause learning has no counting argument: hard for SAT
    board = Board.from_rows(["1" * 15] * 15, start=(0, 1))
    began = time.perf_counter()
    assert solve_exact(board, began + 0.2, solver_name=solver_name) is None
    assert time.perf_counter() - began < 1.0
    assert solve_exact(Board.from_rows(["1" * 7] * 7, start=(0, 1)), None, solver_name=solver_name) is False
