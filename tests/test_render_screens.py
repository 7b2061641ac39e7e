"""The screens between levels copy the real game's layout, and say where every control is."""

import numpy as np
import pytest

from onestroke.coords import Rect
from onestroke.practice.render import THEMES, render_screen
from onestroke.practice.screens import (
    COMPLETE_CONTROLS,
    GO_ON_ARROW,
    GO_ON_CHECK,
    RANKING_PINK,
    SHARE_ORANGE,
    render_complete_screen,
    render_ranking_screen,
)
from onestroke.solver.board import Board

BOARD = Board.from_text("""\
# . . . . . .
. . . . . . .
. # . . . . .
. # . . # . #
. . . . . . .
# . . . . . .
# . S . . . #
""")


def centre(rect: Rect) -> tuple[float, float]:
    return rect.centre


def colour_at(image: np.ndarray, xy: tuple[float, float]) -> tuple[int, ...]:
    return tuple(int(v) for v in image[int(round(xy[1])), int(round(xy[0]))])


def test_the_real_frames_proportions():
    # ../shared/real-screens/level-641-video-complete.txt: the round button at about (135, 271),
    # radius 47; ranking at about (33, 277), share at about (238, 277) on a 271x480 frame
    image, layout = render_complete_screen(271, 480, level=641, board=BOARD, cat="blue")
    assert image.shape == (480, 271, 3)
    x, y = centre(layout["go_on"])
    assert abs(x - 135) < 3 and abs(y - 271) < 3
    assert abs(layout["go_on"].width / 2 - 47) < 2
    for name, (ex, ey) in (("ranking", (33, 277)), ("share", (238, 277))):
        cx, cy = centre(layout[name])
        assert abs(cx - ex) < 5 and abs(cy - ey) < 5, name


@pytest.mark.parametrize(("width", "height"), [(1080, 1920), (450, 800), (720, 1560), (1440, 2560)])
@pytest.mark.parametrize("go_on", ["check", "arrow"])
def test_every_control_is_named_inside_the_image_and_apart(width, height, go_on):
    image, layout = render_complete_screen(width, height, level=12, go_on=go_on, board=BOARD)
    assert list(layout) == list(COMPLETE_CONTROLS)
    screen = Rect(0, 0, width, height)
    for name, rect in layout.items():
        assert rect.width > 0 and rect.height > 0 and screen.covers(rect), name
    go = layout["go_on"]
    for name, rect in layout.items():
        if name != "go_on":  # no other control overlaps the go-on button
            assert rect.intersection(go) is None, name
    # the button is round, in the middle, in its colour; the capsules flank it at its height
    x, y = centre(go)
    assert abs(x - width / 2) < 0.02 * width and go.width == pytest.approx(go.height, abs=2)
    assert colour_at(image, (x, go.top + 0.1 * go.height)) == (
        GO_ON_CHECK if go_on == "check" else GO_ON_ARROW
    )
    ranking, share = layout["ranking"], layout["share"]
    assert ranking.left == 0 and share.right == width
    assert abs(ranking.centre.y - y) < 0.1 * go.height and abs(share.centre.y - y) < 0.1 * go.height
    assert colour_at(image, (ranking.left + 3, ranking.centre.y)) == RANKING_PINK
    assert colour_at(image, (width - 3, centre(share)[1])) == SHARE_ORANGE


def test_the_board_and_buttons_show_faintly_under_the_veil():
    level = render_screen(BOARD, width=540, height=960, visited=BOARD.cells, cat="blue")
    image, layout = render_complete_screen(540, 960, board=BOARD, cat="blue")
    g = level.geometry
    veiled = colour_at(image, g.centre((0, 1)))
    under = colour_at(level.image, g.centre((0, 1)))
    assert veiled != under and all(v >= 200 for v in veiled)  # faint ...
    assert veiled != colour_at(image, g.centre((2, 1)))  # ... but a cell still differs from a hole
    for name in ("replay", "sos", "gift", "hint"):
        x, y = centre(layout[name])
        shade = colour_at(image, (x, layout[name].top + 5))
        assert shade != (255, 255, 255) and min(shade) > 180, name


def test_without_a_board_the_bars_stay_and_no_cell_shows():
    image, layout = render_complete_screen(720, 1280, theme="night")
    assert image.shape == (1280, 720, 3)
    assert set(layout) == set(COMPLETE_CONTROLS)
    dark = THEMES["night"].background
    assert colour_at(image, (5, 640)) != dark  # the veil covers the theme's background


def test_bad_go_on_style_is_refused():
    with pytest.raises(ValueError, match="go_on"):
        render_complete_screen(go_on="button")  # type: ignore[arg-type]


def test_ranking_screen_has_three_round_avatars_and_only_back():
    image, layout = render_ranking_screen(540, 960, level=642)
    assert set(layout) == {"back"}
    background = THEMES["classic"].background
    row = image[480]
    changes = np.flatnonzero((row != background).any(axis=1))
    assert changes.min() < 540 * 0.2 and changes.max() > 540 * 0.8  # the avatars span the row
    for x in (0.2 * 540, 0.5 * 540, 0.8 * 540):
        assert colour_at(image, (x, 480)) != background
