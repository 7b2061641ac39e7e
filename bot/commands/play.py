"""`onestroke practice`, `demo`, `play` and `calibrate`: the bot on a real screen.

Each command parses its arguments and calls the layer that does the work:
- `practice` opens the practice game window (practice/game.py);
- `demo` lets the bot clear practice levels (bot/play/demo.py) on this screen or a private Xvfb,
  and judges them from the game's own log (practice/process.py);
- `play` runs the level loop (bot/play/loop.py) on the device a profile or `--adb` names;
- `calibrate` grabs the screen and calibrates on it (calibration/calibrate.py), saves the profile.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from onestroke.bot.commands.common import (
    add_rules_arguments,
    in_range,
    int_pair,
    monitor_number,
    point_value,
    positive_int,
    profile_name,
    region_value,
    rules_from,
    seed_value,
    speed_value,
    window_scale,
)
from onestroke.bot.commands.look_option import add_look_option, reader_for
from onestroke.bot.commands.status import ExitStatus
from onestroke.bot.device import Device
from onestroke.bot.device.desktop import DesktopDevice, ScreenCapture, no_display_reason
from onestroke.bot.device.xvfb import XvfbDevice
from onestroke.bot.gesture import DEFAULT_SPEED
from onestroke.bot.imageio import check_writable, write_image
from onestroke.bot.play.attempt import WAIT_COVERED
from onestroke.bot.play.demo import DemoRun, game_window
from onestroke.bot.play.demo import run_demo as play_demo
from onestroke.bot.play.device_choice import device_for
from onestroke.bot.play.guards import check_region_on_screen
from onestroke.bot.play.logbook import default_log_dir
from onestroke.bot.play.loop import level_loop
from onestroke.bot.play.session import Extras, RunSummary, session
from onestroke.bot.play.video import Grabber, check_video_path
from onestroke.calibration.calibrate import calibrate
from onestroke.calibration.profile import Profile, ProfileError, load_profile, profile_dir, save_profile
from onestroke.coords import Rect
from onestroke.files import OutputPathError, check_writable_file, writable_folder
from onestroke.plural import counted
from onestroke.practice.game import GameOptions, PracticeError
from onestroke.practice.game import run_practice as open_game
from onestroke.practice.process import judge_log
from onestroke.practice.render import THEMES
from onestroke.practice.web.server import run_web_practice
from onestroke.signals import signals_held

DEMO_LEVELS = 10
DEMO_SCREEN = (1920, 1080)  # the private Xvfb's size when the demo starts one
SPEED_HELP = (
    "the drag's speed, cells/s or 'max' (default: a watched drag as fast as the game answers,"
    f" an open-loop stroke at {DEFAULT_SPEED:g} cells/s)"
)


def register(sub: argparse._SubParsersAction) -> None:
    """Add `practice`, `demo`, `play` and `calibrate` to the `onestroke` parser."""
    p = sub.add_parser("practice", help="open the practice game window")
    p.add_argument("--levels", type=positive_int, help="close after clearing N levels (default: endless)")
    p.add_argument("--seed", type=seed_value, default=1, help="level sequence seed (default 1)")
    p.add_argument("--log", type=Path, help="append one JSON line per finished attempt to FILE")
    p.add_argument("--position", type=int_pair, help="window position X,Y on the screen")
    p.add_argument(
        "--scale", type=window_scale, default=1.0, help="window size factor, 0.2 to 4 (1 = 450x800)"
    )
    p.add_argument(
        "--theme", default="classic", choices=tuple(THEMES), help=f"colour theme: {', '.join(THEMES)}"
    )
    p.add_argument("--look", type=seed_value, metavar="SEED", help="draw the game in the random look of SEED")
    p.add_argument(
        "--panel",
        choices=("zh", "en", "ja"),
        help="end each level with another app's panel of text buttons in this language (go-on and decoys)",
    )
    p.add_argument("--banner", action="store_true", help="a banner slides across the top every few seconds")
    p.add_argument(
        "--start-screen",
        action="store_true",
        help="open on a start-up screen (a start button and decoys, in the --panel language)",
    )
    p.add_argument(
        "--solved-stays",
        choices=("zh", "en", "ja"),
        help="no complete screen: the solved board stays, with a next button in this language under it",
    )
    add_rules_arguments(p, default="strict")
    p.add_argument("--web", action="store_true", help="the game as a web page in Chromium (127.0.0.1)")
    p.add_argument("--no-browser", action="store_true", help="with --web: only serve the page, print its URL")
    p.set_defaults(run=run_practice)

    d = sub.add_parser("demo", help="the bot clears practice levels (starts Xvfb when there is no screen)")
    d.add_argument("--levels", type=positive_int, default=DEMO_LEVELS, help=f"levels (default {DEMO_LEVELS})")
    d.add_argument("--seed", type=seed_value, default=1, help="level sequence seed (default 1)")
    d.add_argument("--log", type=Path, help="the game's log file (default: a temporary file, not kept)")
    d.add_argument("--position", type=int_pair, help="game window position X,Y (default: random)")
    d.add_argument("--scale", type=window_scale, default=1.0, help="game window size factor, 0.2 to 4")
    d.add_argument("--speed", type=speed_value, help=SPEED_HELP)
    d.add_argument("--xvfb", action="store_true", help="use a private Xvfb even when a screen exists")
    add_rules_arguments(d, default="strict")
    _add_record_arguments(d)
    d.set_defaults(run=run_demo)

    y = sub.add_parser("play", help="clear levels of the game on screen (or on a phone with --adb)")
    _add_source_arguments(y)
    y.add_argument("--levels", type=positive_int, help="stop after N levels (default: until stopped)")
    y.add_argument("--dry-run", action="store_true", help="everything but pressing; saves the overlay")
    y.add_argument("--speed", type=speed_value, help=SPEED_HELP)
    y.add_argument("--region", type=region_value, help="capture only X,Y,W,H (capture pixels)")
    y.add_argument("--log-dir", type=Path, help="where screenshots and overlays go when the bot stops")
    y.add_argument(
        "--wait-covered",
        type=wait_seconds,
        default=WAIT_COVERED,
        metavar="SECONDS",
        help=f"how long to wait for the game when another window covers it, it is minimised, frozen or"
        f" closed between levels (a restart), or a phone's screen turned off, rotated, left the game or"
        f" went offline (default {WAIT_COVERED:g})",
    )
    y.add_argument(
        "--record",
        type=Path,
        metavar="DIR",
        help="save each level's first screen and every screen the bot stopped on or was unsure about"
        " as labelled pairs (NAME.png + NAME.txt) for 'onestroke fixtures check'",
    )
    y.add_argument(
        "--start",
        action="store_true",
        help="press a start-up screen's start control ('开始游戏', 'Start'); without it the bot stops there",
    )
    y.add_argument(
        "--go-on-words",
        type=words_value,
        default=(),
        metavar="WORD,...",
        help="your game's own labels of the control that goes on (added to the built-in ones)",
    )
    y.add_argument(
        "--never-words",
        type=words_value,
        default=(),
        metavar="WORD,...",
        help="labels of controls never to press (added to share, hint, pay...; they win over go-on words)",
    )
    _add_record_arguments(y)
    add_look_option(y)
    y.set_defaults(run=run_play)

    c = sub.add_parser("calibrate", help="find the game on screen and save a profile")
    _add_source_arguments(c)
    c.add_argument("--overlay", type=Path, help="where to save the overlay picture")
    add_look_option(c)
    c.set_defaults(run=run_calibrate)


def words_value(text: str) -> tuple[str, ...]:
    """`--go-on-words`, `--never-words`: words separated by commas, each with a letter to compare."""
    from onestroke.bot.vision.wordlists import letters_of  # (vision loads OpenCV: not for every command)

    words = tuple(word.strip() for word in text.split(","))
    bad = [word for word in words if not letters_of(word)]
    if bad:
        raise argparse.ArgumentTypeError(f"{bad[0]!r} in {text!r} has no letters to compare (words: A,B,...)")
    return words


def wait_seconds(text: str) -> float:
    """`--wait-covered`: seconds, 0.1 to a day."""
    return in_range(text, (0.1, 86400.0), " seconds")


def _add_record_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--report",
        type=Path,
        metavar="PATH",
        help="the run's report page (default: a new HTML page in the user log folder)",
    )
    parser.add_argument(
        "--video", type=Path, metavar="PATH.webm", help="record the game region during the run (WebM)"
    )


def _add_source_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--profile", type=profile_name, help="calibration profile name")
    parser.add_argument(
        "--monitor", type=monitor_number, default=None, help="mss monitor: 1 = first (default), 0 = all"
    )
    parser.add_argument(
        "--adb", nargs="?", const="", default=None, metavar="SERIAL", help="play on an Android device via adb"
    )
    parser.add_argument(
        "--next", type=point_value, help="the level-complete 'next' button X,Y (capture pixels)"
    )
    parser.add_argument(
        "--capture",
        default="auto",
        metavar="METHOD",
        help="adb screenshots: raw, raw-gzip, png (default auto: measured on the phone, fastest kept)",
    )
    parser.add_argument(
        "--touch",
        default="auto",
        metavar="METHOD",
        help="adb touches: input-session, input-each, maatouch:JAR, uiautomator2 (default auto: measured)",
    )


def _interrupt_on_sigterm() -> None:
    """SIGTERM behaves like Ctrl-C, so every `finally` (button release!) runs."""

    def handler(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, handler)


# -- practice ----------------------------------------------------------------------------


def run_practice(args: argparse.Namespace) -> int:
    reason = no_display_reason()
    if reason:
        raise PracticeError(reason)
    game = GameOptions(
        seed=args.seed,
        levels=args.levels,
        log=args.log,
        scale=args.scale,
        theme=args.theme,
        rules=rules_from(args),
        look=args.look,
        panel=args.panel,
        banner=args.banner,
        start_screen=args.start_screen,
        solved_stays=args.solved_stays,
    )
    if args.web:
        return run_web_practice(game, args.position, browser=not args.no_browser)
    return open_game(game, args.position)


# -- play --------------------------------------------------------------------------------


def run_play(args: argparse.Namespace) -> int:
    log_dir = writable_folder(args.log_dir or default_log_dir(), OutputPathError, "log folder")
    record = writable_folder(args.record, OutputPathError, "record folder") if args.record else None
    report = _report_path(args.report, log_dir, "play")
    if args.video is not None:
        check_video_path(args.video)
    _interrupt_on_sigterm()
    profile = load_profile(args.profile) if args.profile else None
    look = args.look or (profile.look if profile else None)  # --look wins over the profile's
    reader = reader_for(look, read_text=False) if look else None
    if look and not args.look and profile is not None:
        print(f"play: reading boards with the look {look!r} (profile {profile.name!r})")
    with ExitStack() as stack:
        device = stack.enter_context(
            device_for(
                profile,
                adb=args.adb,
                monitor=args.monitor,
                capture=args.capture,
                touch=args.touch,
                wait_away=args.wait_covered,
            )
        )
        region = args.region or (profile.region if profile else None)
        if region is not None:
            source = "--region" if args.region else f"profile {profile.name!r}: its region" if profile else ""
            check_region_on_screen(region, device.screen, source, stale_hint=not args.region)
        loop = level_loop(
            device,
            region=region,
            next_button=args.next or (profile.next_button if profile else None),
            dry_run=args.dry_run,
            speed=args.speed,
            log_dir=log_dir,
            record=record,
            wait_covered=args.wait_covered,
            reader=reader,
            start=args.start,
            go_on_words=args.go_on_words,
            never_words=args.never_words,
        )
        extras = Extras(
            report=report,
            video=args.video,
            video_grabber=_video_grabber(device, args.monitor),
            keys=not args.dry_run,
            settings=_settings(args),
        )
        summary = session(loop, args.levels, "play", extras)
        closing = stack.pop_all()
    # the device is closed (a phone's touch stream and server: seconds) with Ctrl-C held back, so
    # one that comes meanwhile still lets the run end with its summary line
    with signals_held() as late:
        closing.close()
        status = _ended(summary, done_when=lambda s: s.ended in ("done", "stop key"))
    if late and not summary.interrupted:  # after the run had ended as its summary says
        print("onestroke: interrupted", file=sys.stderr)
        return ExitStatus.INTERRUPTED
    return status


def _report_path(given: Path | None, log_dir: Path, command: str) -> Path:
    """Where the run's report page goes: `--report PATH`, else a new page in the log folder."""
    if given is not None:
        check_writable_file(str(given), OutputPathError, "report file")
        return given
    return log_dir / time.strftime(f"%Y%m%d-%H%M%S-{os.getpid()}-{command}-report.html")


