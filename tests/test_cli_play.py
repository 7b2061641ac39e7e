"""`play`, `calibrate` and `demo` refuse bad paths and names before any screen is touched.

Every test runs with no display at all: an error that names the bad path (instead of "no
display") shows the check came first; `demo` would otherwise have started an Xvfb.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from onestroke.bot.cli import main
from onestroke.bot.device import CaptureError
from onestroke.bot.device.desktop import ScreenCapture
from onestroke.coords import Rect


@pytest.fixture(autouse=True)
def no_display(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path / "config"))


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    (line,) = captured.err.splitlines()
    assert captured.out == ""
    return line


@pytest.mark.parametrize(
    ("overlay", "fragment"),
    [("folder.png", "is a folder"), ("none/x.png", "folder"), ("x.gif", "unknown image type .gif")],
)
def test_calibrate_refuses_an_overlay_path_before_capturing(tmp_path, capsys, overlay, fragment) -> None:
    (tmp_path / "folder.png").mkdir()
    path = tmp_path / overlay
    assert main(["calibrate", "--overlay", str(path)]) == 2
    line = one_error_line(capsys)
    assert line.startswith(f"onestroke: {path}:") and fragment in line
    assert not (tmp_path / "none").exists()  # no folder made on the way


def test_calibrate_refuses_a_profile_folder_it_cannot_write(tmp_path, capsys, monkeypatch) -> None:
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path / "file"))
    assert main(["calibrate"]) == 2
    assert "profile folder" in one_error_line(capsys)


@pytest.mark.parametrize("command", ["play", "calibrate"])
def test_a_profile_name_that_cannot_be_a_file_name_is_a_usage_error(capsys, command) -> None:
    assert main([command, "--profile", "../escape"]) == 2
    assert "argument --profile: '../escape' must be letters" in capsys.readouterr().err


def test_play_refuses_a_log_folder_that_is_a_file(tmp_path, capsys) -> None:
    log = tmp_path / "log.txt"
    log.write_text("")
    assert main(["play", "--log-dir", str(log)]) == 2
    assert one_error_line(capsys) == f"onestroke: {log}: is a file, not a log folder"


@pytest.mark.parametrize(("log", "fragment"), [(".", "is a folder"), ("none/game.jsonl", "does not exist")])
def test_demo_refuses_a_game_log_it_cannot_write_before_starting_anything(
    tmp_path, capsys, log, fragment
) -> None:
    path = tmp_path / log
    assert main(["demo", "--levels", "1", "--log", str(path)]) == 2
    line = one_error_line(capsys)  # no "started Xvfb" on stdout, no second line from the game
    assert line.startswith(f"onestroke: {path}:") and fragment in line


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["play", "--capture", "bogus"], "--capture bogus"),
        (["play", "--touch", "input-each"], "--touch input-each"),  # a phone's method, not the desktop's
        (["calibrate", "--capture", "raw"], "--capture raw"),
    ],
)
def test_a_phone_option_on_the_desktop_is_refused_before_anything_starts(
    tmp_path, capsys, args: list[str], option: str
) -> None:
    """No display here: the refusal comes before the desktop is opened (else 'cannot open display')."""
    name = option.split()[0]
    assert main([*args, *(["--log-dir", str(tmp_path / "logs")] if args[0] == "play" else [])]) == 2
    assert one_error_line(capsys) == (
        f"onestroke: {name} applies to --adb only (a phone, or a profile of one), not to the desktop:"
        f" got {option}"
    )


def test_a_display_nobody_serves_is_named_in_the_error(monkeypatch) -> None:
    monkeypatch.setenv("DISPLAY", ":4242")
    with pytest.raises(CaptureError, match="cannot open display ':4242' for capture"):
        ScreenCapture()


def test_region_covers_only_what_lies_wholly_inside() -> None:
    screen = Rect(0, 0, 1920, 1080)
    assert screen.covers(Rect(0, 0, 1920, 1080)) and screen.covers(Rect(100, 100, 10, 10))
    assert not screen.covers(Rect(1800, 0, 200, 100)) and not screen.covers(Rect(5000, 5000, 1, 1))
    assert not screen.covers(Rect(-1, 0, 10, 10))


@pytest.mark.parametrize("command", ["practice", "demo"])
@pytest.mark.parametrize("scale", ["100", "0.01", "0"])
def test_a_window_scale_tk_cannot_draw_is_a_usage_error(capsys, command, scale) -> None:
    assert main([command, "--scale", scale]) == 2
    assert "argument --scale: must be" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["practice", "demo"])
@pytest.mark.parametrize(
    ("option", "fragment"),
    [
        (["--fps", "0"], "argument --fps: must be"),
        (["--fps", "1e9"], "argument --fps: must be 1 to 240"),
        (["--fps", "nan"], "argument --fps: must be"),
        (["--rules", "lenient"], "argument --rules: invalid choice"),
        (["--on-release", "drop"], "argument --on-release: invalid choice"),
    ],
)
def test_practice_rules_out_of_range_are_usage_errors(capsys, command, option, fragment) -> None:
    assert main([command, *option]) == 2
    assert fragment in capsys.readouterr().err


@pytest.mark.parametrize("command", ["play", "demo"])
@pytest.mark.parametrize("speed", ["1e-300", "0.1", "1e9", "inf", "nan", "-5", "0"])
def test_an_insane_speed_is_refused_before_anything_starts(capsys, command, speed) -> None:
    assert main([command, "--speed", speed]) == 2
    assert "argument --speed: must be" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "allowed"),
    [
        (["play", "--speed", "fast"], ["cells per second or 'max'"]),
        (["demo", "--speed", "0"], ["cells per second or 'max'"]),
        (["practice", "--theme", "neon"], ["'classic'", "'night'"]),
        (["play", "--monitor", "x"], ["1 = the first, 0 = all together"]),
        (["calibrate", "--monitor", "-1"], ["1 = the first, 0 = all together"]),
        (["practice", "--scale", "x"], ["window size factor"]),
        (["demo", "--on-release", "drop"], ["'keep'", "'clear'"]),
        (["solve", "a.txt", "--moves", "x"], ["expected 4 (the four sides) or 8 (the diagonals too)"]),
        (["maze", "a.txt", "--moves", "four"], ["expected 4 (the four sides) or 8"]),
        (["demo", "--seed", "x"], ["expected a seed (a whole number, e.g. 1), got 'x'"]),
        (["practice", "--seed", "1.5"], ["expected a seed (a whole number"]),
        (["practice", "--look", "x"], ["argument --look: expected a seed (a whole number"]),
    ],
)
def test_an_option_error_names_what_is_allowed(capsys, args: list[str], allowed: list[str]) -> None:
    assert main(args) == 2
    line = one_error_line(capsys)
    assert all(words in line for words in allowed), line
