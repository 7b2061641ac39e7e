"""A stand-in phone: its profile (model, Android version, screen, how slow things are), its
screen (the practice game drawn at the phone's size), its touch screen and its files.

The game is the strict practice game (`practice/rules.py`), headless: touches reach it with the
time they happen on the phone, and it looks at the finger once per frame at the phone's frame
rate, so a stroke that is not continuous fails as it would on a real phone. Frames are run
lazily: before every touch and every screenshot the game catches up with the clock, which is
the same as a game ticking on its own (the rules only look at touches that came by each frame).

Latency is simulated where a real phone spends it: starting a shell, starting an `input`
process (a Java start through app_process up to Android 11, a call into the running system
server from Android 12 on), taking a screenshot (raw pixels, or PNG encoding on the phone), and
the link (USB) for the bytes that come back.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

import cv2
import numpy as np

from onestroke.bot.coords import Geometry, Rect
from onestroke.practice.render import (
    board_geometry,
    draw_bottom_buttons,
    draw_top_bar,
    render_screen,
    theme_named,
)
from onestroke.practice.rules import FrameClock, PracticeGame, Rules
from onestroke.practice.screens import render_complete_screen, render_ranking_screen
from onestroke.practice.sprites import text
from onestroke.solver.board import Board
from onestroke.solver.errors import OnestrokeError


class PhoneError(OnestrokeError):
    """The stand-in phone cannot start (bad option, unwritable log)."""


@dataclass(frozen=True)
class PhoneProfile:
    """What kind of phone this is and how long its work takes (seconds).

    - `input_start`: one `input` command, from its start to the injected event;
    - `raw_capture` / `png_capture`: `screencap` until its first byte (PNG includes encoding);
    - `link_bytes_per_s`: the USB link for data coming back (0: unlimited);
    - `app_process_start`: a Java program started through app_process (MaaTouch);
    - `shell_start`: a shell request (fork and exec of the command);
    - `header_bytes`: 16 (width, height, format, colour space) or 12 (before the colour space).
    """

    name: str
    model: str
    product: str
    release: str
    sdk: int
    width: int = 1080
    height: int = 1920
    density: int = 420
    refresh_hz: float = 60.0
    input_start: float = 0.03
    raw_capture: float = 0.06
    png_capture: float = 0.25
    gzip_bytes_per_s: float = 120e6
    link_bytes_per_s: float = 40e6
    app_process_start: float = 0.15
    shell_start: float = 0.005
    header_bytes: int = 16
    motionevent: bool = True


PROFILES: dict[str, PhoneProfile] = {
    "android11": PhoneProfile(
        "android11",
        model="Pixel 3a",
        product="sargo",
        release="11",
        sdk=30,
        input_start=0.30,
        raw_capture=0.10,
        png_capture=0.50,
        gzip_bytes_per_s=80e6,
        app_process_start=0.40,
        shell_start=0.01,
    ),
    "android14": PhoneProfile(
        "android14",
        model="Pixel 7",
        product="panther",
        release="14",
        sdk=34,
        input_start=0.03,
        raw_capture=0.06,
        png_capture=0.25,
        app_process_start=0.15,
    ),
}
PROFILE_TITLES = {"android11": "Android 11 phone", "android14": "Android 14 phone"}
INSTANT = dict(input_start=0.0, raw_capture=0.0, png_capture=0.0, link_bytes_per_s=0.0, app_process_start=0.0)
INSTANT.update(shell_start=0.0, gzip_bytes_per_s=1e12)
"""Profile changes for tests of the protocol alone: no simulated time anywhere."""

STATES = ("device", "unauthorized", "offline")
SCREENS = ("on", "off", "locked")
ORIENTATIONS = ("portrait", "landscape")
SCREEN_STYLES = ("real", "panel")


def profile_named(name: str) -> PhoneProfile:
    try:
        return PROFILES[name]
    except KeyError:
        raise PhoneError(f"unknown phone profile {name!r}; known: {', '.join(PROFILES)}") from None


@dataclass
class PhoneOptions:
    """How a stand-in phone behaves beyond its profile (the bad states the bot must survive)."""

    seed: int = 1
    levels: int | None = None
    log: Path | None = None
    rules: Rules = field(default_factory=lambda: Rules(fps=60.0))
    state: str = "device"
    screen: str = "on"
    orientation: str = "portrait"
    unplug_after_touches: int | None = None  # the cable comes out after this many touch events
    long_press: float = 0.5  # a finger held still this long after going down is a long press
    theme: str = "classic"
    linker_warning: bool = False  # screencap prints a linker warning before its header (old phones)
    first_level: int = 1  # the level the game starts on
    screens: str = "real"  # "real": the real game's complete and ranking screens; "panel": the old
    # practice panel with a wide "Next" capsule and no ranking screen (what the loop knew before)

    def __post_init__(self) -> None:
        if self.state not in STATES:
            raise PhoneError(f"state must be one of {', '.join(STATES)}, not {self.state!r}")
        if self.screen not in SCREENS:
            raise PhoneError(f"screen must be one of {', '.join(SCREENS)}, not {self.screen!r}")
        if self.orientation not in ORIENTATIONS:
            raise PhoneError(f"orientation must be portrait or landscape, not {self.orientation!r}")
        theme_named(self.theme)
        if self.screens not in SCREEN_STYLES:
            raise PhoneError(f"screens must be one of {', '.join(SCREEN_STYLES)}, not {self.screens!r}")


class PhoneLayout:
    """Where the game draws things at the phone's size (the `Layout` the rules ask for): the grid
    of a board, and the controls of each screen, as the practice screens draw them."""

    def __init__(self, width: int, height: int, theme: str, screens: str = "real") -> None:
        self.width, self.height, self.theme, self.screens = width, height, theme, screens
        self._controls: dict[str, dict[str, Rect]] = {}
        self._board = Board.from_text("S .")

    def geometry(self, board: Board) -> Geometry:
        self._board = board  # the game asks when a level starts: the old panel's size follows the board
        return board_geometry(board, self.width, self.height)

    def controls(self, screen: str) -> dict[str, Rect]:
        key = f"{screen}:{self._board.to_text()}" if self.screens == "panel" else screen
        if key not in self._controls:
            self._controls[key] = self._boxes(screen)
        return self._controls[key]

    def _boxes(self, screen: str) -> dict[str, Rect]:
        w, h, th = self.width, self.height, theme_named(self.theme)
        if screen == "complete" and self.screens == "panel":
            shown = render_screen(self._board, width=w, height=h, theme=th, complete=True)
            assert shown.next_button is not None
            return {"go_on": shown.next_button}
        if screen == "complete":
            return render_complete_screen(w, h, theme=th).layout
        if screen == "ranking":
            return render_ranking_screen(w, h, theme=th).layout
        if screen == "level":
            scratch = np.empty((h, w, 3), np.uint8)
            return {
                "back": draw_top_bar(scratch, w / 1080, 1, th),
                **draw_bottom_buttons(scratch, w / 1080, th),
            }
        return {}


class Phone:
    """One stand-in phone: serial, profile, options; its game, screen, touch screen and files."""

    def __init__(self, serial: str, profile: PhoneProfile, options: PhoneOptions | None = None) -> None:
        self.serial, self.profile = serial, profile
        self.options = options or PhoneOptions()
        self.state = self.options.state
        self.files: dict[str, bytes] = {}
        self.on_detach: Callable[[str], None] = lambda _serial: None
        self.records: list[dict[str, Any]] = []
        self.touches = 0  # touch events received, of any kind
        self._lock = threading.RLock()
        self._log = _open_log(self.options.log)
        self._connections: set[Any] = set()
        self._finger: tuple[float, float] | None = None
        self._finger_since = 0.0
        self._moved_since_down = False
        layout = PhoneLayout(profile.width, profile.height, self.options.theme, self.options.screens)
        self.game = PracticeGame(
            layout,
            seed=self.options.seed,
            rules=self.options.rules,
            levels=self.options.levels,
            first_level=self.options.first_level,
            ranking_seconds=0.0 if self.options.screens == "panel" else None,
        )
        self._clock = FrameClock(self.options.rules, seed=self.options.seed)
        self._epoch = time.monotonic()
        self._next_frame = 0.0
        self._shown: tuple[Any, np.ndarray] | None = None

    # -- time ------------------------------------------------------------------------------

    def now(self) -> float:
        """Seconds since the phone started (the game's clock)."""
        return time.monotonic() - self._epoch

    def wait(self, seconds: float) -> None:
        """Spend simulated work time."""
        if seconds > 0:
            time.sleep(seconds)

    def _catch_up(self, t: float) -> None:
        """Run every frame due by `t`; a long idle stretch is skipped (no touch can be pending)."""
        if t - self._next_frame > 2.0 and self._finger is None:
            period = 1.0 / self.options.rules.fps
            self._next_frame = t - period
        while self._next_frame <= t:
            self.game.frame(self._next_frame)
            self._next_frame = self._clock.following(self._next_frame)
        self._write_records()

    def _write_records(self) -> None:
        for record in self.game.take_records():
            self._note(record)

    def _note(self, record: dict[str, Any]) -> None:
        self.records.append(record)
        if self._log is not None:
            self._log.write(json.dumps(record) + "\n")
            self._log.flush()

    # -- the screen ------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        """The framebuffer's width and height as screencap gives them (turned in landscape)."""
        w, h = self.profile.width, self.profile.height
        return (h, w) if self.options.orientation == "landscape" else (w, h)

    def screenshot(self) -> np.ndarray:
        """What the screen shows now, BGR at the framebuffer's size."""
        with self._lock:
            self._catch_up(self.now())
            image = self._game_screen()
        if self.options.screen != "on":
            return np.zeros((self.size[1], self.size[0], 3), np.uint8)
        if self.options.orientation == "landscape":
            image = cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)
        return image

    def _game_screen(self) -> np.ndarray:
        game, (w, h) = self.game, (self.profile.width, self.profile.height)
        key = (game.screen, game.level.number, tuple(game.play.route))
        if self._shown is not None and self._shown[0] == key:
            return self._shown[1]
        level, theme = game.level, self.options.theme
        if game.screen == "level":
            image = render_screen(
                level.board,
                width=w,
                height=h,
                level=level.number,
                theme=theme,
                cat=level.cat,
                route=game.play.route,
            ).image
        elif game.screen == "complete" and self.options.screens == "panel":
            route = level.board.cells
            image = render_screen(
                level.board,
                width=w,
                height=h,
                level=level.number,
                theme=theme,
                cat=level.cat,
                route=route,
                complete=True,
            ).image
        elif game.screen == "complete":
            image = render_complete_screen(
                w, h, level=level.number, theme=theme, board=level.board, route=game.play.route, cat=level.cat
            ).image
        elif game.screen == "ranking":
            image = render_ranking_screen(w, h, level=level.number, theme=theme, cat=level.cat).image
        else:
            image = _plain_screen(w, h, theme, "Well done!")
        self._shown = (key, image)
        return image

    # -- the touch screen ------------------------------------------------------------------

    def touch(self, action: str, x: float, y: float) -> None:
        """One touch event now: DOWN, MOVE or UP at screen pixel (x, y) of the framebuffer."""
        with self._lock:
            if self.state == "gone":  # the cable is out: the command dies with its stream
                raise ConnectionResetError(f"{self.serial} was unplugged")
            t = self.now()
            self._catch_up(t)
            gx, gy = self._to_game(x, y)
            self.touches += 1
            if action == "DOWN":
                self._finger, self._finger_since, self._moved_since_down = (gx, gy), t, False
                self.game.press(t, gx, gy)
            elif action == "MOVE" and self._finger is not None:
                if not self._long_press(t, gx, gy):
                    self._finger = (gx, gy)
                    self.game.move(t, gx, gy)
            elif action in ("UP", "CANCEL"):
                self._finger = None
                self.game.release(t, gx, gy)
            self._catch_up(t)
            unplug = self.options.unplug_after_touches
        if unplug is not None and self.touches >= unplug:
            self.unplug()

    def _long_press(self, t: float, x: float, y: float) -> bool:
        """True when this first move comes after the finger rested `long_press` s where it went
        down: a long press. The game (like Android's gesture detector) then takes the touch from
        the drag, as a cancel would, and the finger's later moves do nothing."""
        assert self._finger is not None
        if self._moved_since_down or (x, y) == self._finger:
            return False
        self._moved_since_down = True
        held = t - self._finger_since
        if held < self.options.long_press:
            return False
        self.game.release(t, *self._finger)
        self._finger = None
        self._note({"phone": "long-press", "level": self.game.level.number, "held": round(held, 3)})
        return True

    def _to_game(self, x: float, y: float) -> tuple[float, float]:
        """Framebuffer pixels to the game's (portrait) pixels."""
        if self.options.orientation == "landscape":  # the picture was turned counter-clockwise
            return (self.profile.width - 1 - y, x)
        return (x, y)

    @property
    def finger_down(self) -> bool:
        with self._lock:
            return self._finger is not None

    # -- the cable -------------------------------------------------------------------------

    def connected(self, conn: Any) -> None:
        with self._lock:
            self._connections.add(conn)

    def disconnected(self, conn: Any) -> None:
        with self._lock:
            self._connections.discard(conn)

    def unplug(self) -> None:
        """The cable comes out: the phone leaves the server, its open streams break at once."""
        with self._lock:
            self.state = "gone"
            connections = list(self._connections)
        self.on_detach(self.serial)
        for conn in connections:
            with suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)

    def features(self) -> list[str]:
        return ["shell_v2", "cmd", "stat_v2", "ls_v2", "fixed_push_mkdir", "apex", "abb", "abb_exec"]

    def close(self) -> None:
        with self._lock:
            self._catch_up(self.now())
            if self._log is not None:
                self._log.close()
                self._log = None


def _open_log(path: Path | None) -> IO[str] | None:
    if path is None:
        return None
    try:
        return open(path, "a", encoding="utf-8")  # noqa: SIM115 - open for the phone's life
    except OSError as error:
        raise PhoneError(f"cannot write the game log {path}: {error.strerror}") from None


def _plain_screen(width: int, height: int, theme: str, title: str) -> np.ndarray:
    th = theme_named(theme)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = th.background
    text(image, title, width / 2, height / 2, 60 * width / 1080, th.ink, bold=True)
    return image


def with_rules(options: PhoneOptions, **changes: Any) -> PhoneOptions:
    """The same options with other game rules (fps, on_release, stalls)."""
    return replace(options, rules=replace(options.rules, **changes))
