"""Finishing a drawn path (solver/finish.py): from the cat, else going back as little as can be.

Boards are text diagrams in which the drawn path is numbered by its steps from the start (1 is
the start), the numbering people see. Every path is asserted with the one path checker, and
"no finish from here" with a brute-force enumeration that shares no code with the solver.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from onestroke.practice.levels import make_level
from onestroke.solver.board import Board, Cell
from onestroke.solver.check import is_valid_path
from onestroke.solver.finish import Finish, WalkedError, drawn_after, finish, rest_of_level, shown_after
from onestroke.solver.search import solve


def drawn(diagram: str, moves: int = 4) -> tuple[Board, tuple[Cell, ...]]:
    """The board of `diagram` and its walked cells: numbered cells (1 = the start) in step order."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    steps = {int(t): (r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t.isdigit()}
    text = "\n".join(" ".join("S" if t == "1" else "." if t.isdigit() else t for t in row) for row in rows)
    board = Board.from_text(text, moves=moves)
    return board, tuple(steps[k] for k in sorted(steps))


def completions(board: Board, walked: tuple[Cell, ...]) -> Iterator[tuple[Cell, ...]]:
    """Every whole path that begins with `walked`, by brute force (coordinates only, no solver)."""
    near = (lambda a, b: abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1) if board.moves == 4 else None
    if near is None:
        near = lambda a, b: a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1  # noqa: E731
    path = list(walked)

    def grow() -> Iterator[tuple[Cell, ...]]:
        if len(path) == len(board):
            if board.end is None or path[-1] == board.end:
                yield tuple(path)
            return
        for cell in sorted(board.open_cells - set(path)):
            if near(path[-1], cell):
                path.append(cell)
                yield from grow()
                path.pop()

    yield from grow()


def assert_finishes(found: Finish, board: Board, walked: tuple[Cell, ...]) -> None:
    """The finish is a valid whole path that keeps `kept` walked cells, and the stroke draws it."""
    assert found.solved
    assert is_valid_path(board, found.path), found.path
    assert found.path[: found.kept] == walked[: found.kept]
    assert found.route[0] == walked[found.kept - 1] and found.path[found.kept - 1 :] == found.route
    assert drawn_after(found.stroke) == list(found.path)
    assert found.stroke[: len(walked)] == walked
    assert found.undo == tuple(reversed(walked[found.kept :]))


def test_nothing_drawn_is_the_whole_level() -> None:
    board = Board.from_text("S . .\n. . .\n. . .\n")
    for walked in ((), (board.start,)):
        found = finish(board, walked)
        assert found.kept == 1 and found.begins == "start" and found.undo == () and found.describe() is None
        assert is_valid_path(board, found.path) and found.stroke == found.path == found.route


def test_a_drawn_path_with_a_finish_is_finished_from_the_cat() -> None:
    board, walked = drawn("""
        1 2 3
        . . .
        . . .
    """)
    found = finish(board, walked)
    assert_finishes(found, board, walked)
    assert found.begins == "head" and found.kept == 3 and found.route[0] == (0, 2)
    assert found.describe() == "3 cells drawn already: finishing from the cat on [0, 2] (6 cells left)"


def test_a_dead_end_is_undone_back_to_the_latest_cell_with_a_finish() -> None:
    # from the cat on 4 the left and the right column cannot both be covered; from 3 they can,
    # one way only: down the left, along the bottom, up the right
    board, walked = drawn("""
        1 2 .
        . 3 .
        . 4 .
    """)
    assert list(completions(board, walked)) == []
    found = finish(board, walked)
    assert_finishes(found, board, walked)
    assert found.begins == "start" and found.kept == 3 and found.undo == ((2, 1),)
    assert (
        found.describe() == "4 cells drawn already, no finish from the cat on [2, 1]: going back 1 cell first"
    )
    # one numbering: the cells kept keep theirs, the undone cell gets its new step
    assert board.draw_path(found.path) == "1 2 9\n4 3 8\n5 6 7\n"
    assert [found.path] == list(completions(board, walked[:3]))


def test_a_required_end_drawn_over_forces_going_back_to_the_start() -> None:
    board, walked = drawn("""
        1 2 3
        . . 4
    """)
    board = Board(board.rows, board.cols, board.open_cells, board.start, (1, 2))
    found = finish(board, walked)
    assert_finishes(found, board, walked)
    assert found.path[-1] == (1, 2) and found.kept == 1 and found.undo == ((1, 2), (0, 2), (0, 1))
    assert found.describe() == "4 cells drawn already and no finish from any of them: undoing them all"


def test_an_unsolvable_board_gives_no_finish_and_says_why() -> None:
    # two dead ends besides the start ([0, 2] and [2, 3]): a path can end in only one of them
    board, walked = drawn("""
        1 2 . #
        # . # #
        # . . .
    """)
    assert list(completions(board, ((0, 0),))) == []
    found = finish(board, walked)
    assert not found.solved and found.result is not None and found.result.status == "unsolvable"
    assert found.path == () and found.route == () and found.stroke == walked and found.problem is None
    assert found.describe() == "2 cells drawn already and no finish from any of them"


def test_every_cell_walked_is_done_and_nothing_is_dragged() -> None:
    board, walked = drawn("""
        1 2 3
        6 5 4
    """)
    found = finish(board, walked)
    assert found.done and found.solved and found.result is None and found.begins == "head"
    assert found.path == walked and is_valid_path(board, found.path) and found.stroke == walked
    assert found.describe() == "every cell is walked already (the cat on [1, 0])"


