"""Fault benchmark: how soon the bot lets go of the button when a window covers the drag's head.

    python -m benchmarks.fault_bench cover [--tries 20] [--busy 0] [--seed S]
    python -m benchmarks.fault_bench suite [--runs 3] [--busy 2] [--only CASE] [--target tk|web]

`cover`: issue 20's target "button up within 100 ms of a cover reaching the board". Each try
starts the strict practice game (Tk, 30 fps) and `onestroke play --levels 1` on a private Xvfb;
once the bot's drag is a few cells in (the press monitor saw the press and 12 held-button
motions), a 150 px window of the benchmark's own is mapped over the pointer for 1.5 s. The press
monitor (tests/e2e/monitor.py: the X server's RECORD extension, none of the bot's code) times
the cover's MapNotify to the next ButtonRelease. The table gives min / median / p90 / max over
the tries where the button was down when the cover came, how many let go while the cover was
still up, and how many never let go.

`suite`: the cases of the fault e2e suite (tests/e2e/test_faults.py: each fault, Tk and web, and
the kill) `--runs` times in a row, with `--busy` busy loops on the CPU, counted as the tests count
(the press monitor and the games' logs): one row per case and target, with the runs it recovered
in (cleared every level; killed: stopped clean with the button up within 200 ms), strays, buttons
left down, tracebacks and the bot's stop lines. Issue 20's target is every case recovered and
safe in 3 runs in a row, also under two busy loops.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))  # the press monitor and fault helpers of the e2e suite

from faults import CoverWindow, Target, head_square  # noqa: E402
from harness import Windows  # noqa: E402
from monitor import PointerEvent, PressMonitor, WindowEvent, seconds_to_release  # noqa: E402
from test_faults import (  # noqa: E402
    KILL_RELEASE,
    LEVELS,
    RECOVERING,
    Counted,
    Run,
    killed_mid_drag,
    play_with,
)

from onestroke.bot.device.xvfb import virtual_display  # noqa: E402

IN_DRAG = 12  # held-button motions before the cover comes (as tests/e2e/test_faults.py)
COVERED_FOR = 1.5  # seconds the cover stays up
TARGET = 0.100  # seconds: issue 20's "within 100 ms"
BUSY = "while True: pass"
TARGETS_RUN: tuple[Target, ...] = ("tk", "web")


@dataclass(frozen=True)
class Try:
    seed: int
    held: float | None  # seconds from the cover's map to the release; None: never released
    before_cover: bool  # the drag was over before the cover came (not counted)
    stop: str  # the bot's last line on stderr


@contextlib.contextmanager
def busy_loops(count: int) -> Iterator[None]:
    loops = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(count)]
    try:
        yield
    finally:
        for loop in loops:
            loop.kill()
            loop.wait()


def one_try(seed: int, folder: Path) -> Try:
    folder.mkdir(parents=True)
    windows = Windows(folder)
    try:
        with PressMonitor() as monitor:
            cover = CoverWindow(windows)
            windows.game(seed=seed)
            bot = subprocess.Popen(
                [sys.executable, "-m", "onestroke", "play", "--levels", "1", "--log-dir", str(folder)],
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            try:
                head = monitor.wait_in_drag(IN_DRAG, timeout=60)
                if head is None:
                    return Try(seed, None, True, "the drag ended before the cover")
                latest = [e for e in monitor.events() if isinstance(e, PointerEvent)][-1]
                box = head_square(latest.x, latest.y)
                start = len(monitor.events())
                cover.show(box)
                mapped = cover.shown(monitor, box, start)
                time.sleep(COVERED_FOR)
                cover.hide()
                _, err = bot.communicate(timeout=120)
            finally:
                if bot.poll() is None:
                    bot.kill()
                    bot.communicate()
            time.sleep(0.1)
            events = monitor.events()
        held = seconds_to_release(events, mapped)
        lines = [line for line in err.splitlines() if line.startswith("onestroke:")]
        return Try(seed, held, held == 0.0, lines[-1] if lines else "(cleared)")
    finally:
        windows.close()


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def cover_table(tries: list[Try]) -> str:
    held = [t.held for t in tries if t.held is not None and not t.before_cover]
    never = sum(1 for t in tries if t.held is None)
    under = sum(1 for h in held if h < COVERED_FOR)
    within = sum(1 for h in held if h <= TARGET)
    rows = [
        "| tries | counted | min ms | median ms | p90 ms | max ms | within 100 ms"
        " | let go under the cover | never let go |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    if held:
        figures = [min(held), statistics.median(held), percentile(held, 0.9), max(held)]
        shown = " | ".join(f"{1000 * f:.0f}" for f in figures)
    else:
        shown = " | ".join(["-"] * 4)
    rows.append(f"| {len(tries)} | {len(held)} | {shown} | {within} | {under} | {never} |")
    return "\n".join(rows)


def stop_lines(tries: list[Try]) -> str:
    counts: dict[str, int] = defaultdict(int)
    for t in tries:
        counts[re.sub(r" \(screenshot and overlay in .*\)", "", t.stop)] += 1
    return "\n".join(f"  {n} x {line}" for line, n in sorted(counts.items(), key=lambda item: -item[1]))


def run_cover(tries: int, busy: int, seed: int | None) -> int:
    rng = random.Random(seed)
    found = []
    with tempfile.TemporaryDirectory(prefix="fault-bench-") as folder, virtual_display(1920, 1080) as display:
        os.environ.update(display.env())
        with busy_loops(busy):
            for number in range(tries):
                level_seed = rng.randrange(1000)
                done = one_try(level_seed, Path(folder) / str(number))
                found.append(done)
                held = "never" if done.held is None else f"{1000 * done.held:.0f} ms"
                print(f"try {number + 1}: seed {level_seed}, held {held}: {done.stop}", flush=True)
    print(f"\ncover mapped over the drag's head -> ButtonRelease ({busy} busy loop(s), load {load()})\n")
    print(cover_table(found))
    print("\nthe bot's stop lines:")
    print(stop_lines(found))
    return 0


@dataclass(frozen=True)
class CaseRun:
    """One fault case run once, counted from the press monitor and the games' logs."""

    recovered: bool  # cleared every level (killed: stopped clean, the button up within 200 ms)
    strays: int
    left_down: bool
    traceback: bool
    stop: str  # the bot's last line, its level number and log folder left out


