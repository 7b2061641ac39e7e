"""Argument types the subcommand groups share.

Every type turns bad input into one line that names the value: argparse prints an
`ArgumentTypeError` as a usage error (exit 2). File checks live in onestroke/files.py.
"""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Any

from onestroke.bot.gesture import parse_speed
from onestroke.calibration.profile import NAME_PATTERN
from onestroke.coords import Point, Rect, RectError

if TYPE_CHECKING:  # the practice game loads OpenCV: imported where used, so `solve` starts fast
    from onestroke.practice.rules import Rules

WINDOW_SCALES = (0.2, 4.0)  # a 90x160 to a 1800x3200 window: beyond, Tk or the renderer gives up


def positive_seconds(text: str) -> float:
    """A time limit in seconds: a finite or infinite number above 0 (not NaN)."""
    return positive_float(text, unit=" seconds")


def positive_float(text: str, unit: str = "") -> float:
    """A number above 0; `unit` (e.g. " seconds") only words the error."""
    try:
        value = float(text)
    except ValueError:
        what = f"a number ({unit.strip(' ()')})" if unit else "a number"
        raise argparse.ArgumentTypeError(f"expected {what}, got {text!r}") from None
    if math.isnan(value) or not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0{unit}, got {text!r}")
    return value


def whole_number(text: str, *, at_least: int, what: str | None = None) -> int:
    """An integer of at least `at_least`; `what` (e.g. "a monitor number") words the error."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected {what or 'a whole number'}, got {text!r}") from None
    if value < at_least:
        named = f" ({what})" if what else ""
        raise argparse.ArgumentTypeError(f"must be at least {at_least}, got {text!r}{named}")
    return value


def seed_value(text: str) -> int:
    """A seed: any whole number (the same seed, the same levels or the same look)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a seed (a whole number, e.g. 1), got {text!r}") from None


MOVES = (4, 8)  # the neighbourhoods a board's moves may take: the 4 sides, or the diagonals too


def moves_value(text: str) -> int:
    """A neighbourhood's size as a number; argparse's `choices=MOVES` refuses the other numbers."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected 4 (the four sides) or 8 (the diagonals too), got {text!r}"
        ) from None


def positive_int(text: str) -> int:
    return whole_number(text, at_least=1)


def monitor_number(text: str) -> int:
    """An mss monitor: 1 the first, 2 the second, ..., 0 all monitors together."""
    return whole_number(text, at_least=0, what="a monitor number: 1 = the first, 0 = all together")


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


def region_value(text: str) -> Rect:
    """`X,Y,W,H` (capture pixels)."""
    try:
        return Rect.parse(text)
    except RectError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def in_range(text: str, bounds: tuple[float, float], unit: str = "") -> float:
    """A number from `bounds[0]` to `bounds[1]`; `unit` (e.g. " frames per second") words the error."""
    value = positive_float(text, unit)
    low, high = bounds
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"must be {low:g} to {high:g}{unit}, got {text!r}")
    return value


def window_scale(text: str) -> float:
    """The practice window's size factor (1 = 450x800)."""
    return in_range(text, WINDOW_SCALES, " (window size factor)")


SPEEDS = (0.5, 1000.0)  # cells per second: slower is a stuck drag, faster is 'max'


def speed_value(text: str) -> float:
    """Cells per second, or `max` (no pauses between points); refused outside a sane range.

    `--speed 1e-300` once pressed the button and then overflowed computing the first pause.
    """
    if text == "max":
        return parse_speed(text)
    return in_range(text, SPEEDS, " cells per second or 'max'")


def fps_value(text: str) -> float:
    """The strict game's frame rate."""
    from onestroke.practice.rules import FPS_RANGE

    return in_range(text, FPS_RANGE, " frames per second")


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


def rules_from(args: argparse.Namespace) -> Rules:
    """The practice rules `add_rules_arguments` asked for."""
    from onestroke.practice.rules import Rules

    return Rules(strict=args.rules == "strict", on_release=args.on_release, fps=args.fps, stalls=args.stalls)


def profile_name(text: str) -> str:
    """A profile name that can be a file name (checked before any screen is touched)."""
    if not NAME_PATTERN.match(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} must be letters, digits, '.', '_' or '-' (at most 64, starting with a letter or digit)"
        )
    return text
