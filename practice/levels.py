"""The practice game's levels: a seeded, endless sequence of solvable boards from 5x5 to 9x7.

Level `n` of seed `s` is always the same board (its own random source is derived from both),
so a log line can be replayed and a failing e2e run reproduced from its seed. Each board is a
random Hamiltonian path of the full rectangle with its tail cut off as holes
(`solver.generate.random_hamiltonian_level`), so every level is solvable by construction.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from onestroke.practice.sprites import CAT_COLOURS
from onestroke.solver.board import Board
from onestroke.solver.generate import random_hamiltonian_level

# (rows, cols) in the order the first levels climb them; the real game is 7 columns wide at most.
SIZES: tuple[tuple[int, int], ...] = ((5, 5), (6, 5), (6, 6), (7, 6), (7, 7), (8, 7), (9, 7))
HOLE_SHARE = 6  # at most one cell in this many becomes a hole


@dataclass(frozen=True)
class Level:
    """One level: its 1-based number, the board, and the cat's colour (it changes between levels)."""

    number: int
    board: Board
    cat: str


def level_size(rng: random.Random, number: int) -> tuple[int, int]:
    """The first levels walk up the size ladder; later ones pick any size from 6x6 up."""
    if number <= len(SIZES):
        return SIZES[number - 1]
    return rng.choice(SIZES[2:])


def spans_full_grid(board: Board) -> bool:
    """True when every row and every column has an open cell (the level really is rows x cols)."""
    rows = {r for r, _ in board.open_cells}
    cols = {c for _, c in board.open_cells}
    return len(rows) == board.rows and len(cols) == board.cols


def make_level(seed: int, number: int) -> Level:
    """Level `number` (1-based) of the sequence for `seed`; the same arguments give the same level."""
    if number < 1:
        raise ValueError(f"levels are numbered from 1, not {number}")
    rng = random.Random(f"onestroke-practice:{seed}:{number}")
    rows, cols = level_size(rng, number)
    cat = rng.choice(sorted(CAT_COLOURS))
    while True:
        holes = rng.randint(0, rows * cols // HOLE_SHARE)
        board, _ = random_hamiltonian_level(rng, rows, cols, holes=holes)
        if spans_full_grid(board):
            return Level(number, board, cat)


def levels(seed: int, first: int = 1) -> Iterator[Level]:
    """The endless level sequence for `seed`, from level `first` on."""
    number = first
    while True:
        yield make_level(seed, number)
        number += 1
