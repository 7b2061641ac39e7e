"""`onestroke practice`, `demo`, `play` and `calibrate`: the bot on a real screen.

- `practice` opens the practice game window (practice/game.py);
- `demo` starts that game in its own process (under Xvfb when there is no screen) and lets
  the bot clear N levels through the real screen and pointer; the game's own log decides;
- `play` runs the level loop (bot/loop.py) on whatever game is on screen (or on a phone: --adb);
- `calibrate` finds the board, measures the capture-to-pointer scale and saves a profile.

Heavy imports (cv2, mss, pyautogui) happen inside the run functions, never at start-up.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from onestroke._process import stop_process
from onestroke.bot.commands.common import (
    OutputPathError,
    check_writable_file,
    positive_float,
    writable_folder,
)
from onestroke.bot.coords import Point, Rect
from onestroke.bot.device import CaptureError, Device, open_device
from onestroke.bot.device.desktop import DesktopDevice, no_display_reason
from onestroke.bot.device.xvfb import XvfbDevice
from onestroke.bot.gesture import DEFAULT_SPEED, Pace
from onestroke.solver.errors import OnestrokeError

DEMO_LEVELS = 10


class DemoError(OnestrokeError):
    """The demo could not start or run its practice game."""


# -- argument types ----------------------------------------------------------------------


def _pair(text: str, kind: type) -> tuple[Any, Any]:
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return kind(parts[0]), kind(parts[1])
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y, got {text!r}") from None


def int_pair(text: str) -> tuple[int, int]:
    return _pair(text, int)


def point_value(text: str) -> Point:
    return Point(*_pair(text, float))


WINDOW_SCALES = (0.2, 4.0)  # a 90x160 to a 1800x3200 window: beyond, Tk or the renderer gives up


def window_scale(text: str) -> float:
    """The practice window's size factor (1 = 450x800)."""
    value = positive_float(text)
    low, high = WINDOW_SCALES
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be {low:g} to {high:g}, got {text!r}")
    return value


SPEEDS = (0.5, 1000.0)  # cells per second: slower is a stuck drag, faster is 'max'


def speed_value(text: str) -> float:
    """Cells per second, or `max` (no pauses between points); refused outside a sane range.

    `--speed 1e-300` once pressed the button and then overflowed computing the first pause.
    """
    if text == "max":
        return 0.0
    value = positive_float(text)
    low, high = SPEEDS
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(
            f"must be {low:g} to {high:g} cells per second or 'max', got {text!r}"
        )
    return value


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return value


def profile_name(text: str) -> str:
    """A profile name that can be a file name (checked before any screen is touched)."""
    from onestroke.calibration.profile import NAME_PATTERN

    if not NAME_PATTERN.match(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} must be letters, digits, '.', '_' or '-' (at most 64, starting with a letter or digit)"
        )
    return text


def region_value(text: str) -> Any:
    from onestroke.bot.coords import RectError

    try:
        return Rect.parse(text)
    except RectError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


# -- registration ------------------------------------------------------------------------


