"""Resuming a half-drawn path (bot/play/resume.py): finish from the cat, else go back as little as can be."""

from __future__ import annotations

import random

import pytest

from onestroke.bot.play.resume import drawn_after, plan, rest_of_level
from onestroke.practice.levels import make_level
from onestroke.solver.board import Board, Cell
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve

OPEN_3X3 = Board.from_text("S . .\n. . .\n. . .\n")


def test_nothing_drawn_is_the_whole_level() -> None:
    for walked in ((), ((0, 0),)):
        found = plan(OPEN_3X3, walked)
        assert found.start == 0 and found.back == 0 and found.describe() is None
        assert is_valid_path(OPEN_3X3, found.walk)


def test_a_drawn_path_with_a_finish_is_finished_from_the_cat() -> None:
    walked = ((0, 0), (0, 1), (0, 2))
    found = plan(OPEN_3X3, walked)
    assert found.walk[:3] == walked and found.start == 2 and found.back == 0
    assert is_valid_path(OPEN_3X3, drawn_after(found.walk))
    assert found.describe() == "3 cells drawn already: finishing from the cat"


def test_a_dead_end_is_undone_back_to_the_latest_cell_with_a_finish() -> None:
    # S 1 .      the cat went S, 1, 2, 3: from 3 the left column and the right column cannot both
    # . 2 .      be covered; from 2 they can (down the left, along the bottom, up the right).
    # . 3 .
    walked = ((0, 0), (0, 1), (1, 1), (2, 1))
    found = plan(OPEN_3X3, walked)
    assert (
        found.back == 1
        and found.describe() == "4 cells drawn already, no finish from the cat: going back 1 cell(s) first"
    )
    assert found.walk[: len(walked)] == walked
    gone_back_to = len(walked) - 1 - found.back
    for k in range(gone_back_to + 1, len(walked)):  # no later drawn cell has a finish
        rest = rest_of_level(OPEN_3X3, walked[: k + 1])
        assert rest is None or solve(rest, timeout=5).status == "unsolvable"
    assert drawn_after(found.walk)[: gone_back_to + 1] == list(walked[: gone_back_to + 1])
    assert is_valid_path(OPEN_3X3, drawn_after(found.walk))


def test_a_required_end_drawn_over_forces_going_back() -> None:
    board = Board.from_text("S . .\n. . E\n")
    walked = ((0, 0), (0, 1), (0, 2), (1, 2))  # over the end before the last cell
    found = plan(board, walked)
    assert found.solved and is_valid_path(board, drawn_after(found.walk))
    assert drawn_after(found.walk)[-1] == (1, 2) and found.back == 3


@pytest.mark.parametrize(
    "walked", [((0, 1),), ((0, 0), (1, 1)), ((0, 0), (0, 1), (0, 0)), ((0, 0), (0, 1), (0, 5))]
)
def test_walked_cells_that_are_no_path_from_the_start_are_refused(walked: tuple[Cell, ...]) -> None:
    with pytest.raises(ValueError, match="not a path from the start"):
        plan(OPEN_3X3, walked)


def random_walk(board: Board, rng: random.Random) -> list[Cell]:
    """A self-avoiding walk from the start, of random length, as a person might draw."""
    walk = [board.start]
    for _ in range(rng.randrange(1, len(board))):
        options = [cell for cell in board.neighbours(walk[-1]) if cell not in walk]
        if not options:
            break
        walk.append(rng.choice(options))
    return walk


@pytest.mark.parametrize("seed", range(12))
def test_any_drawn_path_on_a_practice_level_gets_a_valid_finish_going_back_as_little_as_can_be(
    seed: int,
) -> None:
    rng = random.Random(seed)
    board = make_level(seed, rng.randrange(1, 12)).board
    walked = random_walk(board, rng)
    found = plan(board, walked, timeout=10)
    assert found.solved
    path = drawn_after(found.walk)
    assert is_valid_path(board, path)
    kept = len(walked) - found.back
    assert path[:kept] == walked[:kept]
    for k in range(kept, len(walked)):  # going back less would leave no finish
        rest = rest_of_level(board, walked[: k + 1])
        assert rest is None or len(rest) == 1 or solve(rest, timeout=5).status == "unsolvable"


def test_drawn_after_replays_the_games_undo_rule() -> None:
    assert drawn_after([(0, 0), (0, 1), (0, 2), (0, 1), (1, 1)]) == [(0, 0), (0, 1), (1, 1)]
    assert drawn_after([(0, 0), (0, 1), (0, 1)]) == [(0, 0), (0, 1)]
