"""`onestroke play --adb` against stand-in phones in their own process, in real time.

The stand-in (`python -m onestroke.practice.phone`) is a fake adb server with the strict game
behind it (touches looked at once per frame, a skipped cell is an illegal move); it writes the
game log from the touches it got. The tests judge from that log alone: every level cleared,
every path checked, no stray touch. Its "Android 11" profile starts a Java process for every
`input` (0.3 s), its "Android 14" profile answers `input` in 30 ms.

The phones show what the strict Tk game shows (practice/view.py): the real game's level-complete
screen (the round go-on button between the ranking and share capsules, the bottom buttons under
the veil), then a ranking screen. Every press on anything but go-on is logged as a stray press,
and the tests require none.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from harness import ROOT, StandIns

from onestroke.practice.levels import make_level
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path

pytestmark = [pytest.mark.e2e, pytest.mark.slow]


def play(env: dict[str, str], tmp_path: Path, *args: str, timeout: float = 240) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "onestroke", "play", "--log-dir", str(tmp_path / "logs"), *args]
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT
    )


def records(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()]


def assert_cleared(log: Path, seed: int, levels: int) -> None:
    found = records(log)
    assert [r for r in found if "stray" in r or "phone" in r] == [], "stray touches or long presses"
    assert [r["cleared"] for r in found] == [True] * levels, found
    for number, record in enumerate(found, start=1):
        board = Board.from_text(record["board"])
        assert record["level"] == number and board == make_level(seed, number).board
        assert is_valid_path(board, record["path"])


@pytest.mark.parametrize("profile", ["android14", "android11"])
def test_play_clears_five_levels_on_a_phone(profile: str, stand_ins: list[StandIns], tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    stand_ins.append(StandIns(log, "--profile", profile, "--levels", "5"))
    bot = play(stand_ins[0].env(tmp_path), tmp_path, "--adb", "--levels", "5")
    out, err = bot.communicate(timeout=300)
    assert bot.returncode == 0, out + err
    assert "play: 5 levels cleared, 0 failed attempts" in out
    assert_cleared(log, seed=1, levels=5)


def test_two_phones_at_once_share_one_adb_server(stand_ins: list[StandIns], tmp_path: Path) -> None:
    logs = tmp_path / "games"
    stand_ins.append(
        StandIns(
            logs,
            "--phone",
            "phone-a:android14",
            "--phone",
            "phone-b:android14",
            "--levels",
            "3",
        )
    )
    env = stand_ins[0].env(tmp_path)
    bots = [play(env, tmp_path, "--adb", serial, "--levels", "3") for serial in ("phone-a", "phone-b")]
    for bot in bots:
        out, err = bot.communicate(timeout=300)
        assert bot.returncode == 0, out + err
    assert_cleared(logs / "phone-a.jsonl", seed=1, levels=3)
    assert_cleared(logs / "phone-b.jsonl", seed=2, levels=3)


def test_a_phone_unplugged_mid_stroke_stops_with_one_line(stand_ins: list[StandIns], tmp_path: Path) -> None:
    """The cable stays out: the bot waits `--wait-covered` seconds for the phone, then stops."""
    log = tmp_path / "game.jsonl"
    stand_ins.append(StandIns(log, "--unplug-after", "8"))
    bot = play(stand_ins[0].env(tmp_path), tmp_path, "--adb", "--levels", "1", "--wait-covered", "2")
    out, err = bot.communicate(timeout=120)
    assert bot.returncode != 0, out + err
    (line,) = err.strip().splitlines()
    assert "device phone-1 disconnected" in line and "the touch was ended on this side" in line, line
    assert "(it did not come back within 2 s)" in line, line
    assert "Traceback" not in out + err


def test_a_link_that_drops_mid_stroke_and_comes_back_is_played_on(
    stand_ins: list[StandIns], tmp_path: Path
) -> None:
    """`adb reconnect` in the middle of level 1's first stroke (after touch event 8): the stream
    breaks while the phone still holds the finger down. Once the device is back the bot lifts
    the finger where it was (the game ends that attempt as a release), looks again and finishes
    from what the game took; all three levels are cleared with no stray touch."""
    log = tmp_path / "game.jsonl"
    stand_ins.append(StandIns(log, "--levels", "3", "--on-release", "keep", "--drop-after", "8"))
    bot = play(stand_ins[0].env(tmp_path), tmp_path, "--adb", "--levels", "3", "--wait-covered", "10")
    out, err = bot.communicate(timeout=240)
    found = records(log)
    context = f"exit {bot.returncode}\n{out}\n{err}\n{found}"
    assert bot.returncode == 0, context
    assert "Traceback" not in out + err, context
    assert "device phone-1: the link dropped in the middle of a stroke" in out, context
    assert "device phone-1: the game is back; going on" in out, context
    assert "device phone-1: the finger lifted at" in out, context
    assert [r for r in found if "stray" in r or "phone" in r] == [], context
    first = found[0]
    assert first["level"] == 1 and not first["cleared"] and first["reason"].startswith("released after"), (
        context
    )
    assert [r["level"] for r in found if r["cleared"]] == [1, 2, 3], context
    resumed = found[1]
    assert resumed["level"] == 1 and resumed.get("kept", 0) > 0, context  # built on the cells it took


@pytest.mark.parametrize(
    ("option", "words"),
    [
        (["--screen", "locked"], "the screenshot is black: the screen is off or locked"),
        (["--orientation", "landscape"], "the screen is in landscape (1920x1080)"),
        (["--state", "unauthorized"], "device phone-1 is unauthorized: unlock the phone"),
        (["--state", "offline"], "device phone-1 is offline"),
    ],
)
def test_bad_phone_states_are_one_line(
    option: list[str], words: str, stand_ins: list[StandIns], tmp_path: Path
) -> None:
    stand_ins.append(StandIns(tmp_path / "game.jsonl", *option))
    bot = play(stand_ins[0].env(tmp_path), tmp_path, "--adb", "--levels", "1")
    out, err = bot.communicate(timeout=120)
    assert bot.returncode == 2
    (line,) = err.strip().splitlines()
    assert words in line and "Traceback" not in out + err
