"""A game with no level-complete screen (`practice --solved-stays LANGUAGE`): the solved board
stays with the app's next button under it, on screen all the time. The bot must not press it
while a level is in play (a stray press: it would skip the level), and must press it once the
board is solved. From the game's own log: cleared levels, strays.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from harness import Windows, run_bot

from onestroke.practice import panels
from onestroke.practice.web.server import BROWSERS

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}"),
]


@pytest.mark.parametrize(("language", "web"), [("en", True), ("zh", False)], ids=["web-en", "tk-zh"])
def test_the_bot_presses_the_next_button_beside_each_solved_board_and_nothing_else(
    windows: Windows, tmp_path: Path, language: str, web: bool
) -> None:
    if web and not any(shutil.which(name) for name in BROWSERS):
        pytest.skip("Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)")
    game = windows.game(seed=12, web=web, levels=3, solved_stays=language)
    done = run_bot("play", "--levels", "3", "--log-dir", str(tmp_path), timeout=300)
    records = game.records()
    context = f"{records}\n{done.stdout}\n{done.stderr}"
    assert [r for r in records if "stray" in r] == [], context
    assert [r["level"] for r in records if r.get("cleared")] == [1, 2, 3], context
    assert done.returncode == 0, context
