"""Saved calibration profiles: where the game is on screen and how capture maps to the pointer.

A profile is a small JSON file in the user's config directory (platformdirs:
`~/.config/onestroke/profiles/NAME.json` on Linux, `~/Library/Application Support/...` on
macOS, `%LOCALAPPDATA%\\onestroke\\...` on Windows). `onestroke calibrate` writes it and
`onestroke play --profile NAME` reads it. Every coordinate in a profile is in capture pixels of
the whole virtual screen (mss's coordinates); `scale` turns them into pointer coordinates.
"""

from __future__ import annotations

import json
import math
import os
import re
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

from onestroke.coords import Point, Rect
from onestroke.plural import noun
from onestroke.solver.errors import OnestrokeError

FORMAT_VERSION = 1
MAX_PROFILE_BYTES = 64 << 10  # a profile is a few hundred bytes; anything far larger is not one
MAX_COORDINATE = 1_000_000  # pixels: far beyond any screen, and still exact as a float
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
BACKEND_PATTERN = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")
LEGACY_BACKENDS = {"screen": "desktop"}  # names in files written by earlier versions


class ProfileError(OnestrokeError):
    """A profile that is missing, unreadable or malformed; the message names the file."""


@dataclass(frozen=True)
class Profile:
    """What calibration measured.

    - `monitor`: the mss monitor index the game is on (1 = first monitor, 0 = all of them);
    - `region`: the `Rect` to capture (the game's window area), or None for the whole monitor;
      in the file `[left, top, width, height]`;
    - `scale`: image pixels of a whole-monitor capture per pointer unit (2.0 on a Retina display,
      1.0 on most others);
    - `board`: the board's `Rect` when calibrated (for the overlay and for noticing that the
      window moved); in the file `[left, top, right, bottom]`;
    - `next_button`: the level-complete "next" button's `Point`, or None to find it on screen;
      in the file `[x, y]`;
    - `backend`: the device backend's registry name (`desktop`: mss + pyautogui; `adb`: a
      phone), `serial` for adb; "screen" in files written before the device registry means
      `desktop`;
    - `methods`: how the backend captures and touches (`{"capture": "mss", "touch": "pyautogui"}`),
      as measured or chosen at calibration; empty: the backend's defaults;
    - `look`: the taught look boards were read with at calibration (`calibrate --look LOOK`,
      `onestroke teach`), used by `play --profile` unless `--look` says otherwise; None: the
      built-in reading.
    """

    name: str = "default"
    monitor: int = 1
    region: Rect | None = None
    scale: float = 1.0
    board: Rect | None = None
    next_button: Point | None = None
    backend: str = "desktop"
    methods: dict[str, str] = field(default_factory=dict)
    serial: str | None = None
    look: str | None = None
    created: str = ""
    version: int = field(default=FORMAT_VERSION)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not NAME_PATTERN.match(self.name):
            raise ProfileError(
                f"profile name {_short(self.name)} must be letters, digits, '.', '_' or '-' (at most 64)"
            )
        if not _is_number(self.scale) or not 0 < self.scale < math.inf:
            raise ProfileError(f"profile {self.name!r}: scale must be positive, not {_short(self.scale)}")
        if not _is_whole(self.monitor) or self.monitor < 0:
            raise ProfileError(
                f"profile {self.name!r}: monitor must be a whole number >= 0, not {_short(self.monitor)}"
            )
        if not _is_whole(self.version):
            raise ProfileError(
                f"profile {self.name!r}: version must be a whole number, not {_short(self.version)}"
            )
        if self.region is not None and not (self.region.width > 0 and self.region.height > 0):
            raise ProfileError(f"profile {self.name!r}: region {self.region} has no area")
        if not isinstance(self.created, str):
            raise ProfileError(f"profile {self.name!r}: created must be text, not {_short(self.created)}")
        if self.look is not None and not (isinstance(self.look, str) and NAME_PATTERN.match(self.look)):
            raise ProfileError(
                f"profile {self.name!r}: look must be a look's name (letters, digits, '.', '_' or '-'),"
                f" not {_short(self.look)}"
            )
        if self.serial is not None and not isinstance(self.serial, str):
            raise ProfileError(f"profile {self.name!r}: serial must be text, not {_short(self.serial)}")
        if not isinstance(self.backend, str) or not BACKEND_PATTERN.match(self.backend):
            raise ProfileError(
                f"profile {self.name!r}: backend must be a device name such as 'desktop' or 'adb',"
                f" not {_short(self.backend)}"
            )
        if not isinstance(self.methods, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in self.methods.items()
        ):
            raise ProfileError(
                f"profile {self.name!r}: methods must map names to text, not {_short(self.methods)}"
            )

    def to_json(self) -> str:
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        region, board = self.region, self.board
        data["region"] = None if region is None else [region.left, region.top, region.width, region.height]
        data["board"] = None if board is None else [board.left, board.top, board.right, board.bottom]
        data["next_button"] = None if self.next_button is None else list(self.next_button)
        return json.dumps(data, indent=2) + "\n"

    @classmethod
    def from_json(cls, text: str, *, source: str = "<profile>") -> Profile:
        """The profile in `text`; any other content is a ProfileError of one line naming `source`
        and, where one is at fault, the field."""
        try:
            data: Any = json.loads(text)
        except json.JSONDecodeError as error:
            raise ProfileError(f"{source}: not valid JSON: {error}") from None
        except RecursionError:
            raise ProfileError(f"{source}: not a profile: JSON nested too deeply") from None
        if not isinstance(data, dict):
            raise ProfileError(f"{source}: expected a JSON object, got {type(data).__name__}")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            fields = noun(len(unknown), "field")
            raise ProfileError(f"{source}: unknown {fields} {_short(', '.join(unknown))}")
        version = data.get("version", FORMAT_VERSION)
        if _is_whole(version) and version > FORMAT_VERSION:
            raise ProfileError(f"{source}: written by a newer onestroke (version {version})")
        for key, length in (("region", 4), ("board", 4), ("next_button", 2)):
            value = data.get(key)
            if value is not None:
                if not (
                    isinstance(value, list)
                    and len(value) == length
                    and all(_is_number(v) and abs(v) <= MAX_COORDINATE for v in value)
                ):
                    raise ProfileError(
                        f"{source}: {key} must be a list of {length} numbers within"
                        f" {MAX_COORDINATE:,} pixels, or null, not {_short(value)}"
                    )
                data[key] = [int(v) if key == "region" else float(v) for v in value]
        try:
            if data.get("backend") in LEGACY_BACKENDS:
                data["backend"] = LEGACY_BACKENDS[data["backend"]]
            if data.get("region") is not None:
                data["region"] = Rect(*data["region"])
            if data.get("board") is not None:
                data["board"] = Rect.from_corners(*data["board"])
            if data.get("next_button") is not None:
                data["next_button"] = Point(*data["next_button"])
            return cls(**data)
        except (TypeError, ValueError, ProfileError) as error:
            raise ProfileError(f"{source}: {error}") from None