def _video_grabber(device: Device, monitor: int | None) -> Callable[[], Grabber] | None:
    """A capture of its own for the video thread where captures are fast (the desktop's mss);
    None where they are slow (a phone): the video takes the frames the loop grabbed anyway."""
    if not device.capabilities.fast_capture:
        return None
    return lambda: ScreenCapture(1 if monitor is None else monitor)


def _settings(args: argparse.Namespace) -> dict[str, object]:
    """The options of the run, for the report's settings table."""
    return {key: value for key, value in sorted(vars(args).items()) if key not in ("run", "command")}


def _ended(summary: RunSummary, *, done_when: Callable[[RunSummary], bool]) -> int:
    """The summary line (every end of a run prints it), the reason of a stop on stderr, the
    report's path as the last line, and the exit status."""
    if summary.reason and summary.ended != "done":
        print(f"onestroke: {summary.reason}", file=sys.stderr)
    print(summary.line(), flush=True)
    if summary.video is not None:
        print(f"{summary.command}: video {summary.video.path} ({summary.video.frames} frames)")
    if summary.report is not None:
        print(f"{summary.command}: report {summary.report}", flush=True)
    if summary.interrupted:
        if summary.reason is None or summary.late_interrupt:  # else the reason's line says it
            print("onestroke: interrupted", file=sys.stderr)
        return ExitStatus.INTERRUPTED
    return ExitStatus.DONE if done_when(summary) else ExitStatus.NOT_DONE