def register(sub: argparse._SubParsersAction) -> None:
    """Add `practice`, `demo`, `play` and `calibrate` to the `onestroke` parser."""
    p = sub.add_parser("practice", help="open the practice game window")
    p.add_argument("--levels", type=positive_int, help="close after clearing N levels (default: endless)")
    p.add_argument("--seed", type=int, default=1, help="level sequence seed (default 1)")
    p.add_argument("--log", type=Path, help="append one JSON line per finished attempt to FILE")
    p.add_argument("--position", type=int_pair, help="window position X,Y on the screen")
    p.add_argument(
        "--scale", type=window_scale, default=1.0, help="window size factor, 0.2 to 4 (1 = 450x800)"
    )
    p.add_argument("--theme", default="classic", help="colour theme: classic, mint, sand, night")
    add_rules_arguments(p, default="strict")
    p.add_argument("--web", action="store_true", help="the game as a web page in Chromium (127.0.0.1)")
    p.add_argument("--no-browser", action="store_true", help="with --web: only serve the page, print its URL")
    p.set_defaults(run=run_practice)

    d = sub.add_parser("demo", help="the bot clears practice levels (starts Xvfb when there is no screen)")
    d.add_argument("--levels", type=positive_int, default=DEMO_LEVELS, help=f"levels (default {DEMO_LEVELS})")
    d.add_argument("--seed", type=int, default=1, help="level sequence seed (default 1)")
    d.add_argument("--log", type=Path, help="the game's log file (default: a temporary file)")
    d.add_argument("--position", type=int_pair, help="game window position X,Y (default: random)")
    d.add_argument("--scale", type=window_scale, default=1.0, help="game window size factor, 0.2 to 4")
    d.add_argument("--speed", type=speed_value, default=DEFAULT_SPEED, help="drag speed, cells/s or 'max'")
    d.add_argument("--xvfb", action="store_true", help="use a private Xvfb even when a screen exists")
    add_rules_arguments(d, default="forgiving")
    d.set_defaults(run=run_demo)

    y = sub.add_parser("play", help="clear levels of the game on screen (or on a phone with --adb)")
    _add_source_arguments(y)
    y.add_argument("--levels", type=positive_int, help="stop after N levels (default: until stopped)")
    y.add_argument("--dry-run", action="store_true", help="everything but pressing; saves the overlay")
    y.add_argument("--speed", type=speed_value, default=DEFAULT_SPEED, help="drag speed, cells/s or 'max'")
    y.add_argument("--region", type=region_value, help="capture only X,Y,W,H (capture pixels)")
    y.add_argument("--log-dir", type=Path, help="where screenshots and overlays go when the bot stops")
    y.set_defaults(run=run_play)

    c = sub.add_parser("calibrate", help="find the game on screen and save a profile")
    _add_source_arguments(c)
    c.add_argument("--overlay", type=Path, help="where to save the overlay picture")
    c.set_defaults(run=run_calibrate)


def fps_value(text: str) -> float:
    """The strict game's frame rate."""
    from onestroke.practice.rules import FPS_RANGE

    value = positive_float(text)
    low, high = FPS_RANGE
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be {low:g} to {high:g} frames per second, got {text!r}")
    return value


def add_rules_arguments(parser: argparse.ArgumentParser, default: str) -> None:
    """The practice game's rules: strict (per frame, as real clients) or forgiving (the game of before)."""
    parser.add_argument(
        "--rules",
        choices=("strict", "forgiving"),
        default=default,
        help=f"strict: the pointer is looked at once per frame and a skipped cell ends the attempt,"
        f" as in real clients; forgiving: skipped cells are filled in (default {default})",
    )
    parser.add_argument(
        "--fps", type=fps_value, default=30.0, help="frames per second of the strict game (30)"
    )
    parser.add_argument("--stalls", action="store_true", help="frames stall for 0-400 ms now and then")
    parser.add_argument(
        "--on-release",
        choices=("keep", "clear"),
        default="clear",
        help="after a release the drawn path stays (keep: press on the cat to go on) or is wiped (clear)",
    )


def rules_from(args: argparse.Namespace) -> Any:
    from onestroke.practice.rules import Rules

    return Rules(strict=args.rules == "strict", on_release=args.on_release, fps=args.fps, stalls=args.stalls)


def rules_options(rules: Any) -> list[str]:
    """The `practice` command-line options that start a game with `rules`."""
    options = ["--rules", rules.name, "--fps", f"{rules.fps:g}", "--on-release", rules.on_release]
    return options + (["--stalls"] if rules.stalls else [])


def _add_source_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", type=profile_name, help="calibration profile name")
    parser.add_argument("--monitor", type=int, default=None, help="mss monitor: 1 = first (default), 0 = all")
    parser.add_argument(
        "--adb", nargs="?", const="", default=None, metavar="SERIAL", help="play on an Android device via adb"
    )
    parser.add_argument(
        "--next", type=point_value, help="the level-complete 'next' button X,Y (capture pixels)"
    )


