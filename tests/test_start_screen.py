"""The practice game's start-up screen (practice/start_screen.py, `practice --start-screen`) and
what vision proves on it: its start control by the label, never a decoy, in every language.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_panels import Player

from onestroke.bot.vision import detect
from onestroke.bot.vision.screens import start_control
from onestroke.practice import panels
from onestroke.practice.game import GameHost, GameOptions
from onestroke.practice.rules import START, Rules
from onestroke.practice.start_screen import START_WORDS, render_start_screen

pytestmark = pytest.mark.skipif(
    panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}"
)


def test_the_game_opens_on_the_start_screen_and_only_its_start_button_shows_level_one(tmp_path: Path) -> None:
    host = GameHost(GameOptions(seed=1, rules=Rules(), start_screen=True, log=tmp_path / "game.jsonl"))
    player = Player(host)
    assert host.game.screen == "start"
    controls = host.view.controls("start")
    assert set(controls) == {START, "ranking", "share"}
    player.tap(controls["share"])
    assert host.game.screen == "start"
    assert [(r["stray"], r["screen"]) for r in player.records() if "stray" in r] == [("share", "start")]
    x, y = controls[START].left - 20, controls[START].top - 20  # beside the button: the background
    host.game.press(player.t, x, y)
    player.frame()
    host.game.release(player.t, x, y)
    player.frame()
    assert host.game.screen == "start"
    assert [r["stray"] for r in player.records() if "stray" in r] == ["background"]
    player.tap(controls[START])
    assert host.game.screen == "level" and host.game.level.number == 1 and player.records() == []
    player.clear_level()
    assert [r["cleared"] for r in player.records()] == [True]


def test_without_the_option_the_game_opens_on_level_one() -> None:
    host = GameHost(GameOptions(seed=1, rules=Rules()))
    assert host.game.screen == "level"


@pytest.mark.parametrize("language", list(START_WORDS))
@pytest.mark.parametrize("size", [(450, 800), (1080, 1920)], ids=["450x800", "1080x1920"])
def test_vision_proves_the_start_control_by_its_label_and_reads_no_board_or_go_on(
    language: panels.Language, size: tuple[int, int]
) -> None:
    drawn = render_start_screen(*size, language)
    seen = detect(drawn.image)
    assert seen.board is None and seen.screen == "other" and seen.next is None, seen.reason
    texts = [line.text for line in seen.words]
    assert START_WORDS[language].start in texts, texts
    found = start_control(seen.words)
    assert found.go_on is not None, found.detail
    assert drawn.layout[START].contains(found.go_on), (found.go_on, drawn.layout[START])
    for decoy in START_WORDS[language].decoys:
        assert not drawn.layout[decoy].contains(found.go_on), decoy


@pytest.mark.parametrize("language", list(START_WORDS))
@pytest.mark.parametrize("left, top", [(12, 100), (1212, 72), (700, 250)])
def test_on_a_whole_desktop_the_start_label_is_read_whole(
    language: panels.Language, left: int, top: int
) -> None:
    """A game window on a 1920x1080 desktop, read whole: text is found on a copy at half size, and
    a box found there once ended inside the last glyph ("スター" for "スタート": no start control)."""
    drawn = render_start_screen(450, 800, language)
    desktop = np.zeros((1080, 1920, 3), np.uint8)
    desktop[top : top + 800, left : left + 450] = drawn.image[..., :3]
    seen = detect(desktop)
    texts = [line.text for line in seen.words]
    assert START_WORDS[language].start in texts, texts
    found = start_control(seen.words)
    assert found.go_on is not None, found.detail
    assert drawn.layout[START].translated(left, top).contains(found.go_on), found.go_on
