"""`play --look LOOK` clears levels of the practice game in a random look the built-in reading refuses.

The look is taught (`onestroke teach`) from three screens drawn headless in the game's look at
its window's size, of levels the game will not show (another level seed): a fresh level, a
half-drawn one, the complete screen. Then the bot plays the game's own levels through the real
screen and pointer; what counts is what the game logged.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from harness import run_bot

from onestroke.bot.device.desktop import DesktopDevice
from onestroke.bot.imageio import write_image
from onestroke.bot.labels import Label, label_text
from onestroke.bot.vision import detect
from onestroke.practice.levels import make_level
from onestroke.practice.looks import look_from_seed, render_look
from onestroke.practice.process import start_game, stop_game
from onestroke.practice.rules import Rules
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve

pytestmark = pytest.mark.e2e

# touching tiles, absent holes, a path of lit dots: the built-in reading refuses it (looks 9 and
# then 36 were used before; the built-in reading reads both now, 36 since 2026-12-07)
LOOK = 21
GAME_SEED, TEACH_SEED = 12, 99


def has_holes(board: Board) -> bool:
    return len(board.open_cells) < board.rows * board.cols


def teaching_pairs(folder: Path, width: int, height: int) -> None:
    """Three labelled screens of look LOOK at the window's size, levels of another seed."""
    look = look_from_seed(LOOK)
    folder.mkdir()
    # levels with holes: a role the look was not taught (a hole) is refused, as it should be
    holed = [n for n in range(1, 40) if has_holes(make_level(TEACH_SEED, n).board)]
    for number, kind in zip(holed, ("level", "half", "complete"), strict=False):
        board = make_level(TEACH_SEED, number).board
        path = solve(board, timeout=5).path
        assert path is not None
        route = {"level": (), "half": tuple(path[: len(path) // 2]), "complete": tuple(path)}[kind]
        shown = render_look(board, look, width=width, height=height, route=route, complete=kind == "complete")
        if kind == "complete":
            go = shown.controls["go_on"]
            label = Label(None, "complete", (go.left + go.width / 2, go.top + go.height / 2))
        else:
            g = shown.geometry
            label = Label(board, "level", None, route, g.origin, g.pitch)
        write_image(folder / f"{kind}.png", shown.image)
        (folder / f"{kind}.txt").write_text(label_text(label), encoding="utf-8")


def test_play_with_a_taught_look_clears_levels_the_built_in_reading_refuses(
    desktop: DesktopDevice, tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    game = start_game(GAME_SEED, log, (300, 140), rules=Rules(fps=30), look=LOOK)
    try:
        box = game.window
        assert not detect(desktop.grab(box)).ok, "the built-in reading reads this look: pick another"
        teaching_pairs(tmp_path / "app", int(box.width), int(box.height))
        env = {**os.environ, "ONESTROKE_DATA_DIR": str(tmp_path / "data")}
        taught = run_bot("teach", str(tmp_path / "app"), "--name", "app", env=env)
        assert taught.returncode == 0, taught.stdout + taught.stderr
        region = ",".join(str(round(v)) for v in (box.left, box.top, box.width, box.height))
        done = run_bot(
            "play", "--look", "app", "--levels", "2", "--region", region, "--log-dir", str(tmp_path), env=env
        )
        records = game_records(log)
        assert done.returncode == 0, done.stdout + done.stderr
        assert [r["cleared"] for r in records[:2]] == [True, True], records
        for number, record in enumerate(records[:2], start=1):
            board = Board.from_text(record["board"])
            assert board == make_level(GAME_SEED, number).board
            assert is_valid_path(board, record["path"])
    finally:
        stop_game(game.process)


def game_records(log: Path) -> list[dict]:
    return [json.loads(line) for line in log.read_text().splitlines() if line.strip()] if log.exists() else []
