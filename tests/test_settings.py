"""Settings in a file (`onestroke.toml`): its values become the options' defaults, flags win, a
profile's table applies with that profile, a bad file is one line naming the file, line and key,
and `onestroke config` says where each value came from."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from onestroke.bot.cli import build_parser, main
from onestroke.bot.commands.settings import SettingsError, apply_settings
from onestroke.coords import Point

SETTINGS = """\
# my phone and my desktop
[play]
speed = 8
levels = 3
next = [540, 1500]

[demo]
levels = 5
xvfb = true

[profile.phone]
adb = "emulator-5554"
levels = 9
"""


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path))
    path = tmp_path / "onestroke.toml"
    path.write_text(SETTINGS, encoding="utf-8")
    return path


def parsed(*words: str):
    parser = build_parser(words[0])
    apply_settings(parser, words[0], list(words))
    return parser.parse_args(list(words))


def test_the_file_sets_defaults_and_flags_win(settings: Path) -> None:
    args = parsed("play")
    assert (args.speed, args.levels, args.next, args.adb) == (8.0, 3, Point(540, 1500), None)
    args = parsed("play", "--speed", "max", "--levels=2")
    assert (args.speed, args.levels) == (0.0, 2)  # max: no speed limit
    demo = parsed("demo")
    assert (demo.levels, demo.xvfb) == (5, True)


def test_a_profile_table_applies_only_with_its_profile(settings: Path) -> None:
    args = parsed("play", "--profile", "phone")
    assert (args.adb, args.levels, args.speed) == ("emulator-5554", 9, 8.0)
    assert parsed("calibrate", "--profile", "phone").adb == "emulator-5554"  # levels is play's only
    assert parsed("play", "--profile", "desk").adb is None


def test_without_a_file_nothing_changes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path))
    assert parsed("play").levels is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[play]\nspeed = \n", "line 2: "),
        ("[play]\nlevels = 3\nsped = 5\n", "line 3: [play] 'sped' is not an option of `onestroke play`"),
        ("[play]\n\nspeed = 'fast'\n", "line 3: speed: "),
        ("[play]\nlevels = 0\n", "line 2: levels: must be at least 1, got '0'"),
        ("[demo]\nxvfb = 'yes'\n", "line 2: xvfb: expected true or false, got 'yes'"),
        ("[plya]\nspeed = 5\n", "line 1: unknown table or key 'plya'"),
        (
            "[play]\nnext = [1, 'a']\n",
            "line 2: next: expected a number, a word or a list of numbers or words",
        ),
    ],
)
def test_a_bad_file_is_one_line_naming_file_line_and_key(settings: Path, text: str, expected: str) -> None:
    settings.write_text(text, encoding="utf-8")
    with pytest.raises(SettingsError) as error:
        parsed("play" if "[demo]" not in text else "demo")
    assert str(error.value).startswith(f"{settings}: {expected}"), str(error.value)
    assert "\n" not in str(error.value)


def test_a_bad_file_stops_the_command_with_status_2(
    settings: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings.write_text("[play]\nspeed = 'fast'\n", encoding="utf-8")
    assert main(["play", "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"onestroke: {settings}: line 2: speed: "), err


def test_config_says_where_each_value_came_from(settings: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "onestroke", "config", "play", "--profile", "phone", "--speed", "3"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    rows = {
        line.split()[0]: line.split(None, 2)[1:]
        for line in done.stdout.splitlines()
        if line.startswith("  --")
    }
    assert rows["--speed"] == ["3.0", "command line"]
    assert rows["--levels"] == ["9", f"{settings}:13 [profile.phone]"]
    assert rows["--next"] == ["540,1500", f"{settings}:5 [play]"]
    assert rows["--capture"] == ["auto", "default"]
    assert done.stdout.startswith(f"settings file: {settings}\n")


def test_config_shows_unset_word_lists_as_not_set(settings: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "onestroke", "config", "play", "--never-words", "领取奖励,Share"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    # Columns are two or more spaces apart ("command line" has one inside).
    rows = {
        name: rest
        for name, *rest in (re.split(r" {2,}", line.strip()) for line in done.stdout.splitlines())
        if name.startswith("--")
    }
    assert rows["--go-on-words"] == ["(not set)", "default"]
    assert rows["--never-words"] == ["领取奖励,Share", "command line"]
    assert rows["--adb"] == ["(not set)", "default"]
