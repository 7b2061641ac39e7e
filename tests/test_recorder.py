"""The `play --record` recorder on fixture screenshots: pairs written, unchanged screens skipped."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from onestroke.bot.cli import main
from onestroke.bot.labels import parse_label
from onestroke.bot.play.recorder import Recorder
from onestroke.bot.play.sight import Sight
from onestroke.bot.vision import detect
from onestroke.bot.vision.change import screen_changed
from onestroke.coords import Rect, ScreenMap

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def sight_of(image: np.ndarray) -> Sight:
    region = Rect(0, 0, image.shape[1], image.shape[0])
    return Sight(image, ScreenMap.for_image(region, image), detect(image), 1.0, 12.0)


def test_a_caret_is_no_change_but_one_cell_is():
    screen = cv2.imread(str(FIXTURES / "desktop-1920x1080-window.png"))
    caret = screen.copy()
    caret[100:118, 300:302] = 0  # a text cursor blinking in the editor
    assert not screen_changed(screen, caret)
    cell = screen.copy()
    cell[500:540, 800:840] = (40, 90, 200)  # one walked cell of the game window's ~40 px cells
    assert screen_changed(screen, cell)
    assert screen_changed(None, screen) and screen_changed(screen[:-1], screen[:-1].copy()[::-1])


def test_pairs_are_named_by_time_level_and_why_and_checked_as_fixtures(tmp_path, capsys):
    level = sight_of(cv2.imread(str(FIXTURES / "phone-1080x1920-classic.png")))
    other = sight_of(cv2.imread(str(FIXTURES / "neg-calculator.png")))
    recorder = Recorder(tmp_path)
    first = recorder.keep(level, 3, "first")
    assert first is not None and first.name.endswith("-level-3-first.txt")
    assert recorder.keep(level, 3, "stop", "level 3: board is unsolvable") is None  # same screen
    assert first.read_text().endswith(
        "; then, on this screen, level 3 (stop): level 3: board is unsolvable\n"
    )
    unsure = recorder.keep(other, 4, "unsure", "no cell looks like the cat")
    assert unsure is not None and recorder.saved == [first, unsure]
    label = parse_label(unsure.read_text(), source=str(unsure))
    assert (
        label.board is None and label.notes[0] == "play --record: level 4, unsure: no cell looks like the cat"
    )
    again = recorder.keep(level, 5, "first")  # a changed screen again (not the last one saved)
    assert again is not None and again != first
    assert main(["fixtures", "check", str(tmp_path)]) == 0
    assert "3 images: 3 ok" in capsys.readouterr().out


def test_two_pairs_of_one_name_do_not_overwrite_each_other(tmp_path):
    recorder = Recorder(tmp_path)
    level = sight_of(cv2.imread(str(FIXTURES / "phone-1080x1920-classic.png")))
    stem = "20260101-000000-000-level-1-first"
    (tmp_path / f"{stem}.txt").write_text("; no board\n")
    assert recorder._free(stem) == tmp_path / f"{stem}-2.png"
    assert recorder.keep(level, 1, "first") is not None
