"""The practice game in its own process: start it, find its window, stop it, read its log.

The demo, the end-to-end tests and the loop benchmark all drive the game this way: `start_game`
runs `python -m onestroke practice ...` and returns once the game has said where its window is
(the `{"ready": true, ...}` line); `read_log` reads the JSON lines the game wrote
(../shared/spec/formats.md, the game log); `judge_log` re-checks every logged path with the
solver's independent checker, so a clear counts only when the game's own record proves it.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from onestroke._process import detached, stop_process
from onestroke.coords import Rect
from onestroke.practice.rules import Rules
from onestroke.solver.board import Board
from onestroke.solver.check import path_problem
from onestroke.solver.errors import OnestrokeError

READY_TIMEOUT = 30.0  # seconds for the window to appear (a loaded machine starting Tk)
WEB_READY_TIMEOUT = 90.0  # the web game starts Chromium first


class PracticeProcessError(OnestrokeError):
    """The practice game's process could not start or show its window."""


@dataclass(frozen=True)
class RunningGame:
    """A practice game in its own process and where its window is (screen coordinates)."""

    process: subprocess.Popen[str]
    window: Rect


def rules_options(rules: Rules) -> list[str]:
    """The `practice` command-line options that start a game with `rules`."""
    options = ["--rules", rules.name, "--fps", f"{rules.fps:g}", "--on-release", rules.on_release]
    return options + (["--stalls"] if rules.stalls else [])


def start_game(
    seed: int,
    log: Path,
    position: tuple[int, int],
    scale: float = 1.0,
    levels: int | None = None,
    rules: Rules | None = None,
    web: bool = False,
    look: int | None = None,
    panel: str | None = None,
    banner: bool = False,
    start_screen: bool = False,
    solved_stays: str | None = None,
) -> RunningGame:
    """The practice game in its own process; returns once its window is on screen.

    `rules` default to the strict game at 30 frames per second (practice/rules.py); `web` plays
    it as a page in Chromium instead of a Tk window; `look` draws it in that seed's random look;
    `panel` (a language) ends each level with another app's panel, `banner` adds the sliding strip;
    `start_screen` opens it on a start-up screen (in the panel's language); `solved_stays` (a
    language) shows no complete screen: the solved board stays with the app's next button."""
    command = [
        sys.executable, "-m", "onestroke", "practice", "--seed", str(seed), "--log", str(log),
        "--position", f"{position[0]},{position[1]}", "--scale", str(scale),
    ]  # fmt: skip
    if levels is not None:
        command += ["--levels", str(levels)]
    command += rules_options(rules or Rules()) + (["--web"] if web else [])
    command += ["--look", str(look)] if look is not None else []
    command += (["--panel", panel] if panel else []) + (["--banner"] if banner else [])
    command += ["--start-screen"] if start_screen else []
    command += ["--solved-stays", solved_stays] if solved_stays else []
    # its own process group: the terminal's Ctrl-C reaches the bot, which stops the game itself
    game = detached(command, stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    assert game.stdout is not None
    try:
        ready, _, _ = select.select([game.stdout], [], [], WEB_READY_TIMEOUT if web else READY_TIMEOUT)
        line = game.stdout.readline() if ready else ""
    except BaseException:  # Ctrl-C while the window opens: the caller never gets the process
        stop_game(game)
        raise
    if '"ready"' not in line:
        stop_game(game)
        raise PracticeProcessError(f"the practice game did not open its window (exit status {game.poll()})")
    shown = json.loads(line)
    return RunningGame(game, Rect(shown["x"], shown["y"], shown["width"], shown["height"]))


def stop_game(game: subprocess.Popen[Any]) -> None:
    """End the practice game's process (the harness, demo and benchmark all stop it this way)."""
    stop_process(game)


def log_size(log: Path) -> int:
    """Where the records of a game started now will begin in `log` (it may hold older runs)."""
    return log.stat().st_size if log.exists() else 0


def read_log(log: Path, offset: int = 0, game: int | None = None) -> list[dict[str, Any]]:
    """The game's log records from byte `offset` on (none when there is no log yet).

    With `game` (the game's process id), only that game's records: two demos may share one log,
    and each must count its own lines only. Records without a "game" field are kept.
    """
    if not log.exists():
        return []
    with open(log, encoding="utf-8") as file:
        file.seek(offset)
        records = [json.loads(line) for line in file if line.strip()]
    return [r for r in records if game is None or r.get("game", game) == game]


@dataclass(frozen=True)
class Verdict:
    """One log record judged, in one line for people: a clear proven by its path, a failed
    attempt, or a stray press (a press on anything but the go-on control)."""

    level: int | None
    cleared: bool
    line: str
    stray: bool = False


def judge_log(records: list[dict[str, Any]]) -> list[Verdict]:
    """Every record judged from the game's own log; each logged path re-checked independently."""
    verdicts = []
    for record in records:
        level = record.get("level")
        if "stray" in record:
            line = (
                f"level {level}: STRAY PRESS on {record['stray']!r} of the"
                f" {record['screen']} screen at ({record['x']}, {record['y']})"
            )
            verdicts.append(Verdict(level, False, line, stray=True))
            continue
        board = Board.from_text(record["board"])
        if not record["cleared"]:
            why = record.get("reason", "no reason given")
            verdicts.append(Verdict(level, False, f"level {level}: not cleared: {why}"))
            continue
        problem = path_problem(board, record["path"])
        if problem:
            line = f"level {level}: the game logged a clear, but its path is wrong: {problem}"
            verdicts.append(Verdict(level, False, line))
            continue
        line = (
            f"level {level}: {board.rows}x{board.cols}, {len(board)} cells, cleared in"
            f" {record['seconds']:.2f} s, path checked"
        )
        verdicts.append(Verdict(level, True, line))
    return verdicts