# -- calibrate ---------------------------------------------------------------------------


def run_calibrate(args: argparse.Namespace) -> int:
    name = args.profile or "default"
    monitor = 1 if args.monitor is None else args.monitor
    writable_folder(profile_dir(), ProfileError, "profile folder")
    overlay_path = args.overlay or profile_dir() / f"{name}-overlay.png"
    check_writable(overlay_path)
    reader = reader_for(args.look)
    with device_for(adb=args.adb, monitor=monitor, capture=args.capture, touch=args.touch) as device:
        image = device.grab(device.screen)
        capabilities = device.capabilities
        base = Profile(
            name=name,
            monitor=monitor,
            scale=device.scale,
            backend=capabilities.name,
            methods={"capture": capabilities.capture, "touch": capabilities.touch},
            serial=args.adb or None,
            look=args.look,
        )
        found = calibrate(image, screen=device.screen, profile=base, next_button=args.next, reader=reader)
    write_image(overlay_path, found.overlay)
    if found.profile is None:
        print(f"calibrate: no board found ({found.reason}); overlay in {overlay_path}", file=sys.stderr)
        return ExitStatus.NOT_DONE
    path = save_profile(found.profile)
    for line in found.lines():
        print(f"calibrate: {line}")
    print(f"calibrate: profile {name!r} saved to {path}; overlay in {overlay_path}")
    return ExitStatus.DONE


