"""Level-loop benchmark: capture + detect + solve per level on a 1920x1080 screen, and the demo's pace.

    python -m benchmarks.loop_bench [--levels N] [--repeat R] [--seed S] [--speed V|max]

Runs on a private Xvfb (1920x1080, started here, so it never touches your screen) with the
practice game in its own process at a fixed position. For each level it measures, `--repeat`
times, the three steps the bot takes before it may drag, side by side on two capture areas:

- `screen`: the whole 1920x1080 monitor (what the first look of `play` costs);
- `region`: the work region the loop keeps after the first look (board plus margins).

Then the bot clears the level through the real pointer (the strict game at 30 fps, the
default of `start_game`: the drag is watched and takes the game's pace), and the table reports
the drag and the wait for the next level (the game's walked board and ranking screen
included). The last lines give the medians against the target (capture + detect + solve
<= 100 ms per level on a 1920x1080 screen) and the levels per minute of the run, cleared levels
confirmed from the game's own log. `--speed` is the drag's (as `play --speed`; default: the game's pace).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from onestroke.bot.device import Device
from onestroke.bot.device.xvfb import XvfbDevice
from onestroke.bot.gesture import parse_speed
from onestroke.bot.play.loop import LevelLoop
from onestroke.bot.play.pace import drag_pace, stroke_pace
from onestroke.coords import Rect
from onestroke.practice.process import read_log, start_game, stop_game
from onestroke.solver.board import Board
from onestroke.solver.check import is_valid_path
from onestroke.solver.search import solve

TARGET_MS = 100.0


@dataclass
class Row:
    level: int
    size: str
    screen: tuple[float, float, float]  # capture, detect, solve (ms, medians)
    region: tuple[float, float, float]
    drag_s: float
    next_s: float

    @property
    def screen_total(self) -> float:
        return sum(self.screen)

    @property
    def region_total(self) -> float:
        return sum(self.region)


def timed_look(loop: LevelLoop, region: Rect, repeat: int) -> tuple[float, float, float]:
    """Median capture, detect and solve milliseconds for one area."""
    captures, detects, solves = [], [], []
    for _ in range(repeat):
        sight = loop.watch.at(region)
        if sight.board is None:
            raise SystemExit(f"benchmark: no board on screen: {sight.detection.reason}")
        began = time.perf_counter()
        result = solve(sight.board, timeout=5)
        solves.append((time.perf_counter() - began) * 1e3)
        if result.status != "solved":
            raise SystemExit(f"benchmark: board not solved: {result.reason}")
        captures.append(sight.capture_ms)
        detects.append(sight.detect_ms)
    return (statistics.median(captures), statistics.median(detects), statistics.median(solves))


def run(levels: int, repeat: int, seed: int, speed: float | None) -> int:
    with XvfbDevice(1920, 1080) as device, tempfile.TemporaryDirectory() as folder:
        return measure(device, levels, repeat, seed, speed, Path(folder))


def measure(device: Device, levels: int, repeat: int, seed: int, speed: float | None, folder: Path) -> int:
    log = folder / "game.jsonl"
    game = start_game(seed, log, (735, 140), levels=levels)
    rows: list[Row] = []
    try:
        loop = LevelLoop(
            device,
            log_dir=folder,
            pace=stroke_pace(speed, device.capabilities.cell_dwell),
            drag_pace=drag_pace(speed),
            say=lambda _l: None,
        )
        began = time.monotonic()
        for number in range(1, levels + 1):
            screen = timed_look(loop, device.screen, repeat)
            loop.watch.find_board()  # sets the work region, as the loop does on its first look
            assert loop.watch.region is not None
            region = timed_look(loop, loop.watch.region, repeat)
            report = loop.attempts.clear_level(number)
            started_next = time.perf_counter()
            if number < levels:
                loop.go_on.after_level(number)
            next_s = time.perf_counter() - started_next
            rows.append(Row(number, f"{report.rows}x{report.cols}", screen, region, report.drag_s, next_s))
        seconds = time.monotonic() - began
    finally:
        time.sleep(0.2)
        stop_game(game.process)
    records = read_log(log)
    cleared = sum(
        1 for r in records if r["cleared"] and is_valid_path(Board.from_text(r["board"]), r["path"])
    )
    print_table(rows, cleared, len(records) - cleared, seconds, repeat, speed)
    for record in records:
        if not record["cleared"]:
            print(f"failed attempt on level {record['level']}: {record.get('reason')}")
    return 0 if cleared == levels else 1


def print_table(
    rows: list[Row], cleared: int, failures: int, seconds: float, repeat: int, speed: float | None
) -> None:
    print(f"Level loop on a 1920x1080 Xvfb screen, practice window 450x800; medians of {repeat} looks/level.")
    print()
    print(
        "| level | size | screen capture ms | screen detect ms | solve ms | screen total ms"
        " | region capture ms | region detect ms | region total ms | drag s | next level s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        sc, sd, ss = row.screen
        rc, rd, _ = row.region
        print(
            f"| {row.level} | {row.size} | {sc:.1f} | {sd:.1f} | {ss:.2f} | {row.screen_total:.1f}"
            f" | {rc:.1f} | {rd:.1f} | {row.region_total:.1f} | {row.drag_s:.2f} | {row.next_s:.2f} |"
        )
    screen_totals = [row.screen_total for row in rows]
    region_totals = [row.region_total for row in rows]
    worst = max(screen_totals)
    verdict = "met" if worst <= TARGET_MS else "NOT met"
    print()
    print(
        f"capture + detect + solve, whole 1920x1080 screen: median {statistics.median(screen_totals):.1f} ms,"
        f" max {worst:.1f} ms (target <= {TARGET_MS:.0f} ms: {verdict});"
        f" work region: median {statistics.median(region_totals):.1f} ms, max {max(region_totals):.1f} ms"
    )
    print(
        f"cleared {cleared} level(s) in a row by the game's own log, {failures} failure(s),"
        f" {seconds:.1f} s including the measurements above"
    )
    drags = sum(row.drag_s + row.next_s for row in rows)
    print(
        "levels per minute on the strict game (30 fps; the watched drag takes the game's pace),"
        f" drag + next level: {len(rows) / (drags / 60):.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.loop_bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--levels", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", type=parse_speed, help="the drag's speed, cells/s or 'max'")
    args = parser.parse_args(argv)
    return run(args.levels, args.repeat, args.seed, args.speed)


if __name__ == "__main__":
    sys.exit(main())
