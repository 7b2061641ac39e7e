"""Closed-loop benchmark: `onestroke demo` on the strict practice game, as a user runs it.

    python -m benchmarks.closed_loop_bench target [--levels 50] [--busy 2] [--seed S]
    python -m benchmarks.closed_loop_bench pace [--levels 10] [--rounds 2] [--seed S]
    python -m benchmarks.closed_loop_bench drag [--levels 6] [--rounds 2] [--busy 2] [--seed S]
    python -m benchmarks.closed_loop_bench between [--levels 6] [--rounds 2] [--seed S]

`target`: the demo on the strict game at 30 fps with stalls (`demo --stalls`), while `--busy`
processes spin on the CPU (the machine has 2 cores: two busy loops take a whole core's worth
each), the demo on a private Xvfb of its own. The table says what the game's own log says:
levels cleared, attempts that failed, stray presses, and the time. Target: every level
cleared, no stray press.

`pace`: levels per minute of the strict game (30 and 60 fps, no stalls) and of the forgiving game
at the default speed, unloaded, run alternately in one session (`--rounds` each) so that the
machine's noise falls on all; the ratios are the figures to compare. For the strict game the
table also gives its own limit: a player that takes one cell per frame (a skipped cell is an
illegal move, so no player can be faster) and loses no time between, with the game's own
pauses (the walked board 0.3 s, the ranking screen 0.8 s).

`drag`: where the time goes, strict game at 30 and 60 fps alternately, unloaded: per cell, the
watched drag's looks (grab and read), sleeps between looks and moves sent, the game's answer
time, frames per cell; the game's own redraw (from a frame's start until Tk has drawn it, timed
by the game: `ONESTROKE_FRAME_TIMES`) and what is left of the frame after it; the bot's time
between levels against the game's own pauses. A last row plays the game at 30 fps with stalls
under `--busy` busy loops: the pace the drag learns goes down with the game.

`between`: the time between levels, from the end of a level's last drag (its last cell) to the
start of the next level's first drag, on the real look (its complete screen known by layout: no
text read) and on a panel look (`practice --panel zh --banner`: a Chinese panel with a decoy, the
banner sliding across the top, gone on by its words), alternately; and how much of it went to
reading words (OCR: every call of vision's `text.words`, timed in the loop's own process). The
first gap of a run also loads the OCR engine, so it is given on its own.

Every demo runs in its own process (`python -m onestroke demo ...`), its own Xvfb, judged from
its game's log (`practice/process.py`'s `judge_log`, the same re-check of every path as `demo`).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from onestroke.practice.levels import make_level
from onestroke.practice.process import judge_log
from onestroke.practice.rules import COMPLETE_AFTER, RANKING_SECONDS

SUMMARY = re.compile(r"demo: (\d+)/(\d+) levels cleared.*?([\d.]+) s, ([\d.]+) levels per minute")
BUSY = "while True: pass"


@dataclass(frozen=True)
class Run:
    """One demo: what its game logged, and its own summary figures."""

    rules: str
    levels: int
    cleared: int
    failed: int
    strays: int
    seconds: float
    per_minute: float
    status: int
    stopped: str

    def row(self, busy: int) -> str:
        return (
            f"| {self.rules} | {busy} | {self.cleared}/{self.levels} | {self.failed} | {self.strays}"
            f" | {self.seconds:.1f} | {self.per_minute:.1f} | {self.status} |"
        )


def demo(levels: int, seed: int, options: list[str], folder: Path) -> Run:
    """`onestroke demo` on its own Xvfb; the verdict from its game's log."""
    log = folder / f"game-{seed}-{time.monotonic_ns()}.jsonl"
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    command = [sys.executable, "-m", "onestroke", "demo", "--levels", str(levels), "--seed", str(seed)]
    done = subprocess.run(
        [*command, "--log", str(log), *options], capture_output=True, text=True, env=env, check=False
    )
    records = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    verdicts = judge_log(records)
    found = SUMMARY.search(done.stdout)
    seconds, per_minute = (float(found.group(3)), float(found.group(4))) if found else (0.0, 0.0)
    rules = (
        "forgiving" if "forgiving" in options else "strict" + (" + stalls" if "--stalls" in options else "")
    )
    return Run(
        rules,
        levels,
        sum(v.cleared for v in verdicts),
        sum(not v.cleared and not v.stray for v in verdicts),
        sum(v.stray for v in verdicts),
        seconds,
        per_minute,
        done.returncode,
        done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "",
    )


