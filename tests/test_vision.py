"""The detector reads rendered screens exactly and refuses what is not a usable board.

These tests draw screens in memory with the project's renderer (fast, any size); the fixture
folder and the real screenshot have their own test files.
"""

import os
import random
from collections.abc import Iterator
from dataclasses import replace

import cv2
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from onestroke.bot.vision import detect
from onestroke.bot.vision.reading import Reading
from onestroke.practice import render
from onestroke.practice.levels import make_level
from onestroke.practice.render import THEMES, render_screen
from onestroke.practice.sprites import CAT_COLOURS
from onestroke.solver.board import Board
from onestroke.solver.generate import random_hamiltonian_level
from onestroke.solver.search import solve

# every board here is solvable (the detector refuses boards with a quick unsolvability proof)
SEVEN = """\
. . # . . S #
. . . . . . .
. # . . . # .
. . . . . . .
# . . . . . .
. . . . # . .
. . . . . . #
"""

CORNER_HOLES = """\
# . . . #
. . . . .
. . S . .
# . . . #
"""

CAT_ALONE_IN_TOP_ROW = """\
# # S # #
. . . . .
. . . . .
. . . . #
"""

CAT_IN_LEFT_COLUMN = """\
# . . . .
S . . . .
# . . . .
# . # . .
"""


def assert_read(image: np.ndarray, board: Board, expected_geometry=None, walked=()) -> None:
    found = detect(image)
    assert found.ok, found.reason
    assert found.reason is None and found.screen == "level" and found.next is None
    assert found.board == board, f"read\n{found.board}expected\n{board}"
    assert found.walked == tuple(walked if len(walked) > 1 else ())
    assert all(check.ok for check in found.checks)
    if expected_geometry is not None:
        pitch = expected_geometry.pitch[0]
        assert found.geometry.rows == board.rows and found.geometry.cols == board.cols
        for cell in [(0, 0), (board.rows - 1, board.cols - 1)]:
            got, want = found.geometry.centre(cell), expected_geometry.centre(cell)
            assert np.hypot(got[0] - want[0], got[1] - want[1]) < 0.1 * pitch


@pytest.mark.parametrize("text", [SEVEN, CORNER_HOLES, CAT_ALONE_IN_TOP_ROW, CAT_IN_LEFT_COLUMN])
@pytest.mark.parametrize(("width", "height"), [(1080, 1920), (720, 1280), (1080, 2340)])
def test_rendered_boards_are_read_exactly(text, width, height):
    board = Board.from_text(text)
    rendered = render_screen(board, width=width, height=height, cat="red")
    assert_read(rendered.image, board, rendered.geometry)


@pytest.mark.parametrize(("theme", "cat"), [(name, "orange") for name in sorted(THEMES)] + [("mint", "pink")])
def test_every_style_and_cat_colour(theme, cat):
    board = Board.from_text(SEVEN)
    rendered = render_screen(board, width=720, height=1280, theme=theme, cat=cat)
    assert_read(rendered.image, board, rendered.geometry)


@pytest.mark.parametrize("theme", ["paper", "navy", "nodes"])
def test_a_required_end_is_read_into_the_board(theme):
    board = Board.from_text(SEVEN[: SEVEN.rindex("\n", 0, -1) + 1] + ". . . . E . #\n")
    assert board.end == (6, 4) and solve(board, timeout=10).path is not None
    rendered = render_screen(board, width=720, height=1280, theme=theme)
    assert_read(rendered.image, board, rendered.geometry)