# -- practice ----------------------------------------------------------------------------


def run_practice(args: argparse.Namespace) -> int:
    from onestroke.practice.game import PracticeError
    from onestroke.practice.game import run_practice as open_game

    reason = no_display_reason()
    if reason:
        raise PracticeError(reason)
    if args.web:
        from onestroke.practice.web.server import run_web_practice

        return run_web_practice(
            seed=args.seed,
            levels=args.levels,
            log=args.log,
            position=args.position,
            scale=args.scale,
            theme=args.theme,
            rules=rules_from(args),
            browser=not args.no_browser,
        )
    return open_game(
        seed=args.seed,
        levels=args.levels,
        log=args.log,
        position=args.position,
        scale=args.scale,
        theme=args.theme,
        rules=rules_from(args),
    )


# -- shared plumbing ---------------------------------------------------------------------


def _interrupt_on_sigterm() -> None:
    """SIGTERM behaves like Ctrl-C, so every `finally` (button release!) runs."""

    def handler(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, handler)


def default_log_dir() -> Path:
    from platformdirs import user_log_dir

    return Path(user_log_dir("onestroke", appauthor=False))


def open_for(*, adb: str | None, monitor: int, scale: float | None) -> Device:
    """The device to play on: a phone over adb (`adb`: its serial, "" for the only one), else the desktop."""
    if adb is not None:
        return open_device("adb", serial=adb or None)
    return open_device("desktop", monitor=monitor, scale=scale)


# -- play --------------------------------------------------------------------------------


def run_play(args: argparse.Namespace) -> int:
    from onestroke.bot.loop import LevelLoop
    from onestroke.calibration.profile import load_profile

    log_dir = writable_folder(args.log_dir or default_log_dir(), OutputPathError, "log folder")
    _interrupt_on_sigterm()
    profile = load_profile(args.profile) if args.profile else None
    adb = args.adb
    if adb is None and profile is not None and profile.backend == "adb":
        adb = profile.serial or ""
    monitor = args.monitor if args.monitor is not None else (profile.monitor if profile else 1)
    scale = profile.scale if profile else None
    with open_for(adb=adb, monitor=monitor, scale=scale) as device:
        region = args.region or (profile.region if profile else None)
        if region is not None and not device.screen.covers(region):
            source = "--region" if args.region else f"profile {profile.name!r}: its region" if profile else ""
            raise CaptureError(
                f"{source} {region} is not inside the screen {device.screen}"
                + ("" if args.region else "; calibrate again")
            )
        loop = LevelLoop(
            device,
            region=region,
            next_button=args.next or (profile.next_button if profile else None),
            dry_run=args.dry_run,
            log_dir=log_dir,
            pace=Pace(speed=args.speed),
        )
        began = time.monotonic()
        reports = loop.run(args.levels)
    minutes = (time.monotonic() - began) / 60
    if not args.dry_run:
        print(f"play: {len(reports)} level(s) cleared, {len(reports) / minutes:.1f} levels per minute")
    return 0


# -- calibrate ---------------------------------------------------------------------------