def busy_loops(count: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(count)]


HEADER = (
    "| game | busy loops | cleared (game log) | failed attempts | stray presses | seconds | levels/min"
    " | exit |\n"
    "|---|---|---|---|---|---|---|---|"
)


def target(levels: int, busy: int, seed: int) -> int:
    with tempfile.TemporaryDirectory(prefix="onestroke-bench-") as folder:
        loads = busy_loops(busy)
        try:
            time.sleep(1.0)
            run = demo(levels, seed, ["--stalls"], Path(folder))
            load = os.getloadavg()[0]
        finally:
            for process in loads:
                process.kill()
                process.wait()
    print(
        f"demo --levels {levels} --stalls --seed {seed}: strict game at 30 fps with stalls,"
        f" {busy} busy loop(s)"
    )
    print()
    print(HEADER)
    print(run.row(busy))
    print()
    met = run.cleared == levels and run.strays == 0
    print(f"load average at the end: {load:.1f} on {os.cpu_count()} cores")
    print(f"target ({levels}/{levels} cleared, 0 stray presses): {'met' if met else 'NOT met'}")
    if run.stopped:
        print(f"the demo said: {run.stopped}")
    return 0 if met else 1


def ceiling(levels: int, seed: int, fps: float) -> float:
    """Levels per minute of a player that takes one cell per frame and loses no time at all: the
    strict game's own limit (one cell per frame; the walked board and the ranking screen)."""
    cells = sum(len(make_level(seed, number).board) - 1 for number in range(1, levels + 1))
    return levels / ((cells / fps + levels * (COMPLETE_AFTER + RANKING_SECONDS)) / 60)


GAMES = {"strict": ["--fps", "30"], "strict 60 fps": ["--fps", "60"], "forgiving": ["--rules", "forgiving"]}