def suite_cases() -> list[tuple[str, Target, object]]:
    """(case, target, fault) of tests/e2e/test_faults.py: every recovering fault, then the kill."""
    cases = [(str(p.id), t, p.values[0]) for p in RECOVERING for t in TARGETS_RUN]
    return cases + [("killed-mid-drag", t, killed_mid_drag) for t in TARGETS_RUN]


def stray_report(run: Run, counted: Counted) -> str:
    """Each stray and cover press, with the window it landed on and that window's life as the
    monitor saw it (created, mapped, moved, gone), so a stray can be looked into after the run."""
    if not counted.strays and not run.notes:
        return "(none)"
    start = counted.events[0].time if counted.events else 0.0
    games = sorted({played.window for played in run.played})
    lines = [f"game windows: {', '.join(hex(w) for w in games)}"]
    for stray in counted.strays:
        window = "the bare root" if stray.window is None else hex(stray.window)
        life = [
            f"{e.kind} at {e.time - start:.3f} s" + (f" {e.box}" if e.box else "")
            for e in counted.events
            if isinstance(e, WindowEvent) and e.window == stray.window
        ]
        held = " (button held)" if stray.held else ""
        lines.append(
            f"{stray.kind}{held} at ({stray.x}, {stray.y}), {stray.time - start:.3f} s, on {window}:"
            f" {'; '.join(life) or 'no window event seen'}"
        )
    lines += [f"cover: {note}" for note in run.notes]
    return "\n".join(lines)