def _is_number(value: object) -> bool:
    """A finite int or float (not a bool, not inf or nan)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _short(value: object, limit: int = 60) -> str:
    """`value` as JSON-like text for a one-line message, cut short."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= limit else text[:limit] + "..."


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def config_dir() -> Path:
    """The user's onestroke config folder: profiles and the settings file (ONESTROKE_CONFIG_DIR
    overrides the platform default)."""
    override = os.environ.get("ONESTROKE_CONFIG_DIR")
    return Path(override) if override else Path(user_config_dir("onestroke", appauthor=False))


def profile_dir() -> Path:
    """The folder that holds profiles."""
    return config_dir() / "profiles"


def profile_path(name: str) -> Path:
    Profile(name=name)  # validates the name before it becomes part of a path
    return profile_dir() / f"{name}.json"


def save_profile(profile: Profile) -> Path:
    """Write the profile atomically (a crash never leaves half a file); returns its path."""
    path = profile_path(profile.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    # one temporary name per process: two bots (a phone farm) saving at once never share one
    temporary = path.with_suffix(f".json.{os.getpid()}.tmp")
    temporary.write_text(profile.to_json(), encoding="utf-8")
    os.replace(temporary, path)
    return path


def load_profile(name: str) -> Profile:
    path = profile_path(name)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_PROFILE_BYTES + 1)
    except FileNotFoundError:
        raise ProfileError(
            f"no profile {name!r} at {path}: run `onestroke calibrate --profile {name}` first"
        ) from None
    except OSError as error:
        raise ProfileError(f"cannot read profile {path}: {error.strerror}") from None
    if len(data) > MAX_PROFILE_BYTES:
        raise ProfileError(f"{path}: not a profile: larger than {MAX_PROFILE_BYTES >> 10} KB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        reason = f"{error.reason} at byte {error.start}"
        raise ProfileError(f"{path}: not a profile: not UTF-8 text ({reason})") from None
    profile = Profile.from_json(text, source=str(path))
    if profile.name != name:
        raise ProfileError(f"{path}: holds profile {profile.name!r}, not {name!r}")
    return profile
