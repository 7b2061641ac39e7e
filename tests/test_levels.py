"""The practice game's level sequence: seeded, sized 5x5..9x7, holes, always solvable."""

from __future__ import annotations

import pytest

from onestroke.practice.levels import SIZES, levels, make_level, spans_full_grid
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve


def test_same_seed_and_number_give_the_same_level() -> None:
    assert make_level(7, 12) == make_level(7, 12)


def test_different_seeds_give_different_sequences() -> None:
    first = [make_level(1, n).board for n in range(1, 9)]
    second = [make_level(2, n).board for n in range(1, 9)]
    assert first != second


def test_first_levels_climb_the_size_ladder() -> None:
    sizes = [(lv.board.rows, lv.board.cols) for lv, _ in zip(levels(3), range(len(SIZES)), strict=False)]
    assert sizes == list(SIZES)


@pytest.mark.parametrize("seed", [0, 1, 99])
def test_every_level_is_game_sized_spans_its_grid_and_solves(seed: int) -> None:
    holes_seen = 0
    for level in (make_level(seed, n) for n in range(1, 31)):
        board = level.board
        assert (board.rows, board.cols) in SIZES
        assert spans_full_grid(board)
        holes_seen += len(board.holes)
        result = solve(board, timeout=5)
        assert result.status == "solved", f"level {level.number}: {result.reason}"
        assert is_valid_path(board, result.path)
    assert holes_seen > 0, "levels should have holes"


def test_spans_full_grid_notices_an_empty_border_row() -> None:
    board = Board.from_text("S . .\n. . .\n# # #\n")
    assert not spans_full_grid(board)
    assert spans_full_grid(Board.from_text("S . .\n. # .\n. . .\n"))


def test_level_numbers_start_at_one() -> None:
    with pytest.raises(ValueError, match="from 1"):
        make_level(0, 0)