def one_case(fault: object, target: Target, folder: Path) -> CaseRun:
    folder.mkdir(parents=True)
    windows = Windows(folder)
    try:
        run, counted = play_with(fault, target, windows, folder)  # type: ignore[arg-type]
    except (AssertionError, subprocess.TimeoutExpired) as error:  # the fault never came, or the bot hung
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        return CaseRun(False, 0, False, False, f"(the case did not run through: {first})")
    finally:
        windows.close()
    (folder / "bot-output.txt").write_text(
        f"exit {counted.returncode}\n--- stdout\n{counted.out}\n--- stderr\n{counted.err}"
        f"\n--- strays\n{stray_report(run, counted)}"
    )
    if fault is killed_mid_drag:
        released = [
            e.time
            for e in counted.events
            if isinstance(e, PointerEvent)
            and e.kind == "release"
            and run.killed_at
            and e.time >= run.killed_at
        ]
        up = released[0] - run.killed_at if released and run.killed_at is not None else None
        ok = up is not None and up < KILL_RELEASE
        recovered = ok and counted.returncode == 1 and "the game window closed" in counted.stop_line
        held = "never" if up is None else f"{1000 * up:.0f} ms"
        # Where the time went: the kernel and the X server taking the window down (the kill to
        # its DestroyNotify) is not the bot's; the bot's part starts there.
        gone = next(
            (
                e.time
                for e in counted.events
                if isinstance(e, WindowEvent)
                and e.kind in ("unmap", "destroy")
                and e.window == run.played[-1].window
                and run.killed_at is not None
                and e.time >= run.killed_at
            ),
            None,
        )
        split = (
            f"; window gone {1000 * (gone - run.killed_at):.0f} ms after the kill"
            if gone is not None and run.killed_at is not None
            else ""
        )
        note = f" (button up {held} after the kill{split}, exit {counted.returncode})"
    else:
        recovered = counted.returncode == 0 and counted.cleared >= LEVELS
        note = ""
    stop = re.sub(r"^onestroke: (level \d+: )?", "", counted.stop_line)
    stop = (re.sub(r" \(screenshot and overlay in .*\)", "", stop) or "(cleared, no line)") + note
    return CaseRun(
        recovered,
        len(counted.strays) + len(run.notes),
        counted.left_down,
        "Traceback" in counted.out + counted.err,
        stop,
    )


def suite_table(found: dict[tuple[str, str], list[CaseRun]], runs: int) -> str:
    rows = [
        "| case | target | recovered | strays | left down | tracebacks | stop lines |",
        "|---|---|---|---|---|---|---|",
    ]
    for (case, target), done in found.items():
        stops: dict[str, int] = defaultdict(int)
        for d in done:
            stops[d.stop] += 1
        said = "; ".join(f"{n} x `{line}`" for line, n in stops.items())
        rows.append(
            f"| {case} | {target} | {sum(d.recovered for d in done)}/{runs}"
            f" | {sum(d.strays for d in done)} | {sum(d.left_down for d in done)}"
            f" | {sum(d.traceback for d in done)} | {said} |"
        )
    return "\n".join(rows)


def run_suite(runs: int, busy: int, only: str | None, targets: list[str], keep: Path | None = None) -> int:
    found: dict[tuple[str, str], list[CaseRun]] = defaultdict(list)
    cases = [c for c in suite_cases() if (only is None or only in c[0]) and c[1] in targets]
    with (
        (
            contextlib.nullcontext(str(keep)) if keep else tempfile.TemporaryDirectory(prefix="fault-suite-")
        ) as folder,
        virtual_display(1920, 1080) as display,
    ):
        os.environ.update(display.env())
        with busy_loops(busy):
            for number in range(runs):
                for case, target, fault in cases:
                    done = one_case(fault, target, Path(folder) / f"{number}-{case}-{target}")
                    found[(case, target)].append(done)
                    print(f"run {number + 1} {case} {target}: {done}", flush=True)
    print(f"\nthe fault suite, {runs} run(s) in a row, {busy} busy loop(s), load {load()}\n")
    print(suite_table(found, runs))
    every = all(
        d.recovered and not (d.strays or d.left_down or d.traceback) for v in found.values() for d in v
    )
    print(f"\nissue 20's target (every case, every run, safe): {'met' if every and found else 'not met'}")
    return 0 if every else 1


def load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="mode", required=True)
    cover = sub.add_parser("cover", help="cover over the drag's head -> button up, over --tries tries")
    cover.add_argument("--tries", type=int, default=20)
    cover.add_argument("--busy", type=int, default=0, help="busy loops on the CPU meanwhile")
    cover.add_argument("--seed", type=int, help="picks the levels (default: random)")
    suite = sub.add_parser("suite", help="the fault e2e suite --runs times in a row")
    suite.add_argument("--runs", type=int, default=3)
    suite.add_argument("--busy", type=int, default=2)
    suite.add_argument("--only", help="the cases whose name holds this (e.g. covered)")
    suite.add_argument("--target", choices=["tk", "web"], action="append", help="default: both")
    suite.add_argument(
        "--keep",
        type=Path,
        help="keep each case's folder here (the bot's output, its stop pictures, the games' logs)",
    )
    args = parser.parse_args(argv)
    if args.mode == "cover":
        return run_cover(args.tries, args.busy, args.seed)
    return run_suite(args.runs, args.busy, args.only, args.target or list(TARGETS_RUN), args.keep)


if __name__ == "__main__":
    sys.exit(main())
