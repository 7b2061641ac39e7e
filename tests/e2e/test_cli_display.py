"""The command line on a real (virtual) X display: bad regions, quiet output, no orphaned game."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest
from harness import ROOT, Windows, processes, run_bot

from onestroke.practice.process import start_game

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("region", ["5000,5000,100,100", "1800,0,200,100"])
def test_a_region_outside_the_screen_is_one_line_naming_it(tmp_path: Path, region: str) -> None:
    done = run_bot("play", "--region", region, "--log-dir", str(tmp_path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"onestroke: --region {region} is not inside the screen 0,0,1920,1080\n"


@pytest.mark.parametrize("xauthority", ["empty file", "no file"])
def test_the_pointer_and_the_window_stack_work_without_an_xauthority_entry(
    tmp_path: Path, xauthority: str
) -> None:
    """An empty Xauthority file (ssh -X, sudo) must add no line to stdout; no file at all
    (`Xvfb :99 & export DISPLAY=:99`, as the README says) must not stop the bot."""
    env = {**os.environ, "HOME": str(tmp_path)}  # no ~/.Xauthority there
    if xauthority == "empty file":
        (tmp_path / "Xauthority").write_bytes(b"")
        env["XAUTHORITY"] = str(tmp_path / "Xauthority")
    else:
        env.pop("XAUTHORITY", None)
    script = (
        "from onestroke.bot.device.desktop import load_pyautogui;"
        " from onestroke.bot.device.x11 import window_boxes;"
        " load_pyautogui(); assert window_boxes() is not None; print('done')"
    )
    done = run_bot_python(script, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "done\n"


def run_bot_python(script: str, env: dict[str, str]):  # noqa: ANN201 - CompletedProcess
    import subprocess

    return subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )


def practice_children() -> list[int]:
    """Processes of ours that run the practice game."""
    return [p.pid for p in processes() if p.parent == os.getpid() and b"practice" in p.command]


def test_ctrl_c_while_the_game_window_opens_leaves_no_game_running(tmp_path: Path) -> None:
    def interrupt(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, 0.1)  # while start_game waits: the window takes ~0.3 s
    try:
        with pytest.raises(KeyboardInterrupt):
            start_game(1, tmp_path / "game.jsonl", (0, 0))
        orphans = practice_children()
        assert orphans == []
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        for pid in practice_children():
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--position", "5000,5000"], "a 450x800 game window at --position 5000,5000 is not wholly on the"),
        (["--position", "1700,0"], "at --position 1700,0 is not wholly on the 1920x1080 screen"),
        (["--scale", "2"], "a 900x1600 game window (--scale 2) does not fit on the 1920x1080 screen"),
        # refused before a private Xvfb is started for it (stdout would say "started Xvfb")
        (["--xvfb", "--position", "5000,5000"], "at --position 5000,5000 is not wholly on the 1920x1080"),
    ],
)
def test_demo_refuses_a_game_window_that_would_not_be_on_the_screen(args: list[str], fragment: str) -> None:
    done = run_bot("demo", "--levels", "1", *args)
    assert done.returncode == 2 and done.stdout == ""  # no game was started
    assert done.stderr.count("\n") == 1 and fragment in done.stderr


def test_calibrate_on_the_level_complete_screen_says_so(
    windows: Windows, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ONESTROKE_CONFIG_DIR", str(tmp_path / "config"))
    windows.game(seed=27)
    played = run_bot("play", "--levels", "1", "--log-dir", str(tmp_path))  # stops on the complete screen
    assert played.returncode == 0, played.stdout + played.stderr
    done = run_bot("calibrate")
    assert done.returncode == 1 and done.stdout == ""
    assert "the level-complete screen is showing, 'next' at (" in done.stderr
    assert done.stderr.count("\n") == 1


def test_a_region_that_cuts_rows_off_the_board_is_not_trusted(windows: Windows, tmp_path: Path) -> None:
    """The board of seed 1, level 1 (5x5) spans y 333..667 with the window at (300, 100); a region
    from y 420 cuts its top rows: the 3 rows left once read as a whole 3x5 board."""
    windows.game(seed=1, position=(300, 100))
    done = run_bot("play", "--dry-run", "--region", "300,420,450,300", "--log-dir", str(tmp_path))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "level 1: 5x5, 1 hole," in done.stdout
