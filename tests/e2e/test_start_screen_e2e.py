"""A game that opens on a start-up screen (`practice --start-screen`): a big start button and,
as prominent, a ranking and a share button. The bot presses the start button only with
`--start`, proven by its words; without it, it stops and says what it saw, having pressed nothing.
From the game's own log: every press, cleared levels, strays.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from harness import Windows, run_bot

from onestroke.practice import panels
from onestroke.practice.start_screen import START_WORDS
from onestroke.practice.web.server import BROWSERS

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(panels.missing_font_reason() is not None, reason=f"{panels.missing_font_reason()}"),
]


@pytest.mark.parametrize("language", ["zh", "en"])
def test_with_start_the_bot_presses_the_start_button_and_clears_two_levels_in_chromium(
    windows: Windows, tmp_path: Path, language: panels.Language
) -> None:
    if not any(shutil.which(name) for name in BROWSERS):
        pytest.skip("Chromium is not installed (apt-get install chromium; `bash run.sh test` installs it)")
    game = windows.game(seed=12, panel=language, web=True, levels=2, start_screen=True)
    done = run_bot("play", "--start", "--levels", "2", "--log-dir", str(tmp_path), timeout=300)
    records = game.records()
    context = f"{records}\n{done.stdout}\n{done.stderr}"
    assert [r for r in records if "stray" in r] == [], context
    assert [r["level"] for r in records if r.get("cleared")] == [1, 2], context
    assert done.returncode == 0, context
    pressing = f"a start-up screen: pressing the start control {START_WORDS[language].start!r}"
    assert pressing in done.stdout, context


def test_without_start_the_bot_presses_nothing_and_names_the_start_control(
    windows: Windows, tmp_path: Path
) -> None:
    game = windows.game(seed=12, panel="ja", levels=1, start_screen=True)
    done = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path), timeout=120)
    records = game.records()
    context = f"{records}\n{done.stdout}\n{done.stderr}"
    assert records == [], context  # no press at all: no stray, no attempt
    assert done.returncode != 0, context
    lines = [line for line in done.stderr.splitlines() if "start-up screen" in line]
    assert len(lines) == 1, context
    (line,) = lines
    assert repr(START_WORDS["ja"].start) in line and "not pressing it" in line and "--start" in line, line
    assert "Traceback" not in done.stderr, context
