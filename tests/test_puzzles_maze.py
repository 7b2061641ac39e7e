"""Maze path: the articles' 14x17 mazes, depth-first order and shortest length vs brute force."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from onestroke.solver import Board, is_valid_path, path_problem
from onestroke.solver.puzzles.grid import PuzzleInputError
from onestroke.solver.puzzles.maze import Maze, directions, first_path, shortest_path, steps_table

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "puzzles"
NAMES = {
    (-1, 0): "N",
    (-1, 1): "NE",
    (0, 1): "E",
    (1, 1): "SE",
    (1, 0): "S",
    (1, -1): "SW",
    (0, -1): "W",
    (-1, -1): "NW",
}
CLOCKWISE = list(NAMES)  # N NE E SE S SW W NW


def steps(moves: int) -> list[tuple[int, int]]:
    return CLOCKWISE if moves == 8 else [s for s in CLOCKWISE if 0 in s]


def assert_path(maze: Maze, path: list[tuple[int, int]], moves: int) -> None:
    """Start to exit over open cells, each cell once, by legal moves (the project's checker)."""
    assert all(maze.is_open(cell) for cell in path)
    assert path[0] == maze.start and path[-1] == maze.exit
    if len(path) > 1:
        board = Board(maze.rows, maze.cols, frozenset(path), maze.start, maze.exit, moves=moves)
        assert is_valid_path(board, path), path_problem(board, path)


def backtracking_first_path(maze: Maze, moves: int) -> list[tuple[int, int]] | None:
    """Textbook recursive backtracking that unmarks cells on the way back (exponential; tiny mazes)."""
    path = [maze.start]

    def walk() -> bool:
        r, c = path[-1]
        if (r, c) == maze.exit:
            return True
        for dr, dc in steps(moves):
            nxt = (r + dr, c + dc)
            if maze.is_open(nxt) and nxt not in path:
                path.append(nxt)
                if walk():
                    return True
                path.pop()
        return False

    return path if walk() else None


def relaxed_distance(maze: Maze, moves: int) -> int | None:
    """Fewest steps from start to exit by repeated relaxation (no queue, no search order)."""
    cells = [(r, c) for r in range(maze.rows) for c in range(maze.cols) if maze.is_open((r, c))]
    far = len(cells) + 1
    dist = {cell: far for cell in cells}
    dist[maze.start] = 0
    changed = True
    while changed:
        changed = False
        for r, c in cells:
            for dr, dc in steps(moves):
                nxt = (r + dr, c + dc)
                if nxt in dist and dist[(r, c)] + 1 < dist[nxt]:
                    dist[nxt] = dist[(r, c)] + 1
                    changed = True
    return None if dist[maze.exit] == far else dist[maze.exit]


def random_maze(rng: random.Random, rows: int, cols: int, walls: float) -> Maze:
    grid = ["".join("1" if rng.random() < walls else "0" for _ in range(cols)) for _ in range(rows)]
    start, exit_ = (0, 0), (rows - 1, cols - 1)
    for r, c in (start, exit_):
        grid[r] = grid[r][:c] + "0" + grid[r][c + 1 :]
    return Maze(tuple(grid), start, exit_)


@pytest.mark.parametrize("name", ["maze_001.txt", "maze_003.txt"])
@pytest.mark.parametrize("moves", [8, 4])
def test_article_mazes_depth_first_is_the_backtracking_path(name: str, moves: int) -> None:
    maze = Maze.from_text((EXAMPLES / name).read_text(), source=name)
    assert (maze.rows, maze.cols) == (14, 17)
    path = first_path(maze, moves)
    if moves == 4:
        assert path is None and relaxed_distance(maze, moves) is None  # diagonals are needed
        return
    assert path == backtracking_first_path(maze, moves)
    assert_path(maze, path, moves)
    assert len(path) - 1 >= relaxed_distance(maze, moves)


@pytest.mark.parametrize(("name", "steps_"), [("maze_001.txt", 25), ("maze_003.txt", 25)])
def test_article_mazes_shortest_path_has_the_fewest_steps(name: str, steps_: int) -> None:
    maze = Maze.from_text((EXAMPLES / name).read_text(), source=name)
    path = shortest_path(maze)
    assert path is not None
    assert_path(maze, path, 8)
    assert len(path) - 1 == relaxed_distance(maze, 8) == steps_


def test_entry_and_exit_of_article_001_are_on_the_border() -> None:
    maze = Maze.from_text((EXAMPLES / "maze_001.txt").read_text())
    assert (maze.start, maze.exit) == ((1, 0), (12, 16))


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(1, 4),
    st.floats(0.0, 0.5),
    st.sampled_from([4, 8]),
    st.randoms(use_true_random=False),
)
def test_small_mazes_match_brute_force(
    rows: int, cols: int, walls: float, moves: int, rng: random.Random
) -> None:
    maze = random_maze(rng, rows, cols, walls)
    distance = relaxed_distance(maze, moves)
    if distance is None:
        # Backtracking would enumerate every simple path of the start's region: skip it.
        assert first_path(maze, moves) is None and shortest_path(maze, moves) is None
        return
    assert first_path(maze, moves) == backtracking_first_path(maze, moves)
    shortest = shortest_path(maze, moves)
    assert_path(maze, shortest, moves)
    assert len(shortest) - 1 == distance