@pytest.mark.parametrize(("seed", "number"), [(101, 8), (23, 7), (99, 10), (138, 7)])
def test_the_cat_on_the_top_left_cell_under_the_players_avatar_is_read(seed: int, number: int) -> None:
    """The practice game's 9x7 levels reach up to its top bar; with the cat on the top-left cell
    its tail rises into the player's avatar just above, and the two read as a second figure
    beside the grid's own (`styles.grow`: the grid may go on), so the level was refused: the
    CI's `demo` stopped on level 8 of seed 101. Each is read now, fresh and half walked."""
    level = make_level(seed, number)
    assert level.board.start == (0, 0) and (level.board.rows, level.board.cols) == (9, 7)
    path = solve(level.board).path
    assert path is not None
    for route in ((), path[: len(path) // 2]):
        rendered = render_screen(level.board, width=450, height=800, level=number, cat=level.cat, route=route)
        assert_read(rendered.image, level.board, rendered.geometry, route)


@pytest.mark.parametrize(("seed", "number"), [(0, 3), (1, 4), (1, 7), (2, 12)])
def test_a_framed_start_over_its_first_step_is_on_the_path_not_a_goal(seed: int, number: int) -> None:
    """The glow theme frames the start, a walked tile; the frame lies over the gap of the first
    step, so no band is read there, and the framed tile off the chain beside one end was taken
    for a possible goal: every such level half walked was refused ("the start ... as well as the
    goal"). A goal is never walked before the end, so the tile is on the path (at the start or
    the head: the puzzle tells which way round can still be finished)."""
    level = make_level(seed, number)
    path = solve(level.board).path
    assert path is not None
    route = path[: len(path) // 2]
    rendered = render_screen(level.board, width=450, height=800, level=number, theme="glow", route=route)
    assert_read(rendered.image, level.board, rendered.geometry, route)


def test_partly_visited_board_reads_as_the_whole_board():
    board = Board.from_text(SEVEN)
    route = [(0, 5), (0, 4), (0, 3), (1, 3), (1, 4), (1, 5), (1, 6), (2, 6), (3, 6)]
    rendered = render_screen(board, width=540, height=960, route=route, cat="blue")
    assert_read(rendered.image, board, rendered.geometry, route)


def test_a_lattice_is_found_from_plain_tiles_four_rows_apart() -> None:
    """Most of the board walked (the band merges the walked tiles into one shape): the lattice
    comes from the four plain tiles left, two side by side and one four rows below them, so the
    column link spans four pitches (three walked tiles between: refused before, the y pitch read
    as four times the x; the practice game with this walk, seed 19, in the e2e test)."""
    board = Board.from_text(". . S # .\n. . . # .\n. . . . .\n. . . . .\n. . . . .")
    walk = [(0, 2), (1, 2), (2, 2), (2, 1), (1, 1), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1), (4, 2)]
    walk += [(4, 3), (4, 4), (3, 4), (3, 3), (2, 3), (2, 4), (1, 4), (0, 4)]
    shown = render_screen(board, width=450, height=800, cat="beige", route=walk)
    assert_read(shown.image, board, shown.geometry, walked=walk)


def test_walked_cells_joined_by_a_band_of_their_own_colour_are_read(monkeypatch):
    # the real game's look after a failed drag is unknown; if its band has the cells' own colour,
    # walked cells merge into one blob, and are still read position by position on the lattice
    # found from the plain cells
    monkeypatch.setattr(render, "route_colour", render.visited_colour)
    board = Board.from_text(SEVEN)
    route = [(0, 5), (0, 4), (0, 3), (1, 3), (1, 4), (1, 5), (1, 6), (2, 6), (3, 6), (3, 5), (2, 4), (2, 3)][
        :10
    ]
    rendered = render.render_screen(board, width=720, height=1280, route=route, cat="red", theme="mint")
    (xa, ya), (xb, _) = rendered.geometry.centre((0, 4)), rendered.geometry.centre((0, 3))
    assert tuple(rendered.image[round(ya), round((xa + xb) / 2)]) == render.visited_colour(
        CAT_COLOURS["red"], THEMES["mint"]
    )
    assert_read(rendered.image, board, rendered.geometry, route)


BESIDE_THE_START = """\
. . . .
. S . .
. . . .
. . . .
"""


def walks_back_beside_the_start(board: Board, walk: list) -> Iterator[list]:
    """Every walk from the start (up to 7 cells) whose head comes back beside the start."""
    if len(walk) >= 4 and walk[-1] in board.neighbours(board.start):
        yield walk
    for cell in board.neighbours(walk[-1]):
        if cell not in walk and len(walk) < 7:
            yield from walks_back_beside_the_start(board, [*walk, cell])


@pytest.mark.parametrize("theme", [name for name, theme in THEMES.items() if theme.start in ("cat", "disc")])
def test_a_head_beside_the_start_is_read_whichever_way_it_came(theme):
    """Keep mode after a stopped drag (tests/e2e bump test, seed 933): the cat's head sits beside
    the start, and both are ends of the path shown so far. Which of them the cat hides the band
    to is what the gaps say: the band runs under the cat's feet (a step up) or its body; the
    gap to the start shows the background, or at most a thin tail over it."""
    board = Board.from_text(BESIDE_THE_START)
    walks = list(walks_back_beside_the_start(board, [board.start]))
    assert len(walks) == 24 and any(w[-1][0] == w[-2][0] - 1 for w in walks)  # steps up among them
    for i, walk in enumerate(walks):
        cat = sorted(CAT_COLOURS)[i % len(CAT_COLOURS)]
        rendered = render_screen(board, width=540, height=960, theme=theme, cat=cat, route=walk)
        found = detect(rendered.image)
        assert found.ok and found.walked == tuple(walk), (walk, cat, found.reason)
        assert found.board == board


def test_jpeg_and_low_resolution():
    board = Board.from_text(SEVEN)
    rendered = render_screen(board, width=1080, height=1920, cat="pink")
    small = cv2.resize(rendered.image, None, fx=1 / 3, fy=1 / 3, interpolation=cv2.INTER_AREA)
    ok, data = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 70])
    assert ok
    image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    assert_read(image, board, rendered.geometry.scaled(1 / 3))


def test_level_complete_screen_is_no_board_and_gives_the_go_on_control():
    board = Board.from_text(SEVEN)
    done = render_screen(board, complete=True, route=[])
    found = detect(done.image)
    assert not found.ok and found.board is None and found.reason and found.screen == "complete"
    x0, y0, x1, y1 = done.next_button.corners
    assert found.next is not None and x0 <= found.next.x <= x1 and y0 <= found.next.y <= y1


def test_a_grid_without_a_cat_is_refused_by_the_start_check():
    image = np.full((800, 800, 3), 245, np.uint8)
    for r in range(4):
        for c in range(4):
            cv2.rectangle(
                image, (100 + 120 * c, 100 + 120 * r), (200 + 120 * c, 200 + 120 * r), (200, 200, 200), -1
            )
    found = detect(image)
    assert found.board is None
    assert [check.name for check in found.checks if not check.ok] == ["start"]
    assert "no cell looks like a start" in found.reason
    assert found.geometry is not None and (found.geometry.rows, found.geometry.cols) == (4, 4)


def test_an_unsolvable_reading_is_refused_by_the_certificate():
    # a board cut in two by a column of holes: no single stroke covers both sides
    board = Board.from_text(". . # . .\n. S # . .\n. . # . .\n")
    found = detect(render_screen(board, width=720, height=1280).image)
    assert found.board is None
    assert [check.name for check in found.checks if not check.ok] == ["solvable"]
    assert found.unchecked_board == board


def test_blank_and_noise_images_give_no_board():
    rng = np.random.default_rng(3)
    for image in (np.full((600, 400, 3), 249, np.uint8), rng.integers(0, 256, (600, 400, 3), dtype=np.uint8)):
        found = detect(image)
        assert found.board is None and "no lattice" in found.reason


