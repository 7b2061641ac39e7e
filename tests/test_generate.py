"""The level generators: witness paths that check, the promised sizes, determinism per seed."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from onestroke.solver import Board, is_valid_path
from onestroke.solver.generate import (
    backbite,
    random_hamiltonian_level,
    random_hamiltonian_path,
    random_walk_level,
    snake_path,
)


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (3, 1), (3, 4), (5, 5)])
def test_snake_path_covers_the_rectangle(rows: int, cols: int) -> None:
    path = snake_path(rows, cols)
    assert is_valid_path(Board.from_rows(["1" * cols] * rows, start=path[0]), path)


@settings(max_examples=50, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(1, 8),
    cols=st.integers(1, 8),
    moves=st.sampled_from([4, 8]),
)
def test_backbite_moves_keep_a_hamiltonian_path(seed: int, rows: int, cols: int, moves: int) -> None:
    rng = random.Random(seed)
    path = snake_path(rows, cols)
    for _ in range(30):
        backbite(rng, path, rows, cols, moves)
        assert is_valid_path(Board.from_rows(["1" * cols] * rows, start=path[0], moves=moves), path)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    share=st.floats(0.0, 0.9),
    moves=st.sampled_from([4, 8]),
    with_end=st.booleans(),
)
def test_hamiltonian_level_has_the_holes_asked_for_and_its_witness_checks(
    seed: int, rows: int, cols: int, share: float, moves: int, with_end: bool
) -> None:
    total = rows * cols
    if with_end and total < 2:
        return
    holes = min(int(total * share), total - (2 if with_end else 1))
    board, witness = random_hamiltonian_level(
        random.Random(seed), rows, cols, holes=holes, moves=moves, with_end=with_end
    )
    assert (board.rows, board.cols, board.moves) == (rows, cols, moves)
    assert len(board.holes) == holes
    assert board.start == witness[0]
    assert board.end == (witness[-1] if with_end else None)
    assert is_valid_path(board, witness)


def test_same_seed_same_level_and_different_seeds_differ() -> None:
    def level(seed: int) -> Board:
        return random_hamiltonian_level(random.Random(seed), 7, 7, holes=6)[0]

    assert level(11) == level(11)
    assert len({level(seed).to_text() for seed in range(10)}) == 10


def test_backbite_mixing_reaches_many_paths() -> None:
    rng = random.Random(5)
    paths = {tuple(random_hamiltonian_path(rng, 4, 4)) for _ in range(50)}
    assert len(paths) > 30  # 4x4 has 552 directed Hamiltonian paths; the snake alone would give 2


@pytest.mark.parametrize(("rows", "cols", "holes"), [(3, 3, 9), (3, 3, -1), (2, 2, 4)])
def test_impossible_hole_counts_are_value_errors(rows: int, cols: int, holes: int) -> None:
    with pytest.raises(ValueError, match="holes"):
        random_hamiltonian_level(random.Random(0), rows, cols, holes=holes)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    share=st.floats(0.05, 1.0),
    moves=st.sampled_from([4, 8]),
)
def test_walk_level_has_the_cells_asked_for_and_its_witness_checks(
    seed: int, rows: int, cols: int, share: float, moves: int
) -> None:
    cells = max(1, int(rows * cols * share))
    board, witness = random_walk_level(random.Random(seed), rows, cols, cells=cells, moves=moves)
    assert len(board) == cells and len(witness) == cells
    assert is_valid_path(board, witness)


def test_walk_levels_scatter_their_holes() -> None:
    board, _ = random_walk_level(random.Random(2), 12, 12, cells=100)
    rows_with_holes = {r for r, _ in board.holes}
    assert len(rows_with_holes) >= 6  # the starting snake would keep all 44 holes in the last 4 rows


def test_walk_level_rejects_a_bad_cell_count() -> None:
    with pytest.raises(ValueError, match="cells"):
        random_walk_level(random.Random(0), 3, 3, cells=10)