def test_a_single_cell_with_nothing_drawn_is_solved_not_done() -> None:
    board = Board.from_text("# S #\n")
    found = finish(board, ())
    assert not found.done and found.result is not None and found.result.status == "solved"
    assert found.path == ((0, 1),) and is_valid_path(board, found.path)


def test_every_cell_walked_off_the_required_end_is_undone() -> None:
    board, walked = drawn("""
        1 2 3
        6 5 4
    """)
    board = Board(board.rows, board.cols, board.open_cells, board.start, (1, 2))
    found = finish(board, walked)
    assert not found.done
    assert_finishes(found, board, walked)
    assert found.path[-1] == (1, 2) and [found.path] == list(completions(board, ((0, 0),)))


def test_eight_neighbour_moves_are_finished_diagonally() -> None:
    board, walked = drawn(
        """
        1 . .
        . 2 .
        . . 3
    """,
        moves=8,
    )
    found = finish(board, walked)
    assert_finishes(found, board, walked)
    assert found.begins == "head"


@pytest.mark.parametrize(
    "walked", [((0, 1),), ((0, 0), (1, 1)), ((0, 0), (0, 1), (0, 0)), ((0, 0), (0, 1), (0, 5))]
)
def test_walked_cells_that_are_no_path_from_the_start_are_refused(walked: tuple[Cell, ...]) -> None:
    board = Board.from_text("S . .\n. . .\n. . .\n")
    with pytest.raises(WalkedError, match="not a path from the start"):
        finish(board, walked)


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
    walked = tuple(random_walk(board, rng))
    found = finish(board, walked, timeout=10)
    assert_finishes(found, board, walked)
    for kept in range(found.kept + 1, len(walked) + 1):  # keeping more would leave no finish
        rest = rest_of_level(board, walked[:kept])
        assert rest is None or solve(rest, timeout=5).status == "unsolvable"


def test_a_small_board_is_kept_as_far_as_brute_force_says_it_can_be() -> None:
    board = Board.from_text("S . . .\n. . # .\n. . . .\n")
    rng = random.Random(7)
    for _ in range(20):
        walked = tuple(random_walk(board, rng))
        found = finish(board, walked)
        best = max(k for k in range(1, len(walked) + 1) if next(completions(board, walked[:k]), None))
        assert found.kept == best, walked
        assert_finishes(found, board, walked)


def test_drawn_after_replays_the_games_undo_rule() -> None:
    assert drawn_after([(0, 0), (0, 1), (0, 2), (0, 1), (1, 1)]) == [(0, 0), (0, 1), (1, 1)]
    assert drawn_after([(0, 0), (0, 1), (0, 1)]) == [(0, 0), (0, 1)]


def games_replay(board: Board, drawn: tuple[Cell, ...], seen: tuple[Cell, ...]) -> tuple[Cell, ...]:
    """The game's rule step by step on the cells it saw (a second reading of practice/rules.py):
    back onto the cell before the head undoes it, the head itself or a hole is ignored, a free
    neighbour is taken, anything else ends the stroke."""
    path = list(drawn)
    for cell in seen:
        if cell == path[-1] or cell not in board.open_cells:
            continue
        if len(path) >= 2 and cell == path[-2]:
            path.pop()
        elif cell in board.neighbours(path[-1]) and cell not in path:
            path.append(cell)
        else:
            break
    return tuple(path)


@pytest.mark.parametrize("seed", range(8))
def test_the_paths_a_game_can_show_after_a_drag_are_those_of_every_set_of_cells_it_saw(seed: int) -> None:
    """Checked against every subset of the cells passed (a late frame skips any of them), small drags."""
    board = make_level(2, 3 + seed).board
    rng = random.Random(seed)
    drawn = tuple(random_walk(board, rng))
    found = finish(board, drawn)
    dragged = found.stroke[found.drag_start :][:11]
    expected = {
        games_replay(board, drawn, tuple(c for i, c in enumerate(dragged) if mask >> i & 1))
        for mask in range(1 << len(dragged))
    }
    assert shown_after(board, drawn, dragged) == expected
    as_sent = drawn_after(found.stroke[: found.drag_start + len(dragged)])
    assert drawn in expected and tuple(as_sent) in expected


def test_going_back_and_on_can_leave_the_same_cells_in_another_order() -> None:
    """The case a screenshot's taken cells alone cannot tell: the cat on the head must."""
    board = Board.from_text("S . .\n. . .\n")
    drawn = ((0, 0), (1, 0), (1, 1), (0, 1))
    # undo all three, then take the same three the other way round, then on to the last two
    dragged = ((0, 1), (1, 1), (1, 0), (0, 0), (0, 1), (1, 1), (1, 0))
    shown = shown_after(board, drawn, dragged)
    assert shown is not None
    same_cells = {path for path in shown if set(path) == set(drawn)}
    assert same_cells == {drawn, ((0, 0), (0, 1), (1, 1), (1, 0))}
    assert ((0, 0), (0, 1), (1, 1)) in shown and ((0, 0), (0, 1), (0, 2)) not in shown


def test_too_many_ways_is_no_answer() -> None:
    board = Board.from_text(". . . .\n. . . .\nS . . .\n")
    walk = tuple(random_walk(board, random.Random(3)))
    assert shown_after(board, (board.start,), walk * 3, limit=3) is None
