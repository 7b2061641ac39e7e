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
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import cv2
import numpy as np

from onestroke.practice.render import theme_named
from onestroke.practice.rules import STALL_SECONDS, FrameClock, PracticeGame, Rules
from onestroke.practice.view import GameView
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
RECONNECT_SECONDS = 1.0  # how long `adb reconnect` leaves the device offline
FOCUSED_GAME = "Window{1a2b3c u0 com.onestroke.practice/com.onestroke.practice.GameActivity}"
FOCUSED_LAUNCHER = "Window{4d5e6f u0 com.android.launcher3/com.android.launcher3.Launcher}"
SCREENS = ("on", "off", "locked")
ORIENTATIONS = ("portrait", "landscape")


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
    drop_after_touches: int | None = None  # the link drops for a moment (`adb reconnect`) after this many
    stall_after_touches: int | None = None  # the game's frames stop for STALL_SECONDS[1] after this one
    long_press: float = 0.5  # a finger held still this long after going down is a long press
    theme: str = "classic"
    linker_warning: bool = False  # screencap prints a linker warning before its header (old phones)
    first_level: int = 1  # the level the game starts on

    def __post_init__(self) -> None:
        if self.state not in STATES:
            raise PhoneError(f"state must be one of {', '.join(STATES)}, not {self.state!r}")
        if self.screen not in SCREENS:
            raise PhoneError(f"screen must be one of {', '.join(SCREENS)}, not {self.screen!r}")
        if self.orientation not in ORIENTATIONS:
            raise PhoneError(f"orientation must be portrait or landscape, not {self.orientation!r}")
        theme_named(self.theme)


class Phone:
    """One stand-in phone: serial, profile, options; its game, screen, touch screen and files."""

    def __init__(self, serial: str, profile: PhoneProfile, options: PhoneOptions | None = None) -> None:
        self.serial, self.profile = serial, profile
        self.options = options or PhoneOptions()
        self.state = self.options.state
        self.foreground = True  # the game's app is in front (HOME sends it back, `am start` brings it)
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
        # drawn as the Tk window and the web page draw it: the strict game with the real game's
        # complete and ranking screens (the forgiving one with the screens of before)
        rules = self.options.rules
        self.view = GameView(profile.width, profile.height, self.options.theme, real_screens=rules.strict)
        self.game = PracticeGame(
            self.view,
            seed=self.options.seed,
            rules=rules,
            levels=self.options.levels,
            first_level=self.options.first_level,
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
        if not self.foreground:
            image = launcher(self.profile.width, self.profile.height)
        if self.options.orientation == "landscape":
            image = cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)
        return image

    def _game_screen(self) -> np.ndarray:
        game = self.game
        key = (game.screen, game.level.number, tuple(game.play.route))
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, self.view.draw(game))
        return self._shown[1]

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
            if not self.foreground or self.options.screen != "on":  # the game is not what shows
                if action == "DOWN":
                    where = "launcher" if self.options.screen == "on" else "screen-off"
                    self._note({"stray": where, "level": self.game.level.number, "x": gx, "y": gy})
                self._finger = None
                return
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
            if self.touches == self.options.stall_after_touches:  # the longest stall, at a known moment
                self._next_frame = max(self._next_frame, t + STALL_SECONDS[1])
            unplug = self.options.unplug_after_touches
            drop = self.options.drop_after_touches == self.touches  # the finger stays down meanwhile
        if unplug is not None and self.touches >= unplug:
            self.unplug()
        elif drop:
            self.reconnect()

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

    # -- what a person does to the phone (the stand-in's commands: practice/phone/system.py) ---

    def press_key(self, key: str) -> bool:
        """A key event: POWER toggles the screen, WAKEUP / SLEEP set it, HOME sends the game's app
        to the back (the launcher shows); False for a key that does nothing here."""
        with self._lock:
            if key == "POWER":
                self.options.screen = "off" if self.options.screen == "on" else "on"
            elif key in ("WAKEUP", "SLEEP"):
                self.options.screen = "on" if key == "WAKEUP" else "off"
            elif key == "HOME":
                self.foreground = False
                self._finger = None
            else:
                return False
            return True

    def bring_to_front(self) -> None:
        """`am start` / `monkey -p`: the game's app is in front again, where it was."""
        with self._lock:
            self.foreground = True

    def rotate(self, rotation: int) -> None:
        """`settings put system user_rotation N`: 0 and 2 upright, 1 and 3 landscape."""
        with self._lock:
            self.options.orientation = "landscape" if rotation % 2 else "portrait"
            self._finger = None

    def reconnect(self, seconds: float = RECONNECT_SECONDS) -> None:
        """`adb reconnect`: the link drops (open streams break, the device shows offline) and comes
        back `seconds` later."""
        with self._lock:
            self.state = "offline"
            connections = list(self._connections)
        for conn in connections:
            with suppress(OSError):
                conn.shutdown(socket.SHUT_RDWR)

        def back() -> None:
            time.sleep(seconds)
            with self._lock:
                if self.state == "offline":
                    self.state = "device"

        threading.Thread(target=back, daemon=True).start()

    @property
    def focused(self) -> str:
        """The window in front, as `dumpsys window` names it."""
        return FOCUSED_GAME if self.foreground else FOCUSED_LAUNCHER

    def features(self) -> list[str]:
        return ["shell_v2", "cmd", "stat_v2", "ls_v2", "fixed_push_mkdir", "apex", "abb", "abb_exec"]

    def close(self) -> None:
        with self._lock:
            self._catch_up(self.now())
            if self._log is not None:
                self._log.close()
                self._log = None


def launcher(width: int, height: int) -> np.ndarray:
    """The home screen: a plain wallpaper and a grid of app icons (nothing like a board)."""
    image = np.empty((height, width, 3), np.uint8)
    image[:] = np.linspace((90, 50, 30), (160, 90, 60), height, dtype=np.uint8)[:, None, :]
    side = width // 6
    for row in range(5):
        for column in range(4):
            x, y = side // 2 + column * (side + side // 3), height // 6 + row * (side + side // 2)
            colour = ((row * 53 + column * 97) % 200 + 40, (row * 31 + 120) % 256, (column * 71 + 60) % 256)
            cv2.rectangle(image, (x, y), (x + side, y + side), colour, -1)
    return image


def _open_log(path: Path | None) -> IO[str] | None:
    if path is None:
        return None
    try:
        return open(path, "a", encoding="utf-8")  # noqa: SIM115 - open for the phone's life
    except OSError as error:
        raise PhoneError(f"cannot write the game log {path}: {error.strerror}") from None
