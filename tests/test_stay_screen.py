"""Apps with no level-complete screen (practice/stay_screen.py, `practice --solved-stays`): the
solved board stays with the app's next button under it. The button is a stray press while the
level is in play; once solved, vision proves the complete screen by the solved board and the
go-on words beside it, and the button leads to the next level.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_panels import Player

from onestroke.bot.play.known import KnownBoard
from onestroke.bot.play.sight import Sight, with_words
from onestroke.bot.vision import detect
from onestroke.bot.vision.wordlists import word_lists
from onestroke.coords import Rect, ScreenMap
from onestroke.practice import panels
from onestroke.practice.game import GameHost, GameOptions
from onestroke.practice.rules import GO_ON, Rules
from onestroke.practice.stay_screen import NEXT, NEXT_WORDS
from onestroke.solver.search import solve

pytestmark = pytest.mark.skipif(
    panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}"
)


def sight_of(image: np.ndarray) -> Sight:
    region = Rect(0, 0, image.shape[1], image.shape[0])
    return Sight(image, ScreenMap.for_image(region, image), detect(image), 0.0, 0.0)


@pytest.mark.parametrize("language", list(NEXT_WORDS))
@pytest.mark.parametrize("theme", ["classic", "mint"])
def test_the_solved_board_stays_and_only_then_its_next_button_goes_on(
    tmp_path: Path, language: panels.Language, theme: str
) -> None:
    """mint's thin band leaves the solved board readable by vision alone; the real game's band
    (classic) merges every cell into one shape, so the board is read solved with the lattice of
    the look before the drag, as the play loop does (bot/play/known.py)."""
    options = GameOptions(seed=3, rules=Rules(), theme=theme, solved_stays=language, log=tmp_path / "g.jsonl")
    host = GameHost(options)
    player = Player(host)
    playing = sight_of(host.view.draw(host.game))
    seen = playing.detection
    assert seen.ok and seen.screen == "level" and seen.next is None, seen.reason  # in play: no go-on
    assert with_words(playing, word_lists()) is playing, "a level in play: its words are never read"
    path = solve(host.game.level.board).path
    assert path is not None
    known = KnownBoard(playing, path)
    button = host.view.controls("level")[NEXT]
    player.tap(button)
    assert [(r["stray"], r["screen"]) for r in player.records() if "stray" in r] == [(NEXT, "level")]
    assert host.game.screen == "level" and host.game.level.number == 1

    player.clear_level()
    assert host.game.screen == "complete"
    solved = host.view.draw(host.game)
    assert host.view.controls("complete") == {GO_ON: button}, "the button stays where it was"
    sight = sight_of(solved)
    if sight.detection.screen != "complete":  # vision alone refuses a board with no plain cell left
        assert theme == "classic", sight.detection.reason
        sight = known.reread(sight)
        assert sight is not None and len(sight.detection.walked) == len(path)
    seen = with_words(sight, word_lists()).detection
    assert seen.screen == "complete" and seen.next is not None, seen.reason
    assert button.contains(seen.next), (seen.next, button)
    assert "a solved board" in seen.reason and NEXT_WORDS[language] in seen.reason, seen.reason
    player.records()
    player.tap(button)
    player.frame()
    assert host.game.screen == "level" and host.game.level.number == 2 and player.records() == []