def test_directions_name_each_move_clockwise() -> None:
    path = [(1, 1), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (0, 0), (1, 1)]
    assert directions(path) == ["N", "E", "S", "S", "W", "W", "N", "N", "SE"]
    assert directions([(0, 0), (1, 1), (0, 2), (1, 1), (0, 0)]) == ["SE", "NE", "SW", "NW"]
    table = steps_table([(0, 0), (1, 1)])
    assert table.splitlines()[1:] == ["   0  [0, 0]", "   1  [1, 1]      SE"]


@pytest.mark.parametrize("moves", [4, 8])
def test_a_200x200_maze_needs_no_recursion(moves: int) -> None:
    rng = random.Random(5)
    maze = random_maze(rng, 200, 200, 0.25)
    shortest = shortest_path(maze, moves)
    depth_first = first_path(maze, moves)
    # A quarter of walls leaves this seed's maze open from corner to corner in both modes.
    assert shortest is not None and depth_first is not None
    assert_path(maze, shortest, moves)
    assert_path(maze, depth_first, moves)
    assert len(depth_first) >= len(shortest)


def test_a_long_snake_corridor_is_followed_to_the_end() -> None:
    # One corridor that winds through all rows: tens of thousands of cells deep on the stack.
    rows, cols = 199, 200
    grid = []
    for r in range(rows):
        if r % 2 == 0:
            grid.append("0" * cols)
        else:
            gap = cols - 1 if r % 4 == 1 else 0
            grid.append("".join("0" if c == gap else "1" for c in range(cols)))
    # Row 197 opens on the right, so the last row is walked right to left, to its first cell.
    maze = Maze(tuple(grid), (0, 0), (rows - 1, 0))
    for path in (first_path(maze, 4), shortest_path(maze, 4)):
        assert path is not None
        assert len(path) == 100 * cols + 99
        assert_path(maze, path, 4)


def test_start_equal_to_exit_is_a_path_of_one_cell() -> None:
    maze = Maze.from_text("0 1\nstart: 0 0\nexit: 0 0\n")
    assert first_path(maze) == shortest_path(maze) == [(0, 0)]


def test_draw_marks_the_path_cells() -> None:
    maze = Maze.from_text("0 0 1\n1 0 0\nstart: 0 0\nexit: 1 2\n")
    path = first_path(maze)
    assert path == [(0, 0), (0, 1), (1, 2)]
    assert maze.draw(path) == "* * 1\n1 0 *\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no maze rows"),
        ("0 0\n0 2\nstart: 0 0\nexit: 1 1\n", "line 2: unknown character '2'"),
        ("0 0\n0\nstart: 0 0\nexit: 1 0\n", "line 2: ragged row: 1 cells, but line 1 has 2"),
        ("0 0\nstart: 0 0\n", "missing 'exit: row col' line"),
        ("0 0\nstart: 0 0\nstart: 0 1\n", "line 3: second start: line"),
        ("0 0\nentry: 0 0\n", "line 2: unknown field 'entry'"),
        ("0 0\nstart: 0\nexit: 0 1\n", "line 2: expected two numbers"),
        ("0 0\nstart: ² 0\nexit: 0 1\n", "line 2: expected two numbers"),
        ("0 0\nstart: 0 0\nexit: 3 1\n", "line 3: exit [3, 1] lies outside the 1x2 maze"),
        ("; maze\n0 1\nstart: 0 0\nexit: 0 1\n", "line 4: exit [0, 1] is a wall"),
    ],
)
def test_malformed_input_names_the_source_and_line(text: str, message: str) -> None:
    with pytest.raises(PuzzleInputError) as caught:
        Maze.from_text(text, source="bad.txt")
    assert str(caught.value).startswith("bad.txt: ")
    assert message in str(caught.value)