# -- demo --------------------------------------------------------------------------------


def run_demo(args: argparse.Namespace) -> int:
    if args.log is not None:  # before Xvfb and the game start: the game would fail on it
        check_writable_file(str(args.log), OutputPathError, "log file", regular=True)
    log_dir = writable_folder(default_log_dir(), OutputPathError, "log folder")
    report = _report_path(args.report, log_dir, "demo")
    if args.video is not None:
        check_video_path(args.video)
    _interrupt_on_sigterm()
    with ExitStack() as stack:
        device: Device
        if args.xvfb or no_display_reason():
            # a window that cannot fit is refused before a display is started for it
            game_window(Rect(0, 0, *DEMO_SCREEN), args.scale, args.seed, args.position)
            device = xvfb = stack.enter_context(XvfbDevice(*DEMO_SCREEN))
            shown = xvfb.display
            print(f"demo: no screen in use, started Xvfb on {shown.name} ({shown.width}x{shown.height})")
        else:
            device = stack.enter_context(DesktopDevice())
        run = play_demo(
            device,
            levels=args.levels,
            log=args.log,
            log_dir=log_dir,
            seed=args.seed,
            position=args.position,
            scale=args.scale,
            speed=args.speed,
            rules=rules_from(args),
            say=lambda line: print(line, flush=True),
            extras=Extras(
                report=report,
                video=args.video,
                video_grabber=_video_grabber(device, None),
                keys=True,
                settings=_settings(args),
            ),
        )
        closing = stack.pop_all()  # closed below, with the summary: Ctrl-C must not cut it short
    with signals_held() as late:  # a Ctrl-C from here on still gets the whole summary first
        closing.close()
        status = _demo_summary(args, run)
    summary = run.summary
    assert summary is not None
    if summary.interrupted or late:
        reason = summary.reason if summary.ended == "interrupted" else None
        print(f"onestroke: {reason or 'interrupted'}", file=sys.stderr)
        return ExitStatus.INTERRUPTED
    return status


def _demo_summary(args: argparse.Namespace, run: DemoRun) -> int:
    """Print the game's own log judged level by level, the summary line, the video and report;
    the exit status had the run not been interrupted."""
    verdicts = judge_log(run.records)
    if verdicts:  # the bot's lines above say what it did; this is what the game itself recorded
        print("demo: the game's own log, level by level:")
    for verdict in verdicts:
        print(f"  {verdict.line}")
    cleared = sum(verdict.cleared for verdict in verdicts)
    strays = sum(verdict.stray for verdict in verdicts)
    failures = len(verdicts) - cleared - strays
    rate = cleared / (run.seconds / 60) if run.seconds > 0 else 0.0
    print(
        f"demo: {cleared}/{args.levels} levels cleared, {counted(failures, 'failure')},"
        f" {counted(strays, 'stray press', 'stray presses')},"
        f" {run.seconds:.1f} s, {rate:.1f} levels per minute"
    )
    if run.stopped:
        print(f"demo: the bot stopped: {run.stopped}", file=sys.stderr)
    summary = run.summary
    assert summary is not None
    if summary.video is not None:
        print(f"demo: video {summary.video.path} ({summary.video.frames} frames)")
    print(f"demo: report {summary.report}", flush=True)
    done = cleared == args.levels and run.stopped is None and not strays
    return ExitStatus.DONE if done else ExitStatus.NOT_DONE
