"""Number route maze: the article's 10x10 answer, brute-force route counts, bad input."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from onestroke.solver import Board, is_valid_path, path_problem
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.puzzles.grid import PuzzleInputError
from onestroke.solver.puzzles.route import RoutePuzzle, count_routes, solve_route, unsolvable_reason

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "puzzles"
PRUNINGS = [{}, {"barriers": True}, {"reach": False}, {"barriers": True, "reach": False}]

# The answer printed under the article's 10x10 instance: counts on top and on the right.
ARTICLE_ANSWER = """\
4 1 9 4 6 5 3 3 4 8
* . . * * * . . . . 4
* . * * . * . . * * 6
* . * . . * * * * * 7
* * * . . . . . . * 4
. . * * * . . . . * 4
. . * . * . . . . * 3
. . * . * . . . . * 3
. . * . * * * * * * 7
. . * . . . . . . . 1
. . * * * * * * * * 8
"""


def counts_of(path: list[tuple[int, int]], rows: int, cols: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(column counts, row counts) of the cells of `path`."""
    return (
        tuple(sum(1 for _, c in path if c == col) for col in range(cols)),
        tuple(sum(1 for r, _ in path if r == row) for row in range(rows)),
    )


def assert_route(puzzle: RoutePuzzle, path: list[tuple[int, int]]) -> None:
    """A simple 4-neighbour path from start to goal whose counts are the puzzle's."""
    if len(path) > 1:
        board = Board(puzzle.rows, puzzle.cols, frozenset(path), puzzle.start, puzzle.goal, moves=4)
        assert is_valid_path(board, path), path_problem(board, path)
    assert path[0] == puzzle.start and path[-1] == puzzle.goal
    assert counts_of(path, puzzle.rows, puzzle.cols) == (puzzle.col_counts, puzzle.row_counts)


def brute_force_count(puzzle: RoutePuzzle) -> int:
    """All simple start-to-goal paths, kept when their counts are the puzzle's."""
    found = 0

    def walk(path: list[tuple[int, int]]) -> None:
        nonlocal found
        r, c = path[-1]
        if (r, c) == puzzle.goal:
            found += counts_of(path, puzzle.rows, puzzle.cols) == (puzzle.col_counts, puzzle.row_counts)
            return
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < puzzle.rows and 0 <= nc < puzzle.cols and (nr, nc) not in path:
                path.append((nr, nc))
                walk(path)
                path.pop()

    walk([puzzle.start])
    return found


def test_article_instance_reproduces_the_printed_answer_and_is_unique() -> None:
    puzzle = RoutePuzzle.from_text((EXAMPLES / "route_10x10.txt").read_text())
    assert puzzle.col_counts == (4, 1, 9, 4, 6, 5, 3, 3, 4, 8)
    assert puzzle.row_counts == (4, 6, 7, 4, 4, 3, 3, 7, 1, 8)
    path = solve_route(puzzle)
    assert path is not None
    assert_route(puzzle, path)
    assert puzzle.draw(path) == ARTICLE_ANSWER
    assert count_routes(puzzle) == 1


def random_route(rng: random.Random, rows: int, cols: int) -> list[tuple[int, int]]:
    """A self-avoiding random walk: its cells give a puzzle that has at least one route."""
    path = [(rng.randrange(rows), rng.randrange(cols))]
    for _ in range(rng.randrange(rows * cols)):
        r, c = path[-1]
        options = [
            (nr, nc)
            for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in path
        ]
        if not options:
            break
        path.append(rng.choice(options))
    return path


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 4), st.integers(1, 5), st.randoms(use_true_random=False), st.sampled_from(PRUNINGS))
def test_route_counts_match_brute_force(
    rows: int, cols: int, rng: random.Random, pruning: dict[str, bool]
) -> None:
    walk = random_route(rng, rows, cols)
    col_counts, row_counts = counts_of(walk, rows, cols)
    puzzle = RoutePuzzle(col_counts, row_counts, walk[0], walk[-1])
    expected = brute_force_count(puzzle)
    assert expected >= 1
    assert count_routes(puzzle, **pruning) == expected
    path = solve_route(puzzle, **pruning)
    assert path is not None
    assert_route(puzzle, path)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(st.integers(0, 3), min_size=3, max_size=3),
    st.lists(st.integers(0, 3), min_size=3, max_size=3),
    st.tuples(st.integers(0, 2), st.integers(0, 2)),
    st.tuples(st.integers(0, 2), st.integers(0, 2)),
)
def test_arbitrary_counts_match_brute_force_too(
    cols: list[int], rows: list[int], start: tuple[int, int], goal: tuple[int, int]
) -> None:
    # Mostly unsolvable count lists: the search must agree that there is nothing.
    puzzle = RoutePuzzle(tuple(cols), tuple(rows), start, goal)
    assert count_routes(puzzle) == brute_force_count(puzzle)


def test_unsolvable_counts_explain_why() -> None:
    assert "add up to 3 but column counts to 2" in unsolvable_reason(
        RoutePuzzle((1, 1), (2, 1), (0, 0), (1, 1))
    )
    # Three cells cannot join two cells of the same colour one step apart.
    assert "cannot join" in unsolvable_reason(RoutePuzzle((2, 1), (2, 1), (0, 0), (0, 1)))
    assert solve_route(RoutePuzzle((2, 1), (2, 1), (0, 0), (0, 1))) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cols: 1 1\nrows: 2\nstart: 0 0\n", "missing goal: line"),
        ("cols: 1 1\nrows: 2\nstart: 0 0\ngoal: 0 1\nrows: 1\n", "line 5: second rows: line"),
        ("cols: 1 x\n", "line 1: 'x' is not an integer"),
        ("cols: 1 -1\n", "line 1: negative count -1"),
        ("cols:\n", "line 1: cols: needs at least one count"),
        ("cols: 1\nrows: 1\nstart: 0\n", "line 3: expected 2 integers"),
        ("cols: 1 1\nrows: 2\nstart: 0 0\ngoal: 2 0\n", "line 4: goal [2, 0] lies outside the 1x2 grid"),
        ("; comment\nwidth: 3\n", "line 2: expected one of cols:, rows:, start:, goal:"),
    ],
)
def test_malformed_input_names_the_source_and_line(text: str, message: str) -> None:
    with pytest.raises(PuzzleInputError) as caught:
        RoutePuzzle.from_text(text, source="bad.txt")
    assert str(caught.value).startswith("bad.txt: ")
    assert message in str(caught.value)


def test_a_search_past_its_time_limit_raises_search_timeout() -> None:
    # With neither the reach nor the barrier pruning the article's instance takes seconds.
    puzzle = RoutePuzzle.from_text((EXAMPLES / "route_10x10.txt").read_text())
    with pytest.raises(SearchTimeout):
        solve_route(puzzle, reach=False, timeout=0.1)
