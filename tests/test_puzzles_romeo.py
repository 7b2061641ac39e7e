"""Romeo and Juliet's maze: the textbook sample, brute-force agreement, no-route and bad input."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from onestroke.solver import is_valid_path, path_problem
from onestroke.solver.errors import SearchTimeout
from onestroke.solver.puzzles.grid import PuzzleInputError
from onestroke.solver.puzzles.romeo import RomeoMaze, format_answer, solve_romeo, step_matrix, turns_of

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "puzzles"
SAMPLE = "3 4 2\n1 2\n3 4\n1 1\n2 2\n"
PRUNINGS = [
    {},
    {"lower_bound": False},
    {"dead_ends": False},
    {"connectivity": False},
    {"lower_bound": False, "dead_ends": False, "connectivity": False},
]


def brute_force(maze: RomeoMaze) -> tuple[int, int, list[tuple[int, int]]] | None:
    """Every Hamiltonian route by plain enumeration: (fewest turns, how many, first of them)."""
    open_rooms = {(r, c) for r in range(maze.rows) for c in range(maze.cols)} - maze.closed
    routes: list[list[tuple[int, int]]] = []
    # Textbook order of the board's steps: N E S W, then NE SE SW NW.
    order = [(-1, 0), (0, 1), (1, 0), (0, -1), (-1, 1), (1, 1), (1, -1), (-1, -1)]

    def walk(route: list[tuple[int, int]]) -> None:
        r, c = route[-1]
        if (r, c) == maze.end:
            if len(route) == len(open_rooms):
                routes.append(list(route))
            return
        for dr, dc in order:
            nxt = (r + dr, c + dc)
            if nxt in open_rooms and nxt not in route:
                route.append(nxt)
                walk(route)
                route.pop()

    walk([maze.start])
    if not routes:
        return None
    turns = [turns_of(route) for route in routes]
    best = min(turns)
    first = next(route for route, t in zip(routes, turns, strict=True) if t == best)
    return best, turns.count(best), first


def assert_valid(maze: RomeoMaze, path: tuple[tuple[int, int], ...]) -> None:
    assert is_valid_path(maze.to_board(), path), path_problem(maze.to_board(), path)


def test_textbook_sample_gives_6_turns_7_routes_and_the_printed_matrix() -> None:
    maze = RomeoMaze.from_text((EXAMPLES / "romeo_sample.txt").read_text(), source="romeo_sample.txt")
    assert (maze.rows, maze.cols, maze.start, maze.end) == (3, 4, (0, 0), (1, 1))
    assert maze.closed == {(0, 1), (2, 3)}
    answer = solve_romeo(maze)
    assert answer is not None
    assert (answer.turns, answer.count) == (6, 7)
    assert_valid(maze, answer.path)
    assert turns_of(answer.path) == 6
    # The route the textbook prints is the first fewest-turn route in the board's move order.
    assert step_matrix(maze, answer.path) == [[1, -1, 9, 8], [2, 10, 6, 7], [3, 4, 5, -1]]
    assert format_answer(maze, answer) == "6\n7\n1 -1 9 8\n2 10 6 7\n3 4 5 -1\n"


@pytest.mark.parametrize("pruning", PRUNINGS, ids=str)
def test_every_pruning_setting_agrees_with_brute_force_on_the_sample(pruning: dict[str, bool]) -> None:
    maze = RomeoMaze.from_text(SAMPLE)
    answer = solve_romeo(maze, **pruning)
    assert answer is not None
    assert (answer.turns, answer.count, list(answer.path)) == brute_force(maze)


@st.composite
def small_mazes(draw: st.DrawFn) -> RomeoMaze:
    # At most 12 rooms keeps the brute force (and the unpruned solver) quick.
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(2 if rows == 1 else 1, 4))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    closed = draw(st.sets(st.sampled_from(cells), max_size=len(cells) // 3))
    rooms = [c for c in cells if c not in closed]
    if len(rooms) < 2:
        closed, rooms = set(), cells
    start = draw(st.sampled_from(rooms))
    end = draw(st.sampled_from([c for c in rooms if c != start]))
    return RomeoMaze(rows, cols, frozenset(closed), start, end)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_mazes(), st.sampled_from(PRUNINGS))
def test_fewest_turns_and_route_count_match_brute_force(maze: RomeoMaze, pruning: dict[str, bool]) -> None:
    expected = brute_force(maze)
    answer = solve_romeo(maze, **pruning)
    if expected is None:
        assert answer is None
        return
    assert answer is not None
    assert (answer.turns, answer.count) == expected[:2]
    assert list(answer.path) == expected[2]
    assert_valid(maze, answer.path)
    assert turns_of(answer.path) == answer.turns


@pytest.mark.parametrize(
    "maze",
    [
        RomeoMaze(4, 4, frozenset(), (0, 0), (3, 3)),
        RomeoMaze(4, 4, frozenset({(1, 1), (2, 3)}), (0, 0), (3, 0)),
        RomeoMaze(3, 5, frozenset(), (1, 2), (0, 0)),
    ],
    ids=["4x4-corners", "4x4-two-closed", "3x5-from-the-middle"],
)
def test_larger_mazes_match_brute_force(maze: RomeoMaze) -> None:
    answer = solve_romeo(maze)
    assert answer is not None
    assert (answer.turns, answer.count, list(answer.path)) == brute_force(maze)
    assert_valid(maze, answer.path)


@pytest.mark.parametrize(
    "text",
    [
        "1 3 0\n1 2\n1 3\n",  # the far room (1,1) is a dead end that is not Juliet's
        "3 3 3\n1 2\n2 2\n3 2\n1 1\n3 1\n",  # a closed column cuts the right side off
        "2 2 0\n1 1\n1 1\n",  # Juliet in Romeo's room but other rooms remain
    ],
)
def test_no_route_is_reported_as_none(text: str) -> None:
    maze = RomeoMaze.from_text(text)
    assert brute_force(maze) is None
    assert solve_romeo(maze) is None


def test_a_single_open_room_is_a_zero_turn_route() -> None:
    answer = solve_romeo(RomeoMaze.from_text("1 2 1\n1 2\n1 1\n1 1\n"))
    assert answer is not None
    assert (answer.turns, answer.count, answer.path) == (0, 1, ((0, 0),))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty input"),
        ("3 4\n", "line 1: expected 3 integers"),
        ("3 x 2\n", "line 1: 'x' is not an integer"),
        ("3 4 +-2\n", "line 1: '+-2' is not an integer"),
        ("3 ² 2\n", "line 1: '²' is not an integer"),
        ("0 4 0\n1 1\n1 2\n", "line 1: need n, m >= 1"),
        ("100000 100000 0\n1 1\n1 2\n", "line 1: at most 100 rows and columns"),
        ("3 4 2\n1 2\n1 1\n2 2\n", "line 4: input ends early"),
        ("3 4 1\n1 2\n1 1\n2 2\n9 9\n", "line 5: unexpected extra line"),
        ("3 4 1\n4 1\n1 1\n2 2\n", "line 2: closed room (4, 1) lies outside the 3x4 maze"),
        ("3 4 2\n1 2\n1 2\n1 1\n2 2\n", "line 3: room (1, 2) closed twice"),
        ("3 4 1\n2 2\n1 1\n2 2\n", "line 4: Juliet's room (2, 2) is closed"),
    ],
)
def test_malformed_input_names_the_source_and_line(text: str, message: str) -> None:
    with pytest.raises(PuzzleInputError) as caught:
        RomeoMaze.from_text(text, source="bad.txt")
    assert str(caught.value).startswith("bad.txt")
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_search_past_its_time_limit_raises_search_timeout() -> None:
    # A 7x7 open maze takes far longer than a tenth of a second.
    with pytest.raises(SearchTimeout) as caught:
        solve_romeo(RomeoMaze(7, 7, frozenset(), (0, 0), (6, 6)), timeout=0.1)
    assert str(caught.value) == "timeout after 0.1 s"
