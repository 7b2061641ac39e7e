"""Exhaustive agreement with a brute-force solver on every small board.

Every hole pattern and every start on every grid up to 3x4 and 4x3 (4-moves), smaller grids for
8-moves and for a required end: the number of solutions, `solve`'s verdict and the certificates
must agree with plain enumeration, and every path found must pass the independent checker.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator

import pytest

from onestroke.solver import Board, is_valid_path
from onestroke.solver.backtrack import ALL_PRUNINGS, Prunings
from onestroke.solver.search import count_paths, iter_paths, quick_certificate, solve


def brute_force_count(board: Board) -> int:
    """Solutions counted by extending every self-avoiding walk from the start (no pruning)."""
    n = len(board)
    if board.moves == 4:
        steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    else:
        steps = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
    seen = {board.start}

    def extend(cell: tuple[int, int]) -> int:
        if len(seen) == n:
            return 1 if board.end is None or cell == board.end else 0
        total = 0
        for dr, dc in steps:
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt in board.open_cells and nxt not in seen:
                seen.add(nxt)
                total += extend(nxt)
                seen.remove(nxt)
        return total

    return extend(board.start)


def all_boards(rows: int, cols: int, moves: int, with_end: bool = False) -> Iterator[Board]:
    positions = [(r, c) for r in range(rows) for c in range(cols)]
    for mask in range(1, 1 << len(positions)):
        open_cells = frozenset(p for k, p in enumerate(positions) if mask >> k & 1)
        for start in sorted(open_cells):
            ends = [e for e in sorted(open_cells) if e != start] if with_end else [None]
            for end in ends:
                yield Board(rows, cols, open_cells, start, end, moves)


def check_agreement(board: Board) -> None:
    expected = brute_force_count(board)
    paths = list(iter_paths(board))
    assert len(paths) == expected, board.to_text()
    assert len(set(paths)) == len(paths), board.to_text()
    assert count_paths(board) == expected
    for path in paths:
        assert is_valid_path(board, path), board.to_text()
    result = solve(board, timeout=10.0)
    assert result.solvable is (expected > 0), board.to_text()
    if expected:
        assert result.path is not None and is_valid_path(board, result.path)
        assert quick_certificate(board) is None, board.to_text()
    else:
        assert result.path is None and result.reason


@pytest.mark.parametrize(
    ("rows", "cols"), [(1, 1), (1, 5), (2, 2), (2, 3), (3, 2), (2, 5), (3, 3), (3, 4), (4, 3)]
)
def test_every_small_board_agrees_with_brute_force_4_moves(rows: int, cols: int) -> None:
    for board in all_boards(rows, cols, 4):
        check_agreement(board)


@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 3), (3, 3), (2, 4)])
def test_every_small_board_agrees_with_brute_force_8_moves(rows: int, cols: int) -> None:
    for board in all_boards(rows, cols, 8):
        check_agreement(board)


@pytest.mark.parametrize(("rows", "cols", "moves"), [(2, 3, 4), (3, 3, 4), (2, 4, 4), (2, 3, 8), (3, 3, 8)])
def test_every_small_board_with_a_required_end_agrees(rows: int, cols: int, moves: int) -> None:
    for board in all_boards(rows, cols, moves, with_end=True):
        check_agreement(board)


def test_the_exact_engine_agrees_on_every_3x3_board() -> None:
    for board in itertools.chain(
        all_boards(3, 3, 4), all_boards(2, 3, 8), all_boards(2, 3, 4, with_end=True)
    ):
        expected = brute_force_count(board) > 0
        result = solve(board, timeout=10.0, engine="exact")
        assert result.solvable is expected, board.to_text()
        if expected:
            assert result.path is not None and is_valid_path(board, result.path)


SWITCHES = [field.name for field in dataclasses.fields(Prunings)]


@pytest.mark.parametrize("off", [*SWITCHES, None])
@pytest.mark.parametrize("bitset", [True, False])
def test_every_pruning_switch_keeps_the_solution_count(off: str | None, bitset: bool) -> None:
    # the benchmark's one-at-a-time measurements turn prunings off, and grids over BITSET_LIMIT
    # fill breadth-first instead of by bitset: the answers must not change
    from onestroke.solver.backtrack import index_paths
    from onestroke.solver.certificates import grid_certificate
    from onestroke.solver.grid import Grid

    for board in itertools.chain(
        all_boards(3, 3, 4), all_boards(2, 3, 8), all_boards(2, 3, 4, with_end=True), all_boards(3, 4, 4)
    ):
        if not bitset:
            linear, bitset_grid = Grid(board, bitset=False), Grid(board)
            assert grid_certificate(linear) == grid_certificate(bitset_grid), board.to_text()
        if quick_certificate(board) is not None:
            continue
        prunings = dataclasses.replace(ALL_PRUNINGS, **{off: False}) if off else ALL_PRUNINGS
        grid = Grid(board, bitset=bitset)
        found = [tuple(map(grid.cells.__getitem__, path)) for path in index_paths(grid, None, None, prunings)]
        assert len(found) == len(set(found)) == brute_force_count(board), (off, board.to_text())
        assert all(is_valid_path(board, path) for path in found), (off, board.to_text())


def test_the_article_002_sample_level_agrees_with_brute_force() -> None:
    board = Board.from_rows(["111111", "101101", "111111", "101101", "111111", "000000"], start=(2, 4))
    check_agreement(board)
    assert brute_force_count(board) > 0