def test_a_checkerboard_of_thousands_of_squares_is_refused_quickly():
    # 30 px squares: ~2300 square blobs (more than MAX_BLOBS), a perfect lattice, no cat
    y, x = np.mgrid[0:1080, 0:1920]
    image = (
        np.where((((y // 30) + (x // 30)) % 2 == 0)[:, :, None], 255, 200).astype(np.uint8).repeat(3, axis=2)
    )
    found = detect(image)
    assert found.board is None


def test_grey_and_bgra_images_are_accepted_and_bad_input_is_named():
    board = Board.from_text(CORNER_HOLES)
    image = render_screen(board, width=540, height=960).image
    assert detect(cv2.cvtColor(image, cv2.COLOR_BGR2BGRA)).board == board
    with pytest.raises(ValueError, match="shape"):
        detect(np.zeros((10, 10, 2), np.uint8))
    with pytest.raises(TypeError):
        detect(np.zeros((10, 10, 3), np.float32))


@settings(
    max_examples=int(os.environ.get("VISION_EXAMPLES", "25")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 10**6),
    rows=st.integers(3, 9),
    cols=st.integers(3, 7),
    width=st.sampled_from([360, 540, 720, 1080]),
    aspect=st.sampled_from([16 / 9, 19.5 / 9]),
    theme=st.sampled_from(sorted(THEMES)),
    cat=st.sampled_from(sorted(CAT_COLOURS)),
    walked=st.one_of(st.just(0.0), st.floats(0.0, 1.0), st.just(1.0)),
    quality=st.sampled_from([None, 60, 85]),
)
def test_random_levels_in_random_styles_are_read_exactly(
    seed, rows, cols, width, aspect, theme, cat, walked, quality
):
    rng = random.Random(seed)
    with_end = THEMES[theme].start != "cat" and rng.random() < 0.5
    board, path = random_hamiltonian_level(
        rng, rows, cols, holes=rng.randint(0, rows * cols // 4), with_end=with_end
    )
    used_rows, used_cols = {r for r, _ in board.open_cells}, {c for _, c in board.open_cells}
    assume(len(used_rows) == rows and len(used_cols) == cols)  # a border line of holes is invisible
    route = path[: int(walked * len(path))]
    assume(not (board.end is not None and route and route[-1] == board.end))  # the head hides the goal
    rendered = render_screen(
        board, width=width, height=int(width * aspect), theme=theme, cat=cat, route=route
    )
    image = rendered.image
    if quality is not None:
        image = cv2.imdecode(
            cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], cv2.IMREAD_COLOR
        )
    found = detect(image)
    if not found.ok:  # never a wrong board; how often it refuses is measured below
        assert found.board is None and found.reason
        return
    assert_read(image, board, rendered.geometry, route)


def test_the_top_bar_above_a_night_board_is_no_row_of_holes() -> None:
    """Hypothesis's failing example from the CI run of 08c4f4a: the night theme's top bar
    (avatar, coins, a lucky wheel) one pitch above a 9x7 board; the avatar read as a marked cell
    grew the grid a tenth row, of holes but for it (the same puzzle, not the board drawn). A
    marked position whose far side is not bounded as a cell's is no tile of the board."""
    rng = random.Random(0)
    with_end = THEMES["night"].start != "cat" and rng.random() < 0.5
    board, _ = random_hamiltonian_level(rng, 9, 7, holes=rng.randint(0, 9 * 7 // 4), with_end=with_end)
    rendered = render_screen(board, width=720, height=1280, theme="night", cat="beige", route=[])
    image = cv2.imdecode(
        cv2.imencode(".jpg", rendered.image, [cv2.IMWRITE_JPEG_QUALITY, 85])[1], cv2.IMREAD_COLOR
    )
    found = detect(image)
    assert found.board is None or found.board == board, f"read\n{found.board}expected\n{board}"


def random_screen(seed: int) -> tuple[Board, tuple, np.ndarray, bool]:
    """A random level in a random style, size, stage of play and JPEG quality (fixed by `seed`);
    and whether a refusal is expected: where walked cells merge into one shape (a band as wide
    as a cell, dots on a field) and fewer than three plain cells are left, no lattice is found."""
    rng = random.Random(seed)
    while True:
        rows, cols, theme = rng.randint(3, 9), rng.randint(3, 7), rng.choice(sorted(THEMES))
        with_end = THEMES[theme].start != "cat" and rng.random() < 0.5
        board, path = random_hamiltonian_level(
            rng, rows, cols, holes=rng.randint(0, rows * cols // 4), with_end=with_end
        )
        if {r for r, _ in board.open_cells} == set(range(rows)) and {c for _, c in board.open_cells} == set(
            range(cols)
        ):
            break
    route = path[: int(rng.choice([0, 0, rng.random(), 1.0]) * len(path))]
    if board.end is not None and route and route[-1] == board.end:
        route = route[:-1]  # the head on the goal hides its mark
    width = rng.choice([360, 540, 720, 1080])
    image = render_screen(
        board,
        width=width,
        height=int(width * rng.choice([16 / 9, 19.5 / 9])),
        theme=theme,
        cat=rng.choice(sorted(CAT_COLOURS)),
        route=route,
    ).image
    quality = rng.choice([None, None, 60, 85])
    if quality is not None:
        image = cv2.imdecode(
            cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])[1], cv2.IMREAD_COLOR
        )
    merging = THEMES[theme].band == "full" or THEMES[theme].look == "nodes"
    return board, tuple(route), image, merging and len(board) - len(set(route)) < 3


def test_random_screens_are_read_exactly_or_refused_and_rarely_refused():
    wrong, refused, readable = [], [], 0
    for seed in range(int(os.environ.get("VISION_SCREENS", "120"))):
        board, route, image, expect_refusal = random_screen(seed)
        found = detect(image)
        if found.ok and (found.board != board or found.walked != (route if len(route) > 1 else ())):
            wrong.append(seed)
        if expect_refusal:
            continue
        readable += 1
        if not found.ok:
            refused.append((seed, found.reason))
    assert not wrong, f"wrong boards for seeds {wrong}"
    assert len(refused) <= 0.03 * readable, refused


@pytest.mark.parametrize("shape", [(1, 1, 3), (1, 1), (23, 500, 3), (500, 10, 4)])
def test_an_image_too_small_for_a_board_is_refused_with_its_size(shape):
    found = detect(np.full(shape, 200, np.uint8))
    assert not found.ok and found.board is None
    assert found.reason == f"image of {shape[1]}x{shape[0]} px is too small to hold a board"


def _walk_diagram(text: str) -> tuple[frozenset, list, tuple | None]:
    """A drawn board as text: `.` a cell not walked, `#` a hole, `E` the goal, and the walked
    cells as letters `a`, `b`, `c`, ... in the order they were walked (`a` the start)."""
    cells, walked, goal = set(), {}, None
    for r, line in enumerate(text.split("\n")):
        for c, ch in enumerate(line.split()):
            if ch != "#":
                cells.add((r, c))
            if ch == "E":
                goal = (r, c)
            elif ch.islower():
                walked[ch] = (r, c)
    return frozenset(cells), [walked[k] for k in sorted(walked)], goal


# from `a`, the head `f` can still cover the rest (round to the dead end at the top right); from
# `f`, the head `a` is walled in by `b` and `d`: no finish, so one way round only
FINISHED_ONE_WAY_ONLY = """\
a d e .
b c f .
. . . .
. . . .
"""

# from either end the rest can be covered: the puzzle says nothing
FINISHED_EITHER_WAY = """\
a b c .
. . . .
. . . .
. . . .
"""

# the goal between the cells left: from `c` or from `a`, it is reached with a cell still open
FINISHED_NEITHER_WAY = """\
a b c
. E .
"""


def test_the_way_round_of_a_drawn_path_that_can_still_be_finished_is_where_it_began():
    from onestroke.bot.vision.walked import began_at

    cells, order, goal = _walk_diagram(FINISHED_ONE_WAY_ONLY)
    assert began_at(order, cells, goal)[0] == order[0]
    assert began_at(order[::-1], cells, goal)[0] == order[0]  # whichever way the chain was read
    cells, order, goal = _walk_diagram(FINISHED_EITHER_WAY)
    assert began_at(order, cells, goal) == (None, "the rest of the level can be finished either way")
    cells, order, goal = _walk_diagram(FINISHED_NEITHER_WAY)
    assert began_at(order, cells, goal) == (None, "the rest of the level can be finished neither way")


def _touching_grid(text: str, pitch: int = 60) -> np.ndarray:
    """A grid of touching cells as text (`.` a plain cell, `S` the start in a colour of its own,
    `#` a hole, letters `a`, `b`, ... cells walked in that order after S, filled in the page's
    colour): every cell a square a line narrower than the pitch on a square of the lines' colour a
    little wider, so two cells side by side show one line between them; a hole draws nothing, and
    the page shows there (and between two holes side by side: no line). A step of the path paints
    over the line between its two cells."""
    rows = [line.split() for line in text.strip().split("\n")]
    page, line, plain, start = (236, 242, 238), (70, 82, 76), (150, 172, 160), (40, 60, 220)
    image = np.full((len(rows) * pitch + 4 * pitch, len(rows[0]) * pitch + 4 * pitch, 3), page, np.uint8)
    cells = [(r, c, ch) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "#"]
    for r, c, _ in cells:
        x, y = 2 * pitch + c * pitch, 2 * pitch + r * pitch
        cv2.rectangle(image, (x - 1, y - 1), (x + pitch, y + pitch), line, -1)
    for r, c, ch in cells:
        x, y = 2 * pitch + c * pitch, 2 * pitch + r * pitch
        colour = start if ch == "S" else page if ch.islower() else plain
        cv2.rectangle(image, (x + 1, y + 1), (x + pitch - 2, y + pitch - 2), colour, -1)
    route = sorted((ch, r, c) for r, c, ch in cells if ch.islower() or ch == "S")  # "S" sorts first
    for (_, r, c), (_, r2, c2) in zip(route, route[1:], strict=False):
        x, y = 2 * pitch + (c + c2 + 1) * pitch // 2, 2 * pitch + (r + r2 + 1) * pitch // 2
        along, across = pitch // 10, 3 * pitch // 10
        dx, dy = (along, across) if r == r2 else (across, along)
        cv2.rectangle(image, (x - dx, y - dy), (x + dx, y + dy), page, -1)
    return image


# holes side by side in a grid of touching cells: the page shows across the gap between them (no
# line is drawn where no cell is), and where four meet, at the lattice corner between them too
HOLES_SIDE_BY_SIDE = """\
. . . . . .
. # # . . .
. # # S . .
. . . # . .
. . . # # .
. . . . . .
"""

# the same holes, and a path drawn from S in the page's colour: its cells are joined to S, no holes
WALKED_IN_THE_PAGE_COLOUR = """\
. . . . . .
. # # . . .
. # # S a .
. . . # b .
. . . # # .
. . . . . .
"""


def test_holes_side_by_side_in_a_grid_of_touching_cells_show_the_page():
    found = detect(_touching_grid(HOLES_SIDE_BY_SIDE))
    assert found.ok, found.reason
    assert found.board == Board.from_text(HOLES_SIDE_BY_SIDE)


def test_cells_walked_in_the_page_colour_are_no_holes():
    found = detect(_touching_grid(WALKED_IN_THE_PAGE_COLOUR))
    board = found.board or found.unchecked_board
    assert board is not None and {(2, 4), (3, 4)} <= board.open_cells


def _diagram_reading(text: str, around: np.ndarray | None = None) -> Reading:
    """A board of dots read as text (`.` a cell, `#` and `o` holes), nothing else seen on it."""
    from onestroke.bot.vision.reading import CELL, HOLE, Reading

    kinds = np.array([[HOLE if ch in "#o" else CELL for ch in line.split()] for line in text.splitlines()])
    rows, cols = kinds.shape
    flags = (np.zeros((rows, cols - 1), bool), np.zeros((rows - 1, cols), bool))
    colours = (np.zeros((rows, cols - 1, 3)), np.zeros((rows - 1, cols, 3)))
    plain = np.zeros((rows, cols, 3))
    return Reading(
        "nodes", None, (0, rows, 0, cols), kinds, plain, plain, plain, *flags, *colours,
        *(f.copy() for f in flags), *(f.copy() for f in flags), around=around,
    )  # fmt: skip


# the colours of a board of dots and the ring around it: `p` the page, `.` a dot on its field,
# `#` a hole drawn as a dark square, `o` a hole left as the page
DIAGRAM_COLOURS = {"p": (200, 200, 200), ".": (120, 90, 60), "#": (30, 30, 30), "o": (204, 200, 198)}

# a column of dark squares beyond the grid's last column, which holds two
SQUARES_BEYOND = """\
p p p p p
p . . # #
p . . # #
p . . . #
p p p p p
"""

# holes left as the page: beyond the grid the page, alike them, and nothing drawn
HOLES_OF_THE_PAGE = """\
p p p p
p . o p
p . . p
p p p p
"""


def _with_its_ring(text: str) -> tuple[Reading, np.ndarray]:
    rows = [line.split() for line in text.splitlines()]
    around = np.array([[DIAGRAM_COLOURS[ch] for ch in row] for row in rows], float)
    inner = "\n".join(" ".join(row[1:-1]) for row in rows[1:-1])
    return _diagram_reading(inner, around), around


def test_squares_drawn_like_the_holes_beyond_the_grid_are_where_it_may_go_on():
    from onestroke.bot.vision.roles import _drawn_like_a_hole_beyond

    reading, _ = _with_its_ring(SQUARES_BEYOND)
    assert _drawn_like_a_hole_beyond(reading) == [(0, 3), (1, 3), (2, 3)]
    reading, _ = _with_its_ring(HOLES_OF_THE_PAGE)
    assert _drawn_like_a_hole_beyond(reading) == []


# a walked end's middle over its margin: `P` the plain cells' colour, `G` a start tile's green,
# `b` a blend a third of the way from P to G (a soft edge, blurred); the path drawn over tiles
# that keep their colour
MIDDLE_OVER_MARGIN = """\
G G G b
G P b P
"""
MARGIN_COLOURS = {"P": (200, 170, 160), "G": (100, 230, 60), "b": (167, 190, 127)}


def test_an_end_whose_margin_shows_the_plain_colour_has_something_over_its_middle_only():
    """`roles._plain_margin`: a tile of its own colour keeps it to its margin (a start tile); a
    disc, an avatar or a line's end over the middle leaves the tile's plain colour around it."""
    from onestroke.bot.vision.roles import _plain_margin

    middles, margins = (line.split() for line in MIDDLE_OVER_MARGIN.splitlines())
    reading = _diagram_reading(" ".join("." for _ in middles))
    plain = np.array(MARGIN_COLOURS["P"], float)
    seen = []
    for c, (middle, margin) in enumerate(zip(middles, margins, strict=True)):
        reading.grounds[0, c] = MARGIN_COLOURS[margin]
        seen.append(_plain_margin(reading, (0, c), np.array(MARGIN_COLOURS[middle], float), plain))
    assert seen == [False, True, True, True]
    assert not _plain_margin(reading, (0, 1), np.array(MARGIN_COLOURS["G"], float), None)


# a framed grid's holes left out, showing the field a shade darker than the plain cells (`f`),
# beside plain cells (`.`); the frame lines between them too thin for the gap's samples
FIELD_IN_TWO_HOLES = """\
. . . .
. f f .
. . . .
"""
FIELD_COLOURS = {".": (200, 170, 160), "f": (156, 133, 125), "path": (40, 60, 220)}


def test_the_field_in_holes_beside_thin_lines_is_no_join():
    """`roles._shaded_holes`: a "band" from a hole showing the field to a plain cell in the colour
    of just one of them is a cell's own edge (the line between them missed), and the field between
    two such holes side by side is the field, so the two are holes; a band in a colour of its own
    (a path's, over them) is a join, and they are not."""
    from onestroke.bot.vision.roles import _shaded_holes

    reading = _diagram_reading(FIELD_IN_TWO_HOLES.replace("f", "."))
    for r, row in enumerate(FIELD_IN_TWO_HOLES.splitlines()):
        for c, ch in enumerate(row.split()):
            reading.colours[r, c] = FIELD_COLOURS[ch]
    field, plain = (np.array(FIELD_COLOURS[k], float) for k in "f.")
    for flags, gaps, at, colour in (
        (reading.bands_right, reading.gaps_right, (1, 1), field),  # f f: the field between them
        (reading.bands_right, reading.gaps_right, (1, 0), plain),  # . f: the plain cell's edge
        (reading.bands_down, reading.gaps_down, (0, 2), field),  # . over f: the hole's own edge
    ):
        flags[at], gaps[at] = True, colour
    holes = [(1, 1), (1, 2)]
    colours = {cell: reading.colours[cell] for cell in reading.positions(".")}
    assert _shaded_holes(reading, holes, colours, plain) == frozenset(holes)
    reading.bands_right[1, 2], reading.gaps_right[1, 2] = True, FIELD_COLOURS["path"]  # f . joined
    assert _shaded_holes(reading, holes, colours, plain) == frozenset()


def test_a_start_of_its_own_colour_beside_one_end_of_the_chain_is_its_first_step():
    """`S` a start tile off the chain `a b c d`, beside its end `a`: joined where something crosses
    the gap between them (the band under the start's frame), not where it is bare (a hint line
    begins a step away from the start), nor where the start is beside both ends."""
    from onestroke.bot.vision.roles import _Odd, _with_the_first_step

    reading = _diagram_reading(". . .\n. . .")
    odd = _Odd([], [], [(0, 0)], {}, [])
    chain = [(1, 0), (1, 1), (1, 2), (0, 2)]  # `S . d` over `a b c`: S beside a only
    reading.covered_down[0, 0] = True
    assert _with_the_first_step(reading, chain, odd) == [(0, 0), *chain]
    assert _with_the_first_step(reading, chain[::-1], odd) == [*chain[::-1], (0, 0)]
    reading.covered_down[0, 0] = False
    assert _with_the_first_step(reading, chain, odd) == chain  # a bare gap
    reading.bands_down[0, 0] = True
    assert _with_the_first_step(reading, chain, odd) == [(0, 0), *chain]
    both = [(1, 0), (1, 1), (0, 1)]  # `S c` over `a b`: the start beside both ends
    assert _with_the_first_step(reading, both, odd) == both


def test_a_tile_in_the_paths_colour_at_an_end_says_start_only_where_no_marker_may_be_the_start():
    """`a b c d` a chain whose end `a` is a tile of its own colour, `d` a disc (a marker that may be
    the start's or the head's): a tile of a colour of its own keeps the start's look under the
    path and says "start"; one in the path's own colour is what the head's cell looks like where
    the band of the last step was missed (joined back as the start's first step), so beside the
    disc it says nothing and the ends stay alike. Without a marker on the other end it still does."""
    from onestroke.bot.vision.roles import _ends_of_path, _Odd

    chain = [(0, 0), (0, 1), (0, 2), (0, 3)]
    a, d = chain[0], chain[-1]
    own_colour = _Odd([d], [], [a], {}, [], unsure=[d])
    start, _, check = _ends_of_path(chain, own_colour)
    assert start == a, check.detail
    path_coloured = _Odd([d], [], [a], {}, [], unsure=[d], path_coloured=[a])
    start, _, check = _ends_of_path(chain, path_coloured)
    assert start is None and "cannot tell where the drawn path began" in check.detail
    no_marker = _Odd([], [], [a], {}, [], path_coloured=[a])
    start, _, check = _ends_of_path(chain, no_marker)
    assert start == a, check.detail


# a board of dots (`.`) on its ground with a bottom row of holes drawn as dark squares (`#`)
SQUARES_ROW = ". . . .\n. . . .\n. . . .\n# # # #"
DOTS_PAGE, DOTS_GROUND, DOT, SQUARE = (60, 40, 30), (90, 75, 62), (200, 200, 200), (20, 20, 20)


def _dots_and_squares(text: str, squares_on_the_ground: bool, pitch: int = 40) -> np.ndarray:
    """A diagram drawn: each position a pitch square, the board's ground under the dots (and under
    the squares, or the page there), the page a pitch around it."""
    rows = [line.split() for line in text.splitlines()]
    image = np.full(((len(rows) + 2) * pitch, (len(rows[0]) + 2) * pitch, 3), DOTS_PAGE, np.uint8)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x, y = (c + 1) * pitch, (r + 1) * pitch
            if ch == "." or squares_on_the_ground:
                image[y : y + pitch, x : x + pitch] = DOTS_GROUND
            centre, half = (x + pitch // 2, y + pitch // 2), int(0.35 * pitch)
            if ch == ".":
                cv2.circle(image, centre, pitch // 8, DOT, -1, cv2.LINE_AA)
            else:
                image[centre[1] - half : centre[1] + half, centre[0] - half : centre[0] + half] = SQUARE
    return image


def test_a_row_of_squares_drawn_on_the_boards_ground_is_its_border_not_on_the_page():
    """`styles.read` over the dots' lattice: dark squares along one side of the grid, the board's
    ground between them, are a border row of its holes (`styles._drawn_on_the_ground`); the same
    squares drawn on the page around the board (the page between them, each in a margin of the
    page) are left beside it."""
    from onestroke.bot.vision.lattice import Lattice
    from onestroke.bot.vision.styles import read

    pitch = 40
    dots = [(r, c) for r in range(3) for c in range(4)]
    rows, cols = (np.array(index) for index in zip(*dots, strict=True))
    side = np.full(len(dots), 0.25 * pitch)
    lattice = Lattice((1.5 * pitch, 1.5 * pitch), (float(pitch), float(pitch)), rows, cols, 0.0, side, side)
    assert read(_dots_and_squares(SQUARES_ROW, True, pitch), lattice).box == (0, 4, 0, 4)
    assert read(_dots_and_squares(SQUARES_ROW, False, pitch), lattice).box == (0, 3, 0, 4)


def _gap_flags(text: str) -> tuple[np.ndarray, np.ndarray]:
    """Gap flags from a diagram of positions (`o`) and the gaps between them: `|` or `-` a gap
    flagged, `.` one not, right gaps on a position's row and down gaps on the row below it."""
    lines = text.splitlines()
    right = np.array([[ch == "|" for ch in line.split()[1::2]] for line in lines[0::2]])
    down = np.array([[ch == "-" for ch in line.split()] for line in lines[1::2]])
    return right, down


# a frame in the gaps around the middle cell: its four gaps show no background in their middle
FRAMED_MIDDLE = """\
o . o . o
. - .
o | o | o
. - .
o . o . o
"""

# a path's band runs through the same gaps: wide too, but a band
BANDS_THROUGH_THE_MIDDLE = """\
o . o . o
. - .
o | o | o
. - .
o . o . o
"""

# a thin line (a hint, a path of lines) turning in the middle cell: two of its gaps alone
TURNING_IN_THE_MIDDLE = """\
o . o . o
. . .
o | o . o
. - .
o . o . o
"""


def test_a_cell_whose_every_gap_a_frame_crosses_is_marked():
    from onestroke.bot.vision.reading import CELL
    from onestroke.bot.vision.styles import framed_in_the_gaps

    kinds = np.full((3, 3), CELL)
    no_bands = (np.zeros((3, 2), bool), np.zeros((2, 3), bool))
    all_open = (np.ones((3, 2), bool), np.ones((2, 3), bool))
    framed = framed_in_the_gaps(kinds, *no_bands, *all_open, *_gap_flags(FRAMED_MIDDLE))
    assert framed.tolist() == [[False] * 3, [False, True, False], [False] * 3]
    bands = _gap_flags(BANDS_THROUGH_THE_MIDDLE)
    assert not framed_in_the_gaps(kinds, *bands, *all_open, *_gap_flags(FRAMED_MIDDLE)).any()
    assert not framed_in_the_gaps(kinds, *no_bands, *all_open, *_gap_flags(TURNING_IN_THE_MIDDLE)).any()
    # holes on two sides: the frame's two other gaps are too few to tell it from a path turning
    two_open = (np.array([[False, True]] * 3), np.array([[True, True, True], [False, False, False]]))
    assert not framed_in_the_gaps(kinds, *no_bands, *two_open, *_gap_flags(FRAMED_MIDDLE)).any()


# one gap's dense samples (`sampling.DENSE_ALONG`, 0.44 to 0.56 pitch) on its three lines across:
# "x" a frame's colour, "." the background
FRAME_BESIDE_THE_MIDDLE = """\
..x......
..x......
..x......
"""

# a hint's line along the gap: on its middle line only
LINE_ALONG_THE_GAP = """\
.........
xxxxxxxxx
.........
"""

# the tiles' anti-aliased edges at the gap's sides (0.44, 0.56): no line across its middle
TILE_EDGES = """\
x.......x
x.......x
x.......x
"""


def _dense_gap(diagram: str) -> np.ndarray:
    """A (1, 1, 3, 9, 3) array of dense gap samples from a diagram: dark "x" on a light page."""
    rows = [line for line in diagram.splitlines() if line]
    out = np.full((1, 1, 3, 9, 3), 230, np.int16)
    for i, row in enumerate(rows):
        for j, ch in enumerate(row):
            if ch == "x":
                out[0, 0, i, j] = (60, 50, 45)
    return out


# the middle cell framed, and one more gap crossed in a corner: the tiles' own edges, no frame
FRAMED_MIDDLE_AND_A_CORNER = """\
o | o . o
. - .
o | o | o
. - .
o . o . o
"""


def test_a_line_across_a_gap_beside_its_middle_is_found_and_one_framed_cell_alone_marks():
    from onestroke.bot.vision.styles import _alone_in_the_gaps, lines_across

    page = np.array([230, 230, 230], np.float64)
    assert lines_across(_dense_gap(FRAME_BESIDE_THE_MIDDLE), page).tolist() == [[True]]
    assert lines_across(_dense_gap(LINE_ALONG_THE_GAP), page).tolist() == [[False]]
    assert lines_across(_dense_gap(TILE_EDGES), page).tolist() == [[False]]
    middle = np.zeros((3, 3), bool)
    middle[1, 1] = True
    assert _alone_in_the_gaps(middle, *_gap_flags(FRAMED_MIDDLE)).tolist() == middle.tolist()
    assert not _alone_in_the_gaps(middle, *_gap_flags(FRAMED_MIDDLE_AND_A_CORNER)).any()
    two = middle.copy()
    two[0, 0] = True
    assert not _alone_in_the_gaps(two, *_gap_flags(FRAMED_MIDDLE)).any()


def test_a_red_tile_off_a_drawn_path_is_the_goal_whatever_the_path_s_colour():
    """`a b c d` the chain, in a red near the goal's; `R` a red tile off it: the goal, where it is
    beside neither end; beside one, it may be the start whose first step was not read."""
    from onestroke.bot.vision.roles import _red_off_the_path

    reading = _diagram_reading(". . . R\n. . . .")
    red, path = np.array([40.0, 40.0, 230.0]), np.array([30.0, 60.0, 220.0])
    reading.colours[0, 3] = red
    chain = [(0, 0), (1, 0), (1, 1), (0, 1)]  # `a d . R` over `b c . .`
    assert _red_off_the_path(reading, [(0, 3)], [(0, 3)], path, chain) == (0, 3)
    assert _red_off_the_path(reading, [(0, 3)], [(0, 3)], path, None) is None  # no path drawn
    beside = [(1, 0), (1, 1), (1, 2), (1, 3)]  # its end `d` under the red tile
    assert _red_off_the_path(reading, [(0, 3)], [(0, 3)], path, beside) is None
    reading.colours[0, 2] = red  # a second red tile off the path: which one?
    assert _red_off_the_path(reading, [(0, 2), (0, 3)], [(0, 2), (0, 3)], path, chain) is None


def test_marks_on_the_next_steps_drawn_unlike_are_shown():
    """Two marks alike (a ring each) give nothing; a flag under one of them tells them apart."""
    from onestroke.bot.vision.roles import _unlike_rings

    reading = _diagram_reading(". . .")
    patches = np.zeros((1, 3, 8, 8, 3))
    patches[0, :, 2:6, 2, :] = 200.0  # a ring's left arc on every position
    reading = replace(reading, patches=patches)
    assert _unlike_rings(reading, [(0, 0), (0, 2)]) is None
    patches[0, 2, 1:4, 3:7, :] = 90.0  # a pennant beside it on one
    assert _unlike_rings(reading, [(0, 0), (0, 2)]) == "[0, 0], [0, 2]"


# two patches' difference (`sampling.patches`, 8 x 8), in tens of levels: a thin line from the
# middle out to the right edge, and a bar on the left that stops short of the edge (a letter's)
LINE_OUT_TO_THE_RIGHT = """\
0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0
0 0 2 2 2 2 2 2
0 0 3 1 1 1 2 1
0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0
0 0 0 0 0 0 0 0
"""


def test_a_line_out_to_a_patch_s_edge_is_an_arm_a_bar_short_of_it_is_not():
    from onestroke.bot.vision.roles import _lined_arms

    apart = 10.0 * np.array([row.split() for row in LINE_OUT_TO_THE_RIGHT.splitlines()], float)
    lined = _lined_arms(apart)
    assert lined[3:5, 4:8].all()  # the right arm, the middle out to the edge
    assert lined.sum() == 8  # nothing else: the left bar, and the arms up and down, are kept


def test_rings_alike_but_for_a_hint_s_line_through_one_are_alike():
    """A ring on each of three cells and a hint's thin line out of one's middle: alike but for the
    line; a bar short of the edge, or a cell with no ring, are not."""
    from onestroke.bot.vision.roles import _alike_but_lines, _all_alike

    patches = np.zeros((1, 3, 8, 8, 3))
    patches[0, :, 1, 2:6, :] = 90.0  # a ring's top and bottom arcs on every position
    patches[0, :, 6, 2:6, :] = 90.0
    three = [(0, 0), (0, 1), (0, 2)]
    patches[0, 2, 3:5, 4:8, :] = 60.0  # a hint's line from the middle out to the right
    assert _alike_but_lines(patches, three) and not _all_alike(patches, three)
    patches[0, 1, 3:5, 1:6, :] = 60.0  # a bar that stops short of both edges
    assert not _alike_but_lines(patches, three)
    patches[0, 1] = 0.0  # no ring at all, the line running out of it
    patches[0, 1, 3:5, 4:8, :] = 60.0
    assert not _alike_but_lines(patches, three)


# a grid of touching cells read by the tiles classifier: `.` a plain cell, `x` a hole drawn (an
# inner square on a darker tile), `m` a marked tile of that look, `?` an unknown position drawn
# like them (its corners covered by its neighbours' tiles), `u` an unknown position drawn otherwise
DRAWN_BESIDE_UNKNOWN = """\
. x x ? . u
. x ? ? . x
. . . . ? x
"""
MARKED_BESIDE_UNKNOWN = """\
. m m .
. m ? .
. . . ?
"""


def _classified(text: str) -> tuple[np.ndarray, ...]:
    """Kinds, drawn holes, and the colours of the middle, around it and the margin, by letter."""
    from onestroke.bot.vision.reading import CELL, DRAWN, FOREIGN, HOLE, MARK

    kind = {".": CELL, "x": DRAWN, "m": MARK, "?": FOREIGN, "u": FOREIGN}
    plain, square, tile, other = (120, 150, 110), (20, 20, 20), (70, 75, 70), (90, 20, 200)
    middle = {".": plain, "x": square, "m": square, "?": square, "u": other}
    rim = {".": plain, "x": tile, "m": tile, "?": tile, "u": other}
    rows = [line.split() for line in text.splitlines()]
    kinds = np.array([[kind[ch] for ch in row] for row in rows])
    colours = np.array([[middle[ch] for ch in row] for row in rows], float)
    edges = np.array([[rim[ch] for ch in row] for row in rows], float)
    drawn = kinds == DRAWN
    kinds[drawn] = HOLE
    return kinds, drawn, colours, edges, edges.copy()


def test_an_unknown_position_drawn_like_the_holes_beside_it_is_one_of_them():
    """Holes drawn side by side on touching cells have no line between them: the one whose corners
    all show its neighbours' tiles is unknown to the classifier. Drawn like the family beside it in
    every colour, it is one of them (a block's inside through its edge); one not beside the family,
    or drawn otherwise, stays unknown."""
    from onestroke.bot.vision.styles import _drawn_like_neighbours

    kinds, *rest = _classified(DRAWN_BESIDE_UNKNOWN)
    read = _drawn_like_neighbours(kinds, *rest)
    assert [" ".join(row) for row in read] == [". # # # . ?", ". # # # . #", ". . . . # #"]
    kinds, *rest = _classified(MARKED_BESIDE_UNKNOWN)
    read = _drawn_like_neighbours(kinds, *rest)
    assert [" ".join(row) for row in read] == [". m m .", ". m m .", ". . . ?"]


LOST_BELOW = """
# # # # #
# . . . #
# . . . #
# L L L #
"""
LOST_ONE = """
# # # # #
# . . . #
# . . . #
# # L # #
"""
LOST_OTHER_COLOUR = """
# # # # #
# . . . #
# . . . #
# o o o #
"""


def _ring(text: str) -> tuple[np.ndarray, ...]:
    """The ring box around a grid as the classifier read it (`.` a cell, `#` a hole, `L` a cell of
    the grid's colour whose far side goes on in its own colour, `o` such a cell of another
    colour): kinds, lost, colours."""
    from onestroke.bot.vision.reading import CELL, HOLE

    rows = [line.split() for line in text.strip().splitlines()]
    kinds = np.array([[HOLE if ch == "#" else CELL for ch in row] for row in rows])
    lost = np.array([[ch in "Lo" for ch in row] for row in rows])
    colour = {"o": (90, 20, 200)}
    colours = np.array([[colour.get(ch, (120, 150, 110)) for ch in row] for row in rows], float)
    return lost, kinds, colours


def test_cells_on_the_ring_whose_line_beyond_was_lost_are_left_out() -> None:
    """A row of the ring read as cells of the grid's colour, dropped only because the surface goes
    on past them (their far line lost), is left out: the grid may go on. One alone, or cells of
    another colour (a panel beside the board), are not."""
    from onestroke.bot.vision.styles import _lines_lost

    assert _lines_lost(*_ring(LOST_BELOW)) == [(2, 0), (2, 1), (2, 2)]
    assert _lines_lost(*_ring(LOST_ONE)) == []
    assert _lines_lost(*_ring(LOST_OTHER_COLOUR)) == []