def run_calibrate(args: argparse.Namespace) -> int:

    from onestroke.bot.coords import ScreenMap
    from onestroke.bot.imageio import check_writable, write_image
    from onestroke.bot.overlay import draw_overlay
    from onestroke.bot.vision import detect
    from onestroke.calibration.locate import find_next_button, work_region
    from onestroke.calibration.profile import Profile, ProfileError, profile_dir, save_profile

    name = args.profile or "default"
    monitor = 1 if args.monitor is None else args.monitor
    writable_folder(profile_dir(), ProfileError, "profile folder")
    overlay_path = args.overlay or profile_dir() / f"{name}-overlay.png"
    check_writable(overlay_path)
    with open_for(adb=args.adb, monitor=monitor, scale=None) as device:
        image = device.grab(device.screen)
        screen, scale, capabilities = device.screen, device.scale, device.capabilities
    detection = detect(image)
    write_image(overlay_path, draw_overlay(image, detection))
    mapping = ScreenMap.for_image(screen, image, scale)
    found = find_next_button(image)
    if not detection.ok or detection.geometry is None:
        why = detection.reason
        if found is not None:
            x, y = mapping.image_to_capture(found)
            why = (
                f"the level-complete screen is showing, 'next' at ({x:.0f}, {y:.0f}):"
                " press it and calibrate on a level"
            )
        print(f"calibrate: no board found ({why}); overlay in {overlay_path}", file=sys.stderr)
        return 1
    board_rect = mapping.image_to_capture(detection.geometry.bounds())
    region = work_region(board_rect, screen)
    next_button = args.next or (mapping.image_to_capture(found) if found else None)
    profile = Profile(
        name=name,
        monitor=monitor,
        region=region,
        scale=scale,
        board=board_rect,
        next_button=next_button,
        backend=capabilities.name,
        methods={"capture": capabilities.capture, "touch": capabilities.touch},
        serial=args.adb or None,
        created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )
    path = save_profile(profile)
    board = detection.board
    assert board is not None
    print(
        f"calibrate: {board.rows}x{board.cols} board at ({board_rect.left:.0f}, {board_rect.top:.0f})"
        f"-({board_rect.right:.0f}, {board_rect.bottom:.0f})"
    )
    print(f"calibrate: scale {scale:g} capture pixels per pointer unit")
    where = f"({next_button[0]:.0f}, {next_button[1]:.0f})" if next_button else "found after each clear"
    print(f"calibrate: next button {where}")
    print(f"calibrate: profile {name!r} saved to {path}; overlay in {overlay_path}")
    return 0


# -- demo --------------------------------------------------------------------------------


def run_demo(args: argparse.Namespace) -> int:
    if args.log is not None:  # before Xvfb and the game start: the game would fail on it
        check_writable_file(str(args.log), OutputPathError, "log file")
    log_dir = writable_folder(default_log_dir(), OutputPathError, "log folder")
    _interrupt_on_sigterm()
    with ExitStack() as stack:
        if args.xvfb or no_display_reason():
            device: Device = stack.enter_context(XvfbDevice())
            display = device.display
            print(
                f"demo: no screen in use, started Xvfb on {display.name} ({display.width}x{display.height})"
            )
        else:
            device = stack.enter_context(DesktopDevice())
        if args.log is None:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="onestroke-demo-"))
            log = Path(folder) / "game.jsonl"
        else:
            log = args.log
        return _demo_on_display(args, device, log, log_dir, stack)


def _demo_on_display(
    args: argparse.Namespace, device: Device, log: Path, log_dir: Path, stack: ExitStack
) -> int:
    from onestroke.bot.loop import LevelLoop, LoopStopped
    from onestroke.practice.game import BASE_SIZE

    screen = device.screen

    width, height = round(BASE_SIZE[0] * args.scale), round(BASE_SIZE[1] * args.scale)
    if width > screen.width or height > screen.height:
        raise DemoError(
            f"a {width}x{height} game window (--scale {args.scale:g}) does not fit on the"
            f" {screen.width}x{screen.height} screen"
        )
    if args.position is None:
        rng = random.Random(args.seed)
        position = (rng.randint(0, screen.width - width), rng.randint(0, screen.height - height))
    else:
        position = args.position
        window = Rect(position[0], position[1], width, height)
        if not screen.covers(window):
            raise DemoError(
                f"a {width}x{height} game window at --position {position[0]},{position[1]} is not"
                f" wholly on the {screen.width}x{screen.height} screen"
            )
    offset = log.stat().st_size if log.exists() else 0  # count only what this run's game writes
    game = start_game(args.seed, log, position, args.scale, args.levels, rules=rules_from(args))
    stack.callback(stop_game, game.process)
    print(f"demo: practice game (seed {args.seed}) at {position[0]},{position[1]}, log {log}")
    loop = LevelLoop(
        device,
        log_dir=log_dir,
        pace=Pace(speed=args.speed),
        say=lambda line: print(f"bot: {line}", flush=True),
    )
    began = time.monotonic()
    stopped: str | None = None
    try:
        loop.run(args.levels)
    except LoopStopped as error:
        stopped = str(error)
    seconds = time.monotonic() - began
    time.sleep(0.2)  # the game writes its line before it draws the complete screen; be generous
    return report_demo(read_log(log, offset), args.levels, seconds, stopped)