def pace(levels: int, rounds: int, seed: int) -> int:
    runs: list[tuple[str, int, Run]] = []
    with tempfile.TemporaryDirectory(prefix="onestroke-bench-") as folder:
        for round_ in range(rounds):
            for name, options in GAMES.items():
                runs.append((name, seed + round_, demo(levels, seed + round_, options, Path(folder))))
    print(
        f"demo --levels {levels}, unloaded, the games alternately"
        " (strict: no stalls; forgiving: default speed)"
    )
    print()
    print(
        "| game | seed | cleared (game log) | failed attempts | stray presses | seconds | levels/min"
        " | the game's limit |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, run_seed, run in runs:
        limit = (
            "-" if name == "forgiving" else f"{ceiling(levels, run_seed, 60.0 if '60' in name else 30.0):.1f}"
        )
        print(
            f"| {name} | {run_seed} | {run.cleared}/{run.levels} | {run.failed} | {run.strays}"
            f" | {run.seconds:.1f} | {run.per_minute:.1f} | {limit} |"
        )
    medians = {name: statistics.median(r.per_minute for n, _, r in runs if n == name) for name in GAMES}
    print()
    print(
        "levels per minute, medians: " + ", ".join(f"{name} {value:.1f}" for name, value in medians.items())
    )
    print(
        f"strict / forgiving = {medians['strict'] / medians['forgiving']:.2f},"
        f" strict 60 fps / forgiving = {medians['strict 60 fps'] / medians['forgiving']:.2f}"
    )
    return 0 if all(r.cleared == levels and r.strays == 0 for _, _, r in runs) else 1


def drag_one(levels: int, seed: int, fps: float, stalls: bool) -> int:
    """One demo in this process (on its own Xvfb); one JSON line of figures (the `drag` job's row)."""
    from onestroke.bot.device.xvfb import XvfbDevice  # lazy: it points this process at a new display
    from onestroke.bot.play.demo import run_demo
    from onestroke.practice.game import FRAME_TIMES
    from onestroke.practice.rules import Rules

    with tempfile.TemporaryDirectory(prefix="onestroke-bench-") as name:
        folder = Path(name)
        os.environ[FRAME_TIMES] = str(folder / "frames.txt")
        with XvfbDevice() as device:
            run = run_demo(
                device,
                levels=levels,
                log=folder / "game.jsonl",
                log_dir=folder,
                seed=seed,
                rules=Rules(fps=fps, stalls=stalls),
                say=lambda _line: None,
            )
        frames = [
            [float(v) for v in line.split()] for line in (folder / "frames.txt").read_text().splitlines()
        ]
    verdicts = judge_log(run.records)
    drags = run.drags
    cells = sum(d.cells for d in drags) or 1
    starts = [frame[0] for frame in frames]
    redraws = [(i, frame[1] - frame[0]) for i, frame in enumerate(frames) if len(frame) == 2]
    slack = [starts[i + 1] - frames[i][1] for i, _ in redraws if i + 1 < len(frames)]
    answers = [a for d in drags for a in d.answers]
    figures = {
        "game": f"{fps:g}" + (" + stalls" if stalls else ""),
        "fps": fps,
        "seed": seed,
        "levels": levels,
        "cleared": sum(v.cleared for v in verdicts),
        "failed": sum(not v.cleared and not v.stray for v in verdicts),
        "strays": sum(v.stray for v in verdicts),
        "per_minute": levels / (run.seconds / 60),
        "cell_ms": sum(d.seconds for d in drags) / cells * 1e3,
        "grab_ms": sum(d.grab_seconds for d in drags) / cells * 1e3,
        "sleep_ms": sum(d.sleep_seconds for d in drags) / cells * 1e3,
        "move_ms": sum(d.move_seconds for d in drags) / cells * 1e3,
        "grabs": sum(d.grabs for d in drags) / cells,
        "whole_grabs": sum(d.full_grabs for d in drags) / cells,
        "answer_ms": statistics.median(answers) * 1e3 if answers else 0.0,
        "redraw_ms": statistics.median(r for _, r in redraws) * 1e3 if redraws else 0.0,
        "slack_ms": statistics.median(slack) * 1e3 if slack else 0.0,
        "between_s": (run.seconds - sum(d.seconds for d in drags)) / levels,
        "load": os.getloadavg()[0],
    }
    print(json.dumps(figures))
    return 0


def drag_row(levels: int, seed: int, fps: float, stalls: bool = False) -> dict[str, Any]:
    command = [sys.executable, "-m", "benchmarks.closed_loop_bench", "drag-one", "--fps", str(fps)]
    command += ["--levels", str(levels), "--seed", str(seed)] + (["--stalls"] if stalls else [])
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode or not lines:
        raise SystemExit(f"drag-one --fps {fps:g} failed: {done.stderr.strip()[-500:]}")
    return json.loads(lines[-1])


def drag(levels: int, rounds: int, seed: int, busy: int) -> int:
    rows = [drag_row(levels, seed + r, fps) for r in range(rounds) for fps in (30.0, 60.0)]
    if busy:  # the pace goes down with a stalling game on a loaded machine
        loads = busy_loops(busy)
        try:
            time.sleep(1.0)
            rows.append({**drag_row(levels, seed, 30.0, stalls=True), "busy": busy})
        finally:
            for process in loads:
                process.kill()
                process.wait()
    print(
        f"demo --levels {levels}, strict game, the frame rates alternately (and with stalls under"
        f" {busy} busy loops); per cell of the watched drag:"
    )
    print()
    print(
        "| fps | busy loops | seed | cleared | failed | levels/min | ms per cell | grabs | sleeps | moves"
        " | grabs per cell (whole board) | answer median ms | frames per cell | game's redraw ms"
        " | left of the frame ms | between levels s | load |"
    )
    print("|" + "---|" * 17)
    for r in rows:
        print(
            f"| {r['game']} | {r.get('busy', 0)} | {r['seed']} | {r['cleared']}/{r['levels']} | {r['failed']}"
            f" | {r['per_minute']:.1f}"
            f" | {r['cell_ms']:.1f} | {r['grab_ms']:.1f} | {r['sleep_ms']:.1f} | {r['move_ms']:.1f}"
            f" | {r['grabs']:.1f} ({r['whole_grabs']:.2f}) | {r['answer_ms']:.1f}"
            f" | {r['cell_ms'] * r['fps'] / 1e3:.2f} | {r['redraw_ms']:.1f} | {r['slack_ms']:.1f}"
            f" | {r['between_s']:.2f} | {r['load']:.1f} |"
        )
    print()
    print(
        f"the game's own pauses between levels: {COMPLETE_AFTER + RANKING_SECONDS:.1f} s"
        f" (the walked board {COMPLETE_AFTER} s, the ranking screen {RANKING_SECONDS} s)"
    )
    return 0 if all(r["cleared"] == r["levels"] and r["strays"] == 0 for r in rows) else 1


LOOKS = {"real": (None, False), "panel zh + banner": ("zh", True)}


def between_one(levels: int, seed: int, look: str) -> int:
    """The loop in this process on its own Xvfb against the Tk game in `look`; one JSON line: each
    gap between two drags and the OCR seconds inside it (the `between` job's runs)."""
    import onestroke.bot.play.attempt as attempt
    import onestroke.bot.vision.text as text
    from onestroke.bot.device.xvfb import XvfbDevice  # lazy: it points this process at a new display
    from onestroke.bot.play.loop import LevelLoop
    from onestroke.practice.process import read_log, start_game, stop_game

    drags: list[tuple[float, float]] = []
    reads: list[tuple[float, float]] = []

    def timed(into: list[tuple[float, float]], call: Any) -> Any:
        def run(*args: Any, **kwargs: Any) -> Any:
            began = time.monotonic()
            try:
                return call(*args, **kwargs)
            finally:
                into.append((began, time.monotonic()))

        return run

    # timing wrappers around the real calls (the loop looks them up as module attributes)
    attempt.watched_drag = timed(drags, attempt.watched_drag)  # type: ignore[assignment]
    text.words = timed(reads, text.words)  # type: ignore[assignment]
    panel, banner = LOOKS[look]
    with tempfile.TemporaryDirectory(prefix="onestroke-bench-") as name, XvfbDevice() as device:
        log = Path(name) / "game.jsonl"
        game = start_game(seed, log, (700, 140), levels=levels, panel=panel, banner=banner)
        try:
            LevelLoop(device, log_dir=Path(name), say=lambda _line: None).run(levels)
            time.sleep(0.3)
        finally:
            stop_game(game.process)
        verdicts = judge_log(read_log(log, 0, game.process.pid))
    gaps = []
    for (_, ended), (began, _) in zip(drags, drags[1:], strict=False):
        ocr = sum(max(0.0, min(b, began) - max(a, ended)) for a, b in reads)
        gaps.append((began - ended, ocr))
    figures = {
        "look": look,
        "seed": seed,
        "levels": levels,
        "cleared": sum(v.cleared for v in verdicts),
        "failed": sum(not v.cleared and not v.stray for v in verdicts),
        "strays": sum(v.stray for v in verdicts),
        "drags": len(drags),
        "gaps": gaps,
        "load": os.getloadavg()[0],
    }
    print(json.dumps(figures))
    return 0


def between(levels: int, rounds: int, seed: int) -> int:
    rows = []
    for r in range(rounds):
        for look in LOOKS:
            command = [sys.executable, "-m", "benchmarks.closed_loop_bench", "between-one", "--look", look]
            command += ["--levels", str(levels), "--seed", str(seed + r)]
            env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
            done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
            lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
            if done.returncode or not lines:
                raise SystemExit(f"between-one --look {look!r} failed: {done.stderr.strip()[-500:]}")
            rows.append(json.loads(lines[-1]))
    print(
        f"{levels} levels a run, strict game at 30 fps (Tk), the looks alternately; between levels:"
        " the end of a level's last drag to the start of the next level's first drag"
    )
    print()
    print(
        "| look | seed | cleared | stray presses | first gap s (OCR s) | later gaps: median s | max s"
        " | OCR median s | OCR share of the later gaps | load |"
    )
    print("|" + "---|" * 10)
    for r in rows:
        (first, first_ocr), later = r["gaps"][0], r["gaps"][1:]
        seconds = [gap for gap, _ in later]
        ocr = [o for _, o in later]
        share = sum(ocr) / sum(seconds) if seconds else 0.0
        print(
            f"| {r['look']} | {r['seed']} | {r['cleared']}/{r['levels']} | {r['strays']}"
            f" | {first:.2f} ({first_ocr:.2f}) | {statistics.median(seconds):.2f} | {max(seconds):.2f}"
            f" | {statistics.median(ocr):.2f} | {share:.0%} | {r['load']:.1f} |"
        )
    print()
    print(
        f"the game's own pauses between levels: {COMPLETE_AFTER + RANKING_SECONDS:.1f} s"
        f" (the walked board {COMPLETE_AFTER} s, the ranking screen {RANKING_SECONDS} s)"
    )
    return 0 if all(r["cleared"] == r["levels"] and r["strays"] == 0 for r in rows) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.closed_loop_bench", description=__doc__.split("\n")[0]
    )
    sub = parser.add_subparsers(dest="job", required=True)
    t = sub.add_parser("target", help="demo on the strict game with stalls, under CPU load")
    t.add_argument("--levels", type=int, default=50)
    t.add_argument("--busy", type=int, default=2)
    t.add_argument("--seed", type=int, default=1)
    p = sub.add_parser("pace", help="levels per minute: strict against forgiving, side by side")
    p.add_argument("--levels", type=int, default=10)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    d = sub.add_parser("drag", help="where the time per cell goes, 30 and 60 fps side by side")
    d.add_argument("--levels", type=int, default=6)
    d.add_argument("--rounds", type=int, default=2)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--busy", type=int, default=2)
    one = sub.add_parser("drag-one", help="one row of `drag` (in this process, on its own Xvfb)")
    one.add_argument("--levels", type=int, default=6)
    one.add_argument("--seed", type=int, default=1)
    one.add_argument("--fps", type=float, default=60.0)
    one.add_argument("--stalls", action="store_true")
    b = sub.add_parser("between", help="time between levels and OCR's share: real look and panel look")
    b.add_argument("--levels", type=int, default=6)
    b.add_argument("--rounds", type=int, default=2)
    b.add_argument("--seed", type=int, default=1)
    b1 = sub.add_parser("between-one", help="one run of `between` (in this process, on its own Xvfb)")
    b1.add_argument("--look", choices=tuple(LOOKS), default="real")
    b1.add_argument("--levels", type=int, default=6)
    b1.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.job == "between":
        return between(args.levels, args.rounds, args.seed)
    if args.job == "between-one":
        return between_one(args.levels, args.seed, args.look)
    if args.job == "target":
        return target(args.levels, args.busy, args.seed)
    if args.job == "drag":
        return drag(args.levels, args.rounds, args.seed, args.busy)
    if args.job == "drag-one":
        return drag_one(args.levels, args.seed, args.fps, args.stalls)
    return pace(args.levels, args.rounds, args.seed)


if __name__ == "__main__":
    sys.exit(main())
