"""Saved looks: what `onestroke teach` learned about an app's board, one JSON file per look.

A look lives in the user data folder (platformdirs: `~/.local/share/onestroke/looks/NAME.json`
on Linux; ONESTROKE_DATA_DIR overrides the folder). The file is plain JSON: what was learned
first (the screens it was taught from, the pitch seen, the plain cell's centre colour, the roles
with their counts and limits), the pictures of each role (mean and spread, CIE Lab) last.
`bot/vision/taught.py` is the look itself; here is only the file.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

from platformdirs import user_data_dir

from onestroke.bot.vision.taught import TaughtLook
from onestroke.solver.errors import OnestrokeError

NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
MAX_LOOK_BYTES = 8 << 20  # a look is ~150 KB (its pictures); anything far larger is not one


class LookFileError(OnestrokeError):
    """A look that is missing, unreadable or malformed, or a bad look name."""


def data_dir() -> Path:
    """The user's onestroke data folder (ONESTROKE_DATA_DIR overrides the platform default)."""
    override = os.environ.get("ONESTROKE_DATA_DIR")
    return Path(override) if override else Path(user_data_dir("onestroke", appauthor=False))


def look_dir() -> Path:
    return data_dir() / "looks"


def checked_name(name: str) -> str:
    """`name` if it can name a look (it becomes part of a path); LookFileError otherwise."""
    if not NAME_PATTERN.match(name):
        raise LookFileError(f"look name {name!r} must be letters, digits, '.', '_' or '-' (at most 64)")
    return name


def look_path(name: str) -> Path:
    return look_dir() / f"{checked_name(name)}.json"


def save_look(look: TaughtLook) -> Path:
    """Write the look atomically (a crash never leaves half a file); returns its path."""
    path = look_path(look.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(f".json.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(look.to_dict(), ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(temporary, path)
    return path


def known_looks() -> list[str]:
    folder = look_dir()
    return sorted(p.stem for p in folder.glob("*.json")) if folder.is_dir() else []


def load_look(name: str) -> TaughtLook:
    """The saved look `name`; LookFileError naming the file when it is missing or malformed."""
    path = look_path(name)
    if not path.is_file():
        known = known_looks()
        said = f"looks taught here: {', '.join(known)}" if known else "no look taught yet"
        raise LookFileError(
            f"{path}: no look {name!r} ({said}; `onestroke teach DIR --name {name}` makes one)"
        )
    try:
        if path.stat().st_size > MAX_LOOK_BYTES:
            raise LookFileError(f"{path}: larger than {MAX_LOOK_BYTES} bytes; not a look file")
        data = json.loads(path.read_text(encoding="utf-8"))
        return TaughtLook.from_dict(data)
    except LookFileError:
        raise
    except OSError as error:
        raise LookFileError(f"{path}: cannot read the look: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise LookFileError(f"{path}: not a look file (JSON): {error}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise LookFileError(f"{path}: not a look file onestroke can read: {error!r}") from None