@dataclass(frozen=True)
class RunningGame:
    """A practice game in its own process and where its window is (screen coordinates)."""

    process: subprocess.Popen[str]
    window: Rect


def start_game(
    seed: int,
    log: Path,
    position: tuple[int, int],
    scale: float = 1.0,
    levels: int | None = None,
    rules: Any = None,
    web: bool = False,
) -> RunningGame:
    """The practice game in its own process; returns once its window is on screen.

    `rules` (practice.rules.Rules) default to the forgiving game until the bot's drag follows the
    strict one."""
    import select

    command = [
        sys.executable, "-m", "onestroke", "practice", "--seed", str(seed), "--log", str(log),
        "--position", f"{position[0]},{position[1]}", "--scale", str(scale),
    ]  # fmt: skip
    if levels is not None:
        command += ["--levels", str(levels)]
    if rules is None:
        from onestroke.practice.rules import Rules

        rules = Rules(strict=False)
    command += rules_options(rules) + (["--web"] if web else [])
    game = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    assert game.stdout is not None
    try:
        ready, _, _ = select.select([game.stdout], [], [], 90 if web else 30)
        line = game.stdout.readline() if ready else ""
    except BaseException:  # Ctrl-C while the window opens: the caller never gets the process
        stop_game(game)
        raise
    if '"ready"' not in line:
        stop_game(game)
        raise DemoError(f"the practice game did not open its window (exit status {game.poll()})")
    shown = json.loads(line)
    return RunningGame(game, Rect(shown["x"], shown["y"], shown["width"], shown["height"]))


def stop_game(game: subprocess.Popen[Any]) -> None:
    """End the practice game's process (the harness, demo and benchmark all stop it this way)."""
    stop_process(game)


def read_log(log: Path, offset: int = 0) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    with open(log, encoding="utf-8") as file:
        file.seek(offset)
        return [json.loads(line) for line in file if line.strip()]


def report_demo(records: list[dict[str, Any]], levels: int, seconds: float, stopped: str | None) -> int:
    """One line per level from the game's own log, each path re-checked; exit 0 only for N clears."""
    from onestroke.solver.board import Board
    from onestroke.solver.check import path_problem

    cleared = failures = 0
    strays = [record for record in records if "stray" in record]
    for record in records:
        if "stray" in record:
            print(
                f"level {record['level']}: STRAY PRESS on {record['stray']!r} of the"
                f" {record['screen']} screen at ({record['x']}, {record['y']})"
            )
            continue
        board = Board.from_text(record["board"])
        if not record["cleared"]:
            failures += 1
            print(f"level {record['level']}: not cleared: {record.get('reason', 'no reason given')}")
            continue
        problem = path_problem(board, record["path"])
        if problem:
            failures += 1
            print(f"level {record['level']}: the game logged a clear, but its path is wrong: {problem}")
            continue
        cleared += 1
        print(
            f"level {record['level']}: {board.rows}x{board.cols}, {len(board)} cells, cleared in"
            f" {record['seconds']:.2f} s, path checked"
        )
    rate = cleared / (seconds / 60) if seconds > 0 else 0.0
    print(
        f"demo: {cleared}/{levels} levels cleared, {failures} failure(s), {len(strays)} stray press(es),"
        f" {seconds:.1f} s, {rate:.1f} levels per minute"
    )
    if stopped:
        print(f"demo: the bot stopped: {stopped}", file=sys.stderr)
    return 0 if cleared == levels and stopped is None and not strays else 1
