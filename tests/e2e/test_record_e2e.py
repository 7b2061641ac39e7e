"""`play --record DIR` on the practice game: the pairs it writes are fixtures `fixtures check` passes.

The labels are checked against the game's own levels too, so a recorder that wrote whatever the
detector said would still have to be right about the boards.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from harness import Windows, run_bot

from onestroke.bot.labels import parse_label
from onestroke.practice.levels import make_level

pytestmark = pytest.mark.e2e


def test_play_record_saves_each_level_first_screen_as_a_pair_that_check_passes(
    windows: Windows, tmp_path: Path
) -> None:
    seed = random.randrange(1000)
    game = windows.game(seed=seed)
    record = tmp_path / "record"
    done = run_bot("play", "--levels", "2", "--record", str(record), "--log-dir", str(tmp_path / "logs"))
    assert done.returncode == 0, f"seed {seed}\n{done.stdout}\n{done.stderr}"
    assert [r["cleared"] for r in game.records()] == [True, True]
    labels = sorted(record.glob("*.txt"))
    assert [p.name.split("-level-")[1] for p in labels] == ["1-first.txt", "2-first.txt"], labels
    for number, path in enumerate(labels, start=1):
        assert path.with_suffix(".png").is_file()
        assert path.name[:8].isdigit() and path.name[8] == "-"  # the date first: names sort by time
        label = parse_label(path.read_text(), source=str(path))
        assert label.board == make_level(seed, number).board, path.read_text()
        assert label.origin is not None and label.pitch is not None
        assert f"play --record: level {number}, first" in label.notes
    junit = tmp_path / "report.xml"
    check = run_bot("fixtures", "check", str(record), "--junit", str(junit))
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.count("  ok") == 2
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and (suite.get("tests"), suite.get("failures")) == ("2", "0")


def test_play_record_keeps_the_screen_it_stopped_on_once_with_the_reason(
    windows: Windows, tmp_path: Path
) -> None:
    game = windows.game(seed=22)
    windows.cover(game.x, game.y, game.width, game.height)
    record = tmp_path / "record"
    done = run_bot("play", "--levels", "1", "--record", str(record), "--log-dir", str(tmp_path / "logs"))
    assert done.returncode == 1 and "no board I can trust on screen" in done.stderr, done.stdout + done.stderr
    (label,) = record.glob("*.txt")  # unsure, then the stop on the same screen: one pair
    assert label.name.endswith("-level-1-unsure.txt")
    text = label.read_text()
    assert text.startswith("; no board\n; play --record: level 1, unsure: ")
    assert "; then, on this screen, level 1 (stop): no board I can trust on screen" in text
    check = run_bot("fixtures", "check", str(record))
    assert check.returncode == 0, check.stdout + check.stderr
