"""Frames of a real screen recording (../shared/real-screens/level-641-video*.png, 271x480, video
blur): the level as it first appears, the same level with a path partly drawn, and the real
level-complete screen. Read by the same code as everything else; skipped where absent.
"""

import json
import re
from pathlib import Path

import cv2
import pytest

from onestroke.bot.cli import main
from onestroke.bot.vision import detect
from onestroke.solver.board import Board

REAL = Path(__file__).resolve().parent.parent.parent / "shared" / "real-screens"
LEVEL, PARTIAL, COMPLETE = (REAL / f"level-641-video{suffix}.png" for suffix in ("", "-partial", "-complete"))

pytestmark = pytest.mark.skipif(
    not all(p.is_file() and p.with_suffix(".txt").is_file() for p in (LEVEL, PARTIAL, COMPLETE)),
    reason=f"the real recording's frames are not here ({REAL} is outside the project and optional)",
)


def numbers_after(text: str, word: str) -> list[float]:
    found = re.search(rf"{word}[\s;\[(a-z]*([\d.]+),\s*([\d.]+)", text)  # across comment lines
    assert found, f"no {word} in the label"
    return [float(v) for v in found.groups()]


def assert_geometry(found, label: str) -> None:
    (ox, oy), (px, py) = numbers_after(label, "origin"), numbers_after(label, "pitch")
    g = found.geometry
    for r, c in [(0, 0), (g.rows - 1, g.cols - 1)]:
        x, y = g.centre((r, c))
        assert abs(x - (ox + px * c)) < 0.1 * px and abs(y - (oy + py * r)) < 0.1 * py, (r, c)


def test_the_level_as_it_first_appears_is_read_exactly():
    label = LEVEL.with_suffix(".txt").read_text()
    found = detect(cv2.imread(str(LEVEL)))
    assert found.ok, found.reason
    assert found.board == Board.from_text(label) and found.screen == "level"
    assert found.walked == () and found.next is None
    assert_geometry(found, label)


def test_a_partly_drawn_path_gives_the_level_as_it_began_and_the_walked_cells_in_order():
    label = PARTIAL.with_suffix(".txt").read_text()
    listed = re.search(r"walked cells \(row col\):\s*(.*)", label).group(1).split()
    walked = {tuple(int(v) for v in cell.split(",")) for cell in listed}
    found = detect(cv2.imread(str(PARTIAL)))
    assert found.ok, found.reason
    board = Board.from_text(label)
    assert found.board == board  # the same board as the unwalked frame: the level as it began
    assert found.board == Board.from_text(LEVEL.with_suffix(".txt").read_text())
    assert set(found.walked) == walked and len(found.walked) == len(walked)
    assert found.walked[0] == board.start
    for (r, c), (r2, c2) in zip(found.walked, found.walked[1:], strict=False):  # one step at a time
        assert abs(r - r2) + abs(c - c2) == 1
    assert_geometry(found, label)


def test_the_real_complete_screen_gives_the_round_button_and_no_board(capsys):
    label = COMPLETE.with_suffix(".txt").read_text()
    x, y = numbers_after(label, "at about")
    assert main(["detect", str(COMPLETE), "--json"]) == 0  # a complete screen read right is done
    record = json.loads(capsys.readouterr().out)
    assert record["screen"] == "complete" and record["board"] is None
    assert abs(record["next"][0] - x) <= 15 and abs(record["next"][1] - y) <= 15
    # never a capsule: the ranking and share capsules are far from the go-on control
    for word in ("ranking at", "share at"):
        cx, cy = numbers_after(label, word)
        assert abs(record["next"][0] - cx) > 60
