"""Screen kind: the level-complete screen is recognised by its whole arrangement (a round go-on
button between two capsules, on a veil), and `next` is that button, never a capsule or another
round button."""

import numpy as np
import pytest

from onestroke.bot.vision import detect
from onestroke.bot.vision.screens import find_complete
from onestroke.practice.levels import make_level
from onestroke.practice.render import THEMES, render_screen
from onestroke.practice.screens import render_complete_screen, render_ranking_screen


@pytest.mark.parametrize("number", [1, 4, 7])
@pytest.mark.parametrize(("width", "height"), [(450, 800), (1080, 1920), (720, 1560)])
@pytest.mark.parametrize("go_on", ["check", "arrow"])
def test_go_on_is_found_on_the_complete_screen_only(number, width, height, go_on):
    level = make_level(3, number)
    theme = sorted(THEMES)[number % len(THEMES)]
    drawn = render_complete_screen(
        width, height, level=number, theme=theme, go_on=go_on, board=level.board, cat=level.cat
    )
    found = detect(drawn.image)
    assert found.screen == "complete" and found.board is None
    assert drawn.layout["go_on"].contains(found.next)
    for name in ("ranking", "share", "hint", "gift", "more_games"):
        assert not drawn.layout[name].contains(found.next), name
    playing = render_screen(level.board, width=width, height=height, level=number, cat=level.cat)
    assert find_complete(playing.image).go_on is None
    assert detect(playing.image).next is None


def test_go_on_of_a_small_window_is_found_on_a_whole_desktop_screen():
    level = make_level(3, 2)
    drawn = render_complete_screen(450, 800, board=level.board, cat=level.cat, go_on="arrow")
    desktop = np.zeros((1080, 1920, 3), np.uint8)
    desktop[100:900, 1200:1650] = drawn.image
    found = detect(desktop)
    assert found.screen == "complete"
    assert drawn.layout["go_on"].translated(1200, 100).contains(found.next)


def test_the_ranking_screen_and_the_go_on_button_alone_are_not_the_complete_screen():
    ranking = render_ranking_screen(1080, 1920, level=5)
    assert detect(ranking.image).screen == "other" and detect(ranking.image).next is None
    drawn = render_complete_screen(1080, 1920)
    # the capsules painted over: a round button alone is no proof
    alone = drawn.image.copy()
    for name in ("ranking", "share"):
        r = drawn.layout[name]
        alone[int(r.top) : int(r.bottom), int(r.left) : int(r.right)] = 255
    found = find_complete(alone)
    assert found.go_on is None and "none between two capsules" in found.detail
    # no veil: the same buttons on a saturated background are something else
    unveiled = drawn.image.copy()
    unveiled[(unveiled > 200).all(axis=2)] = (40, 30, 160)
    assert find_complete(unveiled).go_on is None


def test_the_practice_game_shows_the_real_complete_screen():
    # render_screen(complete=True) is what the forgiving practice game shows: the real layout too
    level = make_level(5, 3)
    done = render_screen(level.board, width=450, height=800, complete=True, cat=level.cat)
    found = detect(done.image)
    x0, y0, x1, y1 = done.next_button.corners
    assert found.screen == "complete" and x0 <= found.next.x <= x1 and y0 <= found.next.y <= y1


def test_the_screen_kind_is_one_vocabulary_and_the_json_keeps_its_strings():
    import json
    from typing import get_args

    from onestroke.bot.labels import SCREENS, detection_record
    from onestroke.bot.vision import ScreenKind

    assert set(SCREENS) == set(get_args(ScreenKind))  # labels name the kinds detection reads
    level = make_level(3, 1)
    shots = {
        "level": render_screen(level.board, width=720, height=1280).image,
        "complete": render_complete_screen(720, 1280, level=1, board=level.board, cat=level.cat).image,
        "other": render_ranking_screen(720, 1280).image,
    }
    for kind, image in shots.items():
        found = detect(image)
        assert found.screen == kind and found.screen in get_args(ScreenKind)
        assert json.loads(json.dumps(detection_record("shot.png", found, 0.0)))["screen"] == kind
